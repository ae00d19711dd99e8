import { App, Button, Form, Input, Radio, Select } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchUserOptions, type FlowHistory } from '../../../../client/api/flow.ts';
import {
  addSign,
  copyTask,
  delegateTask,
  fetchReturnTargets,
  removeSign,
  returnTask,
  type SignType,
} from '../../../../client/api/flow-actions.ts';
import { SIGN_TYPES } from '../../../../shared/flow/actions.ts';
import {
  WORK_TODO_ADD_SIGN,
  WORK_TODO_COPY,
  WORK_TODO_DELEGATE,
  WORK_TODO_RETURN,
} from '../../../../shared/flow/buttons.ts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { DESKTOP_KEY } from '../../../queries.ts';
import { usePermission } from '../../../permission.ts';

/** The approval actions of a task's handle screen: 加签, 委派, 抄送, 退回 and 减签, each a dialog. */
export type TaskAction = 'addSign' | 'delegate' | 'copy' | 'return' | 'removeSign';

interface Values {
  userIds?: string[];
  userId?: string;
  type?: SignType;
  targetKey?: string;
  taskIds?: string[];
  comment?: string;
}

const CODES: Record<Exclude<TaskAction, 'removeSign'>, string> = {
  addSign: WORK_TODO_ADD_SIGN,
  delegate: WORK_TODO_DELEGATE,
  copy: WORK_TODO_COPY,
  return: WORK_TODO_RETURN,
};

/** The buttons of the actions the caller's role grants, for a task of his own. */
export function TaskActionButtons({ disabled, onOpen }: { disabled: boolean; onOpen: (action: TaskAction) => void }) {
  const { t } = useTranslation();
  const { can } = usePermission();
  return (
    <>
      {(Object.keys(CODES) as Array<keyof typeof CODES>)
        .filter((action) => can(CODES[action]))
        .map((action) => (
          <Button key={action} disabled={disabled} onClick={() => onOpen(action)}>
            {t(`flow.actions.${action}`)}
          </Button>
        ))}
    </>
  );
}

/** The added approvers of a task who have not decided yet (history rows of its 加签 tasks still open). */
export function openAddedApprovers(history: FlowHistory[] | undefined, taskId: string, taskKey?: string) {
  return (history ?? []).filter(
    (row) =>
      row.historyActivityType === 'userTask' &&
      row.taskId !== taskId &&
      !row.endTime &&
      (taskKey === undefined || row.historyActivityId === taskKey) &&
      /加签\)$/.test(row.historyActivityName),
  );
}

export function TaskActionDialog({
  action,
  taskId,
  me,
  added,
  onClose,
  onDone,
}: {
  action: TaskAction | undefined;
  taskId: string;
  me?: string;
  /** 减签: the added approvers who may be removed */
  added: FlowHistory[];
  onClose: () => void;
  onDone: (leaves: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const users = useQuery({
    queryKey: [DESKTOP_KEY, 'flow', 'users'],
    queryFn: () => fetchUserOptions(),
    staleTime: 60_000,
    enabled: Boolean(action && action !== 'return' && action !== 'removeSign'),
  });
  const targets = useQuery({
    queryKey: [DESKTOP_KEY, 'flow', 'return-targets', taskId],
    queryFn: () => fetchReturnTargets(taskId),
    enabled: action === 'return',
    staleTime: 0,
  });
  const run = useMutation({
    mutationFn: async (values: Values): Promise<string> => {
      const comment = values.comment?.trim() || undefined;
      switch (action) {
        case 'addSign':
          return addSign({ taskId, userIds: values.userIds ?? [], type: values.type ?? 'before', comment });
        case 'delegate':
          return delegateTask({ taskId, userId: values.userId ?? '', comment });
        case 'copy':
          return copyTask({ taskId, userIds: values.userIds ?? [], comment });
        case 'return':
          return returnTask({ taskId, targetKey: values.targetKey ?? '', comment });
        default:
          return removeSign({ taskId, taskIds: values.taskIds ?? [] });
      }
    },
    onSuccess: (text) => {
      void message.success(text);
      onClose();
      // Copying leaves the task where it was; the others take it out of the caller's hands (for now).
      onDone(action !== 'copy' && action !== 'removeSign');
    },
  });
  const userOptions = (users.data ?? [])
    .filter((user) => user.id !== me)
    .map((user) => ({ value: user.id, label: `${user.realName || user.name || user.account} (${user.account})` }));
  const required = (key: string) => [{ required: true, message: t(`flow.actions.${key}`) }];
  return (
    <ActionDialog
      open={Boolean(action)}
      title={action ? t(`flow.actions.${action}`) : ''}
      width={560}
      loading={action === 'return' && targets.isPending}
      failed={false}
      saving={run.isPending}
      onClose={onClose}
      afterClose={() => form.resetFields()}
      onOk={() =>
        void form
          .validateFields()
          .then((values) => run.mutate(values))
          .catch(() => undefined)
      }
    >
      <Form form={form} layout="vertical" initialValues={{ type: 'before' }}>
        {action === 'addSign' && (
          <>
            <Form.Item name="userIds" label={t('flow.actions.signUsers')} rules={required('signUsersRequired')}>
              <Select mode="multiple" options={userOptions} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
            <Form.Item name="type" label={t('flow.actions.signType')}>
              <Radio.Group
                options={SIGN_TYPES.map((type) => ({ value: type, label: t(`flow.actions.${type}`) }))}
                style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              />
            </Form.Item>
          </>
        )}
        {action === 'delegate' && (
          <Form.Item name="userId" label={t('flow.actions.delegateTo')} rules={required('delegateRequired')}>
            <Select options={userOptions} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        )}
        {action === 'copy' && (
          <Form.Item name="userIds" label={t('flow.actions.copyUsers')} rules={required('copyUsersRequired')}>
            <Select mode="multiple" options={userOptions} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        )}
        {action === 'return' && (
          <Form.Item name="targetKey" label={t('flow.actions.returnTo')} rules={required('returnRequired')}>
            <Radio.Group
              options={(targets.data ?? []).map((target) => ({
                value: target.taskKey,
                label: target.assigneeName ? `${target.taskName} (${target.assigneeName})` : target.taskName,
              }))}
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            />
          </Form.Item>
        )}
        {action === 'return' && targets.data?.length === 0 && <p>{t('flow.actions.noReturnTarget')}</p>}
        {action === 'removeSign' && (
          <Form.Item name="taskIds" label={t('flow.actions.removeUsers')} rules={required('removeUsersRequired')}>
            <Select
              mode="multiple"
              options={added.map((row) => ({ value: row.taskId, label: row.assigneeName || row.assignee }))}
            />
          </Form.Item>
        )}
        {action !== 'removeSign' && (
          <Form.Item name="comment" label={t('flow.process.comment')}>
            <Input.TextArea rows={2} maxLength={255} />
          </Form.Item>
        )}
      </Form>
    </ActionDialog>
  );
}
