import { DESK, SYS, btn, business } from '../../platform/menus.ts';
import { expenseHomeChart } from './home-chart.ts';
import { defineModule } from '../../platform/module.ts';
import { FINANCE_DICTIONARIES } from './dictionaries.ts';
import { subject } from '../../../shared/entities/finance/subject.ts';
import { seedChart, subjectHooks, subjectReaction } from './subject.hooks.ts';
import { seedFinanceDemo } from './demo/subjects.ts';
import { seedFinanceStatDemo } from './demo/finance-stats.ts';
import { seedExpenseDemo } from './demo/expense-claims.ts';
import { grantFinanceRole } from './demo/finance-role.ts';
import { seedLedgerDemo } from './demo/vouchers.ts';
import { financeStat } from '../../../shared/entities/finance/finance-stat.ts';
import { financeStatHooks } from './finance-stat.hooks.ts';
import { EXPENSE_PAY, EXPENSE_SUBMIT, expense } from '../../../shared/entities/finance/expense.ts';
import { expenseHooks, expenseReaction } from './expense.hooks.ts';
import {
  SUBJECTBALANCE_GENERATE,
  SUBJECTBALANCE_IMPORT,
  subjectBalance,
} from '../../../shared/entities/finance/subject-balance.ts';
import { subjectBalanceHooks, subjectBalanceReaction } from './subject-balance.hooks.ts';
import { subjectBalanceRoutes } from './subject-balance.routes.ts';
import { seedSubjectBalanceDemo } from './demo/subject-balances.ts';

import {
  LEDGER_AUDIT,
  LEDGER_IMPORT,
  LEDGER_POST,
  LEDGER_UNAUDIT,
  ledger,
} from '../../../shared/entities/finance/ledger.ts';
import { ledgerHooks } from './ledger.hooks.ts';
import { ledgerRoutes } from './ledger.routes.ts';
import { booksImportRoutes } from './books-import/books.routes.ts';

import { FIXEDLEDGER_DEPRECIATE, fixedAsset } from '../../../shared/entities/finance/fixed-asset.ts';
import { device } from '../../../shared/entities/production/device.ts';
import { fixedAssetHooks } from './fixed-asset.hooks.ts';
import { assetLinksDevice, deviceLinksAsset } from './fixed-asset-device.ts';
import { fixedAssetRoutes } from './fixed-asset.routes.ts';
import { seedFixedAssetDemo } from './demo/fixed-assets.ts';
import { FIXEDLEDGER_DEPRECIATE_URL } from '../../../shared/contract/api/finance.ts';
import { incomeExpense } from '../../../shared/entities/finance/income-expense.ts';
import { overdueStat } from '../../../shared/entities/finance/overdue-stat.ts';
import { relatedStat } from '../../../shared/entities/finance/related-stat.ts';
import { incomeExpenseHooks } from './income-expense.hooks.ts';
import { overdueStatHooks } from './overdue-stat.hooks.ts';
import { relatedStatHooks, relatedStatReaction } from './related-stat.hooks.ts';
import { financeChartRoutes } from './finance-charts.routes.ts';
import { seedCashAgingRelatedDemo } from './demo/cash-aging-related.ts';
import { expenseBudgetEffect } from './expense-budget.ts';
import { installBudgetControl } from './install.ts';

