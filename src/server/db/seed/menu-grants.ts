import type { Db } from '../connect.ts';
import type { MenuRow, SeedMenu } from '../../platform/menus.ts';
import { nextId } from '../../platform/ids.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';

/**
 * New menus reach the roles of a database seeded before them (migration 0054). tenon_menu_grant records every menu
 * code whose grants were made; a code missing there is new to the database, granted once and recorded, so a grant an
 * administrator removes later is never made again:
 * - by the modules' install steps (the platform administrator gets every new menu, the `user` role the new ones of
 *   the work desk), as on a fresh install;
 * - on an upgrade, by one rule for every other role: a role that holds a new menu's parent gets it (the buttons of a
 *   screen it opens, a screen of a module it holds), parents before children, within its tenant's package if it has
 *   one (the package says what the tenant may have).
 * The first seed after 0054 knows no record: the menus added to an existing database's tree since its roles were
 * seeded are the ones their definitions mark `late` (menus.ts), and any that comes in with this build.
 */

/** The tree's menus new to this database; `before`: the menu codes it had before this seed (none: a fresh install). */
export async function newMenus(
  trx: Db,
  tree: readonly SeedMenu[],
  rows: readonly MenuRow[],
  before: ReadonlySet<string>,
): Promise<MenuRow[]> {
  const recorded = new Set((await trx.selectFrom('tenon_menu_grant').select('code').execute()).map((r) => r.code));
  const fresh = before.size === 0;
  const late = lateCodes(tree);
  // Without records (the first seed since 0054) only what is new to the tree or marked late is new to its roles.
  const firstRecords = recorded.size === 0;
  return rows.filter(
    (m) => !recorded.has(m.code) && (fresh || !firstRecords || !before.has(m.code) || late.has(m.code)),
  );
}

/** An upgrade: every role holding a new menu's parent gets it (see above), then every menu of the tree is recorded. */
export async function grantNewMenus(
  trx: Db,
  rows: readonly MenuRow[],
  added: readonly MenuRow[],
  fresh: boolean,
): Promise<number> {
  let granted = 0;
  if (!fresh) for (const menu of added) granted += await grantToParentHolders(trx, menu);
  const now = formatDateTime(new Date());
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('tenon_menu_grant')
      .values(rows.slice(i, i + 500).map((m) => ({ code: m.code, granted_at: now })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  return granted;
}

/** The roles (live) holding the menu's parent that lack it, their tenant's package allowing it. */
async function grantToParentHolders(trx: Db, menu: MenuRow): Promise<number> {
  if (menu.parent_id === '0') return 0;
  const holders = await trx
    .selectFrom('blade_role_menu as rm')
    .innerJoin('blade_role as r', 'r.id', 'rm.role_id')
    .leftJoin('blade_tenant as t', (join) => join.onRef('t.tenant_id', '=', 'r.tenant_id').on('t.is_deleted', '=', 0))
    .leftJoin('blade_tenant_package as p', (join) => join.onRef('p.id', '=', 't.package_id').on('p.is_deleted', '=', 0))
    .select(['r.id', 'p.menu_id as package_menus', 't.package_id'])
    .where('rm.menu_id', '=', menu.parent_id)
    .where('r.is_deleted', '=', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('blade_role_menu as own')
            .select('own.id')
            .whereRef('own.role_id', '=', 'r.id')
            .where('own.menu_id', '=', menu.id),
        ),
      ),
    )
    .execute();
  const allowed = holders.filter(
    (h) =>
      h.package_id == null ||
      String(h.package_menus ?? '')
        .split(',')
        .includes(menu.id),
  );
  if (!allowed.length) return 0;
  await trx
    .insertInto('blade_role_menu')
    .values(allowed.map((h) => ({ id: nextId(), role_id: String(h.id), menu_id: menu.id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  return allowed.length;
}

/** The codes the tree marks `late` (a late screen's buttons and children with it). */
function lateCodes(tree: readonly SeedMenu[]): Set<string> {
  const codes = new Set<string>();
  const walk = (menus: readonly SeedMenu[], inLate: boolean) => {
    for (const m of menus) {
      const late = inLate || Boolean(m.late);
      if (late) codes.add(m.code);
      for (const b of m.buttons ?? []) if (late || b.late) codes.add(b.code);
      walk(m.children ?? [], late);
    }
  };
  walk(tree, false);
  return codes;
}
