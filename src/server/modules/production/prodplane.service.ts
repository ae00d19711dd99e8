import { prodplane } from '../../../shared/entities/production/prodplane.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import { productRowHooks } from '../../platform/product-row.ts';

/**
 * The production plan's behaviour in the engine beyond its definition (whose state machine holds the release rules):
 * the product row's (budget.md §2, §3: the dimension search and blank months as 0).
 */
export function prodplaneHooks(): EntityHooks {
  return productRowHooks(prodplane);
}
