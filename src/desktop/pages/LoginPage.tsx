import { tenantInfoQuery } from '../../client/queries.ts';
import { HOME_PATH } from '../router/route-table.ts';
import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchCaptcha, login, type Captcha } from '../../client/auth.ts';
import { site } from '../../client/config.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { permissionQuery, routesQuery } from '../queries.ts';
import { tabStore } from '../tabs/tab-store.ts';

interface LoginValues { tenantId: string; username: string; password: string; captchaCode?: string }

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha>();
  const tenant = useQuery(tenantInfoQuery);
  const tenantName = tenant.data?.tenantName;

  const loadCaptcha = () => {
    if (site.captchaMode) void fetchCaptcha().then(setCaptcha, () => setCaptcha(undefined));
  };
  useEffect(loadCaptcha, []);

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      await login({
        tenantId: tenant.data?.tenantId || values.tenantId,
        username: values.username,
        password: values.password,
        captchaKey: captcha?.key,
        captchaCode: values.captchaCode,
      });
    } catch {
      // The interceptor already showed the server's message; keep the form, forget the password and captcha.
      form.setFieldsValue({ password: '', captchaCode: '' });
      loadCaptcha();
      setSubmitting(false);
      return;
    }
    tabStore.reset(true);
    // Menus and buttons before the shell: a failure here is retried by the layout.
    await Promise.allSettled([queryClient.fetchQuery(routesQuery('')), queryClient.fetchQuery(permissionQuery)]);
    setSubmitting(false);
    // Straight to the home route: the guard may already have redirected '/' → '/wel' meanwhile, and a second
    // '/' would land on that same <Navigate> without firing it again (a blank page).
    void navigate(HOME_PATH, { replace: true });
  };

  return (
    <div className="tenon-login">
      <LanguageSwitch className="tenon-login-language" />
      <Card className="tenon-login-card">
        <div className="tenon-login-head">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <Typography.Title level={3}>{t('common.appName')}</Typography.Title>
          {tenantName && <Typography.Text type="secondary">{tenantName}</Typography.Text>}
        </div>
        <Form form={form} size="large" onFinish={(values) => void submit(values)} initialValues={{ tenantId: site.defaultTenantId }} autoComplete="off">
          {site.tenantMode && !tenantName && (
            <Form.Item name="tenantId" rules={[{ required: true, message: t('shell.login.tenantRequired') }]}>
              <Input prefix={<TeamOutlined />} placeholder={t('shell.login.tenantId')} aria-label={t('shell.login.tenantId')} />
            </Form.Item>
          )}
          <Form.Item name="username" rules={[{ required: true, message: t('shell.login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('shell.login.username')} aria-label={t('shell.login.username')} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('shell.login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} placeholder={t('shell.login.password')} aria-label={t('shell.login.password')} autoComplete="current-password" />
          </Form.Item>
          {site.captchaMode && (
            <Form.Item name="captchaCode" rules={[{ required: true, message: t('shell.login.captchaRequired') }]}>
              <Input
                prefix={<SafetyOutlined />}
                placeholder={t('shell.login.captcha')}
                aria-label={t('shell.login.captcha')}
                suffix={captcha && (
                  <img className="tenon-captcha" src={captcha.image} alt={t('shell.login.captchaImage')} title={t('shell.login.captchaRefresh')} onClick={loadCaptcha} />
                )}
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={submitting}>{t('shell.login.submit')}</Button>
        </Form>
      </Card>
    </div>
  );
}
