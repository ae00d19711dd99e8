import { useState } from 'react';
import { Avatar, Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { session, useSession } from '../../client/session.ts';
import { useDocumentTitle } from '../page-hooks.ts';
import { confirmLogout } from '../logout.ts';

/** The lock screen: who is signed in, the lock password to unlock, or log out. */
export function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo, tenantId } = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  useDocumentTitle(t('mobile.lock.lockedTitle'));

  const unlock = () => {
    if (!password) {
      setError(t('mobile.lock.passwordRequired'));
      return;
    }
    if (session.unlock(password)) {
      navigate('/', { replace: true });
      return;
    }
    setPassword('');
    setError(t('mobile.lock.wrongPassword'));
  };

  return (
    <div className="m-lock">
      <Avatar src={userInfo?.avatar ?? ''} style={{ '--size': '72px', '--border-radius': '50%' }} />
      <h2>{userInfo?.real_name || userInfo?.account}</h2>
      <div className="m-lock-sub">
        {t('mobile.lock.lockedTitle')} · {tenantId}
      </div>
      <div className="m-lock-form">
        <div className="m-lock-input">
          <Input
            type="password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              setError('');
            }}
            onEnterPress={unlock}
            placeholder={t('mobile.lock.unlockPlaceholder')}
            aria-label={t('mobile.lock.password')}
            autoComplete="off"
          />
        </div>
        <div className="m-lock-error" role="alert">
          {error}
        </div>
        <Button block color="primary" size="large" onClick={unlock}>
          {t('mobile.lock.unlock')}
        </Button>
        <Button block fill="none" size="large" style={{ color: '#fff' }} onClick={confirmLogout}>
          {t('common.logout')}
        </Button>
      </div>
    </div>
  );
}
