import { useMemo } from 'react';
import { Card, Empty } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchShortcuts, reportScreenVisits } from '../../../client/api/home.ts';
import { currentLanguage } from '../../../client/i18n.ts';
import { MenuIcon } from '../../components/MenuIcon.tsx';
import { useOpenMenu } from '../../layout/use-open-menu.ts';
import { DESKTOP_KEY, useMenuEntries } from '../../queries.ts';
import { menuLabel } from '../../router/menu-routes.ts';

const SHOWN = 8;

/**
 * 常用功能: the screens the caller opened most, as the server counted them (so they follow him between devices). The
 * openings not reported yet go first, so a screen just opened counts; a path he no longer holds is left out.
 */
export function HomeShortcuts() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const openMenu = useOpenMenu();
  const { entries } = useMenuEntries();
  const shortcuts = useQuery({
    queryKey: [DESKTOP_KEY, 'home', 'shortcuts'],
    queryFn: async () => {
      await reportScreenVisits();
      return fetchShortcuts(SHOWN);
    },
    retry: false,
  });
  const links = useMemo(
    () =>
      (shortcuts.data ?? []).flatMap((shortcut) => {
        const entry = entries?.find((e) => e.leaf && e.menuPath === shortcut.path);
        return entry ? [entry] : [];
      }),
    [shortcuts.data, entries],
  );
  return (
    <Card size="small" title={t('desk.home.shortcuts')} className="tenon-home-shortcuts" loading={shortcuts.isPending}>
      {links.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desk.home.noShortcuts')} />
      ) : (
        <div className="tenon-home-links">
          {links.map((entry) => (
            <button key={entry.id} type="button" className="tenon-home-link" onClick={() => openMenu(entry)}>
              <MenuIcon source={entry.source} /> {menuLabel(entry, lang)}
            </button>
          ))}
        </div>
      )}
    </Card>
  );
}
