import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** The first lock of a session asks for the password that unlocks it. */
export default function LockPasswordDialog({
  open,
  onClose,
  onSet,
}: {
  open: boolean;
  onClose: () => void;
  onSet: (password: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  return (
    <Modal
      open={open}
      title={t('shell.lock.setTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      width={400}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ password }) => {
          onSet(password);
          form.resetFields();
        }}
        preserve={false}
      >
        <Form.Item
          name="password"
          label={t('shell.lock.password')}
          rules={[{ required: true, whitespace: true, message: t('shell.lock.passwordRequired') }]}
        >
          <Input.Password autoFocus autoComplete="new-password" placeholder={t('shell.lock.passwordPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
