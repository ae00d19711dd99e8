import { useMemo, useState } from 'react';
import { TOPMENU_SETTING, topMenu } from '../../../shared/entities/system/top-menu.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudOptions } from '../../components/crud/fields.ts';
import { TopMenuGrantDialog } from './TopMenuGrantDialog.tsx';

/** /system/topmenu: the shared list plus 菜单配置 on each row. */
export default function TopMenuPage() {
  const [target, setTarget] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const options = useMemo<CrudOptions>(
    () => ({
      rowActions: [
        {
          key: 'setting',
          permission: TOPMENU_SETTING,
          label: 'crud.topMenu.setting',
          onClick: (record) => {
            setTarget(record.id);
            setOpen(true);
          },
        },
      ],
    }),
    [],
  );

  return (
    <>
      <CrudPage entity={topMenu} options={options} />
      {target && (
        <TopMenuGrantDialog
          topMenuId={target}
          open={open}
          onClose={() => setOpen(false)}
          afterClose={() => setTarget(null)}
        />
      )}
    </>
  );
}
