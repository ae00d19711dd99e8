import { sql } from 'kysely';
import type { DynamicQuery } from '../../db/connect.ts';
import { MONTHS, finishRate, type MonthRange } from '../../../shared/entities/month-row.ts';

const FULL_YEAR: MonthRange = { year: 0, from: 1, to: 12 };

/**
 * The 合计 of a monthly grid (budget.md §5.1, §5.2 `stat`): per-month sums of the rows a list matches, in SQL, and
 * what the monthly row derives from them: each month's completion from the summed budget and actual (zero-budget
 * rule) and the totals over `range` (the searched months; the full year without one). `counts`: extra counts by a
 * column's values (budgetfill's rows per approval state), as `<name>: n`.
 */
export async function monthlyStat(
  rows: DynamicQuery,
  options: {
    actuals: boolean;
    range?: MonthRange;
    counts?: { column: string; values: Readonly<Record<string, string>> };
  },
): Promise<Record<string, number | null>> {
  const prefixes = options.actuals ? ['amount', 'actual'] : ['amount'];
  const counts = Object.entries(options.counts?.values ?? {});
  const row = (await rows
    .select([
      ...MONTHS.flatMap((m) =>
        prefixes.map((p) => sql<string>`coalesce(sum(${sql.ref(`${p}${m}`)}), 0)`.as(`${p}${m}`)),
      ),
      sql<string>`count(*)`.as('rowCount'),
      ...counts.map(([name, value]) =>
        sql<string>`count(*) filter (where ${sql.ref(options.counts!.column)} = ${value})`.as(name),
      ),
    ])
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  const number = (key: string) => Number(row?.[key] ?? 0);
  const range = options.range ?? FULL_YEAR;
  const stat: Record<string, number | null> = {};
  let amount = 0;
  let actual = 0;
  for (const month of MONTHS) {
    stat[`amount${month}`] = number(`amount${month}`);
    const inRange = month >= range.from && month <= range.to;
    if (inRange) amount += Math.round(number(`amount${month}`) * 100);
    if (!options.actuals) continue;
    stat[`actual${month}`] = number(`actual${month}`);
    stat[`finish${month}`] = finishRate(stat[`actual${month}`], stat[`amount${month}`]);
    if (inRange) actual += Math.round(number(`actual${month}`) * 100);
  }
  stat.totalAmount = amount / 100;
  if (options.actuals) {
    stat.totalActual = actual / 100;
    stat.totalFinish = finishRate(actual, amount);
  }
  stat.rowCount = number('rowCount');
  for (const [name] of counts) stat[name] = number(name);
  return stat;
}
