import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchClaimList,
  fetchFlowCategories,
  fetchHistoryFlowList,
  fetchRequestDetail,
  fetchSendList,
  fetchStartList,
  fetchTodoList,
  type BladeFlow,
} from '../../../client/api/flow.ts';
import { fetchCopyList } from '../../../client/api/flow-actions.ts';
import type { Page } from '../../../client/http.ts';
import { WORK_LIST_PAGE_SIZE } from '../../../client/api/first-screen.ts';
import { approvalOf } from '../../../shared/entities/approvals.ts';
import type { ApprovalKind } from '../../paths.ts';
import type { BusinessRecord } from './business.ts';
import { nextPageOf } from '../../components/PagedScroll.tsx';

export const PAGE_SIZE = WORK_LIST_PAGE_SIZE;

/** Every workflow query of the phone starts with this key: it is what the offline copy keeps (offline-cache.ts). */
export const FLOW_KEY = ['mobile', 'flow'] as const;
export type WorkListKind = 'todo' | 'claim' | 'send' | 'copy';

export const flowKeys = {
  list: (kind: WorkListKind) => [...FLOW_KEY, 'list', kind] as const,
  lists: [...FLOW_KEY, 'list'] as const,
  business: (kind: ApprovalKind, businessId: string) => [...FLOW_KEY, 'business', kind, businessId] as const,
  history: (processInstanceId: string) => [...FLOW_KEY, 'history', processInstanceId] as const,
  categories: [...FLOW_KEY, 'categories'] as const,
  startList: [...FLOW_KEY, 'start-list'] as const,
};

const LOADERS: Record<WorkListKind, (filter: { current: number; size: number }) => Promise<Page<BladeFlow>>> = {
  todo: fetchTodoList,
  claim: fetchClaimList,
  send: fetchSendList,
  copy: fetchCopyList,
};

/** One work list, newest first (the server's order), ten rows a page. */
export function useWorkList(kind: WorkListKind) {
  return useInfiniteQuery({
    queryKey: flowKeys.list(kind),
    queryFn: ({ pageParam }) => LOADERS[kind]({ current: pageParam, size: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last: Page<BladeFlow>) => nextPageOf(last, PAGE_SIZE),
    // Back in the app (a phone wakes it from the background): tasks may have come in meanwhile.
    refetchOnWindowFocus: true,
  });
}

/**
 * The cards' requests follow their list: when a list is loaded again (not when it only grows by a page), the records
 * loaded before it are asked again too, since a request's state changes without its row in the list changing.
 */
export function useBusinessFollowsList(listUpdatedAt: number, pageCount: number) {
  const queryClient = useQueryClient();
  const pages = useRef(0);
  useEffect(() => {
    const grew = pageCount > pages.current && pages.current > 0;
    pages.current = pageCount;
    if (!listUpdatedAt || grew) return;
    void queryClient.invalidateQueries({
      queryKey: [...FLOW_KEY, 'business'],
      predicate: (query) => query.state.dataUpdatedAt < listUpdatedAt,
    });
  }, [queryClient, listUpdatedAt, pageCount]);
}

/** The request of a process (leave, fund, ...; null: gone, or not the caller's to see). */
export function useBusiness(kind: ApprovalKind, businessId: string) {
  const approvable = Boolean(approvalOf(kind));
  return useQuery({
    queryKey: flowKeys.business(kind, businessId),
    queryFn: async (): Promise<BusinessRecord | null> => {
      const record = approvable ? await fetchRequestDetail(kind, businessId) : null;
      return record ? { kind, record } : null;
    },
    enabled: approvable && Boolean(businessId),
  });
}

export function useHistory(processInstanceId: string) {
  return useQuery({
    queryKey: flowKeys.history(processInstanceId),
    queryFn: () => fetchHistoryFlowList(processInstanceId),
    enabled: Boolean(processInstanceId),
  });
}

/** The `flow` dictionary (category -> its approval kind): rarely changes. */
export function useCategories() {
  return useQuery({ queryKey: flowKeys.categories, queryFn: fetchFlowCategories, staleTime: 10 * 60_000 });
}

/** The latest definitions the caller may start. */
export function useStartList(enabled: boolean) {
  return useQuery({
    queryKey: flowKeys.startList,
    queryFn: async () => (await fetchStartList({ current: 1, size: 50 })).records,
    enabled,
  });
}

/** After an action: the lists and this process's record and history are refetched. */
export function useRefreshAfterAction() {
  const queryClient = useQueryClient();
  return async (target: { kind?: ApprovalKind; businessId?: string; processInstanceId?: string } = {}) => {
    const work = [queryClient.invalidateQueries({ queryKey: flowKeys.lists })];
    if (target.kind && target.businessId)
      work.push(queryClient.invalidateQueries({ queryKey: flowKeys.business(target.kind, target.businessId) }));
    if (target.processInstanceId)
      work.push(queryClient.invalidateQueries({ queryKey: flowKeys.history(target.processInstanceId) }));
    await Promise.all(work);
  };
}
