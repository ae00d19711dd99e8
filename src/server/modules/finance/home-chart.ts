import { sql } from 'kysely';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { EXPENSE_PAY, EXPENSE_STATUS, expense } from '../../../shared/entities/finance/expense.ts';
import { MONTHS } from '../../../shared/entities/month-row.ts';
import type { HomeChartSource } from '../../platform/module.ts';

/**
 * 首页 (issue 36), finance's chart: this year's approved and paid expense claims summed by month of their expense date,
 * over the claims the caller's data scope shows. Finance's alone: who may pay claims (claimants see the screen too).
 */
export const expenseHomeChart: HomeChartSource = {
  permission: EXPENSE_PAY,
  chart: async (services, user) => {
    const year = formatDateTime().slice(0, 4);
    const matching = await services.entities
      .get(expense.name)!
      .matchingRows(user, { expenseDate_datege: `${year}-01-01`, expenseDate_datele: `${year}-12-31` });
    const month = sql<number>`extract(month from expense_date)::int`;
    const rows = (await matching
      .select(month.as('month'))
      .select(sql<string>`sum(amount)`.as('amount'))
      .where('expense_status', 'in', [EXPENSE_STATUS.approved, EXPENSE_STATUS.paid])
      .groupBy(month)
      .execute()) as Array<{ month: number | string; amount: string | number }>;
    if (rows.length === 0) return undefined;
    const byMonth = new Map(rows.map((row) => [Number(row.month), Number(row.amount)]));
    return {
      key: 'finance-expense',
      kind: 'bar',
      labels: MONTHS.map((m) => `${year}-${String(m).padStart(2, '0')}`),
      series: [{ key: 'expense', values: MONTHS.map((m) => byMonth.get(m) ?? 0) }],
    };
  },
};
