import { useState } from 'react';
import { Avatar, Button, Card, Form, Input, Typography } from 'antd';
import { UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { session, useSession } from '../../client/session.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { useLogoutConfirm } from '../components/use-logout-confirm.ts';
import { tabStore } from '../tabs/tab-store.ts';

/** The lock screen: the user, the lock password, back to the last route on success. */
export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo, isLock } = useSession();
  const [form] = Form.useForm<{ password: string }>();
  const [wrong, setWrong] = useState(false);
  const confirmLogout = useLogoutConfirm();
  const back = () => void navigate(tabStore.get().current.value || '/', { replace: true });

  const unlock = ({ password }: { password: string }) => {
    if (!session.unlock(password)) {
      setWrong(true);
      form.setFieldValue('password', '');
      return;
    }
    back();
  };

  const name = userInfo?.real_name || userInfo?.nick_name || userInfo?.user_name || '';
  return (
    <div className="tenon-login tenon-lock">
      <LanguageSwitch className="tenon-login-language" />
      <Card className="tenon-login-card">
        <div className="tenon-login-head">
          <Avatar size={64} src={userInfo?.avatar || undefined} icon={<UserOutlined />} />
          <Typography.Title level={4}>{name}</Typography.Title>
          <Typography.Text type="secondary">{t('shell.lock.locked')}</Typography.Text>
        </div>
        {isLock ? (
          <Form form={form} onFinish={unlock} size="large" onValuesChange={() => setWrong(false)}>
            <Form.Item
              name="password"
              validateStatus={wrong ? 'error' : undefined}
              help={wrong ? t('shell.lock.wrong') : undefined}
              rules={[{ required: true, message: t('shell.lock.passwordRequired') }]}
            >
              <Input.Password
                autoFocus
                autoComplete="off"
                placeholder={t('shell.lock.passwordPlaceholder')}
                aria-label={t('shell.lock.password')}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block icon={<UnlockOutlined />}>
              {t('shell.lock.unlock')}
            </Button>
          </Form>
        ) : (
          <Button type="primary" block size="large" onClick={back}>
            {t('shell.lock.back')}
          </Button>
        )}
        <Button type="link" block className="tenon-lock-logout" onClick={confirmLogout}>
          {t('common.logout')}
        </Button>
      </Card>
    </div>
  );
}
