import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { cp } from 'node:fs/promises';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql, type Dialect } from 'kysely';
import pg from 'pg';
import { SerialPGliteDialect } from './pglite-driver.ts';
import { PreparingPool } from './prepared-statements.ts';
import { TenantScopedDialect } from './tenant-scoped-driver.ts';
import { RoutingDialect, type Lifecycle } from './routing-driver.ts';
import { Placement, type SourceLogin } from './placement.ts';
import { StandbyReads, Standbys, type StandbyPool } from './standbys.ts';
import { migrationFiles } from './migration-files.ts';
import { serverFile } from '../server-files.ts';

import type { Schema } from './schema.ts';
import type { Db } from './db.ts';
import type { Config } from '../config.ts';

// Declared in a file of their own, which the files connect.ts imports (placement, migrations) import without a cycle.
export type { Db, DynamicDb, DynamicExpressions, DynamicQuery } from './db.ts';

export interface Database {
  /** Each query on the database of its context's tenant (placement.ts); the main database for the rest. */
  db: Db;
  /** The main database whatever the context: the platform's own state (key-value store, process registry). */
  platformDb: Db;
  /** PostgreSQL only: tenants placed on other databases (placement.ts). */
  placement?: Placement;
  /** PostgreSQL only: reads from the databases' standbys (standbys.ts). */
  standbyReads?: StandbyReads;
  kind: 'pglite' | 'postgres';
  /** How busy the connections are, for the metrics: read at every scrape, so it must cost nothing. */
  stats(): PoolStats;
  /** PGlite only: the data folder as a gzipped tar (db/backup.ts), taken between two transactions. */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** PostgreSQL: the pool's connections; PGlite: its one connection and the queries queued for it. */
export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
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
  /** PostgreSQL: the connections of each data source's pool at most (placement.ts); default 5. Each standby's too. */
  sourcePoolSize?: number;
  /** PostgreSQL: the main database's standbys, as postgres:// URLs (standbys.ts). */
  standbyUrls?: readonly string[];
  /** PostgreSQL: a standby further behind its primary than this is not read from (standbys.ts); default 16 MB. */
  standbyMaxLagBytes?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const scoped = (dialect: Dialect) =>
    options.rowLevelSecurity === false ? dialect : new TenantScopedDialect(dialect);
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, {
      poolSize: options.poolSize ?? 10,
      sourcePoolSize: options.sourcePoolSize ?? 5,
      standbyUrls: options.standbyUrls ?? [],
      standbyMaxLagBytes: options.standbyMaxLagBytes ?? 16 * 1024 * 1024,
      prepared: options.preparedStatements !== false,
      scoped,
    });
  return openPGlite(options.dataDir, scoped);
}

/** The database the configuration names (PostgreSQL or the embedded folder), as the server opens it. */
export function openConfiguredDatabase(
  config: Pick<
    Config,
    | 'databaseUrl'
    | 'dataDir'
    | 'rowLevelSecurity'
    | 'preparedStatements'
    | 'sourcePoolSize'
    | 'standbyUrls'
    | 'standbyMaxLagMb'
  >,
): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    rowLevelSecurity: config.rowLevelSecurity,
    preparedStatements: config.preparedStatements,
    sourcePoolSize: config.sourcePoolSize,
    standbyUrls: config.standbyUrls,
    standbyMaxLagBytes: config.standbyMaxLagMb * 1024 * 1024,
  });
}

type Scope = (dialect: Dialect) => Dialect;

interface PostgresOptions {
  poolSize: number;
  sourcePoolSize: number;
  standbyUrls: readonly string[];
  standbyMaxLagBytes: number;
  prepared: boolean;
  scoped: Scope;
}

