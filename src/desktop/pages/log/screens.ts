import { crudScreen, lazyPage, type Screens } from '../screens.ts';

/** The log module's desktop screens (系统监控, menus of modules/log on the server). */
export const logScreens: Screens = {
  '/monitor/doc': lazyPage(() => import('./ApiDocPage.tsx')),
  '/monitor/admin': lazyPage(() => import('./GovernancePage.tsx')),
  '/monitor/log/error': crudScreen(async () => (await import('../../../shared/entities/log/error-log.ts')).errorLog),
};
