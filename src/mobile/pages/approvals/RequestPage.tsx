import { useSearchParams } from 'react-router-dom';
import { REQUEST_STATUS } from '../../../client/api/flow.ts';
import { useSession } from '../../../client/session.ts';
import { useAdjustedAttachments } from './AdjustAttachments.tsx';
import { BusinessView } from './BusinessView.tsx';
import { useBusiness, useRefreshAfterAction } from './approval-queries.ts';
import { HistoryView } from './HistoryView.tsx';
import { TaskActions } from './TaskActions.tsx';
import { useBackToList, useProcessParams } from './process-route.ts';

/**
 * One of my requests (申请详情): the record with its state and the history. Rejected back to me, it can be
 * resubmitted or withdrawn here through its open task (`?task=`, the send list's latest task).
 */
export function RequestPage() {
  const { kind, processInstanceId, businessId } = useProcessParams();
  const [search] = useSearchParams();
  const taskId = search.get('task') ?? '';
  const { userInfo } = useSession();
  const business = useBusiness(kind, businessId).data;
  const refresh = useRefreshAfterAction();
  const back = useBackToList();
  const adjusting =
    Boolean(taskId) &&
    business?.record.status === REQUEST_STATUS.rejected &&
    business.record.createUser === userInfo?.user_id;
  const files = useAdjustedAttachments(adjusting ? business : undefined);
  return (
    <div className="m-page">
      <BusinessView kind={kind} businessId={businessId} withoutFiles={Boolean(files)} />
      {files?.editor}
      <HistoryView processInstanceId={processInstanceId} />
      {adjusting && (
        <TaskActions
          mode="adjust"
          taskId={taskId}
          processInstanceId={processInstanceId}
          adjusted={files}
          onDone={() => {
            void refresh({ kind, businessId, processInstanceId });
            back('mine');
          }}
        />
      )}
    </div>
  );
}
