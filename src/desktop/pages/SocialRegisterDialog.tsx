import { useState, type ChangeEvent } from 'react';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../client/notify.ts';
import { session, type UserInfo } from '../../client/session.ts';
import { registerGuest, type GuestRegistration } from '../../client/social.ts';
import { SOCIAL_MESSAGES } from '../../shared/i18n/social-messages.ts';
import { SOCIAL_LABELS } from './social-labels.ts';

type Field = keyof GuestRegistration;

/**
 * The third-party guest's registration (spec §2/§5, contract auth.md §6): tenant (hidden when the login named it),
 * name, account, password twice, checked in the spec's order; on success a notice that the account awaits an
 * administrator's approval, and back to the login.
 */
export default function SocialRegisterDialog({ guest, onClose }: { guest: UserInfo; onClose: () => void }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const navigate = useNavigate();
  const tenantKnown = Boolean(guest.tenant_id);
  const [values, setValues] = useState<GuestRegistration>({
    tenantId: guest.tenant_id ?? '',
    name: guest.real_name || guest.nick_name || '',
    account: '',
    password: '',
    password2: '',
  });
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  const check = (): string => {
    if (!values.tenantId.trim()) return SOCIAL_MESSAGES.tenantRequired[lang];
    if (!values.account.trim()) return SOCIAL_MESSAGES.accountRequired[lang];
    if (!values.password) return SOCIAL_MESSAGES.passwordRequired[lang];
    if (values.password !== values.password2) return SOCIAL_MESSAGES.passwordMismatch[lang];
    return '';
  };

  const submit = async () => {
    const found = check();
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      notify.success(await registerGuest(guest, { ...values, account: values.account.trim() }));
    } catch {
      setSaving(false); // the interceptor showed the server's message
      return;
    }
    session.localLogout();
    onClose();
    void navigate('/login', { replace: true });
  };

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const input = (field: Field, secret = false) => {
    const label = SOCIAL_LABELS[field][lang];
    const props = { value: values[field], onChange: change(field), placeholder: label, 'aria-label': label };
    return (
      <div className="tenon-login-field" key={field}>
        {secret ? <Input.Password {...props} autoComplete="new-password" /> : <Input {...props} />}
      </div>
    );
  };

  return (
    <Modal
      open
      title={SOCIAL_LABELS.registerTitle[lang]}
      okText={SOCIAL_LABELS.submit[lang]}
      cancelText={SOCIAL_LABELS.cancel[lang]}
      confirmLoading={saving}
      maskClosable={false}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <p>{SOCIAL_LABELS.registerHint[lang]}</p>
      {!tenantKnown && input('tenantId')}
      {input('name')}
      {input('account')}
      {input('password', true)}
      {input('password2', true)}
      <div className="tenon-login-error" role="alert">
        {problem}
      </div>
    </Modal>
  );
}
