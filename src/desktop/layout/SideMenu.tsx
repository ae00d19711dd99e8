import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { currentLanguage } from '../../client/i18n.ts';
import { MenuIcon } from '../components/MenuIcon.tsx';
import { TOUCH_POINTER, useMediaQuery } from '../components/use-media-query.ts';
import { preloadScreen } from '../pages/screen-loading.ts';
import { useSideMenus } from '../queries.ts';
import { findByRoute, flattenMenus, menuLabel, type MenuTreeNode } from '../router/menu-routes.ts';
import { useOpenMenu } from './use-open-menu.ts';

type Items = NonNullable<MenuProps['items']>;

function toItems(nodes: MenuTreeNode[], top: boolean): Items {
  const lang = currentLanguage();
  return nodes.map((node) => ({
    key: node.id,
    label: menuLabel(node, lang),
    icon: top ? <MenuIcon source={node.source} /> : undefined,
    children: node.children && node.children.length > 0 ? toItems(node.children, false) : undefined,
    // The screen starts loading while the pointer is on its way to the click.
    onMouseEnter: node.children?.length ? undefined : () => preloadScreen({ menuPath: node.path, code: node.code }),
  }));
}

export function SideMenu({ topMenuId, collapsed, dark }: { topMenuId: string; collapsed: boolean; dark: boolean }) {
  const { i18n } = useTranslation();
  const location = useLocation();
  const openMenu = useOpenMenu();
  const menus = useSideMenus(topMenuId);
  const entries = useMemo(() => flattenMenus(menus ?? []), [menus]);
  // Labels follow the language (toItems reads it).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- i18n.language is read inside toItems
  const items = useMemo(() => toItems(menus ?? [], true), [menus, i18n.language]);
  const selected = findByRoute(entries, location.pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(selected?.parentIds ?? []);
  // Collapsed, a branch opens as a pop-up over the page. A finger opens it by a tap, not by the hover a tablet
  // emulates around a tap, and a tapped leaf closes it: left open, it would take the page's next tap (issue 31).
  const touch = useMediaQuery(TOUCH_POINTER);
  const [popupKeys, setPopupKeys] = useState<string[]>([]);

  // One open branch at a time (Saber's unique-opened): the selected screen's, or the one the user opened last.
  useEffect(() => {
    if (selected && !collapsed) setOpenKeys(selected.parentIds);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `selected` is new each render; its id says it changed
  }, [selected?.id, collapsed]);
  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(opened ? [...(entries.find((e) => e.id === opened)?.parentIds ?? []), opened] : keys);
  };

  return (
    <Menu
      className="tenon-side-menu"
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      items={items}
      selectedKeys={selected ? [selected.id] : []}
      {...(collapsed
        ? { openKeys: popupKeys, onOpenChange: setPopupKeys, triggerSubMenuAction: touch ? 'click' : 'hover' }
        : { openKeys, onOpenChange })}
      onClick={({ key }) => {
        setPopupKeys([]);
        const entry = entries.find((e) => e.id === key);
        if (entry) openMenu(entry);
      }}
    />
  );
}
