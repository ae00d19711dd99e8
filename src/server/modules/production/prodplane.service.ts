import { prodplane } from '../../../shared/entities/production/prodplane.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { parseSearchMonth } from '../../platform/dimension-search.ts';
import type { EntityHooks, EntityService, Page, WireRecord } from '../../platform/entity/service.ts';
import { productRowHooks, withRangeTotals } from '../../platform/product-row.ts';

/**
 * The production plan's behaviour in the engine beyond its definition (whose state machine holds the release rules):
 * the product row's (budget.md §2, §3: the dimension search and blank months as 0).
 */
export function prodplaneHooks(): EntityHooks {
  return productRowHooks(prodplane);
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
