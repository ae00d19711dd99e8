import { useState } from 'react';
import { App, Button, Form, Radio, Tag } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeProcessState, deleteDeployments, fetchManagerList, type FlowProcess } from '../../../client/api/flow.ts';
import { usePermission } from '../../permission.ts';
import { FlowDiagramDialog } from './FlowDiagramDialog.tsx';
import { FlowList, useReloadLists } from './FlowList.tsx';
import type { DiagramTarget } from './flow-screen-queries.ts';
import { CategorySelect } from './FlowSelects.tsx';
import { FLOW_MANAGER_DELETE, FLOW_MANAGER_STATE } from '../../../shared/flow/buttons.ts';

const ACTIVE = 1;

/**
 * 流程管理 (/flow/manager): deployed definitions of every tenant (latest versions or all), suspended and activated
 * with the server's message, their deployments deleted, their diagrams shown.
 */
export default function ManagerPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { can } = usePermission();
  const reload = useReloadLists();
  const [mode, setMode] = useState<1 | 2>(1);
  const [diagram, setDiagram] = useState<DiagramTarget>();
  const state = useMutation({
    mutationFn: (row: FlowProcess) => changeProcessState(row.id, row.suspensionState === ACTIVE ? 'suspend' : 'active'),
    onSuccess: (text) => {
      void message.success(text);
      void reload();
    },
  });
  const remove = useMutation({
    mutationFn: (row: FlowProcess) => deleteDeployments([row.deploymentId]),
    onSuccess: () => {
      void message.success(t('common.deleteSuccess'));
      void reload();
    },
  });
  const confirmDelete = (row: FlowProcess) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('flow.manager.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(row).catch(() => undefined),
    });

  return (
    <>
      <FlowList<FlowProcess>
        name="manager"
        fetch={fetchManagerList}
        query={{ mode }}
        rowKey={(row) => row.id}
        filters={
          <Form.Item name="category" label={t('flow.field.category')}>
            <CategorySelect allowClear />
          </Form.Item>
        }
        toolbar={
          <Radio.Group
            optionType="button"
            value={mode}
            onChange={(event) => setMode(event.target.value as 1 | 2)}
            options={[
              { value: 1, label: t('flow.manager.latest') },
              { value: 2, label: t('flow.manager.all') },
            ]}
          />
        }
        columns={[
          {
            key: 'tenantId',
            dataIndex: 'tenantId',
            title: t('flow.field.tenantId'),
            width: 100,
            render: (v: string) => v || t('flow.field.shared'),
          },
          { key: 'name', dataIndex: 'name', title: t('flow.field.processName'), width: 160 },
          { key: 'key', dataIndex: 'key', title: t('flow.field.processKey'), width: 130 },
          { key: 'category', dataIndex: 'categoryName', title: t('flow.field.category'), width: 120 },
          {
            key: 'version',
            dataIndex: 'version',
            title: t('flow.field.version'),
            width: 80,
            align: 'center',
            render: (v: number) => `v${v}`,
          },
          {
            key: 'state',
            dataIndex: 'suspensionState',
            title: t('flow.field.state'),
            width: 90,
            align: 'center',
            render: (v: number) =>
              v === ACTIVE ? (
                <Tag color="success">{t('flow.state.active')}</Tag>
              ) : (
                <Tag color="warning">{t('flow.state.suspended')}</Tag>
              ),
          },
          { key: 'deploymentTime', dataIndex: 'deploymentTime', title: t('flow.field.deploymentTime'), width: 170 },
        ]}
        actionsWidth={200}
        actions={(row) => (
          <>
            {can(FLOW_MANAGER_STATE) && (
              <Button type="link" size="small" onClick={() => state.mutate(row)}>
                {t(row.suspensionState === ACTIVE ? 'flow.action.suspend' : 'flow.action.activate')}
              </Button>
            )}
            <Button type="link" size="small" onClick={() => setDiagram({ processDefinitionId: row.id })}>
              {t('flow.action.diagram')}
            </Button>
            {can(FLOW_MANAGER_DELETE) && (
              <Button type="link" size="small" danger onClick={() => confirmDelete(row)}>
                {t('common.delete')}
              </Button>
            )}
          </>
        )}
      />
      <FlowDiagramDialog target={diagram} onClose={() => setDiagram(undefined)} />
    </>
  );
}
