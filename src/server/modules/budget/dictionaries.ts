import type { BusinessDictionary } from '../../platform/module.ts';

/**
 * The budget module's business dictionaries (dict-biz, domain/README.md §4.2), seeded for every tenant: key,
 * zh label (`dictValue`) and English label (remark `en:`). Tenants may edit them: seeding only adds missing items.
 */
export const BUDGET_DICTIONARIES: readonly BusinessDictionary[] = [
  [
    'approve_status',
    '审批状态',
    [
      ['0', '草稿', 'Draft'],
      ['1', '已提交', 'Submitted'],
      ['2', '已审核', 'Approved'],
      ['3', '已驳回', 'Rejected'],
    ],
  ],
  [
    'budget_type',
    '预算类型',
    [
      ['1', '费用预算', 'Expense budget'],
      // Its default account (budget.md §1.2): 管理费用-职工薪酬.
      ['2', '人工预算', 'Labour budget (by post)', 'subject:660201'],
      ['3', '资本性支出预算', 'Capex budget'],
      ['4', '销售收入预算', 'Sales revenue budget'],
    ],
  ],
  [
    'search_type',
    '查询维度',
    [
      ['1', '客户', 'Customer'],
      ['2', '项目', 'Project'],
      ['3', '产品', 'Product'],
      ['4', '工厂', 'Factory'],
    ],
  ],
  [
    'fee_base',
    '计提基数',
    [
      ['1', '营业收入', 'Revenue'],
      ['2', '利润总额', 'Total profit'],
    ],
  ],
];
