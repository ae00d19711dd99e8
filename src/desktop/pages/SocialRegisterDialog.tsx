import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../client/session.ts';
import { useGuestRegistration, type GuestRegistration } from '../../client/social.ts';
import { SOCIAL_LABELS } from '../../shared/i18n/social-labels.ts';

/**
 * The third-party guest's registration dialog (spec §2/§5, contract auth.md §6); its checks, submit and the notice
 * after it are the phone's too (client/social.ts).
 */
export default function SocialRegisterDialog({ guest, onClose }: { guest: UserInfo; onClose: () => void }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const form = useGuestRegistration(guest, lang, onClose);

  const input = (field: keyof GuestRegistration, secret = false) => {
    const label = SOCIAL_LABELS[field][lang];
    const props = {
      value: form.values[field],
      onChange: (event: { target: { value: string } }) => form.change(field, event.target.value),
      placeholder: label,
      'aria-label': label,
    };
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
      confirmLoading={form.saving}
      maskClosable={false}
      onOk={() => void form.submit()}
      onCancel={onClose}
    >
      <p>{SOCIAL_LABELS.registerHint[lang]}</p>
      {!form.tenantKnown && input('tenantId')}
      {input('name')}
      {input('account')}
      {input('password', true)}
      {input('password2', true)}
      <div className="tenon-login-error" role="alert">
        {form.problem?.message}
      </div>
    </Modal>
  );
}
