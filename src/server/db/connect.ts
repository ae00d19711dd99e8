import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite } from '@electric-sql/pglite';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import { SerialPGliteDialect } from './pglite-driver.ts';
import { PreparingPool } from './prepared-statements.ts';
import { TenantScopedDialect } from './tenant-scoped-driver.ts';

import type { Schema } from './schema.ts';

/**
 * The database as the migrations made it: queries are checked against db/schema.ts (generated, see schema-types.ts).
 */
export type Db = Kysely<Schema>;
/**
 * For code that names its tables at run time (the entity engine: an entity's table is in its definition, which a
 * test holds to the table). Every other query goes through `Db`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DynamicDb = Kysely<any>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export class DatabaseLockedError extends Error {}

/**
 * bigint, numeric, timestamps and dates stay the text PostgreSQL sends, on both drivers: ids exceed 2^53,
 * money must not pass through floats, and `yyyy-MM-dd HH:mm:ss` is the wire format anyway.
 */
const TEXT_TYPES = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;
const keepText = (value: string) => value;

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /**
   * Requests run as the app role under row-level security (tenant-scoped-driver.ts); default on. Off only to measure
   * what it costs (TENON_RLS=off): every query then runs as the owner and only the tenant predicates isolate tenants.
   */
  rowLevelSecurity?: boolean;
  /** PostgreSQL: name repeated SQL on each connection (prepared-statements.ts); default on. */
  preparedStatements?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const scoped = (dialect: Dialect) =>
    options.rowLevelSecurity === false ? dialect : new TenantScopedDialect(dialect);
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.preparedStatements !== false, scoped);
  return openPGlite(options.dataDir, scoped);
}

type Scope = (dialect: Dialect) => Dialect;

function openPostgres(url: string, poolSize: number, prepared: boolean, scoped: Scope): Database {
  const textTypes = new Set<number>(Object.values(TEXT_TYPES));
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        textTypes.has(oid) ? keepText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection dropped by the server (restart, failover, admin command) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = new Kysely<Schema>({
    dialect: scoped(new PostgresDialect({ pool: prepared ? new PreparingPool(pool) : pool })),
  });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/**
 * The extensions the migrations create, loaded into every embedded database: pg_trgm, whose trigram indexes serve the
 * part master's like searches (migration 0023), on PostgreSQL and here alike.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

async function openPGlite(dataDir: string, scoped: Scope): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = lockDataDir(dataDir);
  try {
    const parsers = Object.fromEntries(Object.values(TEXT_TYPES).map((oid) => [oid, keepText]));
    const pglite = await PGlite.create(join(dataDir, 'pgdata'), { parsers, extensions: PGLITE_EXTENSIONS });
    const db = new Kysely<Schema>({ dialect: scoped(new SerialPGliteDialect(pglite)) });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        try {
          await db.destroy();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** One process per PGlite folder: a second opener would corrupt it, so it gets a clear error instead. */
function lockDataDir(dataDir: string): () => void {
  const lockFile = join(dataDir, 'tenon.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8').trim());
      if (holder && holder !== process.pid && isServerProcess(holder)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dataDir} is already open by process ${holder}. ` +
            'Only one server process may use a PGlite folder: stop the other one, use another DATA_DIR, ' +
            'or set DATABASE_URL to share a PostgreSQL server between processes.',
        );
      }
      unlinkSync(lockFile); // left by a process that died
    }
  }
  throw new DatabaseLockedError(`Could not lock ${lockFile}`);
}

/** A live Node process: a pid reused by another program after a crash does not hold the folder. */
function isServerProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true; // no /proc (not Linux): trust the pid
  }
}
