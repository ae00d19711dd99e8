import { useCallback, useEffect, useState } from 'react';
// By their own paths, not antd-mobile's index: see MobileApp.
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchCaptcha, login, type Captcha } from '../../client/auth.ts';
import { askPhoneFirstScreen } from '../../client/api/first-screen.ts';
import { useCaptchaMode } from '../../client/captcha-mode.ts';
import { site } from '../../client/config.ts';
import { ApiFailure } from '../../client/http.ts';
import { DemoAccountsHint, type DemoPick } from '../../client/DemoAccountsHint.tsx';
import { Field } from '../components/Field.tsx';
import { OfflineBanner } from '../layout/OfflineBanner.tsx';
import { showToast } from '../toast.ts';
import { useDocumentTitle, useTenantInfo } from '../page-hooks.ts';
import { secondFactorOf, type SecondFactor } from '../../client/totp.ts';
import { TotpLoginStep } from './TotpLoginStep.tsx';
import { useSocialLogin } from '../../client/social.ts';
import { SocialButtons, SocialRegisterStep } from './SocialLogin.tsx';

type Name = 'tenantId' | 'username' | 'password' | 'captchaCode';
type Values = Record<Name, string>;

/** Tenant id (hidden when the host resolves one), account, password (sent as md5), captcha in captcha mode. */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const navigate = useNavigate();
  const tenant = useTenantInfo();
  const resolvedTenant = tenant.data?.tenantId ? tenant.data : undefined;
  const [values, setValues] = useState<Values>({
    tenantId: site.defaultTenantId,
    username: '',
    password: '',
    captchaCode: '',
  });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [captcha, setCaptcha] = useState<Captcha>();
  const [loading, setLoading] = useState(false);
  const [factor, setFactor] = useState<SecondFactor>();
  const backToPassword = useCallback(() => setFactor(undefined), []);
  useDocumentTitle(t('mobile.login.title'));

  const captchaMode = useCaptchaMode(resolvedTenant?.tenantId ?? values.tenantId);
  const loadCaptcha = useCallback(() => {
    if (!captchaMode) return;
    setValues((current) => ({ ...current, captchaCode: '' }));
    void fetchCaptcha().then(setCaptcha, () => setCaptcha(undefined));
  }, [captchaMode]);
  useEffect(loadCaptcha, [loadCaptcha]);

  const shown: Name[] = [
    ...(site.tenantMode && !resolvedTenant ? ['tenantId' as const] : []),
    'username',
    'password',
    ...(captchaMode ? ['captchaCode' as const] : []),
  ];
  const requiredMessage: Record<Name, string> = {
    tenantId: t('mobile.login.tenantIdRequired'),
    username: t('mobile.login.accountRequired'),
    password: t('mobile.login.passwordRequired'),
    captchaCode: t('mobile.login.captchaRequired'),
  };

  const enter = () => {
    askPhoneFirstScreen();
    navigate('/', { replace: true });
  };
  // The provider's redirect comes back to /login: a bound identity signs in, a guest registers (client/social.ts).
  const tenantId = resolvedTenant?.tenantId ?? values.tenantId.trim();
  const social = useSocialLogin({ tenantId, lang, onSignedIn: enter, onSecondFactor: setFactor });

  const submit = async () => {
    const missing = Object.fromEntries(
      shown.filter((name) => !values[name].trim()).map((name) => [name, requiredMessage[name]]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setLoading(true);
    try {
      await login({
        tenantId,
        username: values.username.trim(),
        password: values.password,
        captchaKey: captchaMode ? captcha?.key : undefined,
        captchaCode: values.captchaCode.trim(),
      });
      enter();
    } catch (error) {
      const second = secondFactorOf(error);
      if (second) return setFactor(second);
      // The interceptor has already shown the server's message, except for a 401 (it only logs out) and for
      // failures without a response.
      if (!(error instanceof ApiFailure)) showToast('fail', t('common.networkError'));
      else if (error.code === 401) showToast('fail', error.message);
      loadCaptcha();
    } finally {
      setLoading(false);
    }
  };

  const pickDemo = (pick: DemoPick) => {
    setValues((current) => ({ ...current, ...pick }));
    setErrors({});
  };

  const input = (name: Name, placeholder: string, props: { type?: string; autoComplete: string }) => (
    <Input
      value={values[name]}
      onChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      }}
      placeholder={placeholder}
      aria-label={placeholder}
      clearable={name !== 'captchaCode'}
      {...props}
    />
  );
  // The password was right; the second factor (or its enrolment) finishes the sign-in.
  if (factor)
    return (
      <div className="m-login">
        <div className="m-login-brand">
          <h1>{t('common.appName')}</h1>
        </div>
        <TotpLoginStep factor={factor} onDone={enter} onBack={backToPassword} />
      </div>
    );
  if (social.guest)
    return (
      <div className="m-login">
        <div className="m-login-brand">
          <h1>{t('common.appName')}</h1>
        </div>
        <SocialRegisterStep guest={social.guest} lang={lang} onDone={social.dismissGuest} />
      </div>
    );
  return (
    <div className="m-login">
      <OfflineBanner />
      <div className="m-login-brand">
        <h1>{t('common.appName')}</h1>
        <p>{resolvedTenant?.tenantName || t('mobile.login.title')}</p>
      </div>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <List mode="card" className="m-form">
          {shown.includes('tenantId') && (
            <Field label={t('mobile.login.tenantId')} error={errors.tenantId}>
              {input('tenantId', t('mobile.login.tenantIdPlaceholder'), { autoComplete: 'organization' })}
            </Field>
          )}
          <Field label={t('mobile.login.account')} error={errors.username}>
            {input('username', t('mobile.login.accountPlaceholder'), { autoComplete: 'username' })}
          </Field>
          <Field label={t('mobile.login.password')} error={errors.password}>
            {input('password', t('mobile.login.passwordPlaceholder'), {
              type: 'password',
              autoComplete: 'current-password',
            })}
          </Field>
          {captchaMode && (
            <Field
              label={t('mobile.login.captcha')}
              error={errors.captchaCode}
              extra={
                captcha && (
                  <img
                    className="m-captcha"
                    src={captcha.image}
                    alt={t('mobile.login.captchaRefresh')}
                    onClick={loadCaptcha}
                  />
                )
              }
            >
              {input('captchaCode', t('mobile.login.captchaPlaceholder'), { autoComplete: 'off' })}
            </Field>
          )}
        </List>
        <div className="m-login-submit">
          <Button block type="submit" color="primary" size="large" loading={loading}>
            {t('mobile.login.submit')}
          </Button>
        </div>
      </form>
      <SocialButtons sources={social.sources} tenantId={tenantId} busy={social.busy} lang={lang} />
      <DemoAccountsHint onPick={pickDemo} />
    </div>
  );
}
