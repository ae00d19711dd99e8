import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { completeTask, transferTask } from '../../../../client/api/flow.ts';
import { useSession } from '../../../../client/session.ts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { UserSelect } from '../../flow/FlowSelects.tsx';

interface Props {
  taskId: string;
  processInstanceId: string;
  /** after the task was approved, rejected or transferred */
  onDone: () => void;
  onBack: () => void;
}

/**
 * The approver's box: a comment, 同意 (`flag: ok`, pass true), 驳回 (pass false, back to the applicant) and 转办 to
 * another user of the tenant. A task already handled elsewhere is refused by the server (its message shows).
 */
export function ApprovalBox({ taskId, processInstanceId, onDone, onBack }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useSession().userInfo?.user_id;
  const [comment, setComment] = useState('');
  const [transferring, setTransferring] = useState(false);
  const [transferForm] = Form.useForm<{ userId: string; comment?: string }>();
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
  const busy = complete.isPending || transfer.isPending;

  return (
    <div className="tenon-flow-approval">
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
      <Space>
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
        <Button disabled={busy} onClick={() => setTransferring(true)}>
          {t('flow.action.transfer')}
        </Button>
        <Button onClick={onBack}>{t('flow.action.back')}</Button>
      </Space>
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
