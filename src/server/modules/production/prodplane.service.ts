import { finishRate, monthSum, type MonthRange } from '../../../shared/entities/month-row.ts';
import { PLAN_RELEASE, prodplane } from '../../../shared/entities/production/prodplane.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { dimensionFilter, parseSearchMonth } from '../../platform/dimension-search.ts';
import type { EntityHooks, EntityService, Page, WireRecord } from '../../platform/entity/service.ts';
import { failWith } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { closedPlanCount } from './prodplane.queries.ts';
import { blankMonthsAsZero, checkPlanWrite, PLAN_MESSAGES } from './prodplane.rules.ts';

/** The production plan's behaviour in the engine: the dimension search, the status machine, blank months as 0. */
export function prodplaneHooks(services: Services): EntityHooks {
  // Whether the caller may release, found before the write's transaction opens (PGlite has one connection).
  const releasers = new WeakMap<AuthUser, boolean>();
  return {
    listFilter: (user, query) => dimensionFilter(prodplane.table, user.tenantId, query),
    prepare: async (user, input) => {
      releasers.set(user, await services.permissions.has(user, PLAN_RELEASE));
      return blankMonthsAsZero(input);
    },
    beforeWrite: async (_trx, user, values, before) => checkPlanWrite(values, before, releasers.get(user) ?? false),
    beforeRemove: async (user, ids) => {
      if (await closedPlanCount(services.db, user.tenantId, ids)) throw failWith(PLAN_MESSAGES.closedRemove);
    },
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
