import { queryOptions } from '@tanstack/react-query';
import { getData } from '../../../client/http.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { crudKey } from '../../components/crud/crud-api.ts';
import { searchBarQueries, type FirstQuery } from '../../components/crud/first-queries.ts';
import { dimensionSearchQueries } from '../../components/grid/dimension-queries.ts';
import { PAGE_SIZES, pageQuery } from '../../components/crud/use-crud-rows.ts';

type Query = Record<string, string | number>;

/** What a monthly budget row screen's list reads (BudgetRowPage's options of the same names). */
export interface BudgetRowList {
  /** The paged list's route: `list` where the entity has no `page` (budgetfill), `statlist` (inventorybudget). */
  listAction?: string;
  /** Filters the screen always sends (the labour screen's budget type 2). */
  fixed?: Query;
  /** The 合计 row from `<entity>/stat` (or the route named) with the list's filters. */
  stat?: boolean | string;
  /** The dimension search bar (§1.3) instead of the definition's. */
  dimension?: boolean | 'plain';
}

export const DEFAULT_LIST_ACTION = 'page';

/** The 合计 row of every row the search selects (`<entity>/stat`, or the route `stat` names). */
export const statQuery = (entity: EntityDef, stat: true | string, query: Query, fixed: Query | undefined) =>
  queryOptions({
    queryKey: [...crudKey(entity), 'stat', query, fixed],
    queryFn: () =>
      getData<Record<string, unknown>>(`/api/${entity.service}/${entity.name}/${stat === true ? 'stat' : stat}`, {
        ...query,
        ...fixed,
      }),
  });

/**
 * A budget row screen's first render: page 1 of its list, its 合计 row and its search bar's options.
 */
export function budgetRowQueries(
  entity: EntityDef,
  { listAction = DEFAULT_LIST_ACTION, fixed, stat, dimension }: BudgetRowList,
): FirstQuery[] {
  return [
    pageQuery(entity, { action: listAction, query: {}, fixed, page: { current: 1, size: PAGE_SIZES[0] } }),
    ...(stat ? [statQuery(entity, stat, {}, fixed)] : []),
    ...(dimension ? dimensionSearchQueries(entity) : searchBarQueries(entity)),
  ];
}
