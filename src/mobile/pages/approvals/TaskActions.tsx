import { useState } from 'react';
import { ActionSheet, Button, Toast } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { claimTask, completeTask } from '../../../client/api/flow.ts';
import { ApiFailure } from '../../../client/http.ts';
import { useOnline } from '../../../client/pwa.ts';
import { CommentSheet, type CommentAction } from './CommentSheet.tsx';
import { approveLater } from './pending-approvals.ts';
import { useSession } from '../../../client/session.ts';
import { fetchOwnTask, resolveTask } from '../../../client/api/flow-actions.ts';
import { MORE_ACTIONS, TaskMoreSheet, type MoreAction } from './TaskMoreSheet.tsx';

/** approve: 同意 / 驳回; claim: 签收 first, or decide at once (completing claims it); adjust: the applicant's 重新提交 / 撤销. */
export type TaskMode = 'approve' | 'claim' | 'adjust';

interface Props {
  mode: TaskMode;
  taskId: string;
  processInstanceId: string;
  /** the task was completed: the page goes back to its list */
  onDone: () => void;
  onClaimed?: () => void;
  /**
   * A task form's values (a 通用流程's task): its decision is sent with them, both decisions through the comment
   * sheet (no delayed 同意); undefined from it: a field would be refused, nothing is sent.
   */
  variables?: () => Record<string, unknown> | undefined;
  /** Adjusting: what the applicant changed is saved before he resubmits (his request's files). */
  adjusted?: { save: () => Promise<void>; uploading: boolean };
}

/**
 * The bottom bar of an open task. 同意 is one tap, with an undo instead of a confirmation (claiming a group task
 * first): the page goes back to its list, where 撤销 stands for a few seconds before it is sent. The other actions are
 * two taps: the button opens the comment sheet (prefilled with the usual word, the reason of a 驳回), its confirm
 * sends. Nothing is sent offline: deciding needs the network, and the bar says so.
 */
