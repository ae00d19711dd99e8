import { Form } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deployModel, type FlowModel } from '../../../client/api/flow.ts';
import { ActionDialog } from '../../components/ActionDialog.tsx';
import { CategorySelect, TenantSelect } from './FlowSelects.tsx';
import { useDeployOutcome } from './use-deploy-outcome.tsx';

interface Props {
  model: FlowModel | undefined;
  onClose: () => void;
  onDeployed: () => void;
}

/** 部署: a model becomes a process definition of a category, for the chosen tenants (none = shared by all). */
export function DeployDialog({ model, onClose, onDeployed }: Props) {
  const { t } = useTranslation();
  const tell = useDeployOutcome();
  const [form] = Form.useForm<{ category: string; tenantIds?: string[] }>();
  const deploy = useMutation({
    mutationFn: (values: { category: string; tenantIds?: string[] }) =>
      deployModel({ modelId: model!.id, category: values.category, tenantIds: values.tenantIds ?? [] }),
    onSuccess: (result) => {
      tell(result);
      onDeployed();
    },
  });
  return (
    <ActionDialog
      open={Boolean(model)}
      title={`${t('flow.deploy.modelTitle')}${model ? `: ${model.name}` : ''}`}
      width={560}
      loading={false}
      failed={false}
      saving={deploy.isPending}
      onClose={onClose}
      afterClose={() => form.resetFields()}
      onOk={() =>
        void form
          .validateFields()
          .then((values) => deploy.mutate(values))
          .catch(() => undefined)
      }
    >
      <Form form={form} layout="vertical" className="tenon-flow-deploy-form">
        <Form.Item
          name="category"
          label={t('flow.deploy.category')}
          rules={[{ required: true, message: t('flow.deploy.categoryRequired') }]}
        >
          <CategorySelect />
        </Form.Item>
        <Form.Item name="tenantIds" label={t('flow.deploy.tenantIds')} extra={t('flow.deploy.sharedHint')}>
          <TenantSelect placeholder={t('flow.deploy.sharedPlaceholder')} />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
