// Writes src/server/db/schema.ts from the migrations, applied to an empty in-memory database (`npm run db:types`).
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrate } from '../src/server/db/migrate.ts';
import { PGLITE_EXTENSIONS } from '../src/server/db/connect.ts';
import { SerialPGliteDialect } from '../src/server/db/pglite-driver.ts';
import type { Schema } from '../src/server/db/schema.ts';
import { schemaTypes } from '../src/server/db/schema-types.ts';

const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
const db = new Kysely<Schema>({ dialect: new SerialPGliteDialect(pglite) });
await migrate(db);
const file = new URL('../src/server/db/schema.ts', import.meta.url);
writeFileSync(file, await schemaTypes(db));
await db.destroy();
console.log(`wrote ${file.pathname}`);
