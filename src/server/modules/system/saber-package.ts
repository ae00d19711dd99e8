import type { Db } from '../../db/connect.ts';
import { SEED_AUDIT, insertSeedRows } from './seed-rows.ts';

/** The package (租户产品包) of the Saber 4.x console's screens: its fixed id, for links and tests. */
export const SABER_PACKAGE_ID = '1123598822738675201';

/**
 * The screens Saber 4.x has a view for (its src/views, a view per menu path: `views<path>.vue`) and Tenon serves as
 * SpringBlade does. Saber's 代码生成 (/tool/code) is left out: it calls SpringBlade's generator API (`code/list`,
 * `gen-code`), which Tenon's generator does not answer.
 */
export const SABER_SCREENS = [
  'notice',
  'user',
  'dept',
  'post',
  'dict',
  'menu',
  'param',
  'topmenu',
  'tenant',
  'client',
  'role',
  'data_scope',
  'api_scope',
  'region',
  'log_usual',
  'log_api',
  'log_error',
  'datasource',
  'report_list',
] as const;

/**
 * Seeds the package "Saber 菜单": Saber's screens with their buttons and the menus above them, so that a tenant given
 * it shows Saber's sidebar no route it has no view for. Idempotent by its id: an administrator's changes stay.
 */
export async function seedSaberPackage(trx: Db): Promise<void> {
  const menus = await trx
    .selectFrom('blade_menu')
    .select(['id', 'parent_id', 'code', 'category'])
    .where('is_deleted', '=', 0)
    .execute();
  const parentOf = new Map(menus.map((m) => [String(m.id), String(m.parent_id)]));
  const screens = new Set(
    menus.filter((m) => (SABER_SCREENS as readonly string[]).includes(m.code)).map((m) => String(m.id)),
  );
  const chosen = new Set(screens);
  for (const id of screens)
    for (let up = parentOf.get(id); up && up !== '0' && !chosen.has(up); up = parentOf.get(up)) chosen.add(up);
  // A screen's buttons (and theirs): every descendant that is a button.
  for (const m of menus) {
    if (Number(m.category) !== 2) continue;
    for (let up = parentOf.get(String(m.id)), depth = 0; up && up !== '0' && depth < 20; up = parentOf.get(up), depth++)
      if (screens.has(up)) {
        chosen.add(String(m.id));
        break;
      }
  }
  if (screens.size === 0) return;
  await insertSeedRows(trx, 'blade_tenant_package', [
    {
      id: SABER_PACKAGE_ID,
      package_name: 'Saber 菜单',
      menu_id: [...chosen].sort().join(','),
      remark: 'Saber 4.x 控制台的菜单: 只含它有页面的菜单 (README: Saber 4.x)',
      ...SEED_AUDIT,
    },
  ]);
}
