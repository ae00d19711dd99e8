import type { Db } from '../../db/connect.ts';
import { splitList } from '../../platform/auth-context.ts';
import { isId } from '../../platform/ids.ts';

/** The live entries of a dictionary (its root row left out); `tenantId` for the tenant's own (blade_dict_biz). */
export function dictionaryEntries(db: Db, table: 'blade_dict' | 'blade_dict_biz', code: string, tenantId?: string) {
  let query = db
    .selectFrom(table)
    .select(['id', 'parent_id', 'code', 'dict_key', 'dict_value', 'sort', 'remark', 'is_sealed'])
    .where('code', '=', code)
    .where('parent_id', '<>', '0')
    .where('is_deleted', '=', 0);
  if (tenantId) query = query.where('tenant_id', '=', tenantId);
  return query.orderBy('sort').orderBy('id').execute();
}

/** The depts or roles a user's row holds (ids only, as stored in the comma list). */
export async function heldIds(
  db: Db,
  userId: string,
  tenantId: string,
  column: 'dept_id' | 'role_id',
): Promise<string[]> {
  const row = await db
    .selectFrom('blade_user')
    .select(column)
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return splitList(row?.[column]).filter(isId);
}

/** Live depts of the tenant among `ids`, in the tree's order. */
export function deptNames(db: Db, ids: string[], tenantId: string) {
  return db
    .selectFrom('blade_dept')
    .select(['id', 'dept_name'])
    .where('id', 'in', ids)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .execute();
}

/** Live roles of the tenant among `ids`, in the tree's order. */
export function roleNames(db: Db, ids: string[], tenantId: string) {
  return db
    .selectFrom('blade_role')
    .select(['id', 'role_name'])
    .where('id', 'in', ids)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .execute();
}
