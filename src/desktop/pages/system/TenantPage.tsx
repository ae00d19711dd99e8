import { useState, type ReactNode } from 'react';
import { App, Button } from 'antd';
import { AppstoreOutlined, DatabaseOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TENANT_DATASOURCE, TENANT_PACKAGE, TENANT_SETTING, tenant } from '../../../shared/entities/system/tenant.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudContext, CrudOptions } from '../../components/crud/fields.ts';
import { usePermission } from '../../permission.ts';
import { TenantPackageDialog, TenantSettingDialog, type TenantDialogProps } from './TenantDialogs.tsx';
import { TenantMoveDialog } from './TenantMoveDialog.tsx';

type Kind = 'setting' | 'move' | 'package';
interface Target {
  kind: Kind;
  ids: string[];
  reload: () => Promise<void>;
}

const BUTTONS: { kind: Kind; permission: string; icon: ReactNode }[] = [
  { kind: 'setting', permission: TENANT_SETTING, icon: <SettingOutlined /> },
  // 迁移租户 holds the code of the 数据源 button it replaced: the roles granted that one keep it.
  { kind: 'move', permission: TENANT_DATASOURCE, icon: <DatabaseOutlined /> },
  { kind: 'package', permission: TENANT_PACKAGE, icon: <AppstoreOutlined /> },
];

/**
 * /system/tenant: the shared list plus 授权配置 (any number of ticked tenants), 迁移租户 and 产品包 (one tenant: the
 * server takes them by tenant code, one at a time), each shown by its button code. The 数据源 column names the
 * database holding the tenant's rows: a data source, or 主库 when blank.
 */
export default function TenantPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = usePermission();
  const [target, setTarget] = useState<Target | null>(null);
  const [open, setOpen] = useState(false);

  const start = (kind: Kind, { selected, reload }: CrudContext) => {
    if (selected.length === 0) {
      void message.warning(t('common.selectOne'));
      return;
    }
    if (kind !== 'setting' && selected.length > 1) {
      void message.warning(t('crud.tenantAdmin.onlyOne'));
      return;
    }
    setTarget({ kind, ids: selected, reload });
    setOpen(true);
  };
  const options: CrudOptions = {
    cells: { datasourceId: (record) => String(record.datasourceName || t('crud.tenantAdmin.mainDatabase')) },
    toolbar: (context) =>
      BUTTONS.filter((b) => can(b.permission)).map((b) => (
        <Button key={b.kind} icon={b.icon} onClick={() => start(b.kind, context)}>
          {t(`crud.tenantAdmin.${b.kind}`)}
        </Button>
      )),
  };

  const props: TenantDialogProps | undefined = target
    ? {
        open,
        onClose: () => setOpen(false),
        afterClose: () => setTarget(null),
        onSaved: () => {
          setOpen(false);
          void target.reload();
        },
      }
    : undefined;
  return (
    <>
      <CrudPage entity={tenant} options={options} />
      {target && props && target.kind === 'setting' && <TenantSettingDialog ids={target.ids} {...props} />}
      {target && props && target.kind === 'move' && (
        <TenantMoveDialog id={target.ids[0]} {...props} onMoved={() => void target.reload()} />
      )}
      {target && props && target.kind === 'package' && <TenantPackageDialog id={target.ids[0]} {...props} />}
    </>
  );
}
