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
import { ReferencePicker } from '../../components/ReferencePicker.tsx';

const deptField = user.fields.deptId;

interface Props {
  userIds: string[];
  /** 审核 of an account awaiting approval: the departments too (required), sent with the roles in one grant. */
  approve?: boolean;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
  onSaved: () => void;
}

/**
 * 用户角色配置: the tenant's roles as a tree ticked independently (a parent role does not bring its children), sent
 * as user/grant for the ticked users. One ticked user starts from the roles he holds, several from none. As 用户审核
 * (`approve`) it also picks the departments, and the grant sends both.
 */
export function UserRoleDialog({ userIds, approve, open, onClose, afterClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const [edited, setEdited] = useState<string[]>();
  const [deptIds, setDeptIds] = useState('');
  const [problem, setProblem] = useState('');
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
      postData<null>(USER_GRANT_URL, undefined, {
        userIds: userIds.join(','),
        roleIds: checked.join(','),
        ...(approve ? { deptIds } : {}),
      }),
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
      title={t(approve ? 'crud.user.approveTitle' : 'crud.user.roleTitle')}
      width={400}
      loading={loading}
      failed={roles.isError}
      saving={save.isPending}
      onClose={onClose}
      onOk={() => {
        // The user dialog's messages for the two fields (the entity's), departments first as the picker is.
        const missing = !approve ? undefined : !deptIds ? deptField : !checked.length ? user.fields.roleId : undefined;
        setProblem(typeof missing?.required === 'object' ? missing.required[lang] : '');
        if (!missing) save.mutate();
      }}
    >
      {approve && (
        <>
          <p>{t('crud.user.approveHint')}</p>
          <div style={{ marginBottom: 12 }}>
            <ReferencePicker
              field={deptField}
              lang={lang}
              value={deptIds}
              onChange={(value) => setDeptIds(String(value ?? ''))}
              id="user-approve-dept"
            />
          </div>
          <div className="ant-form-item-explain-error" role="alert">
            {problem}
          </div>
        </>
      )}
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
