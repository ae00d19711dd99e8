import { SYS, btn, business, exportBtn } from '../../db/seed/menus.ts';
import { defineModule } from '../../platform/module.ts';
import { WAREHOUSE_DICTIONARIES } from './dictionaries.ts';

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

/** 仓储管理 (issue 13): its menus so far; the screens behind them are planned (desktop/pages/planned.ts). */
export const warehouseModule = defineModule({
  name: 'warehouse',
  menus: [warehouseMenu],
  businessDictionaries: WAREHOUSE_DICTIONARIES,
});
