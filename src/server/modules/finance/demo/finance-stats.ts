import { formatDateTime } from '../../../../shared/contract/time.ts';
import { financeStat } from '../../../../shared/entities/finance/finance-stat.ts';
import { MONTHS } from '../../../../shared/entities/month-row.ts';
import type { Db } from '../../../db/connect.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { computedValues } from '../../../platform/entity/derived.ts';
import { nextId } from '../../../platform/ids.ts';
import { DEMO_SEASON, demoAudit, demoNoise } from '../../system/demo/figures.ts';

/**
 * The demo group's companies and their yearly revenue: the scale of their P&L budgets
 * (modules/budget/demo/budgets.ts).
 */
const COMPANIES: ReadonlyArray<readonly [string, number]> = [
  ['1010', 36_000_000],
  ['1020', 24_000_000],
];

const SEASON_SUM = DEMO_SEASON.reduce((a, b) => a + b, 0);
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * One month of a company's figures, in the proportions of its P&L budget (cost of sales 78 % of revenue, selling
 * 3.4 %, administrative 3.9 %, R&D 2.7 % …), each within a band around them; income tax 15 % of a profit.
 */
function monthFigures(orgId: string, yearly: number, year: number, month: number): Record<string, number> {
  const noise = (line: string) => demoNoise(`${orgId}${line}${year}`, month);
  const band = (line: string, low: number, high: number) => low + (high - low) * noise(line);
  const monthly = yearly / 12;
  const revenue = round2(((yearly * DEMO_SEASON[month - 1]) / SEASON_SUM) * band('revenue', 0.85, 1.15));
  const figures = {
    revenue,
    cost: round2(revenue * band('cost', 0.75, 0.81)),
    tax_surcharge: round2(revenue * 0.008),
    selling_expense: round2(revenue * band('selling', 0.03, 0.038)),
    admin_expense: round2(monthly * band('admin', 0.035, 0.043)),
    rd_expense: round2(monthly * band('rd', 0.022, 0.032)),
    finance_expense: round2(monthly * band('finance', 0.004, 0.009)),
    other_gains: round2(monthly * band('other', -0.002, 0.004)),
  };
  const profit =
    figures.revenue -
    figures.cost -
    figures.tax_surcharge -
    figures.selling_expense -
    figures.admin_expense -
    figures.rd_expense -
    figures.finance_expense +
    figures.other_gains;
  return {
    ...figures,
    income_tax: round2(Math.max(profit, 0) * 0.15),
    // Month-end: about two and a half months of sales unpaid, five weeks of cost in stock.
    receivable_balance: round2(revenue * band('receivable', 2.2, 2.8)),
    inventory_balance: round2(figures.cost * band('inventory', 1.0, 1.4)),
    cash_balance: round2(yearly * band('cash', 0.06, 0.1)),
  };
}

/**
 * The demo group's finance statistics (`npm run demo`): each company's months of last year, and of this year up to
 * the last month closed, with the profits and margins a save works out. Each month once: one already entered stays.
 */
export async function seedFinanceStatDemo(db: Db): Promise<string[]> {
  const entered = await db
    .selectFrom('erp_finance_stat')
    .select(['org_id', 'year', 'month'])
    .where('tenant_id', '=', '000000')
    .where('is_deleted', '=', 0)
    .execute();
  const taken = new Set(entered.map((r) => `${r.org_id}/${r.year}/${r.month}`));
  const today = formatDateTime().slice(0, 10);
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  const audit = demoAudit();
  const rows = [thisYear - 1, thisYear].flatMap((year) =>
    COMPANIES.flatMap(([orgId, yearly]) =>
      MONTHS.filter((month) => (year < thisYear || month < thisMonth) && !taken.has(`${orgId}/${year}/${month}`)).map(
        (month) => {
          const row = { org_id: orgId, year, month, ...monthFigures(orgId, yearly, year, month) };
          return { ...row, ...computedValues(financeStat, row), id: nextId(), tenant_id: '000000', ...audit };
        },
      ),
    ),
  );
  await insertRows(db, 'erp_finance_stat', rows);
  return [`${rows.length} finance statistics rows`];
}
