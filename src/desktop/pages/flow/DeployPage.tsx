import { Button, Card, Form, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deployUpload } from '../../../client/api/flow.ts';
import { usePermission } from '../../permission.ts';
import { CategorySelect, TenantSelect } from './FlowSelects.tsx';
import { useDeployOutcome } from './use-deploy-outcome.tsx';
import { FLOW_DEPLOY_UPLOAD } from '../../../shared/flow/buttons.ts';

const SUFFIX = '.bpmn20.xml';

interface UploadForm {
  category?: string;
  tenantIds?: string[];
  files?: UploadFile[];
}

/**
 * 部署管理 (/flow/deploy): `.bpmn20.xml` files deployed for a category and tenants. Spec §5: category, tenantIds and
 * files are all required; the form says so before anything is sent, and the server checks again.
 */
export default function DeployPage() {
  const { t } = useTranslation();
  const { can } = usePermission();
  const [form] = Form.useForm<UploadForm>();
  const tell = useDeployOutcome();
  const upload = useMutation({
    mutationFn: (values: Required<UploadForm>) =>
      deployUpload({
        category: values.category,
        tenantIds: values.tenantIds,
        files: values.files
          .map((file) => file.originFileObj)
          .filter((file): file is NonNullable<typeof file> => Boolean(file)),
      }),
    onSuccess: (result) => {
      tell(result);
      form.resetFields();
    },
  });

  return (
    <Card className="tenon-flow-deploy" variant="borderless" title={t('flow.deploy.title')}>
      <Form<UploadForm>
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 14 }}
        style={{ maxWidth: 900 }}
        onFinish={(values) => upload.mutate(values as Required<UploadForm>)}
      >
        <Form.Item
          name="category"
          label={t('flow.deploy.category')}
          rules={[{ required: true, message: t('flow.deploy.categoryRequired') }]}
        >
          <CategorySelect />
        </Form.Item>
        <Form.Item
          name="tenantIds"
          label={t('flow.deploy.tenantIds')}
          rules={[{ required: true, type: 'array', min: 1, message: t('flow.deploy.tenantIdsRequired') }]}
        >
          <TenantSelect placeholder={t('flow.deploy.tenantIdsRequired')} />
        </Form.Item>
        <Form.Item
          name="files"
          label={t('flow.deploy.files')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList}
          extra={t('flow.deploy.filesHint')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('flow.deploy.filesRequired') },
            {
              validator: async (_rule, files: UploadFile[] | undefined) => {
                const wrong = (files ?? []).find((file) => !file.name.endsWith(SUFFIX));
                if (wrong) throw new Error(t('flow.deploy.fileType', { name: wrong.name }));
              },
            },
          ]}
        >
          <Upload multiple accept=".xml" beforeUpload={() => false}>
            <Button icon={<UploadOutlined />}>{t('flow.deploy.pickFiles')}</Button>
          </Upload>
        </Form.Item>
        {can(FLOW_DEPLOY_UPLOAD) && (
          <Form.Item wrapperCol={{ offset: 4, span: 14 }}>
            <Button type="primary" htmlType="submit" loading={upload.isPending}>
              {t('flow.action.upload')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}
