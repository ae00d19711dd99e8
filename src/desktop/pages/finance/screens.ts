import { lazyPage, withRows, type Screens } from '../screens.ts';

const expense = async () => (await import('../../../shared/entities/finance/expense.ts')).expense;
const fixedAsset = async () => (await import('../../../shared/entities/finance/fixed-asset.ts')).fixedAsset;

/** The finance module's own desktop screens (menus of modules/finance on the server). */
export const financeScreens: Screens = {
  // Claims on the shared page with their state, 提交审批 through the fund approval and 付款 of approved ones.
  '/finance/expense': withRows(
    lazyPage(() => import('./ExpensePage.tsx')),
    expense,
  ),
  // Asset cards with the depreciation by category above them (echarts loads here only) and 计提折旧.
  '/finance/fixedledger': withRows(
    lazyPage(() => import('./FixedAssetPage.tsx')),
    fixedAsset,
  ),
};
