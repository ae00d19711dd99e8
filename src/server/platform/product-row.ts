import { sql, type RawBuilder } from 'kysely';
import { finishRate, monthSum, type MonthRange } from '../../shared/entities/month-row.ts';
import type { EntityDef } from '../../shared/entities/define.ts';
import type { AuthUser } from './auth-context.ts';
import { DIMENSION_PARAMS, dimensionFilter, parseSearchMonth } from './dimension-search.ts';
import type { EntityHooks, EntityService, Page, WireRecord } from './entity/service.ts';

type Row = Record<string, unknown>;

/**
 * The product budget row's behaviour in the engine (domain/budget.md §2, §3), shared by the production plan and the
 * inventory budget: the dimension search over its lists and blank months saved as 0.
 */
export function productRowHooks(entity: EntityDef): EntityHooks {
  return {
    listFilter: (user, query) => dimensionFilter(entity.table, user.tenantId, query),
    listParams: DIMENSION_PARAMS,
    prepare: async (_user, input) => blankMonthsAsZero(input),
  };
}

/** Month values sent blank are saved as 0 (budget.md §2: "empty is saved as 0"). */
export function blankMonthsAsZero(input: Row): Row {
  const body = { ...input };
  for (const key of Object.keys(body))
    if (/^(amount|actual)([1-9]|1[0-2])$/.test(key) && (body[key] === '' || body[key] === null)) body[key] = 0;
  return body;
}

/**
 * A record's totals over the months of `range` only (budget.md §1), for rows read through the engine; the stored
 * full-year values stay as they are. `rangeSum` is the same rule for reads that total in SQL.
 */
export function withRangeTotals(record: WireRecord, range: MonthRange): WireRecord {
  const totalAmount = monthSum(record, 'amount', range.from, range.to);
  const totalActual = monthSum(record, 'actual', range.from, range.to);
  return { ...record, totalAmount, totalActual, totalFinish: finishRate(totalActual, totalAmount) };
}

/**
 * A product row's `list` and `page` (the production plan's, the budget situation's): the engine's page, with the
 * totals of the searched month range.
 */
export async function productRowPage(
  rows: EntityService,
  user: AuthUser,
  query: Record<string, unknown>,
): Promise<Page<WireRecord>> {
  const range = parseSearchMonth(query.searchMonth);
  const page = await rows.page(user, query);
  return range ? { ...page, records: page.records.map((record) => withRangeTotals(record, range)) } : page;
}

/** Σ `<prefix>from..to` of a row in SQL (`table`: the row's alias), exact in numeric. */
export function rangeSum(prefix: 'amount' | 'actual', range: MonthRange, table: string): RawBuilder<string> {
  const months = Array.from({ length: range.to - range.from + 1 }, (_, i) =>
    sql.ref(`${table}.${prefix}${range.from + i}`),
  );
  return sql<string>`(${sql.join(months, sql` + `)})`;
}

/** A completion in SQL as `finishRate` works it out: actual / amount to 4 places, null without an amount. */
export const finishSql = (actual: RawBuilder<unknown>, amount: RawBuilder<unknown>): RawBuilder<string | null> =>
  sql<string | null>`case when ${amount} = 0 then null else round(${actual} / ${amount}, 4) end`;
