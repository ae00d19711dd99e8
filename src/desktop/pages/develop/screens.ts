import { lazyPage, withRows, type Screens } from '../screens.ts';

const code = async () => (await import('../../../shared/entities/develop/code.ts')).code;

/** 研发工具's screens of their own (menus of modules/develop on the server). */
export const developScreens: Screens = {
  '/tool/model': lazyPage(() => import('./ModelPage.tsx')),
  // The shared page with 预览, 下载, 复制 and (a server in development mode) 生成 on a row.
  '/tool/code': withRows(
    lazyPage(() => import('./CodePage.tsx')),
    code,
  ),
};
