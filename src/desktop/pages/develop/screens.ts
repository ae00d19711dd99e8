import { lazyPage, type Screens } from '../screens.ts';

/** 研发工具's screens of their own (menus of modules/develop on the server). */
export const developScreens: Screens = {
  '/tool/model': lazyPage(() => import('./ModelPage.tsx')),
};
