import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { site } from '../../../client/config.ts';
import { session, useSession } from '../../../client/session.ts';

/** Locks the screen; the first time, a dialog sets the lock password (kept in session storage). */
export function LockButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { lockPasswd } = useSession();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const lockNow = () => {
    session.lock();
    void navigate(site.lockPage);
  };
  const onLock = () => {
    if (lockPasswd) lockNow();
    else setOpen(true);
  };
  const onSet = ({ password }: { password: string }) => {
    session.setLockPassword(password);
    setOpen(false);
    form.resetFields();
    lockNow();
  };

  return (
    <>
      <Button
        type="text"
        className="tenon-top-item"
        icon={<LockOutlined />}
        onClick={onLock}
        aria-label={t('shell.lock.lock')}
        title={t('shell.lock.lock')}
      />
      <Modal
        open={open}
        title={t('shell.lock.setTitle')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        width={400}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={onSet} preserve={false}>
          <Form.Item
            name="password"
            label={t('shell.lock.password')}
            rules={[{ required: true, whitespace: true, message: t('shell.lock.passwordRequired') }]}
          >
            <Input.Password autoFocus autoComplete="new-password" placeholder={t('shell.lock.passwordPlaceholder')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
