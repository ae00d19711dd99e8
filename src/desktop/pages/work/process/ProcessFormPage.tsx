import { useState } from 'react';
import { App, Button, Card, Form, Space, Spin } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { BusinessKind } from '../../../../client/api/flow.ts';
import { tabStore } from '../../../tabs/tab-store.ts';
import { FlowDiagramDialog } from '../../flow/FlowDiagramDialog.tsx';
import { FLOW_LIST_KEY } from '../../flow/flow-screen-queries.ts';
import { approvalOf } from '../../../../shared/entities/approvals.ts';
import { startsElsewhere } from '../../../../shared/entities/define.ts';
import { newRequest, saveRequest, useBusinessOfAddress, type RequestForm } from './business.ts';
import { RequestFields } from './RequestFields.tsx';

/**
 * Spec §2 `/work/process/<kind>/form/:processDefinitionId` (leave, fund approval, any approvable entity): a new
 * request, started with its process.
 */
export default function ProcessFormPage() {
  const { business, processDefinitionId } = useParams();
  const kind = useBusinessOfAddress(business);
  if (kind === undefined) return <Spin />;
  // A business whose rows are saved on their own screen (budget lines, expense claims) has no request form.
  const formless = kind && startsElsewhere(approvalOf(kind)!.approval);
  if (!kind || formless || !processDefinitionId) return <Navigate to="/404" replace />;
  return <NewRequest kind={kind} processDefinitionId={processDefinitionId} />;
}

function NewRequest({ kind, processDefinitionId }: { kind: BusinessKind; processDefinitionId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const entity = approvalOf(kind)!;
  const [form] = Form.useForm<RequestForm>();
  const [diagram, setDiagram] = useState(false);
  const submit = useMutation({
    mutationFn: (values: RequestForm) => saveRequest(kind, processDefinitionId, values),
    onSuccess: async () => {
      void message.success(t('flow.process.started'));
      await queryClient.invalidateQueries({ queryKey: FLOW_LIST_KEY });
      void navigate('/work/send/index');
      tabStore.close(pathname);
    },
  });
  return (
    <Card
      className="tenon-flow-request-form"
      variant="borderless"
      title={t(`flow.route.${kind}Form`)}
      extra={<Button onClick={() => setDiagram(true)}>{t('flow.action.diagram')}</Button>}
    >
      <Form<RequestForm>
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 14 }}
        style={{ maxWidth: 900 }}
        initialValues={newRequest(entity)}
        onFinish={(values) => submit.mutate(values)}
      >
        <RequestFields entity={entity} form={form} />
        <Form.Item wrapperCol={{ offset: 4, span: 14 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={submit.isPending}>
              {t('common.submit')}
            </Button>
            <Button onClick={() => void navigate(-1)}>{t('flow.action.back')}</Button>
          </Space>
        </Form.Item>
      </Form>
      <FlowDiagramDialog target={diagram ? { processDefinitionId } : undefined} onClose={() => setDiagram(false)} />
    </Card>
  );
}
