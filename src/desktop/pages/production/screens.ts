import { crudScreen, lazyPage, withRows, type Screens } from '../screens.ts';

/** The production module's desktop screens (menus of modules/production on the server). */
export const productionScreens: Screens = {
  '/production/productintroduce': crudScreen(
    async () => (await import('../../../shared/entities/production/product-introduce.ts')).productIntroduce,
  ),
  '/production/task': crudScreen(async () => (await import('../../../shared/entities/production/task.ts')).task),
  '/production/prodplane': withRows(
    lazyPage(() => import('./ProdplanePage.tsx')),
    async () => (await import('../../../shared/entities/production/prodplane.ts')).prodplane,
  ),
};