const financeMenu = business('finance', '财务管理', 'Finance', 13, 'iconfont iconicon_coinpurse_line', [
  ['subject', '会计科目', 'Accounting subjects'],
  [
    'subjectbalance',
    '科目余额表',
    'Subject balances',
    {
      extra: [
        btn(
          SUBJECTBALANCE_GENERATE,
          '生成余额',
          'Generate balances',
          'generate',
          'calculator',
          1,
          `${SYS}/subjectbalance/generate`,
        ),
        // A period's trial balance exported from 用友 / 金蝶 (docs/finance-import.md).
        btn(SUBJECTBALANCE_IMPORT, '导入', 'Import', 'import', 'import', 2, `${SYS}/subjectbalance/import-books`),
      ],
    },
  ],
  [
    'ledger',
    '明细账',
    'Ledger',
    {
      // [DESIGN] menus.md names none: a voucher's audit, its reversal and its posting are the supervisor's.
      extra: [
        btn(LEDGER_AUDIT, '审核', 'Audit', 'audit', 'check', 2, `${SYS}/ledger/voucher-audit`),
        btn(LEDGER_UNAUDIT, '反审核', 'Unaudit', 'unaudit', 'undo', 2, `${SYS}/ledger/voucher-unaudit`),
        btn(LEDGER_POST, '记账', 'Post', 'post', 'book', 2, `${SYS}/ledger/voucher-post`),
        // Vouchers exported from 用友 / 金蝶 (docs/finance-import.md).
        btn(LEDGER_IMPORT, '导入', 'Import', 'import', 'import', 2, `${SYS}/ledger/import-books`),
      ],
    },
  ],
  [
    'fixedledger',
    '固定资产台账',
    'Fixed-asset ledger',
    {
      // [DESIGN] menus.md names no extra button here; issue 35 adds the monthly run, a finance role's alone.
      extra: [
        btn(
          FIXEDLEDGER_DEPRECIATE,
          '计提折旧',
          'Record depreciation',
          'depreciate',
          'calculator',
          1,
          FIXEDLEDGER_DEPRECIATE_URL,
        ),
      ],
    },
  ],
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
 * finance statistics, expense claims, sent through the fund approval (提交审批) and checked against their expense
 * budget when sent (expense-budget.ts, the parameter `finance.budgetControl`), the vouchers of the detail ledger
 * (明细账, imported from 用友/金蝶 too), the trial balance with its generation from the posted lines (生成余额, 账表核对),
 * the fixed-asset register with its monthly depreciation run (计提折旧), the cash journal, the receivable aging and the
 * related-party statistics, with their charts (issue 35).
 */
export const financeModule = defineModule({
  name: 'finance',
  entities: [
    subject,
    financeStat,
    expense,
    ledger,
    subjectBalance,
    fixedAsset,
    incomeExpense,
    overdueStat,
    relatedStat,
  ],
  hooks: {
    [subject.name]: subjectHooks,
    [financeStat.name]: financeStatHooks,
    [expense.name]: expenseHooks,
    [ledger.name]: ledgerHooks,
    [subjectBalance.name]: subjectBalanceHooks,
    [fixedAsset.name]: fixedAssetHooks,
    [incomeExpense.name]: incomeExpenseHooks,
    [overdueStat.name]: overdueStatHooks,
    [relatedStat.name]: relatedStatHooks,
  },
  reactions: {
    [subject.name]: subjectReaction,
    [expense.name]: expenseReaction,
    [subjectBalance.name]: subjectBalanceReaction,
    [fixedAsset.name]: () => assetLinksDevice,
    // A device's asset number names its card: the card follows (fixed-asset-device.ts).
    [device.name]: () => deviceLinksAsset,
    [relatedStat.name]: relatedStatReaction,
  },
  routes: [ledgerRoutes, booksImportRoutes, subjectBalanceRoutes, fixedAssetRoutes, financeChartRoutes],
  approvalEffects: { [expense.name]: expenseBudgetEffect },
  install: installBudgetControl,
  tenantRows: seedChart,
  menus: [financeMenu],
  homeChart: expenseHomeChart,
  demo: async (db) => [
    ...(await grantFinanceRole(db).then(() => [])),
    ...(await seedFinanceDemo(db)),
    ...(await seedFinanceStatDemo(db)),
    ...(await seedExpenseDemo(db)),
    ...(await seedLedgerDemo(db)),
    ...(await seedSubjectBalanceDemo(db)),
    ...(await seedFixedAssetDemo(db)),
    ...(await seedCashAgingRelatedDemo(db)),
  ],
  businessDictionaries: FINANCE_DICTIONARIES,
});
