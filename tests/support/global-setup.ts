import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/connect.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seed } from '../../src/server/db/seed/seed.ts';
import {
  PG_TEMPLATE_DB,
  PGLITE_TEMPLATE,
  TMP_DIR,
  TMP_ROOT,
  adminQuery,
  databaseUrlFor,
  usingPostgres,
} from './database.ts';
import { MODULES } from '../../src/server/modules/index.ts';
import { buildChanged } from '../../scripts/build.mjs';

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
  const database = await openDatabase({
    databaseUrl: usingPostgres() ? databaseUrlFor(PG_TEMPLATE_DB) : undefined,
    dataDir: PGLITE_TEMPLATE,
  });
  try {
    await migrate(database.db);
    await seed(database.db, MODULES);
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
