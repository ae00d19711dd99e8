import { Dialog } from 'antd-mobile';
import { logout } from '../client/auth.ts';
import { t } from '../client/i18n.ts';
import { navigateTo } from '../client/navigation.ts';

/** Log out after the confirm dialog: server logout (the local one happens even when it fails), then /login. */
export function confirmLogout() {
  void Dialog.confirm({
    title: t('common.tip'),
    content: t('common.logoutConfirm'),
    confirmText: t('common.ok'),
    cancelText: t('common.cancel'),
    onConfirm: async () => {
      await logout().catch(() => undefined);
      navigateTo('/login');
    },
  });
}
