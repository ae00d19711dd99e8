import { useMemo, useState } from 'react';
import { Button, Dropdown, Input, Tabs, type MenuProps } from 'antd';
import { DownOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { currentLanguage } from '../../client/i18n.ts';
import { useClearCacheConfirm } from '../components/use-clear-cache-confirm.ts';
import { preloadRoute } from '../pages/screen-loading.ts';
import type { Tab } from '../router/types.ts';
import { FIRST_TAB, tabAfterClose, tabLabel } from '../tabs/tab-list.ts';
import { tabStore, useTabs } from '../tabs/tab-store.ts';

/**
 * Tabs of visited routes: close, right-click menu (refresh, then spec §2's clear cache, close others, close all), a
 * searchable list.
 */
export function TabBar({ background }: { background: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { tabs } = useTabs();
  const [search, setSearch] = useState('');
  const active = `${location.pathname}${location.search}`;
  const label = (tab: Tab) => tabLabel(tab, currentLanguage(), t);
  const clearCache = useClearCacheConfirm();

  const close = (value: string) => {
    if (value === active) void navigate(tabAfterClose(tabs, value));
    tabStore.close(value);
  };
  const closeOthers = (value: string) => {
    tabStore.closeOthers(value);
    if (value !== active) void navigate(value);
  };
  const closeAll = () => {
    tabStore.closeAll();
    void navigate(FIRST_TAB.value);
  };
  const refresh = (value: string) => {
    tabStore.refresh(value);
    if (value !== active) void navigate(value);
  };

  const contextMenu = (tab: Tab): MenuProps => ({
    items: [
      { key: 'refresh', label: t('shell.tabs.refresh') },
      { key: 'cache', label: t('shell.user.clearCache') },
      { key: 'others', label: t('shell.tabs.closeOthers') },
      { key: 'all', label: t('shell.tabs.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') refresh(tab.value);
      else if (key === 'cache') clearCache();
      else if (key === 'others') closeOthers(tab.value);
      else closeAll();
    },
  });

  const matching = useMemo(() => {
    const text = search.trim().toLocaleLowerCase();
    return tabs.filter((tab) => !text || label(tab).toLocaleLowerCase().includes(text));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the list depends on the language through `label`
  }, [tabs, search, i18n.language]);

  const listMenu: MenuProps = {
    selectable: true,
    selectedKeys: [active],
    items: [
      ...matching.map((tab) => ({ key: tab.value, label: label(tab) })),
      { type: 'divider' as const },
      { key: '#others', label: t('shell.tabs.closeOthers') },
      { key: '#all', label: t('shell.tabs.closeAll') },
    ],
    onClick: ({ key }) => {
      if (key === '#others') closeOthers(active);
      else if (key === '#all') closeAll();
      else void navigate(key);
    },
  };

  return (
    <div className="tenon-tabbar" style={{ background }}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={(key) => {
          preloadRoute(key.split('?')[0]);
          void navigate(key);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.value,
          closable: tab.closable !== false,
          label: (
            <Dropdown trigger={['contextMenu']} menu={contextMenu(tab)}>
              {/* Like a menu item, a tab starts loading its screen while the pointer is on it. */}
              <span
                className="tenon-tab-label"
                onMouseEnter={() => preloadRoute(tab.value.split('?')[0], { rows: false })}
              >
                {label(tab)}
              </span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown
              trigger={['click']}
              menu={listMenu}
              onOpenChange={(open) => {
                if (!open) setSearch('');
              }}
              popupRender={(menu) => (
                <div className="tenon-tab-list">
                  <Input
                    size="small"
                    allowClear
                    prefix={<SearchOutlined />}
                    placeholder={t('shell.tabs.search')}
                    value={search}
                    onChange={(event) => setSearch(event.target.value)}
                    onKeyDown={(event) => event.stopPropagation()}
                  />
                  {menu}
                </div>
              )}
            >
              <Button
                type="text"
                size="small"
                icon={<DownOutlined />}
                aria-label={t('shell.tabs.list')}
                title={t('shell.tabs.list')}
              />
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
