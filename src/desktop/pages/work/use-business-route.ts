import { useQuery } from '@tanstack/react-query';
import { businessOf, businessOfTable, type BusinessKind } from '../../../client/api/flow.ts';
import { flowCategoriesQuery } from '../flow/flow-screen-queries.ts';

/**
 * Which business page (an approval kind: leave, finance, ...) a row opens: the approvable entity of its instance's
 * business table, else what the `flow` dictionary's remark routes its category to (contract §2; a definition of the
 * start list has no table). A claim sent through the fund approval is a fund category's process on the expense
 * table: it opens the claim's pages, a fund request its own.
 */
export function useBusinessRoute(): (row: { category: string; businessTable?: string }) => BusinessKind | undefined {
  const categories = useQuery(flowCategoriesQuery);
  return (row) =>
    (row.businessTable ? businessOfTable(row.businessTable) : undefined) ?? businessOf(categories.data, row.category);
}