/** A pool as every PostgreSQL database of the server has it: text types kept, each session set up (below). */
function postgresPool(config: pg.PoolConfig): pg.Pool {
  const textTypes = new Set<number>(Object.values(TEXT_TYPES));
  const pool = new pg.Pool({
    ...config,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        textTypes.has(oid) ? keepText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection dropped by the server (restart, failover, admin command) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // Set per session, not as startup options, which connection poolers such as PgBouncer refuse (issue 16):
  // - JIT off: every query here is a short one, but the planner's cost of a count or a seed check over millions of
  //   rows passes jit_above_cost, and compiling it took 160 ms of a 180 ms query;
  // - custom plans only: a named statement (prepared-statements.ts) is still parsed and rewritten once, but planned
  //   with its values, as a generic plan cannot be. The same list is a walk of an index for a tenant of 50,000 rows
  //   and a few probes for one of 100, and a partial index (`where is_deleted = 0`) serves `is_deleted = $1` only
  //   when the planner sees the 0: a generic plan read a tenant's 51,000 messages for one user's 3,000 (85 ms; 2 ms).
  pool.on('connect', (client) => {
    // A connection lost while a query holds it (a server stopped) fails that query; pg also emits the loss on the
    // client, which the pool listens to only while it is idle: unheard, the event would end the process.
    client.on('error', () => undefined);
    client.query('set jit = off; set plan_cache_mode = force_custom_plan').catch(() => undefined);
  });
  return pool;
}

/** One started-once, destroyed-once driver behind any number of Kysely instances (routing-driver.ts). */
function sharedLifecycle(init: () => Promise<void>, destroy: () => Promise<void>, extra: Partial<Lifecycle> = {}) {
  let started: Promise<void> | undefined;
  let destroyed: Promise<void> | undefined;
  return { ...extra, init: () => (started ??= init()), destroy: () => (destroyed ??= destroy()) };
}

/**
 * The main database and, on demand, the data sources tenants are placed on (placement.ts), all as one `db` whose
 * queries go to their tenant's database, and there to a standby when the request allows it (standbys.ts).
 */
function openPostgres(url: string, options: PostgresOptions): Database {
  const dialectOver = (pool: pg.Pool) =>
    options.scoped(new PostgresDialect({ pool: options.prepared ? new PreparingPool(pool) : pool }));
  const pool = postgresPool({ connectionString: url, max: options.poolSize });
  const mainDialect = dialectOver(pool);
  const mainDriver = mainDialect.createDriver();
  // A database that does not answer fails its requests in seconds, not after TCP's minutes; a standby's reads then
  // go to its primary.
  const connectionTimeoutMillis = 5_000;
  const standbysOf = (primary: pg.Pool, configs: Array<{ name: string; config: pg.PoolConfig }>) => {
    if (!configs.length) return undefined;
    const pools = configs.map(({ name, config }): StandbyPool => {
      const standbyPool = postgresPool({ ...config, max: options.sourcePoolSize, connectionTimeoutMillis });
      return { name, pool: standbyPool, driver: dialectOver(standbyPool).createDriver() };
    });
    return new Standbys(pools, primary, options.standbyMaxLagBytes);
  };
  const mainStandbys = standbysOf(
    pool,
    options.standbyUrls.map((standbyUrl) => ({
      name: addressOf(standbyUrl),
      config: { connectionString: standbyUrl },
    })),
  );
  // eslint-disable-next-line prefer-const -- the placement needs the main database, which closes the placement
  let placement: Placement;
  const lifecycle = sharedLifecycle(
    () => mainDriver.init(),
    async () => {
      await placement.close();
      await mainStandbys?.close();
      await mainDriver.destroy();
    },
    { connectFailed: (driver, error) => placement.connectFailed(driver, error) ?? (error as Error) },
  );
  const platformDb = new Kysely<Schema>({
    dialect: new RoutingDialect(mainDialect, async () => ({ primary: mainDriver }), lifecycle),
  });
  placement = new Placement({
    mainDriver,
    mainStandbys,
    platformDb,
    poolSize: options.sourcePoolSize,
    migrations: migrationFiles(),
    openPool: (login: SourceLogin, size: number) => {
      const { host, port, database, user, password } = login;
      const sourcePool = postgresPool({ host, port, database, user, password, max: size, connectionTimeoutMillis });
      const driver = dialectOver(sourcePool).createDriver();
      const own = sharedLifecycle(
        () => driver.init(),
        () => driver.destroy(),
      );
      const db = new Kysely<Schema>({
        dialect: new RoutingDialect(mainDialect, async () => ({ primary: driver }), own),
      });
      const standbys = standbysOf(
        sourcePool,
        login.standbys.map((at) => ({
          name: `${at.host}:${at.port}/${at.database}`,
          config: { ...at, user, password },
        })),
      );
      const close = async () => {
        await standbys?.close();
        await db.destroy();
      };
      return { driver, db, pool: sourcePool, standbys, close };
    },
  });
  const standbyReads = new StandbyReads();
  const db = new Kysely<Schema>({
    dialect: new RoutingDialect(
      mainDialect,
      async () => standbyReads.route(await placement.databaseForContext()),
      lifecycle,
    ),
  });
  const stats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, platformDb, placement, standbyReads, kind: 'postgres', stats, close: () => db.destroy() };
}

/** A postgres:// URL as the operator may see it: host, port and database, never its password. */
function addressOf(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}:${port || 5432}${pathname}`;
}

/**
 * The extensions the migrations create, loaded into every embedded database: pg_trgm, whose trigram indexes serve the
 * part master's like searches (migration 0023), on PostgreSQL and here alike.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * The embedded database's memory: its WebAssembly memory only grows, so every page PostgreSQL touches stays in the
 * server's RSS. initdb's 128 MB of shared buffers filled up under load (the server idled at 430+ MB); 16 MB keep the
 * catalogue and hot index pages, and the rest is read through the operating system's file cache, which costs a copy,
 * not a disk read (bench/startup.ts measures both).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];
const PGLITE_START = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];

/**
 * The built server's embedded database as initdb and every migration of the build leave it (scripts/build.mjs writes
 * it beside the bundle, pgdata-template.ts): a first start copies it, where initdb alone took 5-7 s of a 10-s first
 * start on 2 shared cores and the migrations 2 s more. Run from source there is none, and initdb runs.
 */
export const PGDATA_TEMPLATE = serverFile('pgdata-template');

/**
 * A new folder's database, into a folder beside, renamed when complete: a start stopped half-way leaves no half
 * database to open. From the build's template when it has one, else initdb.
 */
async function createPgdata(pgdata: string): Promise<void> {
  const fresh = `${pgdata}.new`;
  rmSync(fresh, { recursive: true, force: true });
  // Copied without blocking: the server's code loads meanwhile (main.ts), where a synchronous copy held it 0.7 s.
  if (existsSync(join(PGDATA_TEMPLATE, 'PG_VERSION'))) await cp(PGDATA_TEMPLATE, fresh, { recursive: true });
  else await initialiseInChild(fresh);
  rmSync(pgdata, { recursive: true, force: true });
  renameSync(fresh, pgdata);
}

/**
 * A new folder's initdb grows PGlite's WebAssembly memory to ~600 MB, which the process would keep for good (the
 * server idled at 430+ MB after a first start): it runs in a short-lived child process, and the server then opens
 * the initialised folder with memory of its own size.
 */
async function initialiseInChild(folder: string): Promise<void> {
  // CommonJS, by the path this module resolves: the child finds PGlite wherever the server was started from.
  const code =
    `const { PGlite } = require(${JSON.stringify(createRequire(import.meta.url).resolve('@electric-sql/pglite'))});\n` +
    `PGlite.create(process.argv[1], { startParams: JSON.parse(process.argv[2]) }).then((db) => db.close())` +
    `.catch((error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', code, folder, JSON.stringify(PGLITE_START)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const exit = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('close', done);
  });
  if (exit !== 0) throw new Error(`creating the embedded database in ${folder} failed (exit ${exit}): ${errors}`);
}

async function openPGlite(dataDir: string, scoped: Scope): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = lockDataDir(dataDir);
  try {
    const parsers = Object.fromEntries(Object.values(TEXT_TYPES).map((oid) => [oid, keepText]));
    const pgdata = join(dataDir, 'pgdata');
    if (!existsSync(join(pgdata, 'PG_VERSION'))) await createPgdata(pgdata);
    const pglite = await PGlite.create(pgdata, { parsers, extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START });
    const serial = new SerialPGliteDialect(pglite);
    const db = new Kysely<Schema>({ dialect: scoped(serial) });
    return {
      db,
      platformDb: db,
      kind: 'pglite',
      stats: () => serial.stats(),
      // Holding the one connection keeps every transaction out (they hold it from BEGIN to COMMIT); the checkpoint
      // writes the committed pages into the files the tar copies, so the copy needs no WAL replay to be complete.
      dump: () =>
        db.connection().execute(async (connection) => {
          await sql`checkpoint`.execute(connection);
          return new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
        }),
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
export function lockDataDir(dataDir: string): () => void {
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
