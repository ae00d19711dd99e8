import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logout } from '../../client/auth.ts';
import { LOGIN_PATH } from '../router/route-table.ts';

/** Asks (退出系统, 是否继续?), then logs out on the server and locally, and goes to /login. */
export function useLogoutConfirm(): () => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('common.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        void navigate(LOGIN_PATH, { replace: true });
      },
    });
}
