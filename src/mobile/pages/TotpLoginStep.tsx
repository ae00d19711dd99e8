import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { finishLogin, startTicketEnrol, type SecondFactor, type TotpEnrolment } from '../../client/totp.ts';
import { RecoveryCodes, TotpCodeForm, TotpSetup } from '../components/TotpSetup.tsx';

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
  onDone: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [enrolled, setEnrolled] = useState<{ recoveryCodes: string[]; signIn: () => void }>();
  useEffect(() => {
    if (factor.kind === 'enrol') void startTicketEnrol(factor).then(setEnrolment, onBack);
  }, [factor, onBack]);

  const finish = async (code: string) => {
    const done = await finishLogin(factor, code);
    if (done) setEnrolled(done);
    else onDone();
  };

  let body;
  if (enrolled)
    body = (
      <RecoveryCodes
        codes={enrolled.recoveryCodes}
        onDone={() => {
          enrolled.signIn();
          onDone();
        }}
      />
    );
  else if (factor.kind === 'enrol')
    body = (
      <>
        <p className="m-totp-hint">{t('totp.enrolHint')}</p>
        {enrolment && <TotpSetup enrolment={enrolment} confirm={finish} submitLabel={t('totp.verify')} />}
      </>
    );
  else
    body = (
      <TotpCodeForm
        send={finish}
        submitLabel={t('totp.verify')}
        placeholder={t('totp.codeOrRecovery')}
        above={<p className="m-totp-hint">{t('totp.loginHint')}</p>}
        autoFocus
      />
    );
  return (
    <div className="m-totp">
      <h2 className="m-totp-title">{t(factor.kind === 'enrol' ? 'totp.enrolTitle' : 'totp.loginTitle')}</h2>
      {body}
      {!enrolled && (
        <div className="m-section">
          <Button block fill="none" onClick={onBack}>
            {t('totp.back')}
          </Button>
        </div>
      )}
    </div>
  );
}
