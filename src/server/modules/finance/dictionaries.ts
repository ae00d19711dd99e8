import type { BusinessDictionary } from '../../platform/module.ts';

/**
 * The finance module's business dictionaries (dict-biz, domain/README.md §4.2), seeded for every tenant: key,
 * zh label (`dictValue`) and English label (remark `en:`). Tenants may edit them: seeding only adds missing items.
 */
export const FINANCE_DICTIONARIES: readonly BusinessDictionary[] = [
  [
    'subject_category',
    '科目类别',
    [
      ['1', '资产', 'Assets'],
      ['2', '负债', 'Liabilities'],
      ['3', '共同', 'Common'],
      ['4', '所有者权益', "Owners' equity"],
      ['5', '成本', 'Cost'],
      ['6', '损益', 'Profit and loss'],
    ],
  ],
  [
    'balance_direction',
    '余额方向',
    [
      ['1', '借', 'Debit'],
      ['2', '贷', 'Credit'],
    ],
  ],
  [
    'aux_type',
    '辅助核算类型',
    [
      ['customer', '客户', 'Customer'],
      ['supplier', '供应商', 'Supplier'],
      ['dept', '部门', 'Department'],
      ['employee', '职员', 'Employee'],
      ['project', '项目', 'Project'],
    ],
  ],
  [
    'voucher_word',
    '凭证字',
    [
      ['记', '记', 'General'],
      ['收', '收', 'Receipt'],
      ['付', '付', 'Payment'],
      ['转', '转', 'Transfer'],
    ],
  ],
  [
    'voucher_status',
    '凭证状态',
    [
      ['0', '未审核', 'Unaudited'],
      ['1', '已审核', 'Audited'],
      ['2', '已记账', 'Posted'],
    ],
  ],
  [
    'asset_category',
    '资产类别',
    [
      ['1', '房屋及建筑物', 'Buildings'],
      ['2', '机器设备', 'Machinery'],
      ['3', '运输设备', 'Vehicles'],
      ['4', '电子设备', 'Electronic equipment'],
      ['5', '办公设备', 'Office equipment'],
      ['6', '模具工装', 'Tooling'],
    ],
  ],
  [
    'depreciation_method',
    '折旧方法',
    [
      ['1', '年限平均法', 'Straight-line'],
      ['2', '双倍余额递减法', 'Double-declining balance'],
      ['3', '年数总和法', "Sum-of-years'-digits"],
      ['4', '工作量法', 'Units of production'],
    ],
  ],
  [
    'asset_status',
    '资产状态',
    [
      ['1', '在用', 'In use'],
      ['2', '闲置', 'Idle'],
      ['3', '维修', 'Under repair'],
      ['4', '出租', 'Leased out'],
      ['5', '报废', 'Scrapped'],
      ['6', '已处置', 'Disposed'],
    ],
  ],
  [
    'io_type',
    '收支类型',
    [
      ['1', '收入', 'Receipt'],
      ['2', '支出', 'Payment'],
    ],
  ],
  [
    'income_expense_category',
    '收支类别',
    [
      ['101', '销售回款', 'Customer collection'],
      ['102', '其他收入', 'Other receipt'],
      ['103', '借款收入', 'Loan proceeds'],
      ['201', '采购付款', 'Supplier payment'],
      ['202', '工资社保', 'Payroll & social insurance'],
      ['203', '税费', 'Taxes'],
      ['204', '费用报销', 'Expense reimbursement'],
      ['205', '设备工程款', 'Capex payment'],
      ['206', '还款付息', 'Loan repayment & interest'],
      ['207', '其他支出', 'Other payment'],
    ],
  ],
  [
    'expense_type',
    '费用类型',
    // Each type's default account (domain/finance.md § expense): second-level accounts of the chart a manufacturer
    // keeps (the demo's), taken only where the tenant's chart has them as leaves.
    [
      ['1', '差旅费', 'Travel', 'subject:660203'],
      ['2', '业务招待费', 'Entertainment', 'subject:660204'],
      ['3', '办公费', 'Office supplies', 'subject:660202'],
      ['4', '交通费', 'Local transport', 'subject:660203'],
      ['5', '通讯费', 'Communication', 'subject:660202'],
      ['6', '培训费', 'Training', 'subject:660201'],
      ['7', '维修费', 'Repairs', 'subject:510104'],
      ['8', '运输费', 'Freight', 'subject:660102'],
      ['9', '会议费', 'Meetings', 'subject:660202'],
      ['10', '其他', 'Other'],
    ],
  ],
  [
    'expense_status',
    '报销状态',
    [
      ['0', '草稿', 'Draft'],
      ['1', '审批中', 'In approval'],
      ['2', '已通过', 'Approved'],
      ['3', '已驳回', 'Rejected'],
      ['4', '已付款', 'Paid'],
    ],
  ],
  [
    'related_type',
    '关联方类型',
    [
      ['1', '母公司', 'Parent company'],
      ['2', '子公司', 'Subsidiary'],
      ['3', '同一控制下企业', 'Fellow subsidiary'],
      ['4', '合营联营企业', 'Joint venture or associate'],
      ['5', '关键管理人员控制企业', 'Entity controlled by key management'],
    ],
  ],
  [
    'related_trans_type',
    '关联交易类型',
    [
      ['1', '销售商品', 'Sale of goods'],
      ['2', '采购商品', 'Purchase of goods'],
      ['3', '提供劳务', 'Services rendered'],
      ['4', '接受劳务', 'Services received'],
      ['5', '资金拆借', 'Intra-group financing'],
      ['6', '租赁', 'Leases'],
      ['7', '担保', 'Guarantees'],
      ['8', '管理费', 'Management fee'],
    ],
  ],
  [
    'pricing_policy',
    '定价政策',
    [
      ['1', '市场价', 'Market price'],
      ['2', '协议价', 'Agreed price'],
      ['3', '成本加成', 'Cost-plus'],
    ],
  ],
];
