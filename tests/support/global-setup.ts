import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../src/server/db/connect.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seed } from '../../src/server/db/seed/seed.ts';
import {
  PG_TEMPLATE_DB,
  PGLITE_TEMPLATE,
  TEST_SECRET,
  TMP_DIR,
  TMP_ROOT,
  adminQuery,
  databaseUrlFor,
  usingPostgres,
} from './database.ts';
import { MODULES } from '../../src/server/modules/index.ts';
import { buildChanged } from '../../scripts/build.mjs';
import { signingKey } from '../../src/server/modules/auth/oidc/oidc-keys.ts';

/**
 * Builds the migrated, seeded template once per run (every test file copies it instead of paying initdb), and the
 * server the process-level tests start (dist-server, when its sources changed).
 */
export default async function setup() {
  await buildChanged({ only: 'server' });
  rmSync(TMP_DIR, { recursive: true, force: true });
  mkdirSync(TMP_DIR, { recursive: true });
  removeAbandonedRuns();
  if (usingPostgres()) {
    await adminQuery(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await adminQuery(`create database ${PG_TEMPLATE_DB}`);
  }
  // The build's migrated embedded database (scripts/build.mjs, current after the build above), as a first start
  // copies it: the migrations left to run are those the build does not have. Else initdb and every migration.
  const built = resolve('dist-server/pgdata-template');
  if (!usingPostgres() && existsSync(join(built, 'PG_VERSION')))
    cpSync(built, join(PGLITE_TEMPLATE, 'pgdata'), { recursive: true });
  const database = await openDatabase({
    databaseUrl: usingPostgres() ? databaseUrlFor(PG_TEMPLATE_DB) : undefined,
    dataDir: PGLITE_TEMPLATE,
  });
  try {
    await migrate(database.db);
    await seed(database.db, MODULES);
    // The OIDC signing key a first start generates (an RSA key, a third of a second): stored once here, sealed under
    // the test apps' secret, so that each file's app reads it instead.
    await signingKey(database.db, new TextEncoder().encode(TEST_SECRET));
  } finally {
    await database.close();
  }
  return async () => {
    if (usingPostgres()) await adminQuery(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    rmSync(TMP_DIR, { recursive: true, force: true });
  };
}

/**
 * A run stopped before its teardown leaves its folder behind, in memory when it is on the tmpfs: a folder untouched
 * for a day is no live run's (a run takes minutes).
 */
function removeAbandonedRuns() {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of readdirSync(TMP_ROOT)) {
    const folder = join(TMP_ROOT, name);
    try {
      if (folder !== TMP_DIR && statSync(folder).mtimeMs < dayAgo) rmSync(folder, { recursive: true, force: true });
    } catch {
      /* removed meanwhile by its own run */
    }
  }
}