export function TaskActions({ mode, taskId, processInstanceId, onDone, onClaimed, variables, adjusted }: Props) {
  const { t } = useTranslation();
  const online = useOnline();
  const [action, setAction] = useState<CommentAction>();
  const [claiming, setClaiming] = useState(false);
  const { tenantId, userInfo } = useSession();
  const [choosing, setChoosing] = useState(false);
  const [more, setMore] = useState<MoreAction>();
  // The task's 委派 / 加签 state decides its buttons (a delegate answers; a task waiting for added approvers waits).
  const own = useQuery({
    queryKey: ['mobile', 'own-task', taskId],
    queryFn: () => fetchOwnTask(taskId),
    enabled: mode === 'approve',
    staleTime: 0,
  }).data;
  const delegated = own?.delegationState === 'pending';
  const waitingSign = own?.signState === 'waiting';
  const plain = mode === 'approve' && own && !own.parentTaskId && !delegated && !waitingSign;

  const needsNetwork = () => {
    if (navigator.onLine) return false;
    Toast.show({ icon: 'fail', content: t('mobile.approvals.needNetwork') });
    return true;
  };
  /** The server's refusals are toasted by the interceptor; a request that never got an answer is said here. */
  const unanswered = (error: unknown) => {
    if (!(error instanceof ApiFailure)) Toast.show({ icon: 'fail', content: t('common.networkError') });
    throw error;
  };
  const complete = (pass: boolean, done: string, given?: Record<string, unknown>) => async (comment: string) => {
    if (needsNetwork()) throw new Error('offline');
    await completeTask({ taskId, processInstanceId, comment, pass, variables: given }).catch(unanswered);
    setAction(undefined);
    Toast.show({ icon: 'success', content: done });
    onDone();
  };
  const open = (next: CommentAction) => {
    if (needsNetwork()) return;
    setAction(next);
  };
  const claim = async () => {
    if (needsNetwork()) return;
    setClaiming(true);
    try {
      const message = await claimTask(taskId).catch(unanswered);
      Toast.show({ icon: 'success', content: message });
      onClaimed?.();
    } catch {
      // already said (the interceptor or `unanswered`)
    } finally {
      setClaiming(false);
    }
  };

  const approve = () => {
    if (variables) {
      const given = variables();
      if (!given) return;
      open({
        title: t('mobile.approvals.approve'),
        comment: t('mobile.approvals.approveComment'),
        send: complete(true, t('mobile.approvals.approved'), given),
      });
      return;
    }
    const later = approveLater({
      taskId,
      processInstanceId,
      claim: mode === 'claim',
      comment: t('mobile.approvals.approveComment'),
      owner: `${tenantId}:${userInfo?.user_id ?? ''}`,
    });
    if (later) onDone();
  };
  const reject = () => {
    const given = variables ? variables() : {};
    if (!given) return;
    open({
      title: t('mobile.approvals.reject'),
      comment: t('mobile.approvals.rejectComment'),
      danger: true,
      send: complete(false, t('mobile.approvals.rejected'), variables ? given : undefined),
    });
  };
  const resubmit = () => {
    if (adjusted?.uploading) {
      Toast.show({ content: t('mobile.attachments.wait') });
      return;
    }
    const send = complete(true, t('mobile.approvals.resubmitted'));
    open({
      title: t('mobile.approvals.resubmit'),
      comment: t('mobile.approvals.resubmitComment'),
      send: async (comment) => {
        if (needsNetwork()) throw new Error('offline');
        await adjusted?.save().catch(unanswered);
        await send(comment);
      },
    });
  };
  const answer = () =>
    open({
      title: t('flow.actions.resolve'),
      comment: '',
      send: async (comment) => {
        if (needsNetwork()) throw new Error('offline');
        const message = await resolveTask({ taskId, comment }).catch(unanswered);
        setAction(undefined);
        Toast.show({ icon: 'success', content: message });
        onDone();
      },
    });
  const withdraw = () =>
    open({
      title: t('mobile.approvals.withdraw'),
      comment: t('mobile.approvals.withdrawComment'),
      hint: t('mobile.approvals.withdrawConfirm'),
      danger: true,
      send: complete(false, t('mobile.approvals.withdrawn')),
    });

  return (
    <div className="m-actions">
      {!online && (
        <div className="m-actions-note" role="note">
          {t('mobile.approvals.needNetwork')}
        </div>
      )}
      {mode === 'adjust' && <div className="m-actions-hint">{t('mobile.approvals.rejectedHint')}</div>}
      {delegated && (
        <div className="m-actions-hint">{t('flow.actions.delegatedToMe', { name: own.ownerName ?? '' })}</div>
      )}
      {waitingSign && <div className="m-actions-hint">{t('flow.actions.signWaiting')}</div>}
      <div className="m-actions-buttons">
        {mode === 'claim' && (
          <Button size="large" color="primary" fill="outline" loading={claiming} onClick={claim}>
            {t('mobile.approvals.claimTask')}
          </Button>
        )}
        {mode === 'adjust' ? (
          <>
            <Button size="large" color="danger" fill="outline" onClick={withdraw}>
              {t('mobile.approvals.withdraw')}
            </Button>
            <Button size="large" color="primary" onClick={resubmit}>
              {t('mobile.approvals.resubmit')}
            </Button>
          </>
        ) : delegated ? (
          <Button size="large" color="primary" onClick={answer}>
            {t('flow.actions.resolve')}
          </Button>
        ) : waitingSign ? null : (
          <>
            {plain && (
              <Button
                size="large"
                fill="outline"
                onClick={() => {
                  if (!needsNetwork()) setChoosing(true);
                }}
              >
                {t('mobile.approvals.more')}
              </Button>
            )}
            <Button size="large" color="danger" fill="outline" onClick={reject}>
              {t('mobile.approvals.reject')}
            </Button>
            <Button size="large" color="primary" onClick={approve}>
              {t('mobile.approvals.approve')}
            </Button>
          </>
        )}
      </div>
      <CommentSheet action={action} onClose={() => setAction(undefined)} />
      <ActionSheet
        visible={choosing}
        extra={t('mobile.approvals.moreTitle')}
        cancelText={t('common.cancel')}
        actions={MORE_ACTIONS.map((key) => ({ key, text: t(`flow.actions.${key}`) }))}
        onAction={(item) => {
          setChoosing(false);
          setMore(item.key as MoreAction);
        }}
        onClose={() => setChoosing(false)}
      />
      <TaskMoreSheet action={more} taskId={taskId} onClose={() => setMore(undefined)} onDone={onDone} />
    </div>
  );
}
