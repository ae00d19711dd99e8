import { useState, type ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '../../client/totp.ts';
import { Field } from './Field.tsx';

/** The QR code and key of a secret awaiting its first code, and the code's input; `confirm` turns it on. */
export function TotpSetup({
  enrolment,
  confirm,
  submitLabel,
}: {
  enrolment: TotpEnrolment;
  confirm: (code: string) => Promise<unknown>;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <TotpCodeForm
      send={confirm}
      submitLabel={submitLabel}
      placeholder={t('totp.codePlaceholder')}
      numeric
      above={
        <>
          <p className="m-totp-hint">{t('totp.scan')}</p>
          <img className="m-totp-qr" src={enrolment.qrCode} alt={t('totp.qrAlt')} />
          <p className="m-totp-secret">
            {t('totp.secret')}: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
        </>
      }
    />
  );
}

/**
 * A code's form (enrolment, sign-in, turning it off): says when it is empty, sends it, and empties it when the server
 * refused it (whose message the interceptor showed).
 */
export function TotpCodeForm({
  send,
  submitLabel,
  placeholder,
  above,
  numeric = false,
  autoFocus = false,
}: {
  send: (code: string) => Promise<unknown>;
  submitLabel: string;
  placeholder: string;
  above?: ReactNode;
  /** Only digits (a recovery code has letters). */
  numeric?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!code.trim()) return setError(t('totp.codeRequired'));
    setBusy(true);
    try {
      await send(code);
    } catch {
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {above}
      <List mode="card" className="m-form">
        <Field label={t('totp.code')} error={error}>
          <Input
            value={code}
            onChange={(value) => {
              setCode(value);
              setError(undefined);
            }}
            placeholder={placeholder}
            aria-label={t('totp.code')}
            inputMode={numeric ? 'numeric' : undefined}
            autoComplete="one-time-code"
            autoFocus={autoFocus}
          />
        </Field>
      </List>
      <div className="m-section">
        <Button block type="submit" color="primary" size="large" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Ten recovery codes, shown once. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="m-totp-title">{t('totp.recoveryTitle')}</h2>
      <p className="m-totp-hint">{t('totp.recoveryHint')}</p>
      <ul className="m-totp-codes" aria-label={t('totp.recoveryTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="m-section">
        <Button block color="primary" size="large" onClick={onDone}>
          {t('totp.saved')}
        </Button>
      </div>
    </div>
  );
}
