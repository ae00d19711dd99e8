import { Menu } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { topMenusQuery } from '../../queries.ts';

const ALL = '';

/** Top menus of the tenant; choosing one reloads the side menu with `topMenuId`. Hidden when none exist. */
export function TopMenu({ selected, onSelect }: { selected: string; onSelect: (id: string) => void }) {
  const { t } = useTranslation();
  const { data } = useQuery(topMenusQuery);
  if (!data || data.length === 0) return null;
  return (
    <Menu
      className="tenon-top-menu"
      mode="horizontal"
      selectedKeys={[selected || '#all']}
      items={[
        { key: '#all', label: t('shell.top.allMenus') },
        ...data.map((menu) => ({ key: menu.id, label: menu.name })),
      ]}
      onClick={({ key }) => onSelect(key === '#all' ? ALL : key)}
    />
  );
}
