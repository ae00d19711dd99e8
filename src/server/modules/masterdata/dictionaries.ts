import type { BusinessDictionary } from '../../platform/module.ts';

/**
 * The masterdata module's business dictionaries (dict-biz, domain/README.md §4.2), seeded for every tenant: key,
 * zh label (`dictValue`) and English label (remark `en:`). Tenants may edit them: seeding only adds missing items.
 */
export const MASTERDATA_DICTIONARIES: readonly BusinessDictionary[] = [
  [
    'enable_status',
    '启用状态',
    [
      ['1', '启用', 'Enabled'],
      ['2', '停用', 'Disabled'],
    ],
  ],
  [
    'unit',
    '计量单位',
    [
      ['PCS', '件', 'pcs'],
      ['SET', '套', 'set'],
      ['KG', '千克', 'kg'],
      ['T', '吨', 't'],
      ['M', '米', 'm'],
      ['M2', '平方米', 'm²'],
      ['L', '升', 'L'],
      ['BOX', '箱', 'box'],
      ['ROLL', '卷', 'roll'],
      ['SHEET', '张', 'sheet'],
    ],
  ],
  [
    'currency',
    '币种',
    [
      ['CNY', '人民币', 'Chinese yuan'],
      ['USD', '美元', 'US dollar'],
      ['EUR', '欧元', 'Euro'],
      ['JPY', '日元', 'Japanese yen'],
      ['HKD', '港币', 'Hong Kong dollar'],
    ],
  ],
  [
    'customer_type',
    '客户类型',
    [
      ['1', '整车厂', 'OEM'],
      ['2', '一级供应商', 'Tier-1 supplier'],
      ['3', '售后市场', 'Aftermarket'],
      ['4', '集团内关联方', 'Group affiliate'],
      ['5', '其他', 'Other'],
    ],
  ],
  [
    'supplier_type',
    '供应商类别',
    [
      ['1', '原材料', 'Raw material'],
      ['2', '外购件', 'Purchased parts'],
      ['3', '外协加工', 'Outsourced processing'],
      ['4', '设备', 'Equipment'],
      ['5', '模具工装', 'Tooling'],
      ['6', '服务', 'Services'],
    ],
  ],
  [
    'supplier_grade',
    '供应商等级',
    [
      ['A', '优秀', 'Excellent'],
      ['B', '合格', 'Qualified'],
      ['C', '待改进', 'Conditional'],
      ['D', '淘汰', 'Disqualified'],
    ],
  ],
  [
    'settlement_method',
    '结算方式',
    [
      ['1', '电汇', 'Wire transfer'],
      ['2', '银行承兑汇票', 'Bank acceptance bill'],
      ['3', '商业承兑汇票', 'Commercial acceptance bill'],
      ['4', '现金', 'Cash'],
      ['5', '供应链金融', 'Supply-chain finance'],
    ],
  ],
  [
    'item_type',
    '物料类型',
    [
      ['1', '成品', 'Finished good'],
      ['2', '半成品', 'Semi-finished'],
      ['3', '原材料', 'Raw material'],
      ['4', '外购件', 'Purchased part'],
      ['5', '辅料', 'Auxiliary material'],
      ['6', '包材', 'Packaging material'],
      ['7', '备品备件', 'Spare part'],
    ],
  ],
  [
    'product_status',
    '产品状态',
    [
      ['1', '开发中', 'In development'],
      ['2', '量产', 'Mass production'],
      ['3', '停产', 'Discontinued'],
      ['4', '仅售后', 'Service only'],
    ],
  ],
  [
    'price_type',
    '价格类型',
    [
      ['1', '销售价', 'Selling price'],
      ['2', '采购价', 'Buying price'],
      ['3', '外协加工价', 'Subcontract price'],
    ],
  ],
  [
    'employment_type',
    '用工类型',
    [
      ['1', '正式', 'Permanent'],
      ['2', '试用', 'Probation'],
      ['3', '劳务派遣', 'Agency'],
      ['4', '实习', 'Intern'],
      ['5', '临时', 'Temporary'],
    ],
  ],
  [
    'employee_status',
    '在职状态',
    [
      ['1', '在职', 'Active'],
      ['2', '离职', 'Left'],
      ['3', '退休', 'Retired'],
    ],
  ],
];
