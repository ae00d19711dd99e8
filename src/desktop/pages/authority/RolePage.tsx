import { useState } from 'react';
import { App, Button } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { role } from '../../../shared/entities/system/role.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudOptions } from '../../components/crud/fields.ts';
import { usePermission } from '../../permission.ts';
import { RoleGrantDialog } from './RoleGrantDialog.tsx';

/** The grant route's code (role-grant.routes.ts): the role screen has no button of its own for it. */
const ROLE_GRANT_PERMISSION = `${role.code}_edit`;

/** /authority/role: the role tree on the shared page, plus 权限设置 for the ticked roles. */
export default function RolePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = usePermission();
  const [grant, setGrant] = useState<{ roleIds: string[]; open: boolean } | null>(null);

  const options: CrudOptions = {
    toolbar: ({ selected }) =>
      can(ROLE_GRANT_PERMISSION) && (
        <Button
          icon={<SettingOutlined />}
          onClick={() => {
            if (selected.length === 0) {
              void message.warning(t('common.selectOne'));
              return;
            }
            setGrant({ roleIds: selected, open: true });
          }}
        >
          {t('crud.role.grant')}
        </Button>
      ),
  };

  return (
    <>
      <CrudPage entity={role} options={options} />
      {grant && (
        <RoleGrantDialog
          roleIds={grant.roleIds}
          open={grant.open}
          onClose={() => setGrant({ ...grant, open: false })}
          afterClose={() => setGrant(null)}
        />
      )}
    </>
  );
}
