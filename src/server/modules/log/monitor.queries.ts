import { sql } from 'kysely';
import {
  OFFLINE_AFTER_SECONDS,
  type MinutePoint,
  type ProcessIdentity,
  type ProcessStatus,
} from '../../../shared/contract/governance.ts';
import type { Db } from '../../db/connect.ts';

/** What a process's heartbeat row holds beside its identity. */
export interface ProcessSnapshot {
  points: MinutePoint[];
}

/** A heartbeat row as the screen's status is made from it (ProcessStatus without what only the answerer knows). */
export interface ProcessRow extends Omit<ProcessStatus, 'self' | 'points'> {
  snapshot: ProcessSnapshot;
}

/** The database answers at all. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Names of the migration files the database has recorded as applied (db/migrate.ts). */
export async function appliedMigrations(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('tenon_migration').select('name').execute();
  return new Set(rows.map((row) => row.name));
}

/** This process's row, new or seen again now (the database's clock, shared by every host). */
export async function writeHeartbeat(db: Db, identity: ProcessIdentity, snapshot: ProcessSnapshot): Promise<void> {
  const json = JSON.stringify(snapshot);
  await db
    .insertInto('tenon_process')
    .values({
      instance_id: identity.instanceId,
      host: identity.host.slice(0, 255),
      pid: identity.pid,
      version: identity.version.slice(0, 64),
      database_kind: identity.database,
      redis: identity.redis ? 1 : 0,
      snapshot: json,
    })
    .onConflict((oc) => oc.column('instance_id').doUpdateSet({ last_seen: sql`localtimestamp(0)`, snapshot: json }))
    .execute();
}

/** Rows of processes gone for a day: nobody closed them (killed, crashed, host lost). */
export async function pruneProcesses(db: Db): Promise<void> {
  await db
    .deleteFrom('tenon_process')
    .where('last_seen', '<', sql<string>`localtimestamp(0) - interval '1 day'`)
    .execute();
}

export async function deleteProcess(db: Db, instanceId: string): Promise<void> {
  await db.deleteFrom('tenon_process').where('instance_id', '=', instanceId).execute();
}

/** Every process of the last day, with its age and silence worked out on the database's clock. */
export async function listProcesses(db: Db): Promise<ProcessRow[]> {
  const rows = await db
    .selectFrom('tenon_process')
    .select([
      'instance_id',
      'host',
      'pid',
      'version',
      'database_kind',
      'redis',
      'snapshot',
      sql<number>`cast(extract(epoch from localtimestamp(0) - started_at) as int)`.as('uptime_seconds'),
      sql<number>`cast(extract(epoch from localtimestamp(0) - last_seen) as int)`.as('last_seen_seconds'),
    ])
    .orderBy('host')
    .orderBy('pid')
    .execute();
  return rows.map((row) => ({
    instanceId: row.instance_id,
    host: row.host,
    pid: row.pid,
    version: row.version,
    database: row.database_kind === 'postgres' ? 'postgres' : 'pglite',
    redis: row.redis === 1,
    uptimeSeconds: Math.max(0, row.uptime_seconds),
    lastSeenSeconds: Math.max(0, row.last_seen_seconds),
    online: row.last_seen_seconds < OFFLINE_AFTER_SECONDS,
    snapshot: snapshotOf(row.snapshot),
  }));
}

/** A row's snapshot as written by writeHeartbeat; a row of another version without points shows none. */
function snapshotOf(value: unknown): ProcessSnapshot {
  const points = value && typeof value === 'object' ? (value as Partial<ProcessSnapshot>).points : undefined;
  return { points: Array.isArray(points) ? points : [] };
}
