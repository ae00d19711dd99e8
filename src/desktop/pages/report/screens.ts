import { lazyPage, type Screens } from '../screens.ts';

/** 报表管理's screens: the reports and their runner, and the designer (menus of modules/report on the server). */
export const reportScreens: Screens = {
  '/report/reportlist': lazyPage(() => import('./ReportListPage.tsx')),
  '/report/reportsetting': lazyPage(() => import('./ReportDesignerPage.tsx')),
};
