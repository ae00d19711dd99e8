import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { completeTask, sendForApproval, type BusinessKind } from '../../../../client/api/flow.ts';
import { formOf, resubmitVariables, saveRequest, type BusinessRequest, type RequestForm } from './business.ts';
import { RequestDescriptions, RequestFields } from './RequestFields.tsx';
import { approvalOf } from '../../../../shared/entities/approvals.ts';
import { startedVia } from '../../../../shared/entities/define.ts';

interface Props {
  kind: BusinessKind;
  request: BusinessRequest;
  taskId: string;
  onDone: () => void;
  onBack: () => void;
}

/**
 * A rejected request back with its applicant (his 调整申请 task): he adjusts it and 重新提交 (the row is updated, the
 * task completed with pass and the changed variables), or 撤销 (the task completed without pass: the seeded models
 * end the process as withdrawn there). A row sent through another kind (an expense claim) is adjusted on its own
 * screen: here it is shown as it is and sent again to the approver picked, which continues this process.
 */
export function ResubmitBox({ kind, request, taskId, onDone, onBack }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const entity = approvalOf(kind)!;
  const sentVia = Boolean(startedVia(entity.approval));
  const [form] = Form.useForm<RequestForm>();
  const [comment, setComment] = useState('');
  const resubmit = useMutation({
    mutationFn: async (values: RequestForm) => {
      const note = comment.trim() || t('flow.action.resubmit');
      if (sentVia) {
        const { processDefinitionId } = request;
        const taskUser = values.taskUser ?? '';
        await sendForApproval(entity, { businessId: request.id, processDefinitionId, taskUser, comment: note });
        return;
      }
      await saveRequest(kind, request.processDefinitionId, values, request.id);
      await completeTask({
        taskId,
        processInstanceId: request.processInstanceId,
        pass: true,
        comment: note,
        variables: resubmitVariables(values),
      });
    },
    onSuccess: () => {
      void message.success(t('flow.process.resubmitted'));
      onDone();
    },
  });
  const withdraw = useMutation({
    mutationFn: () =>
      completeTask({
        taskId,
        processInstanceId: request.processInstanceId,
        pass: false,
        comment: comment.trim() || t('flow.action.withdraw'),
      }),
    onSuccess: () => {
      void message.success(t('flow.process.withdrawn'));
      onDone();
    },
  });
  const confirmWithdraw = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('flow.process.withdrawConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => withdraw.mutateAsync().catch(() => undefined),
    });
  const busy = resubmit.isPending || withdraw.isPending;

  return (
    <Form<RequestForm>
      form={form}
      className="tenon-flow-resubmit"
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 14 }}
      initialValues={sentVia ? { taskUser: request.taskUser } : formOf(entity, request)}
      onFinish={(values) => resubmit.mutate(values)}
    >
      {sentVia && <RequestDescriptions entity={entity} request={request} />}
      <RequestFields entity={entity} form={form} only={sentVia ? 'approver' : undefined} />
      <Form.Item label={t('flow.process.comment')}>
        <Input.TextArea
          aria-label={t('flow.process.comment')}
          rows={2}
          maxLength={500}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4, span: 14 }}>
        <Space>
          <Button type="primary" htmlType="submit" disabled={busy} loading={resubmit.isPending}>
            {t('flow.action.resubmit')}
          </Button>
          <Button danger disabled={busy} onClick={confirmWithdraw}>
            {t('flow.action.withdraw')}
          </Button>
          <Button onClick={onBack}>{t('flow.action.back')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
