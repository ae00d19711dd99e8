import { useMemo, useState } from 'react';
import { App, Empty, Tree } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure, getData, postData } from '../../../client/http.ts';
import type { TreeNode } from '../../../shared/contract/tree.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { ActionDialog } from '../../components/ActionDialog.tsx';
import type { TopMenuKeys } from '../../../shared/contract/api/system.schemas.ts';
import { MENU_GRANT_TOP_TREE_URL, TOP_MENU_GRANT_URL, TOP_TREE_KEYS_URL } from '../../../shared/contract/api/system.ts';
import { checkedLeaves, checkNodes, grantedKeys, leafKeys } from '../authority/grant-tree.ts';

interface Props {
  topMenuId: string;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * 菜单配置 of one top menu (contract system.md §4-5): the menus the caller may place (`grant-top-tree`), ticked
 * from `top-tree-keys`, saved with `topmenu/grant` as the checked and half-checked ids. A refusal keeps it open.
 */
export function TopMenuGrantDialog({ topMenuId, open, onClose, afterClose }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const tree = useQuery({
    queryKey: [DESKTOP_KEY, 'grant-top-tree'],
    queryFn: () => getData<{ menu: TreeNode[] }>(MENU_GRANT_TOP_TREE_URL),
    gcTime: 0,
  });
  const keys = useQuery({
    queryKey: [DESKTOP_KEY, 'top-tree-keys', topMenuId],
    queryFn: () => getData<TopMenuKeys>(TOP_TREE_KEYS_URL, { topMenuIds: topMenuId }),
    gcTime: 0,
  });
  const [touched, setTouched] = useState<string[]>();

  const nodes = useMemo(() => (tree.data ? checkNodes(tree.data.menu ?? [], lang) : undefined), [tree.data, lang]);
  const leaves = useMemo(() => (nodes ? leafKeys(nodes) : undefined), [nodes]);
  // Stored ids include the parents; ticking only the stored leaves lets the tree derive its parents, so a parent
  // with some children stored is half-checked instead of ticking all of them.
  const stored = leaves && keys.data ? checkedLeaves(keys.data.menu ?? [], leaves) : undefined;
  const checked = touched ?? stored ?? [];

  const save = useMutation({
    mutationFn: (menuIds: string[]) => postData<null>(TOP_MENU_GRANT_URL, { topMenuIds: [topMenuId], menuIds }),
    onSuccess: () => {
      void message.success(t('common.operationSuccess'));
      void queryClient.invalidateQueries({ queryKey: [DESKTOP_KEY, 'routes'] });
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
    },
  });

  const loading = tree.isPending || keys.isPending;
  const failed = tree.isError || keys.isError;
  return (
    <ActionDialog
      open={open}
      afterClose={afterClose}
      title={t('crud.topMenu.grantTitle')}
      width={420}
      loading={loading}
      failed={failed}
      saving={save.isPending}
      onClose={onClose}
      onOk={() => nodes && save.mutate(grantedKeys(nodes, checked, true))}
    >
      {nodes &&
        !failed &&
        (nodes.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
        ) : (
          <div style={{ maxHeight: '60vh', overflowY: 'auto' }}>
            <Tree
              checkable
              selectable={false}
              defaultExpandAll
              treeData={nodes}
              checkedKeys={checked}
              onCheck={(next) => setTouched((Array.isArray(next) ? next : next.checked).map(String))}
            />
          </div>
        ))}
    </ActionDialog>
  );
}
