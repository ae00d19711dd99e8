import { useQuery } from '@tanstack/react-query';
import { businessOf, businessOfTable, type BusinessKind } from '../../../client/api/flow.ts';
import { flowCategoriesQuery } from '../flow/flow-queries.ts';

/**
 * Which business page (an approval kind: leave, finance, ...) a category opens: the `flow` dictionary's remark for
 * it (contract §2), else the instance's business table.
 */
export function useBusinessRoute(): (row: { category: string; businessTable?: string }) => BusinessKind | undefined {
  const categories = useQuery(flowCategoriesQuery);
  return (row) =>
    businessOf(categories.data, row.category) ?? (row.businessTable ? businessOfTable(row.businessTable) : undefined);
}
