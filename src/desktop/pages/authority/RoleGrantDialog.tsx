import { useMemo, useState, type Key } from 'react';
import { App, Button, Empty, Tabs, Tree } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiFailure, getData, postData } from '../../../client/http.ts';
import type { TreeNode } from '../../../shared/contract/tree.ts';
import type { GrantKeys } from '../../../shared/contract/api/system.schemas.ts';
import { MENU_GRANT_TREE_URL, ROLE_GRANT_URL, ROLE_TREE_KEYS_URL } from '../../../shared/contract/api/system.ts';
import { ActionDialog } from '../../components/ActionDialog.tsx';
import { DESKTOP_KEY, useMenuEntries } from '../../queries.ts';
import { menuLabel } from '../../router/menu-routes.ts';
import { checkedLeaves, checkNodes, grantedKeys, leafKeys, type CheckNode } from './grant-tree.ts';

type Part = 'menu' | 'dataScope' | 'apiScope';
type GrantTree = Record<Part, TreeNode[]>;

/** A scope tab without rows says where scopes are made (`menuPath`: that screen's menu). */
const PARTS: { part: Part; label: string; empty?: { hint: string; menuPath: string } }[] = [
  { part: 'menu', label: 'crud.role.menuTab' },
  {
    part: 'dataScope',
    label: 'crud.role.dataTab',
    empty: { hint: 'crud.role.dataEmpty', menuPath: '/authority/datascope' },
  },
  {
    part: 'apiScope',
    label: 'crud.role.apiTab',
    empty: { hint: 'crud.role.apiEmpty', menuPath: '/authority/apiscope' },
  },
];
/** The caller's grantable tree (contract system.md §4); shared with the menu pickers of other forms. */
export const grantTreeKey = [DESKTOP_KEY, 'grant-tree'] as const;

interface Props {
  roleIds: string[];
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

/**
 * 角色权限配置: menus, data scopes and API scopes of the ticked roles, each a checkable tree of what the caller may
 * grant, ticked with what the roles hold (all of them together when several are ticked). Saving replaces the roles'
 * grants; a refusal keeps the dialog open (the interceptor has shown the server's message).
 */
export function RoleGrantDialog({ roleIds, open, onClose, afterClose }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [edited, setEdited] = useState<Partial<GrantKeys>>({});
  const navigate = useNavigate();
  const { entries } = useMenuEntries();

  const tree = useQuery({
    queryKey: grantTreeKey,
    queryFn: () => getData<GrantTree>(MENU_GRANT_TREE_URL),
    staleTime: 60_000,
  });
  const held = useQuery({
    queryKey: [DESKTOP_KEY, 'role-tree-keys', roleIds.join(',')],
    queryFn: () => getData<GrantKeys>(ROLE_TREE_KEYS_URL, { roleIds: roleIds.join(',') }),
    gcTime: 0,
  });

  const nodes = useMemo(() => {
    const data = tree.data;
    return Object.fromEntries(PARTS.map(({ part }) => [part, checkNodes(data?.[part] ?? [], lang)])) as Record<
      Part,
      CheckNode[]
    >;
  }, [tree.data, lang]);
  const leaves = useMemo(
    () => Object.fromEntries(PARTS.map(({ part }) => [part, leafKeys(nodes[part])])) as Record<Part, Set<string>>,
    [nodes],
  );
  const checked = (part: Part): string[] => edited[part] ?? checkedLeaves(held.data?.[part] ?? [], leaves[part]);

  const save = useMutation({
    mutationFn: () =>
      postData<null>(ROLE_GRANT_URL, {
        roleIds,
        menuIds: grantedKeys(nodes.menu, checked('menu'), true),
        dataScopeIds: grantedKeys(nodes.dataScope, checked('dataScope'), false),
        apiScopeIds: grantedKeys(nodes.apiScope, checked('apiScope'), false),
      }),
    onSuccess: () => {
      void message.success(t('common.operationSuccess'));
      void queryClient.invalidateQueries({ queryKey: grantTreeKey });
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
    },
  });

  const loading = tree.isPending || held.isPending;
  const failed = tree.isError || held.isError;
  const onCheck = (part: Part) => (value: Key[] | { checked: Key[] }) => {
    const keys = (Array.isArray(value) ? value : value.checked).map(String);
    setEdited((current) => ({ ...current, [part]: keys.filter((key) => leaves[part].has(key)) }));
  };

  // The way to the scope screen shows only to a user whose menus hold it (the server decides who may open it).
  const emptyTab = (empty: { hint: string; menuPath: string } | undefined) => {
    const screen = empty && entries?.find((entry) => entry.leaf && entry.menuPath === empty.menuPath);
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty && t(empty.hint)}>
        {screen && (
          <Button
            type="primary"
            onClick={() => {
              onClose();
              void navigate(screen.routePath);
            }}
          >
            {t('crud.role.goTo', { name: menuLabel(screen, lang) })}
          </Button>
        )}
      </Empty>
    );
  };

  return (
    <ActionDialog
      open={open}
      afterClose={afterClose}
      title={t('crud.role.grantTitle')}
      width={460}
      loading={loading}
      failed={failed}
      saving={save.isPending}
      onClose={onClose}
      onOk={() => save.mutate()}
    >
      {!loading && !failed && (
        <Tabs
          items={PARTS.map(({ part, label, empty }) => ({
            key: part,
            label: t(label),
            children: nodes[part].length ? (
              <div className="tenon-grant-tree" style={{ maxHeight: '55vh', overflow: 'auto' }}>
                <Tree
                  checkable
                  selectable={false}
                  treeData={nodes[part]}
                  checkedKeys={checked(part)}
                  onCheck={onCheck(part)}
                />
              </div>
            ) : (
              emptyTab(empty)
            ),
          }))}
        />
      )}
    </ActionDialog>
  );
}
