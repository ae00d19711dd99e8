import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { REQUEST_STATUS } from '../../../client/api/flow.ts';
import { useSession } from '../../../client/session.ts';
import { useAdjustedAttachments } from './AdjustAttachments.tsx';
import { BusinessView } from './BusinessView.tsx';
import { useBusiness, useHistory, useRefreshAfterAction } from './approval-queries.ts';
import { HistoryView } from './HistoryView.tsx';
import { useBackToList, useProcessParams } from './process-route.ts';
import { TaskActions, type TaskMode } from './TaskActions.tsx';
import { ProcessTaskFields, type TaskVariables } from './ProcessTaskFields.tsx';

/**
 * An open task (审批详情): the request read-only, its history, and the decision. A rejected request back with its
 * applicant is his to resubmit or withdraw.
 */
export function TaskPage() {
  const { t } = useTranslation();
  const { kind, taskId, processInstanceId, businessId } = useProcessParams();
  const [search, setSearch] = useSearchParams();
  const claim = search.get('claim') === '1';
  const { userInfo } = useSession();
  const business = useBusiness(kind, businessId);
  const refresh = useRefreshAfterAction();
  const back = useBackToList();

  const record = business.data?.record;
  const adjusting = record?.status === REQUEST_STATUS.rejected && record.createUser === userInfo?.user_id;
  const mode: TaskMode = adjusting ? 'adjust' : claim ? 'claim' : 'approve';
  const files = useAdjustedAttachments(adjusting ? business.data : undefined);
  // Which decision the task asks for depends on its request: wait for it while it is on its way.
  const ready = kind === 'process' || !businessId || !(business.isPending && business.fetchStatus === 'fetching');
  // A task opened from an old message may have been handled since (by him, or by another candidate): its history says.
  const history = useHistory(processInstanceId);
  const handled = Boolean(history.data?.some((row) => row.taskId === taskId && row.endTime));
  const historyRead = !(history.isPending && history.fetchStatus === 'fetching');
  // A process of no business form (通用流程): its task form's fields go with the decision.
  const [readFields, setReadFields] = useState<{ read: TaskVariables }>();
  const onFieldsReady = useCallback((read: TaskVariables) => setReadFields({ read }), []);
  return (
    <div className="m-page">
      <BusinessView kind={kind} businessId={businessId} withoutFiles={Boolean(files)} />
      {files?.editor}
      {kind === 'process' && !handled && !claim && <ProcessTaskFields taskId={taskId} onReady={onFieldsReady} />}
      <HistoryView processInstanceId={processInstanceId} />
      {handled && (
        <div className="m-actions">
          <div className="m-actions-note" role="note">
            {t('mobile.approvals.taskHandled')}
          </div>
        </div>
      )}
      {ready && historyRead && !handled && (
        <TaskActions
          mode={mode}
          taskId={taskId}
          processInstanceId={processInstanceId}
          variables={kind === 'process' && !claim ? readFields?.read : undefined}
          adjusted={files}
          onDone={() => {
            void refresh({ kind, businessId, processInstanceId });
            back(claim ? 'claim' : 'todo');
          }}
          onClaimed={() => {
            void refresh({ processInstanceId });
            setSearch({}, { replace: true });
          }}
        />
      )}
    </div>
  );
}
