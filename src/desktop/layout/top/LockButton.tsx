import { useState } from 'react';
import { Button } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { site } from '../../../client/config.ts';
import { session, useSession } from '../../../client/session.ts';
import { lazyDialog } from '../../components/LazyDialog.tsx';

const LockPasswordDialog = lazyDialog(() => import('./LockPasswordDialog.tsx'));

/** Locks the screen; the first time, a dialog sets the lock password (kept in session storage). */
export function LockButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { lockPasswd } = useSession();
  const [open, setOpen] = useState(false);

  const lockNow = () => {
    session.lock();
    void navigate(site.lockPage);
  };
  const onLock = () => {
    if (lockPasswd) lockNow();
    else setOpen(true);
  };
  const onSet = (password: string) => {
    session.setLockPassword(password);
    setOpen(false);
    lockNow();
  };

  return (
    <>
      <Button
        type="text"
        className="tenon-top-item"
        icon={<LockOutlined />}
        onClick={onLock}
        aria-label={t('shell.lock.lock')}
        title={t('shell.lock.lock')}
      />
      <LockPasswordDialog open={open} onClose={() => setOpen(false)} onSet={onSet} />
    </>
  );
}
