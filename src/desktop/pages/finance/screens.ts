import { crudScreen, lazyPage, withRows, type Screens } from '../screens.ts';

const expense = async () => (await import('../../../shared/entities/finance/expense.ts')).expense;

/** The finance module's desktop screens (menus of modules/finance on the server). */
export const financeScreens: Screens = {
  // An account's parent follows its code (the server places it): no parent picker in the form.
  '/finance/subject': crudScreen(async () => (await import('../../../shared/entities/finance/subject.ts')).subject, {
    hideFields: ['parentId'],
  }),
  // The company and its month stay in view beside the many figures; a year searched without a month shows its year
  // to date under the table (financeStat.pageRow).
  '/finance/financestat': crudScreen(
    async () => (await import('../../../shared/entities/finance/finance-stat.ts')).financeStat,
    { leadColumns: ['orgId', 'year', 'month'] },
  ),
  // Claims on the shared page with their state, 提交审批 through the fund approval and 付款 of approved ones.
  '/finance/expense': withRows(
    lazyPage(() => import('./ExpensePage.tsx')),
    expense,
    { leadColumns: ['expenseNo'] },
  ),
};
