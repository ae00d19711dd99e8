import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HOME_PATH } from '../router/route-table.ts';

export function Logo({ collapsed, color }: { collapsed: boolean; color: string }) {
  const { t } = useTranslation();
  return (
    <Link to={HOME_PATH} className="tenon-logo" style={{ color }}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {!collapsed && <span>{t('common.appName')}</span>}
    </Link>
  );
}
