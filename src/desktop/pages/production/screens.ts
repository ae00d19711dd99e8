import { lazyPage, withRows, type Screens } from '../screens.ts';

/** The production module's own desktop screens (menus of modules/production on the server). */
export const productionScreens: Screens = {
  '/production/prodplane': withRows(
    lazyPage(() => import('./ProdplanePage.tsx')),
    async () => (await import('../../../shared/entities/production/prodplane.ts')).prodplane,
  ),
  // BOMs grouped by parent and version, with the explosion and where-used views.
  '/production/productbom': lazyPage(() => import('./BomPage.tsx')),
  // The shared page with 按BOM计算 in its dialog and 重新核算 with its progress.
  '/production/bomcost': withRows(
    lazyPage(() => import('./BomCostPage.tsx')),
    async () => (await import('../../../shared/entities/production/bom-cost.ts')).bomCost,
  ),
};
