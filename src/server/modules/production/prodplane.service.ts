import { finishRate, monthSum, type MonthRange } from '../../../shared/entities/month-row.ts';
import { prodplane } from '../../../shared/entities/production/prodplane.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { dimensionFilter, parseSearchMonth } from '../../platform/dimension-search.ts';
import type { EntityHooks, EntityService, Page, WireRecord } from '../../platform/entity/service.ts';
import { blankMonthsAsZero } from './prodplane.rules.ts';

/**
 * The production plan's behaviour in the engine beyond its definition (whose state machine holds the release rules):
 * the dimension search and blank months as 0.
 */
export function prodplaneHooks(): EntityHooks {
  return {
    listFilter: (user, query) => dimensionFilter(prodplane.table, user.tenantId, query),
    prepare: async (_user, input) => blankMonthsAsZero(input),
  };
}

/** A record's totals over the months of `range` only (budget.md §1); the stored full-year values stay as they are. */
export function withRangeTotals(record: WireRecord, range: MonthRange): WireRecord {
  const totalAmount = monthSum(record, 'amount', range.from, range.to);
  const totalActual = monthSum(record, 'actual', range.from, range.to);
  return { ...record, totalAmount, totalActual, totalFinish: finishRate(totalActual, totalAmount) };
}

/** `prodplane/list` and `page`: the engine's page, with the totals of the searched month range. */
export async function planPage(
  plans: EntityService,
  user: AuthUser,
  query: Record<string, unknown>,
): Promise<Page<WireRecord>> {
  const range = parseSearchMonth(query.searchMonth);
  const page = await plans.page(user, query);
  return range ? { ...page, records: page.records.map((record) => withRangeTotals(record, range)) } : page;
}
