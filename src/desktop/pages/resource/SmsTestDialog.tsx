import { useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure, http, type R } from '../../../client/http.ts';
import { SMS_TEST_SEND_URL } from '../../../shared/contract/api/resource.ts';
import { phoneProblem } from '../../../shared/entities/system/user.ts';
import type { WireRecord } from '../../components/crud/fields.ts';
import { ruleOf } from '../info-rules.ts';

interface TestValues {
  phone: string;
  params?: string;
}

/**
 * 测试发送: a message through this config to the phone typed here. The provider's refusal stays in the dialog (the
 * server says it in the user's language with the provider's own code), so the admin can fix the config and retry.
 */
export function SmsTestDialog({ config, onClose }: { config: WireRecord; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const [form] = Form.useForm<TestValues>();
  const [refusal, setRefusal] = useState<string>();
  const send = useMutation({
    mutationFn: async (values: TestValues) =>
      (
        await http.post<R<null>>(
          SMS_TEST_SEND_URL,
          { id: config.id, phone: values.phone.trim(), params: values.params?.trim() || undefined },
          { silent: [400] },
        )
      ).data.msg,
    onMutate: () => setRefusal(undefined),
    onSuccess: (said) => {
      void message.success(said);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiFailure) setRefusal(error.message);
      else void message.error(t('common.networkError'));
    },
  });
  return (
    <Modal
      open
      title={t('crud.sms.testTitle', { code: String(config.smsCode ?? '') })}
      okText={t('crud.sms.testSend')}
      cancelText={t('common.cancel')}
      confirmLoading={send.isPending}
      onOk={() =>
        void form.validateFields().then(
          (values) => send.mutate(values),
          () => undefined,
        )
      }
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" className="tenon-sms-test-form">
        <Form.Item
          name="phone"
          label={t('crud.sms.testPhone')}
          required
          rules={[ruleOf((value) => phoneProblem(value, true)?.[lang])]}
        >
          <Input maxLength={20} autoFocus />
        </Form.Item>
        <Form.Item name="params" label={t('crud.sms.testParams')} extra={t('crud.sms.testParamsHint')}>
          <Input.TextArea rows={2} placeholder='{"code":"123456"}' />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon message={refusal} />}
    </Modal>
  );
}
