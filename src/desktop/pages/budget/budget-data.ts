import type { EntityDef } from '../../../shared/entities/define.ts';
import type { FirstData } from '../screens.ts';
import type { BudgetRowList } from './budget-queries.ts';

/**
 * The first requests of a monthly budget row screen (BudgetRowPage) listing `entity` as `list` says: the same `list`
 * the screen hands the page, so both read one set of queries.
 */
export const budgetData =
  (entity: () => Promise<EntityDef>, list: BudgetRowList = {}): FirstData =>
  async () => {
    const [{ budgetRowQueries }, definition] = await Promise.all([import('./budget-queries.ts'), entity()]);
    return budgetRowQueries(definition, list);
  };
