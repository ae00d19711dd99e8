import { useState } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Skeleton } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { completeTask, type BladeFlow } from '../../../../client/api/flow.ts';
import { fetchTaskForm } from '../../../../client/api/flow-forms.ts';
import { resolveTask } from '../../../../client/api/flow-actions.ts';
import { useSession } from '../../../../client/session.ts';
import { historyQuery } from '../../flow/flow-screen-queries.ts';
import {
  openAddedApprovers,
  TaskActionButtons,
  TaskActionDialog,
  type TaskAction,
} from '../process/TaskActionDialogs.tsx';
import { DESKTOP_KEY } from '../../../queries.ts';
import { FormFieldItems, initialValues, toVariables } from './FormFieldItems.tsx';

/**
 * 办理 of a task of a process with no business page (通用流程): the fields its model declares for the handler (shown
 * read-only where the model says so), an opinion, 同意 or 驳回, and the approval actions a business page's approver
 * has (加签, 委派, 抄送, 退回; 减签 of his added approvers; a delegated task's answer instead of a decision). The server
 * checks the values again.
 */
export function TaskFormDialog({
  task,
  onClose,
  onDone,
}: {
  task?: BladeFlow;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const taskId = task?.taskId ?? '';
  const taskForm = useQuery({
    queryKey: [DESKTOP_KEY, 'flow', 'task-form', taskId],
    queryFn: () => fetchTaskForm(taskId),
    enabled: Boolean(taskId),
    staleTime: 0,
  });
  const fields = taskForm.data?.fields ?? [];
  const me = useSession().userInfo?.user_id;
  const [action, setAction] = useState<TaskAction>();
  const history = useQuery({ ...historyQuery(task?.processInstanceId ?? ''), enabled: Boolean(task) }).data;
  const added = openAddedApprovers(history, taskId, task?.taskDefinitionKey);
  const delegated = task?.delegationState === 'pending';
  const waitingSign = task?.signState === 'waiting';
  const addedApprover = Boolean(task?.parentTaskId);
  const resolve = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      resolveTask({ taskId, comment: String(values.__comment ?? '').trim() || undefined }),
    onSuccess: (text) => {
      void message.success(text);
      onDone();
    },
  });
  const complete = useMutation({
    mutationFn: ({ pass, values }: { pass: boolean; values: Record<string, unknown> }) =>
      completeTask({
        taskId,
        processInstanceId: task?.processInstanceId,
        pass,
        comment: String(values.__comment ?? '').trim() || undefined,
        variables: toVariables(fields, values),
      }),
    onSuccess: () => {
      void message.success(t('flow.process.handled'));
      onDone();
    },
  });
  const decide = (pass: boolean) =>
    void form.validateFields().then(
      (values) => complete.mutate({ pass, values }),
      () => undefined,
    );
  const busy = complete.isPending || resolve.isPending;
  const hint = delegated
    ? t('flow.actions.delegatedToMe', { name: task?.ownerName ?? '' })
    : waitingSign
      ? t('flow.actions.signWaiting')
      : addedApprover
        ? t('flow.actions.addedApprover')
        : '';
  const decisions = delegated
    ? [
        <Button
          key="resolve"
          type="primary"
          loading={resolve.isPending}
          disabled={busy}
          onClick={() => void form.validateFields(['__comment']).then((values) => resolve.mutate(values))}
        >
          {t('flow.actions.resolve')}
        </Button>,
      ]
    : waitingSign
      ? []
      : [
          <Button
            key="reject"
            danger
            disabled={!taskForm.data || busy}
            loading={complete.isPending}
            onClick={() => decide(false)}
          >
            {t('flow.action.reject')}
          </Button>,
          <Button
            key="approve"
            type="primary"
            disabled={!taskForm.data || busy}
            loading={complete.isPending}
            onClick={() => decide(true)}
          >
            {t('flow.action.approve')}
          </Button>,
        ];
  return (
    <Modal
      open={Boolean(task)}
      title={t('flowForm.handleTitle', { name: task?.taskName ?? '' })}
      width={600}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onClose}
      footer={[
        ...(!delegated && !waitingSign && !addedApprover
          ? [<TaskActionButtons key="actions" disabled={busy} onOpen={setAction} />]
          : []),
        ...(added.length > 0 && task?.signType
          ? [
              <Button key="removeSign" disabled={busy} onClick={() => setAction('removeSign')}>
                {t('flow.actions.removeSign')}
              </Button>,
            ]
          : []),
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        ...decisions,
      ]}
    >
      {hint && <Alert type="info" showIcon title={hint} style={{ marginBottom: 16 }} />}
      {task && (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('flow.field.processName')}>{task.processDefinitionName}</Descriptions.Item>
          <Descriptions.Item label={t('flow.field.startUser')}>{task.startUserName}</Descriptions.Item>
          <Descriptions.Item label={t('flowForm.priority')}>{task.priority}</Descriptions.Item>
          {task.dueDate && <Descriptions.Item label={t('flowForm.dueDate')}>{task.dueDate}</Descriptions.Item>}
        </Descriptions>
      )}
      {taskForm.isPending ? (
        <Skeleton active />
      ) : (
        taskForm.data && (
          <Form form={form} layout="vertical" className="tenon-task-form" initialValues={initialValues(fields)}>
            <FormFieldItems fields={fields} />
            <Form.Item name="__comment" label={t('flow.process.comment')}>
              <Input.TextArea aria-label={t('flow.process.comment')} rows={2} maxLength={500} />
            </Form.Item>
          </Form>
        )
      )}
      <TaskActionDialog
        action={action}
        taskId={taskId}
        me={me}
        added={added}
        onClose={() => setAction(undefined)}
        onDone={(leaves) => {
          setAction(undefined);
          // 加签 and 委派 hand the task on, 退回 moves the process: the dialog closes and the list reloads.
          if (leaves) onDone();
        }}
      />
    </Modal>
  );
}
