import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import { isId } from '../ids.ts';
import { taskUserOfId } from '../../../shared/flow/types.ts';
import type { Page } from '../entity/service.ts';
import type { Paging } from '../entity/conditions.ts';

/**
 * What the reads of the engine's tables share (task-lists.ts, instance-reads.ts): a list's query, one page of it with
 * its total, the real names a page shows, and the tasks the caller is a candidate of.
 */

export type Query = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Select = SelectQueryBuilder<any, any, any>;

export const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/** One page of `base` and the total, in parallel; `countBase` (default `base`) is what is counted. */
export async function paged<T>(
  base: Select,
  paging: Paging,
  order: (q: Select) => Select,
  map: (rows: Record<string, unknown>[]) => Promise<T[]>,
  countBase: Select = base,
): Promise<Page<T>> {
  const [count, rows] = await Promise.all([
    countBase
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirst(),
    order(base)
      .limit(paging.size)
      .offset((paging.current - 1) * paging.size)
      .execute(),
  ]);
  const total = Number(count?.n ?? 0);
  return {
    records: await map(rows),
    total,
    size: paging.size,
    current: paging.current,
    pages: Math.ceil(total / paging.size),
  };
}

/** Real names of users by id, in one query. */
export async function userNames(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter(isId))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('blade_user').select(['id', 'real_name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [String(r.id), String(r.real_name ?? '')]));
}

/** The ids of the tasks of his tenant the caller is a candidate of, as himself or through one of his roles. */
export function candidateTaskIds(db: Db, user: AuthUser) {
  const me = taskUserOfId(user.userId);
  return db
    .selectFrom('blade_flow_task_candidate as c')
    .select('c.task_id')
    .where('c.tenant_id', '=', user.tenantId)
    .where((c) =>
      c.or([
        c.and([c('c.kind', '=', 'user'), c('c.value', '=', me)]),
        ...(user.roleAliases.length ? [c.and([c('c.kind', '=', 'group'), c('c.value', 'in', user.roleAliases)])] : []),
      ]),
    );
}
