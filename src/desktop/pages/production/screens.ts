import { crudScreen, lazyPage, withRows, type Screens } from '../screens.ts';

/** The production module's desktop screens (menus of modules/production on the server). */
export const productionScreens: Screens = {
  '/production/line': crudScreen(async () => (await import('../../../shared/entities/production/line.ts')).line),
  '/production/stationgroup': crudScreen(
    async () => (await import('../../../shared/entities/production/station-group.ts')).stationGroup,
  ),
  '/production/station': crudScreen(
    async () => (await import('../../../shared/entities/production/station.ts')).station,
  ),
  '/production/device': crudScreen(async () => (await import('../../../shared/entities/production/device.ts')).device),
  '/production/mold': crudScreen(async () => (await import('../../../shared/entities/production/mold.ts')).mold),
  '/production/worker': crudScreen(async () => (await import('../../../shared/entities/production/worker.ts')).worker),
  '/production/productintroduce': crudScreen(
    async () => (await import('../../../shared/entities/production/product-introduce.ts')).productIntroduce,
  ),
  '/production/task': crudScreen(async () => (await import('../../../shared/entities/production/task.ts')).task),
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
