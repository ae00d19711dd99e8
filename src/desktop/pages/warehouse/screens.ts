import { lazyPage, withRows, type Screens } from '../screens.ts';

const inventoryLog = async () => (await import('../../../shared/entities/warehouse/inventory-log.ts')).inventoryLog;

/** The warehouse module's own desktop screens (menus of modules/warehouse on the server). */
export const warehouseScreens: Screens = {
  // The shared page with 过账 on the ticked movements and each movement's stock one click away.
  '/warehouse/inventorylog': withRows(
    lazyPage(() => import('./InventoryLogPage.tsx')),
    inventoryLog,
  ),
};
