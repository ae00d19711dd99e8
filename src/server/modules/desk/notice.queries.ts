import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';

/** Comma-joined ids (a notice's departments or roles) sharing one with `ids`. */
const sharesId = (column: 'dept_ids' | 'role_ids', ids: Expression<string[]>) =>
  sql<SqlBool>`string_to_array(${sql.ref(column)}, ',') && ${ids}`;

/**
 * The user's departments and every department above them (blade_dept.ancestors: the comma-joined ids from the root):
 * a notice naming a department reaches its sub-departments too.
 */
const deptLineage = (user: AuthUser) => sql<string[]>`array(
  select unnest(string_to_array(d.ancestors, ',') || d.id::text) from blade_dept d
  where d.tenant_id = ${user.tenantId} and d.is_deleted = 0 and d.id in (${sql.join(user.deptIds)}))`;

/**
 * The notices published to `user` and released: tenant-wide ones (no department, no role named) and those naming one
 * of his departments (or one above them) or roles, from their release time on.
 */
export function publishedTo(user: AuthUser): Expression<SqlBool> {
  const whole = sql<SqlBool>`(dept_ids = '' and role_ids = '')`;
  const chosen = [
    user.deptIds.length ? sharesId('dept_ids', deptLineage(user)) : undefined,
    user.roleIds.length ? sharesId('role_ids', sql<string[]>`${sql.val(user.roleIds)}::text[]`) : undefined,
  ].filter((part) => part !== undefined);
  const audience = chosen.length ? sql<SqlBool>`(${sql.join([whole, ...chosen], sql` or `)})` : whole;
  return sql<SqlBool>`(release_time <= ${formatDateTime()} and ${audience})`;
}

/** What `user` sees of the notices: those published to him and those he wrote (released or not). */
export const visibleTo = (user: AuthUser): Expression<SqlBool> =>
  sql<SqlBool>`(create_user = ${user.userId} or ${publishedTo(user)})`;

/** The ids among `noticeIds` that `user` wrote. */
export async function authoredIds(db: Db, user: AuthUser, noticeIds: readonly string[]): Promise<Set<string>> {
  if (!noticeIds.length) return new Set();
  const rows = await db
    .selectFrom('blade_notice')
    .select('id')
    .where('tenant_id', '=', user.tenantId)
    .where('create_user', '=', user.userId)
    .where('id', 'in', noticeIds)
    .execute();
  return new Set(rows.map((row) => String(row.id)));
}

/** The ids among `noticeIds` that `user` has read. */
export async function readNoticeIds(db: Db, user: AuthUser, noticeIds: readonly string[]): Promise<Set<string>> {
  if (!noticeIds.length) return new Set();
  const rows = await db
    .selectFrom('blade_notice_read')
    .select('notice_id')
    .where('tenant_id', '=', user.tenantId)
    .where('user_id', '=', user.userId)
    .where('notice_id', 'in', noticeIds)
    .execute();
  return new Set(rows.map((row) => String(row.notice_id)));
}

/** How many people have read each of the notices. */
export async function receiptCounts(db: Db, noticeIds: readonly string[]): Promise<Map<string, number>> {
  if (!noticeIds.length) return new Map();
  const rows = await db
    .selectFrom('blade_notice_read')
    .select(['notice_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('notice_id', 'in', noticeIds)
    .groupBy('notice_id')
    .execute();
  return new Map(rows.map((row) => [String(row.notice_id), Number(row.n)]));
}

/** Records that `user` has read the notice (his first reading counts). */
export async function markNoticeRead(db: Db, user: AuthUser, noticeId: string): Promise<void> {
  await db
    .insertInto('blade_notice_read')
    .values({ notice_id: noticeId, user_id: user.userId, tenant_id: user.tenantId, read_time: formatDateTime() })
    .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
    .execute();
}

/** Who has read one of the tenant's notices, first readers first. */
export async function noticeReceipts(db: Db, user: AuthUser, noticeId: string) {
  return db
    .selectFrom('blade_notice_read as r')
    .innerJoin('blade_notice as n', 'n.id', 'r.notice_id')
    .leftJoin('blade_user as u', 'u.id', 'r.user_id')
    .select(['r.user_id as userId', 'u.real_name as realName', 'u.account as account', 'r.read_time as readTime'])
    .where('n.tenant_id', '=', user.tenantId)
    .where('n.id', '=', noticeId)
    .where('n.is_deleted', '=', 0)
    .orderBy('r.read_time')
    .orderBy('r.user_id')
    .execute();
}

/** The latest notices published to `user`, with his unread ones counted. */
export async function noticeFeed(db: Db, user: AuthUser, current: number, size: number) {
  const mine = db
    .selectFrom('blade_notice as n')
    .where('n.tenant_id', '=', user.tenantId)
    .where('n.is_deleted', '=', 0)
    .where(publishedTo(user));
  const unread = sql<string>`count(*) filter (where not exists (
    select 1 from blade_notice_read r where r.notice_id = n.id and r.user_id = ${user.userId}))`;
  const [counts, rows] = await Promise.all([
    mine.select((eb) => [eb.fn.countAll<string>().as('total'), unread.as('unread')]).executeTakeFirstOrThrow(),
    mine
      .select(['n.id', 'n.title', 'n.category', 'n.release_time', 'n.create_user'])
      .orderBy('n.release_time', 'desc')
      .orderBy('n.id', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
  ]);
  return { total: Number(counts.total), unread: Number(counts.unread), rows };
}
