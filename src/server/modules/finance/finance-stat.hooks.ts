import { sql } from 'kysely';
import type { DynamicQuery } from '../../db/connect.ts';
import { camelToSnake } from '../../../shared/entities/define.ts';
import {
  BALANCE_FIELDS,
  FLOW_FIELDS,
  financeStat,
  profitFigures,
} from '../../../shared/entities/finance/finance-stat.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';

/** Whether the list names `name` (bare or with a suffix) with a value. */
const filtersOn = (query: Record<string, unknown>, name: string, suffixes?: readonly string[]) =>
  Object.entries(query).some(
    ([key, value]) =>
      (key === name || (key.startsWith(`${name}_`) && (!suffixes || suffixes.includes(key.slice(name.length + 1))))) &&
      value !== undefined &&
      value !== null &&
      String(value).trim() !== '',
  );

/** A year and no month (domain/finance.md § financestat): the list's rows are months of one year to date. */
export const asksYearToDate = (query: Record<string, unknown>) =>
  filtersOn(query, 'year', ['equal']) && !filtersOn(query, 'month');

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The year-to-date row of the rows a list matches, in SQL: each line summed over the months (none entered stays
 * none), each balance the latest month's of every company (a group's total is its companies' latest balances), and
 * the profits and margins derived from those sums as a month's are. None when no row matches.
 */
export async function yearToDate(
  { db }: Pick<Services, 'db'>,
  matching: DynamicQuery,
): Promise<Record<string, number | null> | null> {
  const flows = FLOW_FIELDS.map((name) => [name, camelToSnake(name)] as const);
  const balances = BALANCE_FIELDS.map((name) => [name, camelToSnake(name)] as const);
  const months = matching
    .select([...flows, ...balances].map(([, column]) => sql.ref(column).as(column)))
    .select(sql<number>`row_number() over (partition by org_id order by month desc)`.as('recent'))
    .as('m');
  const row = (await db
    .selectFrom(months)
    .select(sql<string>`count(*)`.as('months'))
    .select(flows.map(([, column]) => sql`sum(${sql.ref(`m.${column}`)})`.as(column)))
    .select(balances.map(([, column]) => sql`sum(${sql.ref(`m.${column}`)}) filter (where m.recent = 1)`.as(column)))
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row || Number(row.months) === 0) return null;
  const total: Record<string, number | null> = {};
  for (const [name, column] of [...flows, ...balances]) total[name] = numberOrNull(row[column]);
  return { ...total, ...profitFigures(total) };
}

/** 财务统计: the year-to-date row beside the page of a year's list (the definition's `pageRow`). */
export function financeStatHooks(services: Services): EntityHooks {
  const key = financeStat.pageRow!.key;
  return {
    async pageExtras(_user, query, matching) {
      return asksYearToDate(query) ? { [key]: await yearToDate(services, matching) } : {};
    },
  };
}
