import type { Db } from '../../db/connect.ts';
import { nextId } from '../../platform/ids.ts';

/** blade_role_scope.scope_category: a data scope or an API scope. */
export const DATA_SCOPE = 1;
export const API_SCOPE = 2;

/** Live roles among `roleIds`, of `tenantId` (undefined: any tenant, for the platform's super administrator). */
export function liveRoles(db: Db, roleIds: string[], tenantId: string | undefined) {
  let query = db
    .selectFrom('blade_role')
    .select(['id', 'tenant_id', 'role_power'])
    .where('id', 'in', roleIds)
    .where('is_deleted', '=', 0);
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  return query.execute();
}

/** Replaces the menus and scopes of every role in `roleIds` (roles the caller was checked to own). */
export async function replaceRoleGrants(
  db: Db,
  roleIds: string[],
  grants: { menuIds: string[]; dataScopeIds: string[]; apiScopeIds: string[] },
) {
  await db.transaction().execute(async (trx) => {
    // Grants of one role take turns (the later one wins whole): two at once would both find the old rows gone and
    // insert the same pairs.
    await trx.selectFrom('blade_role').select('id').where('id', 'in', roleIds).orderBy('id').forUpdate().execute();
    await trx.deleteFrom('blade_role_menu').where('role_id', 'in', roleIds).execute();
    await trx.deleteFrom('blade_role_scope').where('role_id', 'in', roleIds).execute();
    const menuRows = roleIds.flatMap((roleId) =>
      grants.menuIds.map((menuId) => ({ id: nextId(), role_id: roleId, menu_id: menuId })),
    );
    const scope = (roleId: string, category: number) => (scopeId: string) => ({
      id: nextId(),
      role_id: roleId,
      scope_id: scopeId,
      scope_category: category,
    });
    const scopeRows = roleIds.flatMap((roleId) => [
      ...grants.dataScopeIds.map(scope(roleId, DATA_SCOPE)),
      ...grants.apiScopeIds.map(scope(roleId, API_SCOPE)),
    ]);
    for (let i = 0; i < menuRows.length; i += 1000) {
      await trx
        .insertInto('blade_role_menu')
        .values(menuRows.slice(i, i + 1000))
        .execute();
    }
    if (scopeRows.length) await trx.insertInto('blade_role_scope').values(scopeRows).execute();
  });
}

/** The menus and scopes granted to any of `roleIds` (roles the caller was checked to own). */
export function roleGrants(db: Db, roleIds: string[]) {
  return Promise.all([
    db.selectFrom('blade_role_menu').select('menu_id').distinct().where('role_id', 'in', roleIds).execute(),
    db
      .selectFrom('blade_role_scope')
      .select(['scope_id', 'scope_category'])
      .distinct()
      .where('role_id', 'in', roleIds)
      .execute(),
  ]);
}

/** How many of `topMenuIds` are live top menus of the tenant. */
export async function countOwnTopMenus(db: Db, topMenuIds: string[], tenantId: string): Promise<number> {
  const rows = await db
    .selectFrom('blade_top_menu')
    .select('id')
    .where('id', 'in', topMenuIds)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .execute();
  return rows.length;
}

/** How many of `menuIds` are live menus (menus are platform-global rows). */
export async function countLiveMenus(db: Db, menuIds: string[]): Promise<number> {
  if (menuIds.length === 0) return 0;
  const rows = await db
    .selectFrom('blade_menu')
    .select('id')
    .where('id', 'in', menuIds)
    .where('is_deleted', '=', 0)
    .execute();
  return rows.length;
}

/** Replaces the menus grouped under each of `topMenuIds` (top menus the caller was checked to own). */
export async function replaceTopMenuSettings(db: Db, topMenuIds: string[], menuIds: string[]) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('blade_top_menu_setting').where('top_menu_id', 'in', topMenuIds).execute();
    const rows = topMenuIds.flatMap((topMenuId) =>
      menuIds.map((menuId) => ({ id: nextId(), top_menu_id: topMenuId, menu_id: menuId })),
    );
    if (rows.length) await trx.insertInto('blade_top_menu_setting').values(rows).execute();
  });
}

/** The menus grouped under any of `topMenuIds` that are live top menus of the tenant. */
export function topMenuSettings(db: Db, topMenuIds: string[], tenantId: string) {
  return db
    .selectFrom('blade_top_menu_setting as s')
    .innerJoin('blade_top_menu as t', 't.id', 's.top_menu_id')
    .select('s.menu_id')
    .distinct()
    .where('s.top_menu_id', 'in', topMenuIds)
    .where('t.tenant_id', '=', tenantId)
    .where('t.is_deleted', '=', 0)
    .execute();
}
