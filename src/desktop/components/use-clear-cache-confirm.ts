import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clearServerCache } from '../../client/auth.ts';

/**
 * 清除缓存 (user menu and tab menu): asks, clears the server's caches, then marks everything this console fetched
 * stale, so the menus, buttons, dictionaries and the open screen are read again, and says 清除完毕.
 */
export function useClearCacheConfirm(): () => void {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  return () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('shell.user.clearCacheConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await clearServerCache();
        await queryClient.invalidateQueries();
        void message.success(t('shell.user.cacheCleared'));
      },
    });
}
