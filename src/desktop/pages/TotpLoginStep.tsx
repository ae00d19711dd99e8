import { useEffect, useState, type FormEvent } from 'react';
// By their own paths, as the login page imports them: what the login downloads stays small.
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { finishLogin, startTicketEnrol, type SecondFactor, type TotpEnrolment } from '../../client/totp.ts';

/**
 * The sign-in's second step when the password grant asked for it: the code (or a recovery code) of an enrolled
 * account, or, when the administrator requires it, enrolment and then the recovery codes. `onDone` opens the console.
 */
export function TotpLoginStep({
  factor,
  onDone,
  onBack,
}: {
  factor: SecondFactor;
  onDone: () => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [enrolled, setEnrolled] = useState<{ recoveryCodes: string[]; signIn: () => void }>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (factor.kind === 'enrol') void startTicketEnrol(factor).then(setEnrolment, onBack);
  }, [factor, onBack]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('totp.codeRequired'));
    setBusy(true);
    try {
      const done = await finishLogin(factor, code);
      if (done) setEnrolled(done);
      else await onDone();
    } catch {
      setCode(''); // the server's message was shown by the interceptor
    } finally {
      setBusy(false);
    }
  };

  if (enrolled)
    return (
      <div className="tenon-totp">
        <h2>{t('totp.recoveryTitle')}</h2>
        <p>{t('totp.recoveryHint')}</p>
        <ul aria-label={t('totp.recoveryTitle')} style={{ columns: 2, fontFamily: 'monospace' }}>
          {enrolled.recoveryCodes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </ul>
        <Button
          type="primary"
          size="large"
          block
          onClick={() => {
            enrolled.signIn();
            void onDone();
          }}
        >
          {t('totp.saved')}
        </Button>
      </div>
    );
  return (
    <form className="tenon-totp" onSubmit={(event) => void submit(event)} noValidate autoComplete="off">
      <h2>{t(factor.kind === 'enrol' ? 'totp.enrolTitle' : 'totp.loginTitle')}</h2>
      <p>{t(factor.kind === 'enrol' ? 'totp.enrolHint' : 'totp.loginHint')}</p>
      {enrolment && (
        <>
          <img src={enrolment.qrCode} alt={t('totp.qrAlt')} width={180} height={180} />
          <p>
            {t('totp.secret')}: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
        </>
      )}
      <div className="tenon-login-field">
        <Input
          size="large"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          placeholder={t(factor.kind === 'enrol' ? 'totp.codePlaceholder' : 'totp.codeOrRecovery')}
          aria-label={t('totp.code')}
          status={error ? 'error' : undefined}
          autoComplete="one-time-code"
          autoFocus
        />
        <div className="tenon-login-error" role="alert">
          {error}
        </div>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {t('totp.verify')}
      </Button>
      <Button type="link" block onClick={onBack}>
        {t('totp.back')}
      </Button>
    </form>
  );
}
