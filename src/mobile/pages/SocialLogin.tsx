import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import type { UserInfo } from '../../client/session.ts';
import {
  startSocialLogin,
  useGuestRegistration,
  type GuestRegistration,
  type SocialSource,
} from '../../client/social.ts';
import { SOCIAL_LABELS } from '../../shared/i18n/social-labels.ts';
import { Field } from '../components/Field.tsx';

type Lang = 'zh' | 'en';

/** The login page's 第三方登录: a button per provider the tenant configured (none, no section). */
export function SocialButtons({
  sources,
  tenantId,
  busy,
  lang,
}: {
  sources: SocialSource[];
  tenantId: string;
  busy: boolean;
  lang: Lang;
}) {
  if (!sources.length) return null;
  return (
    <section className="m-login-social" aria-label={SOCIAL_LABELS.others[lang]}>
      <div className="m-login-social-title">{SOCIAL_LABELS.others[lang]}</div>
      {sources.map((source) => (
        <Button
          key={source.source}
          block
          fill="outline"
          loading={busy}
          aria-label={SOCIAL_LABELS.signInWith[lang].replace('{name}', source.name)}
          onClick={() => startSocialLogin(source.source, tenantId)}
        >
          {source.name}
        </Button>
      ))}
    </section>
  );
}

/**
 * A social guest's registration on the phone (spec §2/§5): the desktop dialog's form and rules (client/social.ts) as
 * a step of the login page; each check's message under its field.
 */
export function SocialRegisterStep({ guest, lang, onDone }: { guest: UserInfo; lang: Lang; onDone: () => void }) {
  const form = useGuestRegistration(guest, lang, onDone);
  const input = (field: keyof GuestRegistration, secret = false) => (
    <Field label={SOCIAL_LABELS[field][lang]} error={form.problem?.field === field ? form.problem.message : undefined}>
      <Input
        value={form.values[field]}
        onChange={(value) => form.change(field, value)}
        placeholder={SOCIAL_LABELS[field][lang]}
        aria-label={SOCIAL_LABELS[field][lang]}
        clearable={!secret}
        {...(secret ? { type: 'password', autoComplete: 'new-password' } : {})}
      />
    </Field>
  );
  return (
    <form
      className="m-totp"
      noValidate
      aria-label={SOCIAL_LABELS.registerTitle[lang]}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <h2 className="m-totp-title">{SOCIAL_LABELS.registerTitle[lang]}</h2>
      <p className="m-totp-hint">{SOCIAL_LABELS.registerHint[lang]}</p>
      <List mode="card" className="m-form">
        {!form.tenantKnown && input('tenantId')}
        {input('name')}
        {input('account')}
        {input('password', true)}
        {input('password2', true)}
      </List>
      <div className="m-login-submit">
        <Button block type="submit" color="primary" size="large" loading={form.saving}>
          {SOCIAL_LABELS.submit[lang]}
        </Button>
      </div>
      <Button block fill="none" onClick={onDone}>
        {SOCIAL_LABELS.cancel[lang]}
      </Button>
    </form>
  );
}
