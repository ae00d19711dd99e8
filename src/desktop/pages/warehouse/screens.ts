import { crudScreen, lazyPage, withRows, type Screens } from '../screens.ts';

const inventoryLog = async () => (await import('../../../shared/entities/warehouse/inventory-log.ts')).inventoryLog;

/** The warehouse module's desktop screens (menus of modules/warehouse on the server). */
export const warehouseScreens: Screens = {
  // The part number leads: it stays in view when a tablet scrolls the table sideways.
  '/warehouse/inventory': crudScreen(
    async () => (await import('../../../shared/entities/warehouse/inventory.ts')).inventory,
    { leadColumns: ['productNo'] },
  ),
  // The shared page with 过账 on the ticked movements and each movement's stock one click away.
  '/warehouse/inventorylog': withRows(
    lazyPage(() => import('./InventoryLogPage.tsx')),
    inventoryLog,
  ),
  '/warehouse/packaging': crudScreen(
    async () => (await import('../../../shared/entities/warehouse/packaging.ts')).packaging,
    { leadColumns: ['packagingCode', 'productNo'] },
  ),
};
