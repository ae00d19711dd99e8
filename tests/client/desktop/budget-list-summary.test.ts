// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { listSummary } from '../../../src/desktop/pages/budget/BudgetRowPage.tsx';
import { financeBudget } from '../../../src/shared/entities/budget/finance-budget.ts';
import { budgetSituation } from '../../../src/shared/entities/budget/budget-situation.ts';
import { expenseSituation } from '../../../src/shared/entities/budget/expense-situation.ts';

/** The financial budget's 合计 row: the list's sums over every filtered row, not the page's rows. */
describe('the 合计 row from the list sums', () => {
  const sums = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [
      [`sumAmount${i + 1}`, i === 0 ? 100.1 : 10],
      [`sumActual${i + 1}`, i === 0 ? 0.2 : 5],
    ]).flat(),
  );

  it('takes each month from the list and adds up the year in cents', () => {
    const summary = listSummary(financeBudget, { records: [], total: 3, ...sums })!;
    expect(summary.amount1).toBe(100.1);
    expect(summary.actual12).toBe(5);
    expect(summary.totalAmount).toBe(210.1);
    expect(summary.totalActual).toBe(55.2);
  });

  it('shows no total for a count past the cap, and leaves entities without sums to the grid', () => {
    expect(listSummary(financeBudget, { records: [], total: 10_000, totalCapped: true })).toEqual({});
    expect(listSummary(budgetSituation, { records: [], total: 3, ...sums })).toBeUndefined();
    expect(listSummary(financeBudget, undefined)).toBeUndefined();
  });
});

/** The expense situation's 合计 row: the list's `sum` beside the page (budgetsituation/stat's object), as it is. */
describe('the 合计 row beside the page', () => {
  it('is the row the list answers under its key, none before the list arrives', () => {
    const sum = { amount1: 400, actual1: 50, finish1: 0.125, totalAmount: 1500, totalFinish: 0.1267, rowCount: 2 };
    expect(listSummary(expenseSituation, { records: [], total: 2, sum })).toBe(sum);
    expect(listSummary(expenseSituation, undefined)).toBeUndefined();
    expect(listSummary(expenseSituation, { records: [], total: 0 })).toBeUndefined();
  });
});
