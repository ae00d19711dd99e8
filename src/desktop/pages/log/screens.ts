import { lazyPage, type Screens } from '../screens.ts';

/** The log module's own desktop screens (系统监控, menus of modules/log on the server). */
export const logScreens: Screens = {
  '/monitor/doc': lazyPage(() => import('./ApiDocPage.tsx')),
  '/monitor/admin': lazyPage(() => import('./GovernancePage.tsx')),
};
