import { createElement } from 'react';
import { lazyPage } from '../../../client/lazy.ts';
import { withData, type Screens } from '../screens.ts';
import { budgetData } from './budget-data.ts';
import { budgetFillScreens } from './fill-screens.ts';
import { inventoryBudgetScreens } from './inventory-screens.ts';

const financeBudget = async () => (await import('../../../shared/entities/budget/finance-budget.ts')).financeBudget;
const differ = async () => (await import('../../../shared/entities/budget/differ.ts')).differ;

/** The budget module's desktop screens (menus of modules/budget on the server). */
export const budgetScreens: Screens = {
  ...budgetFillScreens,
  ...inventoryBudgetScreens,
  '/budget/financebudget': withData(
    lazyPage(async () => {
      const [{ BudgetRowPage }, { listMonthlySums }, entity] = await Promise.all([
        import('./BudgetRowPage.tsx'),
        import('../../components/charts/BudgetCharts.tsx'),
        financeBudget(),
      ]);
      return {
        default: function FinanceBudgetScreen() {
          // The chart sums what the search selects: the list answers each month's Σ (financeBudget.sums).
          return createElement(BudgetRowPage, { entity, chartSums: (query) => listMonthlySums(entity, query) });
        },
      };
    }),
    budgetData(financeBudget),
    financeBudget,
  ),
  '/budget/differ': withData(
    lazyPage(async () => {
      const [{ BudgetRowPage }, entity] = await Promise.all([import('./BudgetRowPage.tsx'), differ()]);
      return {
        default: function DifferScreen() {
          return createElement(BudgetRowPage, {
            entity,
            // The part number beside the account; the year's difference after the full year, red when overspent.
            grid: (config) => ({
              ...config,
              captions: [...config.captions, { key: 'productNo', label: entity.fields.productNo.label, scrolls: true }],
              trailing: [
                { key: 'totalDiffer', field: 'totalDiffer', label: entity.fields.totalDiffer.label, overspend: true },
              ],
            }),
          });
        },
      };
    }),
    budgetData(differ),
    differ,
  ),
  // The year's differences summed by account and item: the read-only grid (budget.md §1.4).
  '/budget/differstat': lazyPage(() => import('./DifferStatPage.tsx')),
};
