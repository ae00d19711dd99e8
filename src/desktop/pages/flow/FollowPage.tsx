import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteProcessInstance, fetchFollowList, type FlowExecution } from '../../../client/api/flow.ts';
import { ActionDialog } from '../../components/ActionDialog.tsx';
import { usePermission } from '../../permission.ts';
import { FlowDiagramDialog } from './FlowDiagramDialog.tsx';
import { FlowList, useReloadLists } from './FlowList.tsx';
import type { DiagramTarget } from './flow-screen-queries.ts';
import { FLOW_FOLLOW_DELETE } from '../../../shared/flow/buttons.ts';

/** 流程跟踪 (/flow/follow): running instances of every tenant; an instance is deleted with a reason. */
export default function FollowPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = usePermission();
  const reload = useReloadLists();
  const [diagram, setDiagram] = useState<DiagramTarget>();
  const [deleting, setDeleting] = useState<FlowExecution>();
  const [form] = Form.useForm<{ deleteReason: string }>();
  const remove = useMutation({
    mutationFn: ({ row, reason }: { row: FlowExecution; reason: string }) =>
      deleteProcessInstance(row.processInstanceId, reason),
    onSuccess: () => {
      void message.success(t('common.deleteSuccess'));
      setDeleting(undefined);
      void reload();
    },
  });

  return (
    <>
      <FlowList<FlowExecution>
        name="follow"
        fetch={fetchFollowList}
        rowKey={(row) => row.id}
        filters={
          <>
            <Form.Item name="processInstanceId" label={t('flow.field.processInstanceId')}>
              <Input allowClear placeholder={t('crud.input', { label: t('flow.field.processInstanceId') })} />
            </Form.Item>
            <Form.Item name="processDefinitionKey" label={t('flow.field.processKey')}>
              <Input allowClear placeholder={t('crud.input', { label: t('flow.field.processKey') })} />
            </Form.Item>
          </>
        }
        columns={[
          // The least widths (a wider screen widens them all): nine columns fit beside a 1440 px screen's sidebar.
          { key: 'tenantId', dataIndex: 'tenantId', title: t('flow.field.tenantId'), width: 80 },
          {
            key: 'name',
            dataIndex: 'name',
            title: t('flow.field.processName'),
            width: 130,
            ellipsis: { showTitle: true },
          },
          {
            key: 'key',
            dataIndex: 'processDefinitionKey',
            title: t('flow.field.processKey'),
            width: 110,
            ellipsis: { showTitle: true },
          },
          { key: 'category', dataIndex: 'categoryName', title: t('flow.field.category'), width: 90 },
          {
            key: 'instance',
            dataIndex: 'processInstanceId',
            title: t('flow.field.processInstanceId'),
            width: 150,
            ellipsis: { showTitle: true },
          },
          {
            key: 'task',
            dataIndex: 'taskName',
            title: t('flow.field.currentTask'),
            width: 100,
            ellipsis: { showTitle: true },
            render: (name: string, row) => name || row.taskDefinitionKey,
          },
          { key: 'startUser', dataIndex: 'startUser', title: t('flow.field.startUser'), width: 80 },
          { key: 'startTime', dataIndex: 'startTime', title: t('flow.field.startTime'), width: 170 },
        ]}
        actionsWidth={115}
        actions={(row) => (
          <>
            <Button type="link" size="small" onClick={() => setDiagram({ processInstanceId: row.processInstanceId })}>
              {t('flow.action.diagram')}
            </Button>
            {can(FLOW_FOLLOW_DELETE) && (
              <Button type="link" size="small" danger onClick={() => setDeleting(row)}>
                {t('common.delete')}
              </Button>
            )}
          </>
        )}
      />
      <FlowDiagramDialog target={diagram} onClose={() => setDiagram(undefined)} />
      <ActionDialog
        open={Boolean(deleting)}
        title={t('flow.follow.deleteTitle')}
        width={520}
        loading={false}
        failed={false}
        saving={remove.isPending}
        onClose={() => setDeleting(undefined)}
        afterClose={() => form.resetFields()}
        onOk={() =>
          void form
            .validateFields()
            .then(({ deleteReason }) => remove.mutate({ row: deleting!, reason: deleteReason.trim() }))
            .catch(() => undefined)
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="deleteReason"
            label={t('flow.follow.reason')}
            rules={[{ required: true, whitespace: true, message: t('flow.follow.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={255} />
          </Form.Item>
        </Form>
      </ActionDialog>
    </>
  );
}
