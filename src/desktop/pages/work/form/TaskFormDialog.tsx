import { App, Button, Descriptions, Form, Input, Modal, Skeleton } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { completeTask, type BladeFlow } from '../../../../client/api/flow.ts';
import { fetchTaskForm } from '../../../../client/api/flow-forms.ts';
import { DESKTOP_KEY } from '../../../queries.ts';
import { FormFieldItems, initialValues, toVariables } from './FormFieldItems.tsx';

/**
 * 办理 of a task of a process with no business page (通用流程): the fields its model declares for the handler (shown
 * read-only where the model says so), an opinion, 同意 or 驳回. The server checks the values again.
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
  return (
    <Modal
      open={Boolean(task)}
      title={t('flowForm.handleTitle', { name: task?.taskName ?? '' })}
      width={600}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="reject"
          danger
          disabled={!taskForm.data}
          loading={complete.isPending}
          onClick={() => decide(false)}
        >
          {t('flow.action.reject')}
        </Button>,
        <Button
          key="approve"
          type="primary"
          disabled={!taskForm.data}
          loading={complete.isPending}
          onClick={() => decide(true)}
        >
          {t('flow.action.approve')}
        </Button>,
      ]}
    >
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
    </Modal>
  );
}
