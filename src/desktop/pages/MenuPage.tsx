import { Button, Result } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { currentLanguage } from '../../client/i18n.ts';
import { equivalentPath } from '../../client/layout-routes.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { rereadGrants, useMenuEntries } from '../queries.ts';
import { findByRoute, menuLabel } from '../router/menu-routes.ts';
import { describeRoute, HOME_PATH } from '../router/route-table.ts';
import { definitionByCode } from '../../shared/entities/catalog.ts';
import { screenOf } from './registry.ts';
import { UnderConstruction } from './UnderConstruction.tsx';

/**
 * Every path not declared by the console: a server menu's screen, a phone path (its desktop equivalent, or home when
 * this user has no such screen), or /404.
 */
export default function MenuPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const client = useQueryClient();
  const { entries, isError, refetch, fresh } = useMenuEntries();
  const entry = entries && findByRoute(entries, pathname);
  // A leaf's bare menu path (`/system/param`) leads to its route (`/system/param/index`).
  const bare = entries?.find((e) => e.leaf && e.openMode === 'route' && e.menuPath === pathname);
  const phoneEquivalent = equivalentPath('desktop', pathname, search);
  // A path the kept menus do not have may be a menu granted or published since (a live model's screen): the menus
  // and buttons are read again before it is called not found.
  const unknown = Boolean(entries) && !entry && !bare && !phoneEquivalent;
  const recheck = unknown && !fresh;
  useEffect(() => {
    if (recheck) void rereadGrants(client);
  }, [recheck, pathname, client]);
  if (isError) {
    return (
      <Result
        status="warning"
        title={t('shell.page.menusFailed')}
        extra={<Button onClick={refetch}>{t('common.refresh')}</Button>}
      />
    );
  }
  if (!entries) return <PageLoading />;
  if (phoneEquivalent) {
    const known = describeRoute(phoneEquivalent.split('?')[0], entries, t) !== undefined;
    return <Navigate to={known ? phoneEquivalent : HOME_PATH} replace />;
  }
  if (recheck) return <PageLoading />;
  if (!entry) return <Navigate to={bare ? bare.routePath : '/404'} replace />;
  const Page = screenOf(entry, (code) => definitionByCode(code) !== undefined);
  return Page ? <Page /> : <UnderConstruction name={menuLabel(entry, currentLanguage())} path={entry.menuPath} />;
}
