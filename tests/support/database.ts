import { accessSync, constants, cpSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/connect.ts';

/**
 * One migrated and seeded database per test run (built by global-setup), copied per test file: PGlite folders
 * are copied, PostgreSQL databases are cloned with CREATE DATABASE ... TEMPLATE. Set DATABASE_URL to run the
 * suite on PostgreSQL.
 */
/** The signing secret of the test apps (app.ts), under which the template keeps its OIDC key (global-setup.ts). */
export const TEST_SECRET = 'tenon-test-secret-0123456789-abcdefghijklmnop';
// Per run, so that two runs at once (a developer's and CI's, or parallel helpers) never share files or databases.
export const RUN_ID = (process.env.TENON_TEST_RUN ??= `${process.pid}${randomBytes(2).toString('hex')}`);
/**
 * Where the runs' databases live: in memory where the machine has a tmpfs (/dev/shm, Linux), else under tests/.tmp.
 * A PGlite copy is 44 MB in ~1,500 files, made per test file and written to by every request: on this machine's disk
 * the copy alone took 0.8 s, on the tmpfs 0.08 s. TENON_TEST_TMP names another folder.
 */
export const TMP_ROOT =
  process.env.TENON_TEST_TMP ?? (writable('/dev/shm') ? '/dev/shm/tenon-tests' : resolve('tests/.tmp'));
export const TMP_DIR = resolve(TMP_ROOT, RUN_ID);
export const PGLITE_TEMPLATE = join(TMP_DIR, 'template');
export const PG_TEMPLATE_DB = `tenon_tpl_${RUN_ID}`;

function writable(folder: string): boolean {
  try {
    accessSync(folder, constants.W_OK);
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

export const usingPostgres = () => Boolean(process.env.DATABASE_URL);

export function databaseUrlFor(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  database: Database;
  dataDir: string;
  databaseUrl?: string;
  /** Closes and throws the copy away. */
  drop(): Promise<void>;
}

export interface DatabaseCopy {
  dataDir: string;
  databaseUrl?: string;
  /** The database's streaming-replication standbys, when a scale-out test started some (pg-servers.ts). */
  standbyUrls?: string[];
  drop(): Promise<void>;
}

/** A fresh copy of the template: only its files or database, not yet opened. */
export async function copyTemplate(): Promise<DatabaseCopy> {
  const name = `t${process.pid}_${randomBytes(4).toString('hex')}`;
  const dataDir = join(TMP_DIR, name);
  mkdirSync(dataDir, { recursive: true });
  if (usingPostgres()) {
    const dbName = `tenon_t${RUN_ID}_${name}`;
    await adminQuery(`create database ${dbName} template ${PG_TEMPLATE_DB}`);
    return {
      dataDir,
      databaseUrl: databaseUrlFor(dbName),
      drop: async () => {
        await adminQuery(`drop database if exists ${dbName} with (force)`);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  cpSync(PGLITE_TEMPLATE, dataDir, { recursive: true });
  return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Opens `copy` (a fresh one by default). */
export async function openTestDatabase(given?: DatabaseCopy): Promise<TestDatabase> {
  const copy = given ?? (await copyTemplate());
  const { databaseUrl, dataDir, standbyUrls } = copy;
  const database = await openDatabase({ databaseUrl, dataDir, standbyUrls });
  return {
    database,
    dataDir: copy.dataDir,
    databaseUrl: copy.databaseUrl,
    drop: async () => {
      await database.close().catch(() => undefined);
      await copy.drop();
    },
  };
}
