import { useState } from 'react';
import { Alert, App, Button, Form, Input, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { completeTask, transferTask } from '../../../../client/api/flow.ts';
import { useSession } from '../../../../client/session.ts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { UserSelect } from '../../flow/FlowSelects.tsx';
import { fetchOwnTask, resolveTask } from '../../../../client/api/flow-actions.ts';
import { DESKTOP_KEY } from '../../../queries.ts';
import { historyQuery } from '../../flow/flow-screen-queries.ts';
import { openAddedApprovers, TaskActionButtons, TaskActionDialog, type TaskAction } from './TaskActionDialogs.tsx';

interface Props {
  taskId: string;
  processInstanceId: string;
  /** after the task was approved, rejected or transferred */
  onDone: () => void;
  onBack: () => void;
}

/**
 * The approver's box: a comment, 同意 (`flag: ok`, pass true), 驳回 (pass false, back to the applicant), 转办 to
 * another user of the tenant and the approval actions (加签, 委派, 抄送, 退回, 减签). A task delegated to the caller
 * offers its answer instead; one waiting for its added approvers offers 减签. A task already handled elsewhere is
 * refused by the server (its message shows).
 */
export function ApprovalBox({ taskId, processInstanceId, onDone, onBack }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useSession().userInfo?.user_id;
  const [comment, setComment] = useState('');
  const [transferring, setTransferring] = useState(false);
  const [transferForm] = Form.useForm<{ userId: string; comment?: string }>();
  const [action, setAction] = useState<TaskAction>();
  const queryClient = useQueryClient();
  const ownKey = [DESKTOP_KEY, 'flow', 'own-task', taskId];
  const row = useQuery({ queryKey: ownKey, queryFn: () => fetchOwnTask(taskId), staleTime: 0 }).data;
  const history = useQuery(historyQuery(processInstanceId)).data;
  const added = openAddedApprovers(history, taskId, row?.taskDefinitionKey);
  const delegated = row?.delegationState === 'pending';
  const waitingSign = row?.signState === 'waiting';
  const addedApprover = Boolean(row?.parentTaskId);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ownKey }),
      queryClient.invalidateQueries({ queryKey: historyQuery(processInstanceId).queryKey }),
    ]);
  const resolve = useMutation({
    mutationFn: () => resolveTask({ taskId, comment: comment.trim() || undefined }),
    onSuccess: (text) => {
      void message.success(text);
      onDone();
    },
  });
  const complete = useMutation({
    mutationFn: (pass: boolean) =>
      completeTask({ taskId, processInstanceId, pass, comment: comment.trim() || undefined }),
    onSuccess: () => {
      void message.success(t('flow.process.handled'));
      onDone();
    },
  });
  const transfer = useMutation({
    mutationFn: (values: { userId: string; comment?: string }) =>
      transferTask({ taskId, userId: values.userId, comment: values.comment?.trim() || undefined }),
    onSuccess: (text) => {
      void message.success(text);
      setTransferring(false);
      onDone();
    },
  });
  const busy = complete.isPending || transfer.isPending || resolve.isPending;
  const hint = delegated
    ? t('flow.actions.delegatedToMe', { name: row?.ownerName ?? '' })
    : waitingSign
      ? t('flow.actions.signWaiting')
      : addedApprover
        ? t('flow.actions.addedApprover')
        : row?.delegationState === 'resolved'
          ? t('flow.actions.resolvedHint')
          : '';

  return (
    <div className="tenon-flow-approval">
      {hint && <Alert type="info" showIcon title={hint} style={{ marginBottom: 16 }} />}
      <Form layout="vertical">
        <Form.Item label={t('flow.process.comment')}>
          <Input.TextArea
            aria-label={t('flow.process.comment')}
            rows={3}
            maxLength={500}
            showCount
            value={comment}
            placeholder={t('flow.process.commentPlaceholder')}
            onChange={(event) => setComment(event.target.value)}
          />
        </Form.Item>
      </Form>
      <Space wrap>
        {delegated && (
          <Button type="primary" disabled={busy} loading={resolve.isPending} onClick={() => resolve.mutate()}>
            {t('flow.actions.resolve')}
          </Button>
        )}
        {!delegated && !waitingSign && (
          <>
            <Button
              type="primary"
              disabled={busy}
              loading={complete.isPending && complete.variables}
              onClick={() => complete.mutate(true)}
            >
              {t('flow.action.approve')}
            </Button>
            <Button
              danger
              disabled={busy}
              loading={complete.isPending && !complete.variables}
              onClick={() => complete.mutate(false)}
            >
              {t('flow.action.reject')}
            </Button>
          </>
        )}
        {!delegated && !waitingSign && !addedApprover && (
          <>
            <Button disabled={busy} onClick={() => setTransferring(true)}>
              {t('flow.action.transfer')}
            </Button>
            <TaskActionButtons disabled={busy} onOpen={setAction} />
          </>
        )}
        {added.length > 0 && row?.signType && (
          <Button disabled={busy} onClick={() => setAction('removeSign')}>
            {t('flow.actions.removeSign')}
          </Button>
        )}
        <Button onClick={onBack}>{t('flow.action.back')}</Button>
      </Space>
      <TaskActionDialog
        action={action}
        taskId={taskId}
        me={me}
        added={added}
        onClose={() => setAction(undefined)}
        onDone={(leaves) => (leaves ? onDone() : void refresh())}
      />
      <ActionDialog
        open={transferring}
        title={t('flow.action.transfer')}
        width={520}
        loading={false}
        failed={false}
        saving={transfer.isPending}
        onClose={() => setTransferring(false)}
        afterClose={() => transferForm.resetFields()}
        onOk={() =>
          void transferForm
            .validateFields()
            .then((values) => transfer.mutate(values))
            .catch(() => undefined)
        }
      >
        <Form form={transferForm} layout="vertical">
          <Form.Item
            name="userId"
            label={t('flow.process.transferTo')}
            rules={[{ required: true, whitespace: true, message: t('flow.process.transferRequired') }]}
          >
            <UserSelect exclude={me} />
          </Form.Item>
          <Form.Item name="comment" label={t('flow.process.comment')}>
            <Input.TextArea rows={2} maxLength={255} />
          </Form.Item>
        </Form>
      </ActionDialog>
    </div>
  );
}
