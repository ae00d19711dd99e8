import { useMemo, useState } from 'react';
import { App, Button, Empty, Modal, Tree, type TreeDataNode } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure, getData, postData } from '../../../client/http.ts';
import type { TreeNode } from '../../../shared/contract/tree.ts';
import { DESKTOP_KEY } from '../../queries.ts';

const MENU = '/api/blade-system/menu';

interface GrantTree { nodes: TreeDataNode[]; parentOf: Map<string, string>; leaves: Set<string> }

/** The server tree as antd nodes in the console's language, with each node's parent and the leaf keys. */
function grantTree(menu: TreeNode[], en: boolean): GrantTree {
  const parentOf = new Map<string, string>();
  const leaves = new Set<string>();
  const convert = (nodes: TreeNode[], parent?: string): TreeDataNode[] => nodes.map((node) => {
    const key = node.key || node.id;
    if (parent) parentOf.set(key, parent);
    if (!node.children?.length) leaves.add(key);
    return {
      key,
      title: en && node.titleEn ? node.titleEn : node.title,
      ...(node.children?.length ? { children: convert(node.children, key) } : {}),
    };
  });
  return { nodes: convert(menu), parentOf, leaves };
}

/** Checked keys plus every ancestor of one: exactly the tree's checked and half-checked nodes. */
function withAncestors(checked: string[], parentOf: Map<string, string>): string[] {
  const ids = new Set(checked);
  for (const key of checked) {
    for (let up = parentOf.get(key); up && !ids.has(up); up = parentOf.get(up)) ids.add(up);
  }
  return [...ids];
}

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
  const en = i18n.language === 'en';
  const tree = useQuery({
    queryKey: [DESKTOP_KEY, 'grant-top-tree'],
    queryFn: () => getData<{ menu: TreeNode[] }>(`${MENU}/grant-top-tree`),
    gcTime: 0,
  });
  const keys = useQuery({
    queryKey: [DESKTOP_KEY, 'top-tree-keys', topMenuId],
    queryFn: () => getData<{ menu: string[] }>(`${MENU}/top-tree-keys`, { topMenuIds: topMenuId }),
    gcTime: 0,
  });
  const [touched, setTouched] = useState<string[]>();

  const data = useMemo(() => (tree.data ? grantTree(tree.data.menu ?? [], en) : undefined), [tree.data, en]);
  // Stored ids include the parents; ticking only the stored leaves lets the tree derive its parents, so a parent
  // with some children stored is half-checked instead of ticking all of them.
  const stored = data && keys.data ? (keys.data.menu ?? []).filter((id) => data.leaves.has(id)) : undefined;
  const checked = touched ?? stored ?? [];

  const save = useMutation({
    mutationFn: (menuIds: string[]) => postData<null>('/api/blade-system/topmenu/grant', { topMenuIds: [topMenuId], menuIds }),
    onSuccess: () => {
      void message.success(t('common.operationSuccess'));
      void queryClient.invalidateQueries({ queryKey: [DESKTOP_KEY, 'routes'] });
      onClose();
    },
    onError: (error) => { if (!(error instanceof ApiFailure)) void message.error(t('common.networkError')); },
  });

  const loading = tree.isPending || keys.isPending;
  const failed = tree.isError || keys.isError;
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={t('crud.topMenu.grantTitle')}
      width={420}
      mask={{ closable: false }}
      destroyOnHidden
      loading={loading}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>{t('common.cancel')}</Button>,
        <Button
          key="ok"
          type="primary"
          loading={save.isPending}
          disabled={loading || failed}
          onClick={() => data && save.mutate(withAncestors(checked, data.parentOf))}
        >
          {t('common.ok')}
        </Button>,
      ]}
    >
      {data && !failed && (data.nodes.length === 0
        ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
        : (
          <div style={{ maxHeight: '60vh', overflowY: 'auto' }}>
            <Tree
              checkable
              selectable={false}
              defaultExpandAll
              treeData={data.nodes}
              checkedKeys={checked}
              onCheck={(next) => setTouched((Array.isArray(next) ? next : next.checked).map(String))}
            />
          </div>
        ))}
    </Modal>
  );
}
