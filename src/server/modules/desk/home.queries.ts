import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { MenuVisits, Shortcut } from '../../../shared/contract/api/desk.schemas.ts';

/** Whose visits: the caller's own, in his tenant. */
interface Visitor {
  tenantId: string;
  userId: string;
}

/**
 * Adds a batch of screen openings to the caller's counts: one statement for the whole batch (the console sends one
 * every few minutes at most), a path seen twice in it counted once with both counts.
 */
export async function addMenuVisits(db: Db, visitor: Visitor, visits: MenuVisits['visits']) {
  const counts = new Map<string, number>();
  for (const { path, count } of visits) counts.set(path, (counts.get(path) ?? 0) + count);
  if (counts.size === 0) return;
  const now = formatDateTime();
  await db
    .insertInto('blade_menu_visit')
    .values(
      [...counts].map(([path, count]) => ({
        tenant_id: visitor.tenantId,
        user_id: visitor.userId,
        path,
        visits: count,
        last_time: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id', 'path']).doUpdateSet({
        visits: sql`blade_menu_visit.visits + excluded.visits`,
        last_time: sql`excluded.last_time`,
      }),
    )
    .execute();
}

/** The caller's most opened screens, most first (the latest first among equals). */
export async function mostVisited(db: Db, visitor: Visitor, size: number): Promise<Shortcut[]> {
  const rows = await db
    .selectFrom('blade_menu_visit')
    .select(['path', 'visits', 'last_time'])
    .where('tenant_id', '=', visitor.tenantId)
    .where('user_id', '=', visitor.userId)
    .orderBy('visits', 'desc')
    .orderBy('last_time', 'desc')
    .limit(size)
    .execute();
  return rows.map((row) => ({ path: row.path, visits: row.visits, lastTime: String(row.last_time) }));
}
