import type { Db, DynamicDb } from '../../db/connect.ts';
import type { EntityService } from '../../platform/entity/service.ts';

/**
 * What the request forms read beside the workflow: the approver picker and its check, the request and its applicant's
 * name.
 */

/**
 * The approver picker: live, enabled users of the tenant whose account or names contain `text` (all of them when
 * it is blank), best `limit` by name, each with the names of his depts.
 */
export async function userChoices(db: Db, tenantId: string, text: string, limit: number) {
  let rows = db
    .selectFrom('blade_user as u')
    .select(['u.id', 'u.account', 'u.real_name', 'u.name', 'u.dept_id'])
    .where('u.tenant_id', '=', tenantId)
    .where('u.is_deleted', '=', 0)
    .where('u.status', '=', 1);
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    rows = rows.where((eb) =>
      eb.or([eb('u.account', 'like', like), eb('u.real_name', 'like', like), eb('u.name', 'like', like)]),
    );
  }
  const users = await rows.orderBy('u.real_name').orderBy('u.id').limit(limit).execute();
  const deptIdsOf = (deptId: string | null) =>
    String(deptId ?? '')
      .split(',')
      .filter(Boolean);
  const deptIds = [...new Set(users.flatMap((u) => deptIdsOf(u.dept_id)))];
  const depts = new Map(
    deptIds.length
      ? (
          await db
            .selectFrom('blade_dept')
            .select(['id', 'dept_name'])
            .where('id', 'in', deptIds)
            .where('tenant_id', '=', tenantId)
            .execute()
        ).map((d) => [String(d.id), d.dept_name])
      : [],
  );
  return users.map((u) => ({
    id: String(u.id),
    account: u.account,
    realName: u.real_name,
    name: u.name ?? '',
    deptName: deptIdsOf(u.dept_id)
      .map((id) => depts.get(id) ?? '')
      .filter(Boolean)
      .join(','),
  }));
}

/** A live request of an approvable entity in the tenant, with its columns as the engine reads them (names joined). */
export function approvalRequest(
  db: DynamicDb,
  service: EntityService,
  id: string,
  tenantId: string,
): Promise<Record<string, unknown> | undefined> {
  return service
    .selectColumns(db.selectFrom(service.entity.table))
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** A user's real name (the applicant of a request of his tenant). */
export async function realNameOf(db: Db, userId: string, tenantId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('blade_user')
    .select('real_name')
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.real_name;
}

/** Whether the id is a live user of the tenant. */
export async function isLiveUser(db: Db, userId: string, tenantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blade_user')
    .select('id')
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}
