import { lazyPage, withRows, type Screens } from '../screens.ts';

const code = async () => (await import('../../../shared/entities/develop/code.ts')).code;

/** The developer tools' own desktop screens (menus of modules/develop on the server). */
export const toolScreens: Screens = {
  // The shared page with 预览, 下载, 复制 and (a server in development mode) 生成 on a row.
  '/tool/code': withRows(
    lazyPage(() => import('./CodePage.tsx')),
    code,
  ),
};
