import { DESK, btn, business } from '../../platform/menus.ts';
import { defineModule } from '../../platform/module.ts';
import { FINANCE_DICTIONARIES } from './dictionaries.ts';
import { subject } from '../../../shared/entities/finance/subject.ts';
import { seedChart, subjectHooks, subjectReaction } from './subject.hooks.ts';
import { seedFinanceDemo } from './demo/subjects.ts';
import { seedFinanceStatDemo } from './demo/finance-stats.ts';
import { seedExpenseDemo } from './demo/expense-claims.ts';
import { financeStat } from '../../../shared/entities/finance/finance-stat.ts';
import { financeStatHooks } from './finance-stat.hooks.ts';
import { EXPENSE_PAY, EXPENSE_SUBMIT, expense } from '../../../shared/entities/finance/expense.ts';
import { expenseHooks, expenseReaction } from './expense.hooks.ts';
import { expenseBudgetEffect } from './expense-budget.ts';
import { installBudgetControl } from './install.ts';

const financeMenu = business('finance', '财务管理', 'Finance', 13, 'iconfont iconicon_coinpurse_line', [
  ['subject', '会计科目', 'Accounting subjects'],
  ['subjectbalance', '科目余额表', 'Subject balances'],
  ['ledger', '明细账', 'Ledger'],
  ['fixedledger', '固定资产台账', 'Fixed-asset ledger'],
  ['incomeexpense', '收支流水', 'Income and expense'],
  [
    'expense',
    '费用报销',
    'Expense claims',
    {
      extra: [
        btn(
          EXPENSE_SUBMIT,
          '提交审批',
          'Submit for approval',
          'submit',
          'upload',
          2,
          `${DESK}/process/finance/start-process`,
        ),
        // [DESIGN] menus.md names no pay button: paying is finance's, apart from the claimants' edit right.
        btn(EXPENSE_PAY, '付款', 'Pay', 'pay', 'pay-circle', 2),
      ],
    },
  ],
  ['financestat', '财务统计', 'Finance statistics'],
  ['overduestat', '逾期统计', 'Overdue statistics'],
  ['relatedstat', '关联交易统计', 'Related-party statistics'],
]);

/**
 * 财务管理 (domain/finance.md): the chart of accounts, which budgets name their rows by (issue 14), the monthly
 * finance statistics and expense claims, sent through the fund approval (提交审批) and checked against their expense
 * budget when sent (expense-budget.ts, the parameter `finance.budgetControl`); the other screens are planned
 * (desktop/pages/planned.ts).
 */
export const financeModule = defineModule({
  name: 'finance',
  entities: [subject, financeStat, expense],
  hooks: { [subject.name]: subjectHooks, [financeStat.name]: financeStatHooks, [expense.name]: expenseHooks },
  reactions: { [subject.name]: subjectReaction, [expense.name]: expenseReaction },
  approvalEffects: { [expense.name]: expenseBudgetEffect },
  install: installBudgetControl,
  tenantRows: seedChart,
  menus: [financeMenu],
  demo: async (db) => [
    ...(await seedFinanceDemo(db)),
    ...(await seedFinanceStatDemo(db)),
    ...(await seedExpenseDemo(db)),
  ],
  businessDictionaries: FINANCE_DICTIONARIES,
});
