import { lazyPage, withRows, type Screens } from '../screens.ts';

const expense = async () => (await import('../../../shared/entities/finance/expense.ts')).expense;

/** The finance module's own desktop screens (menus of modules/finance on the server). */
export const financeScreens: Screens = {
  // Claims on the shared page with their state, 提交审批 through the fund approval and 付款 of approved ones.
  '/finance/expense': withRows(
    lazyPage(() => import('./ExpensePage.tsx')),
    expense,
  ),
};
