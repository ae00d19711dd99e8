import { formatDateTime } from '../../../shared/contract/time.ts';
import { financeBudget } from '../../../shared/entities/budget/finance-budget.ts';
import { MONTHS } from '../../../shared/entities/month-row.ts';
import type { Db } from '../../db/connect.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { computedValues } from '../../platform/entity/derived.ts';
import { nextId } from '../../platform/ids.ts';
import { DEMO_SEASON, demoAudit, demoNoise } from '../system/demo.ts';

/** The demo group's companies and their yearly revenue budget (CNY). */
const COMPANIES: ReadonlyArray<readonly [string, number]> = [
  ['1010', 36_000_000],
  ['1020', 24_000_000],
];

/** A P&L budget's lines: the account (a leaf of the demo chart) and its share of revenue (negative: none). */
const LINES: ReadonlyArray<readonly [string, number]> = [
  ['6001', 1],
  ['6401', 0.78],
  ['6403', 0.008],
  ['660101', 0.012],
  ['660102', 0.015],
  ['660103', 0.004],
  ['660104', 0.003],
  ['660201', 0.025],
  ['660202', 0.002],
  ['660203', 0.003],
  ['660204', 0.002],
  ['660205', 0.006],
  ['660206', 0.001],
  ['660301', 0.006],
  ['660302', 0.0005],
  ['660401', 0.018],
  ['660402', 0.009],
  ['6801', 0.02],
];

const SEASON_SUM = DEMO_SEASON.reduce((a, b) => a + b, 0);
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The demo group's financial budgets (`npm run demo`): last year's and this year's P&L budget of both companies by
 * account and month, last year's actuals all in, this year's up to last month (85–115 % of the budget). Added once: a
 * tenant with financial budget rows keeps them.
 */
export async function seedBudgetDemo(db: Db): Promise<string[]> {
  const have = await db
    .selectFrom('erp_finance_budget')
    .select('id')
    .where('tenant_id', '=', '000000')
    .executeTakeFirst();
  if (have) return ['0 financial budget rows'];
  const accounts = new Map(
    (
      await db
        .selectFrom('erp_subject')
        .select(['subject_code', 'full_name'])
        .where('tenant_id', '=', '000000')
        .where('is_deleted', '=', 0)
        .where('is_leaf', '=', 1)
        .execute()
    ).map((r) => [r.subject_code, r.full_name]),
  );
  const today = formatDateTime().slice(0, 10);
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  const audit = demoAudit();
  const rows: Array<Record<string, unknown>> = [];
  for (const year of [thisYear - 1, thisYear])
    for (const [orgId, revenue] of COMPANIES)
      for (const [sort, [subject, share]] of LINES.entries()) {
        const title = accounts.get(subject);
        if (!title) continue;
        const row: Record<string, unknown> = { year, org_id: orgId, subject, title, sort: sort + 1 };
        // Whole hundreds a month, December taking what rounding left: the months add up to the year's budget.
        const yearly = Math.round((revenue * share) / 100) * 100;
        let left = yearly;
        for (const month of MONTHS) {
          const amount = month === 12 ? left : Math.round((yearly * DEMO_SEASON[month - 1]) / SEASON_SUM / 100) * 100;
          left -= amount;
          const done = year < thisYear || month < thisMonth;
          row[`amount${month}`] = amount;
          row[`actual${month}`] = done
            ? round2(amount * (0.85 + 0.3 * demoNoise(`${orgId}${subject}${year}`, month)))
            : 0;
        }
        rows.push({ ...row, ...computedValues(financeBudget, row), id: nextId(), tenant_id: '000000', ...audit });
      }
  await insertRows(db, 'erp_finance_budget', rows);
  return [`${rows.length} financial budget rows`];
}
