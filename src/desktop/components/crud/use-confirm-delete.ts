import { App } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/**
 * The delete of a list (the CRUD page's, a grid screen's): 请选择至少一条数据 with nothing chosen, else 确定将选择数据删除?
 * and, once confirmed, the ids sent together, 删除成功 and `onDeleted`. A refusal was already shown by the interceptor.
 */
export function useConfirmDelete(remove: (ids: string[]) => Promise<unknown>, onDeleted: () => Promise<unknown>) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      void message.success(t('common.deleteSuccess'));
      await onDeleted();
    },
  });
  return (ids: string[]) => {
    if (ids.length === 0) {
      void message.warning(t('common.selectOne'));
      return;
    }
    modal.confirm({
      title: t('common.tip'),
      content: t('common.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => mutation.mutateAsync(ids).catch(() => undefined),
    });
  };
}
