import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from './db.ts';
import { MIGRATIONS_DIR, migrationFiles } from './migration-files.ts';

export { migrationFiles };
// Any fixed number: serialises migration and seed between server processes starting at once on one PostgreSQL.
export const SCHEMA_LOCK_KEY = 7_140_203_001;

/**
 * Applies every not yet recorded `NNNN_name.sql`, each in its own transaction, then those of `extraDirs` (a test
 * module's, after the product's). Returns the names applied.
 */
export async function migrate(db: Db, extraDirs: readonly string[] = []): Promise<string[]> {
  await sql`create table if not exists tenon_migration (name varchar(255) primary key, applied_at timestamp(0) not null default localtimestamp(0))`.execute(
    db,
  );
  // A restart finds every file applied: one read, no lock (a pending file is checked again under the lock).
  const recorded = new Set((await db.selectFrom('tenon_migration').select('name').execute()).map((row) => row.name));
  const applied: string[] = [];
  const files = [MIGRATIONS_DIR, ...extraDirs].flatMap((dir) => migrationFiles(dir).map((name) => ({ dir, name })));
  for (const { dir, name: file } of files.filter(({ name }) => !recorded.has(name))) {
    const done = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`.execute(trx);
      const seen = await trx.selectFrom('tenon_migration').select('name').where('name', '=', file).executeTakeFirst();
      if (seen) return false;
      for (const statement of splitStatements(readFileSync(join(dir, file), 'utf8'))) {
        await sql.raw(statement).execute(trx);
      }
      await trx.insertInto('tenon_migration').values({ name: file }).execute();
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

/** Splits a migration into statements at `;` outside quotes, comments and dollar-quoted bodies. */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    let token: string;
    if (rest.startsWith('--')) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
      continue;
    } else if (dollar) {
      const end = text.indexOf(dollar[0], i + dollar[0].length);
      token = text.slice(i, end === -1 ? text.length : end + dollar[0].length);
    } else if (rest[0] === "'") {
      const match = /^'(?:[^']|'')*'/.exec(rest);
      token = match ? match[0] : rest;
    } else if (rest[0] === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      i++;
      continue;
    } else {
      token = rest[0];
    }
    current += token;
    i += token.length;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
