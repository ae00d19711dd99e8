import { useMemo, useState, type Key } from 'react';
import { App, Empty, Tree } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure, getData, postData } from '../../../client/http.ts';
import type { TreeNode } from '../../../shared/contract/tree.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { ActionDialog } from '../../components/ActionDialog.tsx';
import { splitIds } from '../../components/crud/fields.ts';
import { checkNodes } from '../authority/grant-tree.ts';
import { USER_GRANT_URL } from '../../../shared/contract/api/system.ts';
import { role } from '../../../shared/entities/system/role.ts';
import { user } from '../../../shared/entities/system/user.ts';

interface Props {
  userIds: string[];
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
  onSaved: () => void;
}

/**
 * 用户角色配置: the tenant's roles as a tree ticked independently (a parent role does not bring its children), sent
 * as user/grant for the ticked users. One ticked user starts from the roles he holds, several from none.
 */
export function UserRoleDialog({ userIds, open, onClose, afterClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const [edited, setEdited] = useState<string[]>();
  const single = userIds.length === 1 ? userIds[0] : undefined;

  const roles = useQuery({
    queryKey: [DESKTOP_KEY, 'role-tree'],
    queryFn: () => getData<TreeNode[]>(`/api/${role.service}/${role.name}/tree`),
    staleTime: 60_000,
  });
  const held = useQuery({
    queryKey: [DESKTOP_KEY, 'user-roles', single],
    queryFn: () => getData<{ roleId?: string } | null>(`/api/${user.service}/${user.name}/detail`, { id: single }),
    enabled: Boolean(single),
    gcTime: 0,
  });
  const nodes = useMemo(() => checkNodes(roles.data ?? [], lang), [roles.data, lang]);
  const checked = edited ?? splitIds(held.data?.roleId);

  const save = useMutation({
    mutationFn: () =>
      postData<null>(USER_GRANT_URL, undefined, { userIds: userIds.join(','), roleIds: checked.join(',') }),
    onSuccess: () => {
      void message.success(t('common.operationSuccess'));
      onSaved();
    },
    onError: (error) => {
      if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
    },
  });

  const loading = roles.isPending || (Boolean(single) && held.isPending);
  const onCheck = (value: Key[] | { checked: Key[] }) =>
    setEdited((Array.isArray(value) ? value : value.checked).map(String));

  return (
    <ActionDialog
      open={open}
      afterClose={afterClose}
      title={t('crud.user.roleTitle')}
      width={400}
      loading={loading}
      failed={roles.isError}
      saving={save.isPending}
      onClose={onClose}
      onOk={() => save.mutate()}
    >
      {!loading &&
        (nodes.length ? (
          <div style={{ maxHeight: '55vh', overflow: 'auto' }}>
            <Tree
              checkable
              checkStrictly
              defaultExpandAll
              selectable={false}
              treeData={nodes}
              checkedKeys={{ checked, halfChecked: [] }}
              onCheck={onCheck}
            />
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ))}
    </ActionDialog>
  );
}
