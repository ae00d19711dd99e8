import { defineModule } from '../../platform/module.ts';
import { movementHomeChart } from './home-chart.ts';
import { WAREHOUSE_DICTIONARIES } from './dictionaries.ts';
import { inventory } from '../../../shared/entities/warehouse/inventory.ts';
import { inventoryLog } from '../../../shared/entities/warehouse/inventory-log.ts';
import { packaging } from '../../../shared/entities/warehouse/packaging.ts';
import { inventoryHooks, inventoryLogHooks, productSafetyReaction } from './stock.hooks.ts';
import { handleRoutes } from './inventory-log.routes.ts';
import { seedWarehouseDemo } from './demo/stock-and-movements.ts';
import { seedWarehouseKeeperDemo } from './demo/keeper.ts';
import { warehouseMenu } from './menus.ts';

/**
 * 仓储管理 (issue 13, domain/warehouse.md): stock per company, warehouse, part and batch, the movements posted into it
 * (`inventorylog/handle`), and how parts are packed.
 */
export const warehouseModule = defineModule({
  name: 'warehouse',
  entities: [inventory, inventoryLog, packaging],
  hooks: { [inventory.name]: inventoryHooks, [inventoryLog.name]: inventoryLogHooks },
  reactions: { product: productSafetyReaction },
  routes: [handleRoutes],
  menus: [warehouseMenu],
  businessDictionaries: WAREHOUSE_DICTIONARIES,
  homeChart: movementHomeChart,
  demo: async (db) => [...(await seedWarehouseDemo(db)), ...(await seedWarehouseKeeperDemo(db))],
});
