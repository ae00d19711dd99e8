import { PullToRefresh } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../client/session.ts';
import { useTranslation } from 'react-i18next';
import type { BladeFlow } from '../../../client/api/flow.ts';
import { NextPages, useOnlineRefresh } from '../../components/PagedScroll.tsx';
import { APPROVAL_PATHS } from '../../paths.ts';
import { QueryState } from '../QueryState.tsx';
import { kindOf } from './business.ts';
import { FlowCard } from './FlowCard.tsx';
import { approveLater, usePendingApprovals } from './pending-approvals.ts';
import { markCopyRead } from '../../../client/api/flow-actions.ts';
import { useBusinessFollowsList, useCategories, useWorkList, type WorkListKind } from './approval-queries.ts';

/**
 * One list of the approvals tab: pull to refresh, the next ten while scrolling, tap to open; a task's 同意 approves it
 * from the list (claiming a group task first) after the undo delay, and the task leaves the list at once.
 */
export function WorkList({ kind }: { kind: WorkListKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tenantId, userInfo } = useSession();
  const query = useWorkList(kind);
  const categories = useCategories().data;
  const waiting = new Set(usePendingApprovals().map((entry) => entry.taskId));
  const rows = (query.data?.pages.flatMap((page) => page.records) ?? []).filter(
    (row) => kind === 'send' || kind === 'copy' || !waiting.has(row.taskId),
  );
  useBusinessFollowsList(query.isFetching ? 0 : query.dataUpdatedAt, query.data?.pages.length ?? 0);

  const refresh = useOnlineRefresh(() => query.refetch());
  const open = (row: BladeFlow) => {
    const business = kindOf(row, categories);
    // A copy opened is read (抄送).
    if (kind === 'copy' && !row.read) void markCopyRead(row.processInstanceId).then(() => query.refetch());
    navigate(
      kind === 'send' || kind === 'copy'
        ? APPROVAL_PATHS.detail(business, row, row.taskId)
        : APPROVAL_PATHS.handle(business, row, kind === 'claim'),
    );
  };

  const approve = (row: BladeFlow) =>
    approveLater({
      taskId: row.taskId,
      processInstanceId: row.processInstanceId,
      claim: kind === 'claim',
      comment: t('mobile.approvals.approveComment'),
      owner: `${tenantId}:${userInfo?.user_id ?? ''}`,
    });

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
              onApprove={kind === 'send' || kind === 'copy' ? undefined : () => approve(row)}
            />
          ))}
        </div>
        <NextPages query={query} />
      </QueryState>
    </PullToRefresh>
  );
}
