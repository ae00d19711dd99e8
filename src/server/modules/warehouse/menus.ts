import { INVENTORYLOG_HANDLE } from '../../../shared/entities/warehouse/inventory-log.ts';
import { SYS, btn, business, exportBtn } from '../../platform/menus.ts';

/** 仓储管理: 库存台账, 出入库记录 (with 过账) and 包装规格. */
export const warehouseMenu = business('warehouse', '仓储管理', 'Warehouse', 12, 'iconfont iconicon_shop', [
  ['inventory', '库存台账', 'Inventory', { extra: [exportBtn('inventory')] }],
  [
    'inventorylog',
    '出入库记录',
    'Inventory log',
    {
      extra: [btn(INVENTORYLOG_HANDLE, '过账', 'Post', 'handle', 'check', 2, `${SYS}/inventorylog/handle`)],
    },
  ],
  ['packaging', '包装规格', 'Packaging'],
]);
