import { useEffect } from 'react';
import { Alert, App, Form } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { processRoutes } from '../../../../client/api/flow.ts';
import { fetchStartForm, startProcess } from '../../../../client/api/flow-forms.ts';
import { ActionDialog } from '../../../components/ActionDialog.tsx';
import { DESKTOP_KEY } from '../../../queries.ts';
import { FLOW_LIST_KEY } from '../../flow/flow-screen-queries.ts';
import { FormFieldItems, initialValues, toVariables } from './FormFieldItems.tsx';

const SEND_PATH = '/work/send/index';

/**
 * 发起 of a start-list definition with no business page (通用流程): its start form (the model's declared fields), then
 * the started instance in 已发事务. A `formKey` naming a Tenon request form opens that form instead.
 */
export function StartFormDialog({
  definition,
  onClose,
}: {
  definition?: { id: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const id = definition?.id ?? '';
  const startForm = useQuery({
    queryKey: [DESKTOP_KEY, 'flow', 'start-form', id],
    queryFn: () => fetchStartForm(id),
    enabled: Boolean(id),
    staleTime: 0,
  });
  const business = startForm.data?.business;
  useEffect(() => {
    if (business && id) {
      onClose();
      void navigate(processRoutes.form(business, id));
    }
  }, [business, id, navigate, onClose]);
  const fields = startForm.data?.fields ?? [];
  const start = useMutation({
    mutationFn: (values: Record<string, unknown>) => startProcess(id, toVariables(fields, values)),
    onSuccess: async () => {
      void message.success(t('flowForm.started'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: FLOW_LIST_KEY });
      void navigate(SEND_PATH);
    },
  });
  return (
    <ActionDialog
      open={Boolean(definition)}
      title={t('flowForm.startTitle', { name: definition?.name ?? '' })}
      width={560}
      loading={startForm.isPending}
      failed={!startForm.data}
      saving={start.isPending}
      onClose={onClose}
      onOk={() =>
        void form.validateFields().then(
          (values) => start.mutate(values),
          () => undefined,
        )
      }
    >
      {startForm.data && (
        <Form
          form={form}
          layout="vertical"
          className="tenon-start-form"
          initialValues={initialValues(fields)}
          onFinish={(values) => start.mutate(values)}
        >
          {fields.length ? <FormFieldItems fields={fields} /> : <Alert type="info" title={t('flowForm.noFields')} />}
        </Form>
      )}
    </ActionDialog>
  );
}
