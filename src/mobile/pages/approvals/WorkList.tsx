import { PullToRefresh } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import type { BladeFlow } from '../../../client/api/flow.ts';
import { NextPages, useOnlineRefresh } from '../../components/PagedScroll.tsx';
import { APPROVAL_PATHS } from '../../paths.ts';
import { QueryState } from '../QueryState.tsx';
import { kindOf } from './business.ts';
import { FlowCard } from './FlowCard.tsx';
import { useBusinessFollowsList, useCategories, useWorkList, type WorkListKind } from './flow-queries.ts';

/** One list of the approvals tab: pull to refresh, the next ten while scrolling, tap to open. */
export function WorkList({ kind }: { kind: WorkListKind }) {
  const navigate = useNavigate();
  const query = useWorkList(kind);
  const categories = useCategories().data;
  const rows = query.data?.pages.flatMap((page) => page.records) ?? [];
  useBusinessFollowsList(query.isFetching ? 0 : query.dataUpdatedAt, query.data?.pages.length ?? 0);

  const refresh = useOnlineRefresh(() => query.refetch());
  const open = (row: BladeFlow) => {
    const business = kindOf(row, categories);
    navigate(
      kind === 'send'
        ? APPROVAL_PATHS.detail(business, row, row.taskId)
        : APPROVAL_PATHS.handle(business, row, kind === 'claim'),
    );
  };

  return (
    <PullToRefresh onRefresh={refresh}>
      <QueryState query={query} empty={rows.length === 0}>
        <div className="m-cards">
          {rows.map((row) => (
            <FlowCard
              key={`${row.taskId}-${row.processInstanceId}`}
              row={row}
              kind={kindOf(row, categories)}
              list={kind}
              onOpen={() => open(row)}
            />
          ))}
        </div>
        <NextPages query={query} />
      </QueryState>
    </PullToRefresh>
  );
}
