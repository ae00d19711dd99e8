import { useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { Navigate, useLocation } from 'react-router-dom';
import type { MenuNode } from '../client/api/system.ts';
import { menuTreeQuery } from './menu-codes.ts';
import { equivalentPath, isDesktopPath, PHONE_HOME } from '../client/layout-routes.ts';
import { getStore } from '../client/storage.ts';

/**
 * A path the phone has no page for: a desktop path goes to its phone equivalent, or home when the phone has none
 * (a screen of the console); a path neither layout knows goes to /404. Whether a path is one of the session's
 * menus is asked of the server only when the path is in no table.
 */
export function DesktopPathRedirect() {
  const { pathname, search } = useLocation();
  const equivalent = equivalentPath('phone', pathname, search);
  const ownScreen = equivalent === undefined && isDesktopPath(pathname, []);
  const menus = useQuery({ ...menuTreeQuery, enabled: equivalent === undefined && !ownScreen });
  if (equivalent) return <Navigate to={equivalent} replace />;
  if (ownScreen) return <Navigate to={PHONE_HOME} replace />;
  if (menus.isPending && menus.fetchStatus === 'fetching') {
    return (
      <div className="m-state" aria-busy="true">
        <DotLoading color="primary" />
      </div>
    );
  }
  // Offline or failed: the menus the desktop kept, else home (a path that may be a screen is not called missing).
  const tree = menus.data ?? getStore<MenuNode[]>('menuAll');
  const known = !tree || isDesktopPath(pathname, tree);
  return <Navigate to={known ? PHONE_HOME : '/404'} replace />;
}
