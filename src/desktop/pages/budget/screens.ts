import { createElement } from 'react';
import { lazyPage } from '../../../client/lazy.ts';
import { withRows, type Screens } from '../screens.ts';

const financeBudget = async () => (await import('../../../shared/entities/budget/finance-budget.ts')).financeBudget;

/** The budget module's desktop screens (menus of modules/budget on the server). */
export const budgetScreens: Screens = {
  '/budget/financebudget': withRows(
    lazyPage(async () => {
      const [{ BudgetRowPage }, entity] = await Promise.all([import('./BudgetRowPage.tsx'), financeBudget()]);
      return {
        default: function FinanceBudgetScreen() {
          return createElement(BudgetRowPage, { entity });
        },
      };
    }),
    financeBudget,
  ),
};
