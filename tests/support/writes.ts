import type { DynamicDb } from '../../src/server/db/connect.ts';
import { sql } from 'kysely';
import type { TestApp } from './app.ts';

/**
 * Counts the rows written (inserted, updated or deleted) in every table of the public schema, through test-only
 * row triggers installed in the test file's own database copy: a test reads the count before and after a request
 * to show that a refused request wrote nothing. A write rolled back with its transaction leaves no count.
 * `except`: tables written on purpose by refused requests (say why where they are named).
 */
const AUDIT_LOGS = new Set(['blade_log_api', 'blade_log_usual']);

export async function watchWrites(t: TestApp, except: readonly string[] = []): Promise<() => Promise<number>> {
  const { db } = t.services;
  await sql`create schema if not exists test_watch`.execute(db);
  await sql`create table if not exists test_watch.writes (n bigint not null)`.execute(db);
  await sql`insert into test_watch.writes select 0 where not exists (select 1 from test_watch.writes)`.execute(db);
  // Security definer: requests write as the app role (row-level security), which has no rights on this schema.
  await sql`create or replace function test_watch.count_write() returns trigger language plpgsql security definer as $$
    begin update test_watch.writes set n = n + 1; return null; end $$`.execute(db);
  const tables = await (db as DynamicDb)
    .selectFrom('information_schema.tables')
    .select('table_name')
    .where('table_schema', '=', 'public')
    .where('table_type', '=', 'BASE TABLE')
    .execute();
  for (const { table_name: table } of tables) {
    // A tally (0026_tally.sql) changes with its table, which is watched, and when the server folds it in the
    // background; the process heartbeat (0038_process.sql) is written on a timer, whatever the requests; the API
    // and usual logs (0062) record refused requests too, in batches after the answer (a write's change records are
    // in its transaction, and watched).
    if (except.includes(table) || table.endsWith('_tally') || AUDIT_LOGS.has(table) || table === 'tenon_process')
      continue;
    await sql`drop trigger if exists test_watch_writes on ${sql.table(table)}`.execute(db);
    await sql`create trigger test_watch_writes after insert or update or delete on ${sql.table(table)}
      for each row execute function test_watch.count_write()`.execute(db);
  }
  return async () => Number((await sql<{ n: string }>`select n from test_watch.writes`.execute(db)).rows[0].n);
}
