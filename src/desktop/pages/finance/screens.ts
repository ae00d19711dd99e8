import { lazyPage, withRows, type Screens } from '../screens.ts';

const expense = async () => (await import('../../../shared/entities/finance/expense.ts')).expense;
const subjectBalance = async () => (await import('../../../shared/entities/finance/subject-balance.ts')).subjectBalance;
const ledger = async () => (await import('../../../shared/entities/finance/ledger.ts')).ledger;
const fixedAsset = async () => (await import('../../../shared/entities/finance/fixed-asset.ts')).fixedAsset;

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
};
