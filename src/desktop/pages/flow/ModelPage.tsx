import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchModelList, removeModels, type FlowModel } from '../../../client/api/flow.ts';
import { usePermission } from '../../permission.ts';
import { DeployDialog } from './DeployDialog.tsx';
import { FlowList, useReloadLists } from './FlowList.tsx';
import { ModelDesigner } from './ModelDesigner.tsx';
import { FLOW_MODEL, FLOW_MODEL_DEPLOY } from '../../../shared/flow/buttons.ts';

type Designing = { modelId?: string };

/** 模型设计 (/flow/model): the BPMN models, designed in bpmn-js, saved, deployed to tenants and deleted. */
export default function ModelPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { can } = usePermission();
  const reload = useReloadLists();
  const [designing, setDesigning] = useState<Designing>();
  const [designerOpen, setDesignerOpen] = useState(false);
  const [deploying, setDeploying] = useState<FlowModel>();
  const remove = useMutation({
    mutationFn: (id: string) => removeModels([id]),
    onSuccess: () => {
      void message.success(t('common.deleteSuccess'));
      void reload();
    },
  });

  const design = (modelId?: string) => {
    setDesigning({ modelId });
    setDesignerOpen(true);
  };
  const confirmDelete = (model: FlowModel) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('common.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(model.id).catch(() => undefined),
    });

  return (
    <>
      <FlowList<FlowModel>
        name="model"
        fetch={fetchModelList}
        rowKey={(row) => row.id}
        filters={
          <>
            <Form.Item name="modelKey" label={t('flow.field.modelKey')}>
              <Input allowClear placeholder={t('crud.input', { label: t('flow.field.modelKey') })} />
            </Form.Item>
            <Form.Item name="name" label={t('flow.field.modelName')}>
              <Input allowClear placeholder={t('crud.input', { label: t('flow.field.modelName') })} />
            </Form.Item>
          </>
        }
        toolbar={
          can(`${FLOW_MODEL}_add`) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => design()}>
              {t('common.add')}
            </Button>
          )
        }
        columns={[
          { key: 'modelKey', dataIndex: 'modelKey', title: t('flow.field.modelKey'), width: 160 },
          { key: 'name', dataIndex: 'name', title: t('flow.field.modelName'), width: 180 },
          {
            key: 'description',
            dataIndex: 'description',
            title: t('flow.field.description'),
            width: 200,
            ellipsis: { showTitle: true },
          },
          {
            key: 'version',
            dataIndex: 'version',
            title: t('flow.field.version'),
            width: 80,
            align: 'center',
            render: (v: number) => `v${v}`,
          },
          { key: 'lastUpdated', dataIndex: 'lastUpdated', title: t('flow.field.lastUpdated'), width: 170 },
        ]}
        actionsWidth={200}
        actions={(row) => (
          <>
            {can(`${FLOW_MODEL}_edit`) && (
              <Button type="link" size="small" onClick={() => design(row.id)}>
                {t('flow.action.design')}
              </Button>
            )}
            {can(FLOW_MODEL_DEPLOY) && (
              <Button type="link" size="small" onClick={() => setDeploying(row)}>
                {t('flow.action.deploy')}
              </Button>
            )}
            {can(`${FLOW_MODEL}_delete`) && (
              <Button type="link" size="small" danger onClick={() => confirmDelete(row)}>
                {t('common.delete')}
              </Button>
            )}
          </>
        )}
      />
      {designing && (
        <ModelDesigner
          modelId={designing.modelId}
          open={designerOpen}
          onClose={() => setDesignerOpen(false)}
          afterClose={() => setDesigning(undefined)}
          onSaved={() => {
            setDesignerOpen(false);
            void reload();
          }}
        />
      )}
      <DeployDialog
        model={deploying}
        onClose={() => setDeploying(undefined)}
        onDeployed={() => setDeploying(undefined)}
      />
    </>
  );
}
