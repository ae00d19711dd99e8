import { tenantInfoQuery } from '../../client/queries.ts';
import { HOME_PATH } from '../router/route-table.ts';
import { useCallback, useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
// Each by its own path, not antd's or the icons' index: what these modules reach is what the login downloads.
import type { InputProps } from 'antd';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import SafetyOutlined from '@ant-design/icons/es/icons/SafetyOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import TranslationOutlined from '@ant-design/icons/es/icons/TranslationOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchCaptcha, login, type Captcha } from '../../client/auth.ts';
import { DemoAccountsHint, type DemoPick } from '../../client/DemoAccountsHint.tsx';
import { useCaptchaMode } from '../../client/captcha-mode.ts';
import { site } from '../../client/config.ts';
import { setLanguage } from '../../client/i18n.ts';
import { permissionQuery, routesQuery } from '../queries.ts';
import { tabStore } from '../tabs/tab-store.ts';
import { secondFactorOf, type SecondFactor } from '../../client/totp.ts';
import { SocialLogin } from './SocialLogin.tsx';
import { TotpLoginStep } from './TotpLoginStep.tsx';

interface LoginValues {
  tenantId: string;
  username: string;
  password: string;
  captchaCode: string;
}
type Field = keyof LoginValues;

const REQUIRED: Record<Field, string> = {
  tenantId: 'shell.login.tenantRequired',
  username: 'shell.login.usernameRequired',
  password: 'shell.login.passwordRequired',
  captchaCode: 'shell.login.captchaRequired',
};

/**
 * The desktop login. It is the first thing a desktop downloads, so it is built from antd's input and button only:
 * a plain form checks its few required fields itself (as antd's Form would: on submit, and again as a field is
 * changed), no card or typography, and a language button that switches to the other language at once where the
 * console's top bar has a menu. The shell brings the rest of antd after the login.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LoginValues>({
    tenantId: site.defaultTenantId,
    username: '',
    password: '',
    captchaCode: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha>();
  const [factor, setFactor] = useState<SecondFactor>();
  const backToPassword = useCallback(() => setFactor(undefined), []);
  const tenant = useQuery(tenantInfoQuery);
  const tenantName = tenant.data?.tenantName;
  const captchaMode = useCaptchaMode(tenant.data?.tenantId || values.tenantId);
  const fields: Field[] = [
    ...(site.tenantMode && !tenantName ? ['tenantId' as const] : []),
    'username',
    'password',
    ...(captchaMode ? ['captchaCode' as const] : []),
  ];

  const loadCaptcha = () => {
    if (captchaMode) void fetchCaptcha().then(setCaptcha, () => setCaptcha(undefined));
  };
  useEffect(loadCaptcha, [captchaMode]);

  const missing = (field: Field, value: string) => (value.trim() ? undefined : t(REQUIRED[field]));
  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: missing(field, value) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(
      fields.map((field) => [field, missing(field, values[field])]).filter(([, error]) => error),
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await login({
        tenantId: tenant.data?.tenantId || values.tenantId,
        username: values.username,
        password: values.password,
        captchaKey: captchaMode ? captcha?.key : undefined,
        captchaCode: values.captchaCode,
      });
    } catch (error) {
      // The password was right: the second factor (or its enrolment) finishes the sign-in.
      setFactor(secondFactorOf(error));
      // The interceptor already showed the server's message; keep the form, forget the password and captcha.
      setValues((current) => ({ ...current, password: '', captchaCode: '' }));
      loadCaptcha();
      setSubmitting(false);
      return;
    }
    await enter();
  };

  /** After a login (password, second factor or social): into the console. */
  const enter = async () => {
    tabStore.reset(true);
    // Menus and buttons before the shell: a failure here is retried by the layout.
    await Promise.allSettled([queryClient.fetchQuery(routesQuery('')), queryClient.fetchQuery(permissionQuery)]);
    setSubmitting(false);
    // Straight to the home route: the guard may already have redirected '/' → '/wel' meanwhile, and a second
    // '/' would land on that same <Navigate> without firing it again (a blank page).
    void navigate(HOME_PATH, { replace: true });
  };

  /** One field with its message under it; the input is named by its placeholder's words. */
  const field = (name: Field, icon: ReactNode, input: (props: InputProps) => ReactNode) => (
    <div className="tenon-login-field" key={name}>
      {input({
        size: 'large',
        prefix: icon,
        value: values[name],
        onChange: change(name),
        status: errors[name] ? 'error' : undefined,
        'aria-invalid': Boolean(errors[name]),
        'aria-describedby': `login-${name}-error`,
      })}
      <div className="tenon-login-error" id={`login-${name}-error`} role="alert">
        {errors[name]}
      </div>
    </div>
  );
  const other = i18n.language === 'en' ? 'zh' : 'en';
  const pickDemo = (pick: DemoPick) => {
    setValues((current) => ({ ...current, ...pick }));
    setErrors({});
  };

  return (
    <div className="tenon-login">
      <Button
        type="text"
        className="tenon-login-language"
        icon={<TranslationOutlined />}
        title={t('common.language')}
        onClick={() => void setLanguage(other)}
      >
        {t(`common.${other}`)}
      </Button>
      <div className="tenon-login-card">
        <div className="tenon-login-head">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <h1 className="tenon-login-title">{t('common.appName')}</h1>
          {tenantName && <span className="tenon-login-tenant">{tenantName}</span>}
        </div>
        {factor && <TotpLoginStep factor={factor} onDone={enter} onBack={backToPassword} />}
        <form onSubmit={(event) => void submit(event)} noValidate autoComplete="off" hidden={Boolean(factor)}>
          {fields.map((name) => {
            const label = t(name === 'captchaCode' ? 'shell.login.captcha' : `shell.login.${name}`);
            const named = { placeholder: label, 'aria-label': label };
            if (name === 'tenantId') return field(name, <TeamOutlined />, (props) => <Input {...props} {...named} />);
            if (name === 'username')
              return field(name, <UserOutlined />, (props) => <Input {...props} {...named} autoComplete="username" />);
            if (name === 'password')
              return field(name, <LockOutlined />, (props) => (
                <Input.Password {...props} {...named} autoComplete="current-password" />
              ));
            return field(name, <SafetyOutlined />, (props) => (
              <Input
                {...props}
                {...named}
                suffix={
                  captcha && (
                    <img
                      className="tenon-captcha"
                      src={captcha.image}
                      alt={t('shell.login.captchaImage')}
                      title={t('shell.login.captchaRefresh')}
                      onClick={loadCaptcha}
                    />
                  )
                }
              />
            ));
          })}
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t('shell.login.submit')}
          </Button>
        </form>
        {/* The code step stands alone: other ways in, and demo accounts to pick, belong to the password step. */}
        {!factor && (
          <>
            <SocialLogin
              tenantId={tenant.data?.tenantId || values.tenantId.trim()}
              onSignedIn={enter}
              onSecondFactor={setFactor}
            />
            <DemoAccountsHint onPick={pickDemo} />
          </>
        )}
      </div>
    </div>
  );
}
