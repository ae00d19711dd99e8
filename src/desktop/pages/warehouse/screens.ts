import { crudScreen, type Screens } from '../screens.ts';

/** The warehouse module's desktop screens (menus of modules/warehouse on the server). */
export const warehouseScreens: Screens = {
  '/warehouse/inventory': crudScreen(
    async () => (await import('../../../shared/entities/warehouse/inventory.ts')).inventory,
  ),
  '/warehouse/inventorylog': crudScreen(
    async () => (await import('../../../shared/entities/warehouse/inventory-log.ts')).inventoryLog,
  ),
  '/warehouse/packaging': crudScreen(
    async () => (await import('../../../shared/entities/warehouse/packaging.ts')).packaging,
  ),
};
