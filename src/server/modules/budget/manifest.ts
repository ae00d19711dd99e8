import { SYS, approval, btn, business } from '../../db/seed/menus.ts';
import { defineModule } from '../../platform/module.ts';
import { BUDGET_DICTIONARIES } from './dictionaries.ts';
import { financeBudget } from '../../../shared/entities/budget/finance-budget.ts';
import { differ } from '../../../shared/entities/budget/differ.ts';
import { differRoutes } from './differ.routes.ts';
import { batchRoutes } from './budget-batch.ts';
import { budgetRowHooks } from './budget-row.hooks.ts';
import { seedBudgetDemo } from './demo.ts';

const budgetMenu = business('budget', '预算管理', 'Budget', 14, 'iconfont iconicon_discount', [
  [
    'budgetfill',
    '预算填报',
    'Budget fill-in',
    {
      extra: [
        approval('budgetfill', 'budgetfill', 'submit', '提交', 'Submit', 'upload'),
        approval('budgetfill', 'budgetfill', 'withdraw', '撤回', 'Withdraw', 'rollback'),
        approval('budgetfill', 'budgetfill', 'approve', '审核', 'Approve', 'check'),
        approval('budgetfill', 'budgetfill', 'reject', '驳回', 'Reject', 'close'),
        approval('budgetfill', 'budgetfill', 'unapprove', '反审核', 'Unapprove', 'undo'),
      ],
    },
  ],
  [
    'budgetsituation',
    '预算执行情况',
    'Budget situation',
    {
      extra: [approval('budgetsituation', 'budgetsituation', 'approve', '审核', 'Approve', 'check')],
    },
  ],
  ['labourbudget', '人工预算执行', 'Labour budget situation', { entity: 'budgetsituation' }],
  ['expensesituation', '费用预算执行', 'Expense budget situation'],
  [
    'financebudget',
    '财务预算',
    'Financial budget',
    {
      extra: [
        btn(
          'financebudget_batchsave',
          '批量保存',
          'Batch save',
          'batchsave',
          'save',
          1,
          `${SYS}/financebudget/batchsave`,
        ),
        btn(
          'financebudget_batchcopy',
          '复制到下一年',
          'Copy to next year',
          'batchcopy',
          'copy',
          1,
          `${SYS}/financebudget/batchcopy`,
        ),
      ],
    },
  ],
  [
    'inventorybudget',
    '存货预算',
    'Inventory budget',
    {
      only: ['add', 'edit', 'view'],
      extra: [
        btn(
          'inventorybudget_batchcopy',
          '复制到下一年',
          'Copy to next year',
          'batchcopy',
          'copy',
          1,
          `${SYS}/inventorybudget/batchcopy`,
        ),
      ],
    },
  ],
  ['inventorybudgetstat', '存货预算汇总', 'Inventory budget summary', { entity: 'inventorybudget', only: ['view'] }],
  ['differ', '材料成本差异', 'Material cost difference'],
  ['differstat', '材料成本差异汇总', 'Material cost difference summary', { entity: 'differ', only: ['view'] }],
  ['retention', '集团管理费', 'Group management fee'],
]);

/**
 * 预算管理 (issue 14, domain/budget.md): the financial budget and the material cost difference so far, in the monthly
 * row every budget screen shares;
 * the other screens are planned (desktop/pages/planned.ts).
 */
export const budgetModule = defineModule({
  name: 'budget',
  entities: [financeBudget, differ],
  hooks: { [financeBudget.name]: budgetRowHooks, [differ.name]: budgetRowHooks },
  routes: [batchRoutes(financeBudget), differRoutes],
  menus: [budgetMenu],
  businessDictionaries: BUDGET_DICTIONARIES,
  demo: seedBudgetDemo,
});
