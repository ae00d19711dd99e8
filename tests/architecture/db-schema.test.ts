import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.ts';
import { PGLITE_EXTENSIONS } from '../../src/server/db/connect.ts';
import { SerialPGliteDialect } from '../../src/server/db/pglite-driver.ts';
import type { Schema } from '../../src/server/db/schema.ts';
import { schemaTypes } from '../../src/server/db/schema-types.ts';

describe('the typed schema (src/server/db/schema.ts)', () => {
  it('is what the migrations make: after a new migration, run `npm run db:types`', async () => {
    const db = new Kysely<Schema>({
      dialect: new SerialPGliteDialect(await PGlite.create({ extensions: PGLITE_EXTENSIONS })),
    });
    try {
      await migrate(db);
      const generated = await schemaTypes(db);
      const committed = readFileSync(new URL('../../src/server/db/schema.ts', import.meta.url), 'utf8');
      expect(committed, 'src/server/db/schema.ts differs from the migrations: run `npm run db:types`').toBe(generated);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
