import { SYS, btn, business, exportBtn } from '../../db/seed/menus.ts';
import { defineModule } from '../../platform/module.ts';
import { WAREHOUSE_DICTIONARIES } from './dictionaries.ts';
import { inventory } from '../../../shared/entities/warehouse/inventory.ts';
import { inventoryLog } from '../../../shared/entities/warehouse/inventory-log.ts';
import { packaging } from '../../../shared/entities/warehouse/packaging.ts';
import { inventoryHooks, inventoryLogHooks, productSafetyReaction } from './stock.hooks.ts';
import { handleRoutes } from './handle.ts';
import { seedWarehouseDemo } from './demo.ts';

const warehouseMenu = business('warehouse', '仓储管理', 'Warehouse', 12, 'iconfont iconicon_shop', [
  ['inventory', '库存台账', 'Inventory', { extra: [exportBtn('inventory')] }],
  [
    'inventorylog',
    '出入库记录',
    'Inventory log',
    {
      extra: [btn('inventorylog_handle', '过账', 'Post', 'handle', 'check', 2, `${SYS}/inventorylog/handle`)],
    },
  ],
  ['packaging', '包装规格', 'Packaging'],
]);

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
  demo: seedWarehouseDemo,
});
