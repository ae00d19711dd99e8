import { SYS, approval, btn, business, exportBtn, importBtn } from '../../platform/menus.ts';
import { defineModule } from '../../platform/module.ts';
import { BUDGET_DICTIONARIES } from './dictionaries.ts';
import { financeBudget } from '../../../shared/entities/budget/finance-budget.ts';
import { differ } from '../../../shared/entities/budget/differ.ts';
import { differRoutes } from './differ.routes.ts';
import { batchRoutes } from './budget-batch.routes.ts';
import { budgetRowHooks } from './budget-row.hooks.ts';
import { seedBudgetDemo } from './demo/budgets.ts';
import { retention } from '../../../shared/entities/budget/retention.ts';
import { retentionHooks } from './retention.hooks.ts';
import { seedRetentionDemo } from './demo/retention-rates.ts';
import {
  BUDGETFILL_APPROVE,
  BUDGETFILL_REJECT,
  BUDGETFILL_SUBMIT,
  BUDGETFILL_UNAPPROVE,
  BUDGETFILL_WITHDRAW,
  budgetFill,
} from '../../../shared/entities/budget/budget-fill.ts';
import { BUDGETSITUATION_APPROVE, budgetSituation } from '../../../shared/entities/budget/budget-situation.ts';
import { budgetFillHooks, budgetSituationHooks } from './budget-fill.hooks.ts';
import { budgetFillRoutes } from './budget-fill.routes.ts';
import { BUDGET_MODELS } from './budget-approval.ts';
import { seedModels } from '../../platform/workflow/index.ts';
import { SEED } from '../system/install.ts';
import { inventoryBudget } from '../../../shared/entities/budget/inventory-budget.ts';
import { productRowHooks } from '../../platform/product-row.ts';
import { inventoryBudgetRoutes } from './inventory-budget.routes.ts';
import { expenseSituation } from '../../../shared/entities/budget/expense-situation.ts';
import { expenseSituationHooks } from './expense-situation.hooks.ts';

/** 导入 / 导出 of a monthly grid (the engine's Excel routes of the entity). */
const excelButtons = (code: string) => [
  importBtn(code, `${SYS}/${code}/import-${code}`),
  exportBtn(code, `${SYS}/${code}/export-${code}`),
];

const budgetMenu = business('budget', '预算管理', 'Budget', 14, 'iconfont iconicon_discount', [
  [
    'budgetfill',
    '预算填报',
    'Budget fill-in',
    {
      extra: [
        approval(BUDGETFILL_SUBMIT, 'budgetfill', 'submit', '提交', 'Submit', 'upload'),
        approval(BUDGETFILL_WITHDRAW, 'budgetfill', 'withdraw', '撤回', 'Withdraw', 'rollback'),
        approval(BUDGETFILL_APPROVE, 'budgetfill', 'approve', '审核', 'Approve', 'check'),
        approval(BUDGETFILL_REJECT, 'budgetfill', 'reject', '驳回', 'Reject', 'close'),
        approval(BUDGETFILL_UNAPPROVE, 'budgetfill', 'unapprove', '反审核', 'Unapprove', 'undo'),
        ...excelButtons('budgetfill'),
      ],
    },
  ],
  [
    'budgetsituation',
    '预算执行情况',
    'Budget situation',
    {
      extra: [
        approval(BUDGETSITUATION_APPROVE, 'budgetsituation', 'approve', '审核', 'Approve', 'check'),
        ...excelButtons('budgetsituation'),
      ],
    },
  ],
  ['labourbudget', '人工预算执行', 'Labour budget situation', { entity: 'budgetsituation' }],
  ['expensesituation', '费用预算执行', 'Expense budget situation', { extra: excelButtons('expensesituation') }],
  [
    'financebudget',
    '财务预算',
    'Financial budget',
    {
      extra: [
        btn(
          `${financeBudget.code}_batchsave`,
          '批量保存',
          'Batch save',
          'batchsave',
          'save',
          1,
          `${SYS}/financebudget/batchsave`,
        ),
        btn(
          `${financeBudget.code}_batchcopy`,
          '复制到下一年',
          'Copy to next year',
          'batchcopy',
          'copy',
          1,
          `${SYS}/financebudget/batchcopy`,
        ),
        ...excelButtons('financebudget'),
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
          `${inventoryBudget.code}_batchcopy`,
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
  ['differ', '材料成本差异', 'Material cost difference', { extra: excelButtons('differ') }],
  ['differstat', '材料成本差异汇总', 'Material cost difference summary', { entity: 'differ', only: ['view'] }],
  ['retention', '集团管理费', 'Group management fee'],
]);

/**
 * 预算管理 (issue 14, domain/budget.md): budget lines and their approval (also in the workflow's inbox), the budget
 * situation, the departments' expense situation, the financial budget, the material cost difference and the group
 * management fee, in the monthly row every budget screen shares.
 */
export const budgetModule = defineModule({
  name: 'budget',
  entities: [budgetFill, budgetSituation, expenseSituation, financeBudget, differ, retention, inventoryBudget],
  hooks: {
    [budgetFill.name]: budgetFillHooks,
    [budgetSituation.name]: budgetSituationHooks,
    [expenseSituation.name]: expenseSituationHooks,
    [financeBudget.name]: budgetRowHooks,
    [differ.name]: budgetRowHooks,
    [retention.name]: retentionHooks,
    [inventoryBudget.name]: () => productRowHooks(inventoryBudget),
  },
  routes: [batchRoutes(financeBudget), differRoutes, budgetFillRoutes, inventoryBudgetRoutes],
  menus: [budgetMenu],
  businessDictionaries: BUDGET_DICTIONARIES,
  // The budget approval process every tenant shares (the lines' inbox tasks).
  install: (trx) => seedModels(trx, BUDGET_MODELS, SEED.userAdmin),
  demo: async (db) => [...(await seedBudgetDemo(db)), ...(await seedRetentionDemo(db))],
});
