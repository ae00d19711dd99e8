import { useState } from 'react';
import { App, Button, Card, Switch, Tag } from 'antd';
import { RetweetOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiFailure, postData } from '../../../client/http.ts';
import {
  AWAITING_QUERY,
  awaitingApproval,
  USER_RESET,
  USER_ROLE,
  USER_UNLOCK,
  user,
} from '../../../shared/entities/system/user.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudContext, CrudOptions } from '../../components/crud/fields.ts';
import { usePermission } from '../../permission.ts';
import { DeptTree } from './DeptTree.tsx';
import { UserRoleDialog } from './UserRoleDialog.tsx';
import { USER_RESET_PASSWORD_URL, USER_UNLOCK_URL } from '../../../shared/contract/api/system.ts';

/** The open dialog, with the list's reload for after its change. */
type Dialog = { kind: 'role' | 'approve'; userIds: string[] } & {
  open: boolean;
  reload: () => Promise<void>;
};

/**
 * /system/user: departments on the left (a click lists the users of that department and those below it), the users
 * on the shared page on the right, with 角色配置, 密码重置 and 账号解封 by the session's buttons (导入 and 导出 come with
 * the shared page, from the definition's `excel`). An account a social guest registered shows 待审核 until a role is
 * granted (awaitingApproval): the list can keep only those, and their row's 审核 grants roles and departments.
 */
export default function UserPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { can } = usePermission();
  const [deptId, setDeptId] = useState<string>();
  const [awaitingOnly, setAwaitingOnly] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog((current) => (current ? { ...current, open: false } : null));

  /** 密码重置 / 账号解封: confirm, then the action for the ticked users. */
  const confirmAction = (action: 'reset-password' | 'unlock', context: CrudContext) => {
    const reset = action === 'reset-password';
    // Unlocking nothing is the server's to refuse (请至少选择一个用户).
    if (reset && context.selected.length === 0) {
      void message.warning(t('common.selectOne'));
      return;
    }
    modal.confirm({
      title: t('common.tip'),
      content: t(reset ? 'crud.user.resetConfirm' : 'crud.user.unlockConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () =>
        postData<null>(reset ? USER_RESET_PASSWORD_URL : USER_UNLOCK_URL, undefined, {
          userIds: context.selected.join(','),
        })
          .then(() => {
            void message.success(t('common.operationSuccess'));
          })
          .catch((error: unknown) => {
            if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
          }),
    });
  };

  const query = { ...(deptId ? { deptId } : {}), ...(awaitingOnly ? { [AWAITING_QUERY]: 1 } : {}) };
  const options: CrudOptions = {
    query: Object.keys(query).length ? query : undefined,
    cells: {
      // Undefined: the column's own cell (the role names).
      roleId: (record) => (awaitingApproval(record) ? <Tag color="orange">{t('crud.user.awaiting')}</Tag> : undefined),
    },
    cellTexts: { roleId: t('crud.user.awaiting') },
    rowActions: [
      {
        key: 'approve',
        label: 'crud.user.approve',
        permission: USER_ROLE,
        visible: awaitingApproval,
        onClick: (record, context) =>
          setDialog({ kind: 'approve', userIds: [record.id], open: true, reload: context.reload }),
      },
    ],
    toolbar: (context: CrudContext) => (
      <>
        {can(USER_ROLE) && (
          <Button
            icon={<UserOutlined />}
            onClick={() => {
              if (context.selected.length === 0) {
                void message.warning(t('common.selectOne'));
                return;
              }
              setDialog({ kind: 'role', userIds: context.selected, open: true, reload: context.reload });
            }}
          >
            {t('crud.user.role')}
          </Button>
        )}
        {can(USER_RESET) && (
          <Button icon={<RetweetOutlined />} onClick={() => confirmAction('reset-password', context)}>
            {t('crud.user.reset')}
          </Button>
        )}
        {can(USER_UNLOCK) && (
          <Button icon={<UnlockOutlined />} onClick={() => confirmAction('unlock', context)}>
            {t('crud.user.unlock')}
          </Button>
        )}
        <label className="tenon-user-awaiting">
          <Switch size="small" checked={awaitingOnly} onChange={setAwaitingOnly} /> {t('crud.user.awaitingOnly')}
        </label>
      </>
    ),
  };
  return (
    <div className="tenon-user-page" style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      {/* 180 px at 1440 (the user table's columns then fit beside it without scrolling), up to 240 on wide screens. */}
      <Card
        size="small"
        title={t('crud.user.depts')}
        variant="borderless"
        style={{ width: 'clamp(176px, 12.5vw, 240px)', flex: 'none' }}
      >
        <DeptTree value={deptId} onChange={setDeptId} />
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        <CrudPage entity={user} options={options} />
      </div>
      {dialog && (
        <UserRoleDialog
          userIds={dialog.userIds}
          approve={dialog.kind === 'approve'}
          open={dialog.open}
          onClose={close}
          afterClose={() => setDialog(null)}
          onSaved={() => {
            close();
            void dialog.reload();
          }}
        />
      )}
    </div>
  );
}
