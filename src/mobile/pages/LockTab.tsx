import { useState } from 'react';
import { Button, Input, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { site } from '../../client/config.ts';
import { session, useSession } from '../../client/session.ts';
import { Field } from '../components/Field.tsx';

/** Lock (spec §4): set a lock password the first time, then lock and go to the lock page. */
export function LockTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { lockPasswd } = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const lockNow = () => {
    session.lock();
    navigate(site.lockPage, { replace: true });
  };
  const setAndLock = () => {
    if (!password.trim()) {
      setError(t('mobile.lock.passwordRequired'));
      return;
    }
    session.setLockPassword(password);
    lockNow();
  };

  if (lockPasswd) {
    return (
      <div className="m-section">
        <p className="m-hint">{t('mobile.lock.passwordIsSet')}</p>
        <Button block color="primary" size="large" onClick={lockNow}>
          {t('mobile.lock.lockNow')}
        </Button>
      </div>
    );
  }
  return (
    <form
      className="m-section"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setAndLock();
      }}
    >
      <List mode="card" header={t('mobile.lock.setTitle')} className="m-form">
        <Field label={t('mobile.lock.password')} error={error}>
          <Input
            type="password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              setError('');
            }}
            placeholder={t('mobile.lock.passwordPlaceholder')}
            aria-label={t('mobile.lock.password')}
            clearable
            autoComplete="new-password"
          />
        </Field>
      </List>
      <p className="m-hint">{t('mobile.lock.setHint')}</p>
      <Button block type="submit" color="primary" size="large">
        {t('mobile.lock.setAndLock')}
      </Button>
    </form>
  );
}
