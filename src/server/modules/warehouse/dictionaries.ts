import type { BusinessDictionary } from '../../platform/module.ts';

/**
 * The warehouse module's business dictionaries (dict-biz, domain/README.md §4.2), seeded for every tenant: key,
 * zh label (`dictValue`) and English label (remark `en:`). Tenants may edit them: seeding only adds missing items.
 */
export const WAREHOUSE_DICTIONARIES: readonly BusinessDictionary[] = [
  [
    'warehouse',
    '仓库',
    [
      ['RM', '原材料库', 'Raw-material store'],
      ['WIP', '半成品库', 'WIP store'],
      ['FG', '成品库', 'Finished-goods store'],
      ['SP', '备件库', 'Spare-parts store'],
      ['PK', '包材库', 'Packaging store'],
      ['NG', '不合格品库', 'Quarantine store'],
    ],
  ],
  [
    'inventory_biz_type',
    '出入库类型',
    [
      ['101', '采购入库', 'Purchase receipt'],
      ['102', '生产入库', 'Production receipt'],
      ['103', '销售退货入库', 'Customer return'],
      ['104', '盘盈入库', 'Stock-count gain'],
      ['105', '调拨入库', 'Transfer in'],
      ['106', '其他入库', 'Other receipt'],
      ['201', '销售出库', 'Sales issue'],
      ['202', '生产领料', 'Issue to production'],
      ['203', '采购退货出库', 'Return to supplier'],
      ['204', '盘亏出库', 'Stock-count loss'],
      ['205', '调拨出库', 'Transfer out'],
      ['206', '报废出库', 'Scrap issue'],
      ['207', '其他出库', 'Other issue'],
    ],
  ],
  [
    'handle_status',
    '处理状态',
    [
      ['0', '待处理', 'Pending'],
      ['1', '已处理', 'Handled'],
    ],
  ],
  [
    'packaging_type',
    '包装类型',
    [
      ['1', '纸箱', 'Carton'],
      ['2', '塑料周转箱', 'Returnable plastic box'],
      ['3', '金属料架', 'Steel rack'],
      ['4', '托盘', 'Pallet'],
      ['5', '吸塑盒', 'Blister tray'],
      ['6', '木箱', 'Wooden crate'],
    ],
  ],
];
