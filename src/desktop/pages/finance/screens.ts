import type { LazyPage } from '../../../client/lazy.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { crudData, lazyPage, withData, withRows, type Screens } from '../screens.ts';

const expense = async () => (await import('../../../shared/entities/finance/expense.ts')).expense;
const subjectBalance = async () => (await import('../../../shared/entities/finance/subject-balance.ts')).subjectBalance;
const ledger = async () => (await import('../../../shared/entities/finance/ledger.ts')).ledger;
const fixedAsset = async () => (await import('../../../shared/entities/finance/fixed-asset.ts')).fixedAsset;
const incomeExpense = async () => (await import('../../../shared/entities/finance/income-expense.ts')).incomeExpense;
const overdueStat = async () => (await import('../../../shared/entities/finance/overdue-stat.ts')).overdueStat;
const relatedStat = async () => (await import('../../../shared/entities/finance/related-stat.ts')).relatedStat;
const financeStat = async () => (await import('../../../shared/entities/finance/finance-stat.ts')).financeStat;
const lists = () => import('./finance-lists.tsx');

/** A screen whose first rows are the shared page's over `entity` laid out by its definition's hint. */
const hinted = (page: LazyPage, entity: () => Promise<EntityDef>) =>
  withData(page, async () => crudData(entity, (await entity()).screen)(), entity);

/** The finance module's own desktop screens (menus of modules/finance on the server). */
export const financeScreens: Screens = {
  // Claims on the shared page with their state, 提交审批 through the fund approval and 付款 of approved ones.
  '/finance/expense': withRows(
    lazyPage(() => import('./ExpensePage.tsx')),
    expense,
  ),
  // Leaf rows with the footer's balance hint, 生成余额 / 账表核对, the level-1 summary and the proposed opening.
  '/finance/subjectbalance': withRows(
    lazyPage(() => import('./SubjectBalancePage.tsx')),
    subjectBalance,
  ),
  // Voucher lines on the shared page with Σ debit and credit; vouchers entered, audited and posted whole.
  '/finance/ledger': withRows(
    lazyPage(() => import('./LedgerPage.tsx')),
    ledger,
  ),
  // Asset cards with the depreciation by category above them (echarts loads here only) and 计提折旧.
  '/finance/fixedledger': withRows(
    lazyPage(() => import('./FixedAssetPage.tsx')),
    fixedAsset,
  ),
  // Issue 35: the charts of what the search selects, the cash journal's totals, the counterparty check.
  '/finance/incomeexpense': hinted(
    lazyPage(async () => ({ default: (await lists()).IncomeExpensePage })),
    incomeExpense,
  ),
  '/finance/overduestat': hinted(
    lazyPage(async () => ({ default: (await lists()).OverdueStatPage })),
    overdueStat,
  ),
  '/finance/financestat': hinted(
    lazyPage(async () => ({ default: (await lists()).FinanceStatPage })),
    financeStat,
  ),
  '/finance/relatedstat': hinted(
    lazyPage(async () => ({ default: (await lists()).RelatedStatPage })),
    relatedStat,
  ),
};
