import { useState } from 'react';
import { Button, Input, List, NavBar, Popup } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  confirmTotp,
  disableTotp,
  fetchTotpStatus,
  startTotpEnrol,
  type TotpEnrolment,
  type TotpStatus,
} from '../../client/totp.ts';
import { Field } from '../components/Field.tsx';
import { RecoveryCodes, TotpSetup } from '../components/TotpSetup.tsx';
import { showToast } from '../toast.ts';

const STATUS_KEY = ['totp-status'] as const;

/** 两步验证 in 我的: on or off; a tap opens its page (turn on with the QR code, or turn off). */
export function TotpItem() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useQuery({ queryKey: STATUS_KEY, queryFn: fetchTotpStatus });
  if (!data) return null;
  return (
    <>
      <List>
        <List.Item
          onClick={() => setOpen(true)}
          extra={t(data.enabled ? 'totp.on' : 'totp.off')}
          description={data.required && !data.enabled ? t('totp.requiredHint') : undefined}
        >
          {t('totp.title')}
        </List.Item>
      </List>
      <Popup visible={open} onClose={() => setOpen(false)} destroyOnClose position="right" bodyClassName="m-totp-page">
        <NavBar onBack={() => setOpen(false)} back={t('totp.back')} backIcon>
          {t('totp.title')}
        </NavBar>
        <div className="m-totp">
          <TotpPage status={data} close={() => setOpen(false)} />
        </div>
      </Popup>
    </>
  );
}

function TotpPage({ status, close }: { status: TotpStatus; close: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const changed = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });

  if (recoveryCodes)
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          void changed();
          close();
        }}
      />
    );
  if (status.enabled) return <DisableForm status={status} done={() => void changed().then(close)} />;
  if (enrolment)
    return (
      <TotpSetup
        enrolment={enrolment}
        submitLabel={t('totp.confirm')}
        confirm={async (code) => {
          setRecoveryCodes(await confirmTotp(code));
          showToast('success', t('totp.enabled'));
        }}
      />
    );
  return (
    <>
      <p className="m-totp-hint">{t('totp.intro')}</p>
      <div className="m-section">
        <Button block color="primary" size="large" onClick={() => void startTotpEnrol().then(setEnrolment)}>
          {t('totp.enable')}
        </Button>
      </div>
    </>
  );
}

function DisableForm({ status, done }: { status: TotpStatus; done: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await disableTotp(code.trim() ? { code } : { password });
      showToast('success', t('totp.disabled'));
      done();
    } catch {
      // the server's message was shown by the interceptor
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p className="m-totp-hint">{t('totp.enabled')}</p>
      <p className="m-totp-hint">{t('totp.recoveryLeft', { count: status.recoveryCodesLeft })}</p>
      {status.required ? (
        <p className="m-totp-hint">{t('totp.requiredHint')}</p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="m-totp-hint">{t('totp.disableHint')}</p>
          <List mode="card" className="m-form">
            <Field label={t('totp.code')}>
              <Input
                value={code}
                onChange={setCode}
                placeholder={t('totp.codeOrRecovery')}
                aria-label={t('totp.code')}
              />
            </Field>
            <Field label={t('totp.password')}>
              <Input
                value={password}
                onChange={setPassword}
                type="password"
                aria-label={t('totp.password')}
                autoComplete="current-password"
              />
            </Field>
          </List>
          <div className="m-section">
            <Button block type="submit" color="danger" fill="outline" size="large" loading={busy}>
              {t('totp.disable')}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
