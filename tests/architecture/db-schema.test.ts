import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.ts';
import { PGLITE_EXTENSIONS } from '../../src/server/db/connect.ts';
import { SerialPGliteDialect } from '../../src/server/db/pglite-driver.ts';
import type { Schema } from '../../src/server/db/schema.ts';
import { schemaTypes } from '../../src/server/db/schema-types.ts';
import { fieldsOf } from '../../src/server/platform/entity/fields.ts';
import { ENTITIES } from '../../src/server/modules/index.ts';

let db: Kysely<Schema>;

beforeAll(async () => {
  db = new Kysely<Schema>({ dialect: new SerialPGliteDialect(await PGlite.create({ extensions: PGLITE_EXTENSIONS })) });
  await migrate(db);
}, 60_000);
afterAll(() => db?.destroy());

describe('the typed schema (src/server/db/schema.ts)', () => {
  it('is what the migrations make: after a new migration, run `npm run db:types`', async () => {
    const generated = await schemaTypes(db);
    const committed = readFileSync(new URL('../../src/server/db/schema.ts', import.meta.url), 'utf8');
    expect(committed, 'src/server/db/schema.ts differs from the migrations: run `npm run db:types`').toBe(generated);
  });
});

describe('trigram indexes', () => {
  it('serve exactly the fields declared `trigram` (the engine searches those through tenon_match_ids)', async () => {
    const { rows } = await sql<{ tablename: string; indexdef: string }>`
      select tablename, indexdef from pg_indexes where schemaname = current_schema() and indexdef like '%gin_trgm_ops%'`.execute(
      db,
    );
    const indexed = rows.map((r) => `${r.tablename}.${/\((\w+) gin_trgm_ops\)/.exec(r.indexdef)?.[1]}`).sort();
    const declared = ENTITIES.flatMap((entity) =>
      [...fieldsOf(entity).values()].filter((f) => f.trigram).map((f) => `${entity.table}.${f.column}`),
    ).sort();
    expect(declared.length).toBeGreaterThan(0);
    expect(indexed).toEqual(declared);
  });
});
