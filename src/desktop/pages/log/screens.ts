import { lazyPage, withRows, type Screens } from '../screens.ts';

const apiLog = async () => (await import('../../../shared/entities/log/api-log.ts')).apiLog;

/** The log module's own desktop screens (系统监控, menus of modules/log on the server). */
export const logScreens: Screens = {
  '/monitor/doc': lazyPage(() => import('./ApiDocPage.tsx')),
  '/monitor/admin': lazyPage(() => import('./GovernancePage.tsx')),
  '/monitor/online': lazyPage(() => import('./OnlineUserPage.tsx')),
  // The shared page with each call's data changes in its detail; 通用日志 is the shared page alone (registry.ts).
  '/monitor/log/api': withRows(
    lazyPage(() => import('./ApiLogPage.tsx')),
    apiLog,
  ),
};
