import { queryOptions } from '@tanstack/react-query';
import {
  fetchFlowCategories,
  fetchHistoryFlowList,
  fetchModelView,
  fetchTenantOptions,
} from '../../../client/api/flow.ts';
import { DESKTOP_KEY } from '../../queries.ts';

/** Query keys of the workflow screens: lists under LIST_KEY are refetched after any action on them. */
export const FLOW_LIST_KEY = [DESKTOP_KEY, 'flow-list'] as const;
const FLOW_KEY = [DESKTOP_KEY, 'flow'] as const;

/** The `flow` dictionary (category -> name, route segment). */
export const flowCategoriesQuery = queryOptions({
  queryKey: [...FLOW_KEY, 'categories'],
  queryFn: fetchFlowCategories,
  staleTime: 5 * 60_000,
});

export const tenantOptionsQuery = queryOptions({
  queryKey: [...FLOW_KEY, 'tenants'],
  queryFn: fetchTenantOptions,
  staleTime: 5 * 60_000,
});

/** What a diagram shows: an instance (with its history) or a definition. */
export type DiagramTarget = { processInstanceId: string } | { processDefinitionId: string };

export const modelViewQuery = (target: DiagramTarget) =>
  queryOptions({
    queryKey: [...FLOW_KEY, 'model-view', target],
    queryFn: () => fetchModelView(target),
    staleTime: 0,
  });

export const historyQuery = (processInstanceId: string) =>
  queryOptions({
    queryKey: [...FLOW_KEY, 'history', processInstanceId],
    queryFn: () => fetchHistoryFlowList(processInstanceId),
    staleTime: 0,
  });
