import type { Db } from '../../db/connect.ts';
import { nextId } from '../ids.ts';

/**
 * The roles the seeded models' candidate groups name (leave over 3 days: hr; fund requests from 10 000: finance,
 * from 100 000: boss). Every tenant starts with them, so those steps reach somebody once users hold them.
 */
export const APPROVER_ROLES = [
  { alias: 'hr', name: '人事', sort: 3 },
  { alias: 'finance', name: '财务', sort: 4 },
  { alias: 'boss', name: '总经理', sort: 5 },
] as const;

/**
 * Adds the approver roles a tenant lacks (by alias), each granted the work desk of the seeded `user` role (start,
 * claim, to-do, sent, done, notices, messages: `userMenuCodes`, which the modules' manifests declare): approving is
 * their job here; the business screens are granted by the administrator as they come. `ids` fixes the role ids (the
 * seed's); `allowedMenuIds` narrows the grants to the menus the tenant may have (its package). A role that exists
 * keeps the grants an administrator gave it.
 */
export async function addApproverRoles(
  trx: Db,
  tenantId: string,
  options: { userMenuCodes: readonly string[]; ids?: readonly string[]; allowedMenuIds?: ReadonlySet<string> },
) {
  const existing = await trx
    .selectFrom('blade_role')
    .select('role_alias')
    .where('tenant_id', '=', tenantId)
    .where(
      'role_alias',
      'in',
      APPROVER_ROLES.map((r) => r.alias),
    )
    .where('is_deleted', '=', 0)
    .execute();
  const present = new Set(existing.map((r) => String(r.role_alias)));
  const missing = APPROVER_ROLES.map((role, i) => ({ ...role, id: options.ids?.[i] ?? nextId() })).filter(
    (role) => !present.has(role.alias),
  );
  if (!missing.length) return;
  const menus = await trx
    .selectFrom('blade_menu')
    .select('id')
    .where('code', 'in', [...options.userMenuCodes])
    .where('is_deleted', '=', 0)
    .execute();
  const menuIds = menus
    .map((m) => String(m.id))
    .filter((id) => !options.allowedMenuIds || options.allowedMenuIds.has(id));
  for (const role of missing) {
    const inserted = await trx
      .insertInto('blade_role')
      .values({
        id: role.id,
        tenant_id: tenantId,
        parent_id: '0',
        role_name: role.name,
        role_alias: role.alias,
        sort: role.sort,
        is_deleted: 0,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted || !menuIds.length) continue;
    await trx
      .insertInto('blade_role_menu')
      .values(menuIds.map((menuId) => ({ id: nextId(), role_id: role.id, menu_id: menuId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
