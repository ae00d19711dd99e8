import { lazyPage, withRows, type Screens } from '../screens.ts';

const oss = async () => (await import('../../../shared/entities/resource/oss.ts')).oss;
const attach = async () => (await import('../../../shared/entities/resource/attach.ts')).attach;

/** The resource module's own desktop screens (menus of modules/resource on the server). */
export const resourceScreens: Screens = {
  // The shared page with 启用 on a row.
  '/resource/oss': withRows(
    lazyPage(() => import('./OssPage.tsx')),
    oss,
  ),
  // The shared page with the uploader above it and 下载 on a row.
  '/resource/attach': withRows(
    lazyPage(() => import('./AttachPage.tsx')),
    attach,
  ),
};
