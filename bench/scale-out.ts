/**
 * bench/scale-out: Tenon past one database server (issue 39), on throwaway PostgreSQL servers started as the tests
 * start them (tests/support/pg-servers.ts): a main database and two data sources, and a standby of the first source.
 *
 *   npm run bench:scale-out                       # 3,000 tenants (10 big ones of 5,000 users), the 1,000,000-row move
 *   npm run bench:scale-out -- --tenants 30000 --big 100 --big-users 50000 --scale 1    # the issue's scale
 *   # --export-rows 100000 --move-rows 1000000 --writers 20 --pagers 4 --warmup 30 --measured 200 --idle-seconds 40
 *   # --export-seconds 40
 *   # TENON_TEST_TMP=/var/tmp/tenon-bench puts the servers' data on disk instead of /dev/shm (memory)
 *   # BENCH_SERVER_LOG=/var/tmp/scale-out-server.log keeps every server's output
 *   # --only lists: the lists alone (section 1), without the export and the move
 *
 * 1. Lists. bench/scale's fill (scale-fill.ts) on the main database: --tenants tenants, --big of them with --big-users
 *    users in a dept tree, 100 users each for the others; params, messages and error logs as bench/scale's at --scale.
 *    The built server measures bench/scale's lists on it alone (the baseline: one database), for a big and a small
 *    tenant of each third of the tenants. Then the data sources are registered and a tenant is created on each
 *    (`tenant/submit` with its datasourceId: Tenon migrates the source and subscribes it to the platform tables), and
 *    two thirds of the tenants are placed on them in SQL: each one's rows copied to its data source (postgres_fdw,
 *    per tenant table) and removed from the main database, its blade_tenant row (on the main one) given the data
 *    source. The server, started again, measures the same lists of the same tenants, now on three databases. Target:
 *    every list p95 < 50 ms, printed with its ratio to the one-database figure of this run.
 * 2. Export from a standby. --export-rows customers of a big tenant on the first data source, then a standby of it
 *    (pg_basebackup) named in the data source. --pagers administrators of other tenants on that source page their
 *    user list (page 1, then 100 ms) on its primary: the standby's replay is paused and each has just written (a
 *    post), so read-your-writes sends their reads to the primary, while the exporter, who wrote nothing, is read from
 *    the standby. Their p95 idle (--idle-seconds), during exports from the standby, and during the same exports from
 *    the primary (the exporter writes first), after one export that warms the new server and standby (shown, not
 *    judged). The export is made again until --export-seconds have passed: a p95 of a thousand pages, not of the few
 *    hundred one export lasts, which differed by half from run to run. Target: during the exports from the standby
 *    within 10 % of idle.
 * 3. Move. --move-rows error-log rows for a small tenant on the main database (its big table), then the tenant moved
 *    to the second data source (`tenant/move`) while --writers clients add posts as its administrator. The move's
 *    copy time, pausedMs (target <= 5 s), and every acknowledged post on the new database (target 0 lost).
 *
 * Every PostgreSQL server shares this machine's cores with the server and the bench: a standby here takes no load
 * off the machine, only off the primary's server process. Exit code 1 when a target is missed or a request failed.
 */
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { unzipSync } from 'fflate';
import { mkdtempSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Db } from '../src/server/db/connect.ts';
import { tenantTables } from '../src/server/db/tenant-move.ts';
import { TENANT_MOVE_STATUS_URL, TENANT_MOVE_URL } from '../src/shared/contract/api/system.ts';
import { TMP_DIR } from '../tests/support/database.ts';
import { startPrimary, startStandby, stopAll, type PgServer } from '../tests/support/pg-servers.ts';
import {
  api,
  log,
  login,
  measureSequential,
  onCleanup,
  percentile,
  processTree,
  runBench,
  sleep,
  startServer,
  type LatencyStats,
  type Server,
} from './support.ts';
import {
  ADMIN_PASSWORD,
  fill,
  layoutOf,
  smallTenantCode,
  SPARE_ERROR_LOG_IDS,
  tenantErrorLogs,
  withoutIndexes,
  type Layout,
} from './scale-fill.ts';
import { cases, PAGE_SIZE, seedDone, signIn, type Caller, type Case } from './scale-lists.ts';

const { values: args } = parseArgs({
  options: {
    tenants: { type: 'string', default: '3000' },
    big: { type: 'string', default: '10' },
    'big-users': { type: 'string', default: '5000' },
    scale: { type: 'string', default: '0.05' },
    'export-rows': { type: 'string', default: '100000' },
    'move-rows': { type: 'string', default: '1000000' },
    writers: { type: 'string', default: '20' },
    pagers: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '30' },
    measured: { type: 'string', default: '200' },
    'idle-seconds': { type: 'string', default: '40' },
    'export-seconds': { type: 'string', default: '40' },
    // `--only lists`: phase 1 alone (the fill, the lists on one database, the placement, the lists on three).
    only: { type: 'string' },
  },
});
if (args.only !== undefined && args.only !== 'lists') {
  console.error(`bench/scale-out: --only takes lists (got "${args.only}")`);
  process.exit(2);
}

function whole(name: keyof typeof args): number {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`bench/scale-out: --${name} must be a positive whole number (got "${args[name]}")`);
    process.exit(2);
  }
  return value;
}

const TENANTS = whole('tenants');
const BIG = whole('big');
const BIG_USERS = whole('big-users');
const SCALE = Number(args.scale);
const EXPORT_ROWS = whole('export-rows');
const MOVE_ROWS = whole('move-rows');
const WRITERS = whole('writers');
const PAGERS = whole('pagers');
const WARMUP = whole('warmup');
const MEASURED = whole('measured');
const IDLE_SECONDS = whole('idle-seconds');
const EXPORT_SECONDS = whole('export-seconds');
if (!(SCALE > 0)) {
  console.error(`bench/scale-out: --scale must be a positive number (got "${args.scale}")`);
  process.exit(2);
}
// Big tenants 1, 2, 3 are the measured ones of the three databases (tenant t goes to database t % 3); each database
// needs small tenants besides: two measured or moved, the pagers and the exporter on the first data source.
if (BIG < 4 || TENANTS < BIG + 3 * (PAGERS + 3)) {
  console.error(`bench/scale-out: needs --big >= 4 and --tenants >= --big + 3 * (--pagers + 3)`);
  process.exit(2);
}

const TARGET_P95 = 50;
const TARGET_EXPORT_RATIO = 1.1;
const TARGET_PAUSE_MS = 5_000;
const SYS = '/api/blade-system';
const DATABASES = ['main', 'ds1', 'ds2'] as const;
type Key = (typeof DATABASES)[number];
type Source = Exclude<Key, 'main'>;
/** The pagers' think time between two pages. */
const THINK_MS = 100;
/** Customer ids of the export, apart from every fill's. */
const CUSTOMER_IDS = 400000000000000000n;

const layout: Layout = { ...layoutOf(SCALE), smallTenants: TENANTS - 1, bigTenants: BIG, bigUsers: BIG_USERS };
/** Small tenant t (1 … TENANTS - 1) is on database t % 3; the provisioned tenant stays on the main one. */
const databaseOf = (t: number): Key => DATABASES[t % 3];
const tenantsOn = (key: Key) =>
  Array.from({ length: layout.smallTenants }, (_, i) => i + 1).filter((t) => databaseOf(t) === key);
/** The tenants measured on each database: big tenant k (1, 2 or 3) and its first small tenant. */
const measured = (key: Key) => {
  const [big] = tenantsOn(key);
  const [small] = tenantsOn(key).filter((t) => t >= BIG);
  return { big, small };
};
const smallsOn = (key: Key) => tenantsOn(key).filter((t) => t >= BIG);
/** The exporter (big tenant 1, on ds1), the pagers (ds1's small tenants after the measured one), the moved tenant. */
const EXPORTER = measured('ds1').big;
const PAGER_TENANTS = smallsOn('ds1').slice(1, 1 + PAGERS);
const MOVED = smallsOn('main').at(-1)!;

const machine = () =>
  `${availableParallelism()} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
const count = (n: number) => n.toLocaleString('en-US');
const ms = (v: number) => (Number.isNaN(v) ? '-' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const seconds = (since: number) => (performance.now() - since) / 1000;

// ---------------------------------------------------------------------------------------------------------------
// The PostgreSQL servers

type Servers = Record<Key, PgServer>;

async function startDatabases(): Promise<Servers> {
  onCleanup('stop the PostgreSQL servers', async () => {
    await stopAll();
    // The run's folder, when nothing else of this process is left in it.
    try {
      rmdirSync(TMP_DIR);
    } catch {
      /* not empty, or gone */
    }
  });
  const [main, ds1, ds2] = await Promise.all(DATABASES.map((name) => startPrimary(`scale-out-${name}`)));
  // PostgreSQL's default shared buffers (bench/scale's server has them), not the tests' 32 MB; room for the fill's
  // WAL between checkpoints. Taken at a restart.
  await Promise.all(
    [main, ds1, ds2].map(async (server) => {
      await server.query(`alter system set shared_buffers = '128MB'`);
      await server.query(`alter system set max_wal_size = '4GB'`);
      await server.stop();
      await server.start();
    }),
  );
  log(`PostgreSQL servers: main :${main.port}, ds1 :${ds1.port}, ds2 :${ds2.port} (${main.dataDir})`);
  return { main, ds1, ds2 };
}

/** A connection to one server's `tenon`, closed with the run. */
async function connect(server: PgServer): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: server.url() });
  client.on('error', () => undefined);
  await client.connect();
  onCleanup(`close a connection to ${server.name}`, () => client.end().catch(() => undefined));
  return client;
}

/** The steps of a move's pause that took longer than its target, as the server logged them. */
let longPauseSteps: Record<string, number> | undefined;

/** The built server on the main database; stopped with the run unless stopped before. */
async function tenon(main: PgServer, dataDir: string, what: string): Promise<Server> {
  const started = performance.now();
  const server = await startServer({
    bench: 'bench/scale-out',
    dataDir,
    databaseUrl: main.url(),
    // The export's standby has its replay paused for minutes (section 2), meanwhile the primary writes WAL (the pagers'
    // posts, their API logs, autovacuum): past the default bound of 16 MB the server would rightly stop reading it.
    env: { TENON_STANDBY_MAX_LAG_MB: '4096' },
    // A move's pause over its target is logged with its steps' times (db/tenant-move.ts): shown in the report.
    onLine: (line) => {
      if (line.includes('"steps"')) longPauseSteps = JSON.parse(line).steps;
    },
  });
  log(`${what}: server pid ${server.pid} on :${server.port}, listening after ${seconds(started).toFixed(1)} s`);
  return server;
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Lists on one database, then on three

interface ListFigure {
  name: string;
  /** The database whose tenant it reads (the platform's lists: main). */
  database: Key;
  stats?: LatencyStats;
  detail: string;
  error?: string;
}

async function measureCase(c: Case, database: Key): Promise<ListFigure> {
  try {
    const answer = await c.request();
    const stats = await measureSequential(
      async () => {
        await c.request();
      },
      WARMUP,
      MEASURED,
    );
    log(`${database} ${c.name}: p95 ${ms(stats.p95)} ms (${c.describe(answer)})`);
    return { name: c.name, database, stats, detail: c.describe(answer) };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    log(`${database} ${c.name}: FAILED ${message}`);
    return { name: c.name, database, detail: '', error: message };
  }
}

/** bench/scale's lists of each database's measured tenants, then the platform's lists once. */
async function measureLists(port: number, platform: Caller): Promise<ListFigure[]> {
  const figures: ListFigure[] = [];
  for (const key of DATABASES) {
    const { big, small } = measured(key);
    const who = {
      platform,
      big: await signIn(port, smallTenantCode(big), ADMIN_PASSWORD),
      small: await signIn(port, smallTenantCode(small), ADMIN_PASSWORD),
    };
    const all = cases(port, layout, who, big);
    for (const c of all.filter((one) => one.reads === 'tenant')) figures.push(await measureCase(c, key));
    if (key === 'main')
      for (const c of all.filter((one) => one.reads === 'platform')) figures.push(await measureCase(c, key));
  }
  return figures;
}

interface Placed {
  sourceIds: Record<Source, string>;
  steps: Array<{ what: string; rows: number; seconds: number }>;
}

/**
 * The data sources registered on the main database and made ready by Tenon itself: a tenant created on each
 * (`tenant/submit` with its datasourceId) has the source migrated and subscribed to the platform tables.
 */
async function registerSources(port: number, token: string, servers: Servers): Promise<Record<Source, string>> {
  const ids = {} as Record<Source, string>;
  for (const key of ['ds1', 'ds2'] as const) {
    const source = await api<{ id: string }>(port, token, '/api/blade-develop/datasource/submit', 'POST', {
      name: key,
      driverClass: 'org.postgresql.Driver',
      url: servers[key].jdbcUrl(),
      username: 'postgres',
      password: 'unused',
    });
    ids[key] = String(source.id);
    const t0 = performance.now();
    const tenant = await api<{ tenantId: string }>(port, token, `${SYS}/tenant/submit`, 'POST', {
      tenantName: `数据源 ${key} 的首个租户`,
      linkman: '王伟',
      contactNumber: '13912345678',
      datasourceId: ids[key],
    });
    log(`${key}: data source ${ids[key]}, made ready with tenant ${tenant.tenantId} in ${seconds(t0).toFixed(1)} s`);
  }
  return ids;
}

/** Owner access to a server's `tenon` as a Kysely, for the server's own helpers (tenant-move.ts tenantTables). */
function ownerDb(server: PgServer): Db {
  const db = new Kysely({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: server.url(), max: 1 }) }),
  });
  return db as unknown as Db;
}

/**
 * Two thirds of the tenants placed on the data sources in SQL, as a move would leave them: each one's rows of every
 * tenant table copied to its source (postgres_fdw reading the main database; triggers off, as logical replication
 * applies rows), then removed from the main database (VACUUM FULL: the main database as compact as a fresh fill),
 * and its blade_tenant row given the source, which the source's copy of the table receives by replication.
 */
async function placeTenants(servers: Servers, sourceIds: Record<Source, string>): Promise<Placed['steps']> {
  const steps: Placed['steps'] = [];
  const step = async (what: string, work: () => Promise<number>) => {
    const t0 = performance.now();
    const rows = await work();
    steps.push({ what, rows, seconds: Math.round(seconds(t0) * 10) / 10 });
    log(`place: ${what}: ${count(rows)} rows in ${seconds(t0).toFixed(1)} s`);
  };
  const mainDb = ownerDb(servers.main);
  const tables = await tenantTables(mainDb).finally(() => mainDb.destroy());
  const main = await connect(servers.main);
  const codesOn = (key: Source) => tenantsOn(key).map(smallTenantCode);
  const placedCodes = [...codesOn('ds1'), ...codesOn('ds2')];
  // Per table, the rows each source gets: what the copy must hold, and the tables worth loading without indexes.
  const rowsOf = new Map<string, Record<Source, number>>();
  for (const table of tables) {
    const { rows } = await main.query<{ ds1: string; ds2: string }>(
      `select count(*) filter (where tenant_id = any($1)) as ds1, count(*) filter (where tenant_id = any($2)) as ds2
       from ${table}`,
      [codesOn('ds1'), codesOn('ds2')],
    );
    rowsOf.set(table, { ds1: Number(rows[0].ds1), ds2: Number(rows[0].ds2) });
  }

  for (const key of ['ds1', 'ds2'] as const) {
    const source = await connect(servers[key]);
    await step(`${key}: ${count(codesOn(key).length)} tenants' rows copied`, async () => {
      await source.query(`create extension if not exists postgres_fdw`);
      await source.query(`drop server if exists bench_main cascade`);
      await source.query(
        `create server bench_main foreign data wrapper postgres_fdw
         options (host '127.0.0.1', port '${servers.main.port}', dbname 'tenon', fetch_size '10000')`,
      );
      await source.query(`create user mapping for current_user server bench_main options (user 'postgres')`);
      await source.query(`drop schema if exists bench_main cascade`);
      await source.query(`create schema bench_main`);
      await source.query(
        `import foreign schema public limit to (${tables.join(', ')}) from server bench_main into bench_main`,
      );
      await source.query(`set session_replication_role = replica`);
      await source.query(`set synchronous_commit = off`);
      await source.query(`set maintenance_work_mem = '512MB'`);
      let copied = 0;
      for (const table of tables) {
        const expected = rowsOf.get(table)![key];
        if (!expected) continue;
        const { rows } = await source.query<{ column_name: string }>(
          `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1
           order by ordinal_position`,
          [table],
        );
        const columns = rows.map((row) => row.column_name).join(', ');
        const copy = async () =>
          (
            await source.query(
              `insert into public.${table} (${columns}) select ${columns} from bench_main.${table}
               where tenant_id = any($1)`,
              [codesOn(key)],
            )
          ).rowCount ?? 0;
        const n = expected > 10_000 ? await withoutIndexes(source, table, copy) : await copy();
        if (n !== expected) throw new Error(`${key}.${table}: ${n} rows copied, ${expected} on the main database`);
        copied += n;
      }
      // The rows copied are as this build seeded them: the source records it, so that its start does not seed them
      // again in the background while the lists are measured (seed.ts seedSource).
      const seeded = await main.query<{ build_id: string }>(`select build_id from tenon_seed`);
      for (const { build_id } of seeded.rows)
        await source.query(`insert into tenon_seed (build_id) values ($1) on conflict do nothing`, [build_id]);
      await source.query(`drop schema bench_main cascade`);
      await source.query(`drop server bench_main cascade`);
      await source.query(`drop extension postgres_fdw`);
      await source.query(`vacuum analyze`);
      return copied;
    });
  }

  await step(`main: the placed tenants' rows removed`, async () => {
    await main.query(`set session_replication_role = replica`);
    let removed = 0;
    for (const table of tables) {
      const { ds1, ds2 } = rowsOf.get(table)!;
      if (!ds1 && !ds2) continue;
      removed += (await main.query(`delete from ${table} where tenant_id = any($1)`, [placedCodes])).rowCount ?? 0;
      await main.query(`vacuum (full, analyze) ${table}`);
    }
    await main.query(`set session_replication_role = origin`);
    return removed;
  });

  await step('blade_tenant: datasource_id of the placed tenants', async () => {
    let placed = 0;
    for (const key of ['ds1', 'ds2'] as const) {
      const result = await main.query(`update blade_tenant set datasource_id = $1 where tenant_id = any($2)`, [
        sourceIds[key],
        codesOn(key),
      ]);
      placed += result.rowCount ?? 0;
    }
    // Each source's copy of the tenant list has them before a request of theirs reads it there.
    for (const key of ['ds1', 'ds2'] as const) {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const [row] = await servers[key].query<{ n: number }>(
          `select count(*)::int as n from blade_tenant where datasource_id = $1`,
          [sourceIds[key]],
        );
        if (row.n >= codesOn(key).length) break;
        if (Date.now() > deadline) throw new Error(`${key}'s copy of blade_tenant did not receive the placement`);
        await sleep(200);
      }
    }
    return placed;
  });
  return steps;
}

// ---------------------------------------------------------------------------------------------------------------
// 2. An export from a standby while users page their lists on the primary

interface Phase {
  name: string;
  seconds: number;
  samples: number;
  stats: LatencyStats;
  /** What each server read meanwhile: where the export and the pages were read. */
  reads: { standby: Reads; primary: Reads };
  /** Each export's rows and bytes, and how many were made. */
  exported?: { rows: number; bytes: number; count: number };
  /** CPU seconds over the phase of the server process, and of each PostgreSQL server's processes. */
  cpu: { server: number; standby: number; primary: number };
  load: string;
  /** The standby's states the server's readiness answer gave over the phase, with how often. */
  standbySeen: string;
}

interface ExportFigures {
  fillSeconds: number;
  standbySeconds: number;
  phases: Phase[];
  errors: string[];
}

/** Administrators paging their user list (page 1, then THINK_MS) until stopped: the latencies of each phase. */
function startPagers(port: number, tokens: string[]) {
  let running = true;
  let samples: number[] = [];
  const errors: string[] = [];
  const path = `${SYS}/user/page?current=1&size=${PAGE_SIZE}`;
  const all = Promise.all(
    tokens.map(async (token) => {
      while (running) {
        const t0 = performance.now();
        try {
          await api(port, token, path);
          samples.push(performance.now() - t0);
        } catch (error) {
          errors.push((error as Error).message.split('\n')[0]);
        }
        await sleep(THINK_MS);
      }
    }),
  );
  return {
    errors,
    /** The latencies since the last call, sorted. */
    take(): number[] {
      const taken = samples.sort((a, b) => a - b);
      samples = [];
      return taken;
    },
    stop: async () => {
      running = false;
      await all;
    },
  };
}

interface Reads {
  /** Customer rows read. */
  customers: number;
  /** Scans of the users (the pagers' lists). */
  userScans: number;
}

/** A server's statistics flush a backend's counts within 10 s of its last query (PostgreSQL 15: pgstat). */
const STATS_FLUSH_MS = 11_000;

/** What a server has read so far (its own statistics: a standby counts the reads it serves). */
async function readsOn(client: pg.Client): Promise<Reads> {
  const { rows } = await client.query<{ relname: string; read: string; scans: string }>(
    `select relname, coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as read,
       coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as scans
     from pg_stat_user_tables where relname in ('erp_customer', 'blade_user')`,
  );
  const of = (table: string) => rows.find((row) => row.relname === table);
  return { customers: Number(of('erp_customer')?.read ?? 0), userScans: Number(of('blade_user')?.scans ?? 0) };
}

const readSince = (before: Reads, after: Reads): Reads => ({
  customers: after.customers - before.customers,
  userScans: after.userScans - before.userScans,
});

/** The customers' export, downloaded whole: its data rows (the sheet's rows but the header) and size. */
async function exportCustomers(port: number, token: string): Promise<{ rows: number; bytes: number }> {
  const res = await fetch(`http://127.0.0.1:${port}${SYS}/customer/export-customer`, {
    headers: { 'Blade-Auth': `bearer ${token}` },
  });
  const body = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`export: HTTP ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
  const files = unzipSync(body);
  const sheet = Object.entries(files).find(([name]) => name.startsWith('xl/worksheets/'));
  if (!sheet) throw new Error('export: no worksheet in the file');
  const rows = Buffer.from(sheet[1]).toString().split('<row ').length - 1;
  return { rows: rows - 1, bytes: body.length };
}

/** The export made again and again until --export-seconds have passed; each one must hold every customer. */
async function exportsFor(port: number, token: string): Promise<{ rows: number; bytes: number; count: number }> {
  const t0 = performance.now();
  let made = { rows: 0, bytes: 0, count: 0 };
  do {
    const one = await exportCustomers(port, token);
    if (one.rows !== EXPORT_ROWS) throw new Error(`export: ${one.rows} rows instead of ${EXPORT_ROWS}`);
    made = { ...one, count: made.count + 1 };
  } while (seconds(t0) < EXPORT_SECONDS);
  return made;
}

/** --export-rows customers of the exporter's tenant, on its data source's primary. */
async function fillCustomers(ds1: PgServer): Promise<number> {
  const client = await connect(ds1);
  const code = smallTenantCode(EXPORTER);
  const [admin] = (
    await client.query<{ id: string; dept_id: string }>(
      `select id, dept_id from blade_user where tenant_id = $1 and account = 'admin'`,
      [code],
    )
  ).rows;
  await client.query(`set synchronous_commit = off`);
  const inserted = await withoutIndexes(
    client,
    'erp_customer',
    async () =>
      (
        await client.query(
          `insert into erp_customer (id, tenant_id, customer_code, customer_name, short_name, customer_type, tax_no,
             address, contact_name, contact_phone, credit_days, credit_limit, create_user, create_dept, create_time,
             update_user, update_time, status, is_deleted)
           select $1::bigint + g, $2, 'C' || lpad(g::text, 7, '0'), '客户' || g || '精密机械有限公司', '客户' || g,
             (array['1', '2', '3'])[1 + g % 3], '91320500' || lpad(g::text, 10, '0'), '江苏省苏州市工业园区星湖街 ' || g || ' 号',
             '联系人' || g % 1000, '139' || lpad(g::text, 8, '0'), 30 + g % 4 * 30, (g % 100) * 10000,
             $3, $4, timestamp '2024-01-01' + make_interval(secs => g * 60), $3,
             timestamp '2024-01-01' + make_interval(secs => g * 60), 1, 0
           from generate_series(1, $5) g`,
          [String(CUSTOMER_IDS), code, admin.id, admin.dept_id.split(',')[0], EXPORT_ROWS],
        )
      ).rowCount ?? 0,
  );
  await client.query(`vacuum analyze erp_customer`);
  return inserted;
}

/** The data source's (first) standby as the server's readiness answer gives it. */
async function standbyOf(port: number, sourceId: string) {
  const ready = (await (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).json()) as {
    datasources?: Array<{ id: string; standbys?: Array<{ status: string; lagBytes?: number }> }>;
  };
  return ready.datasources?.find((one) => String(one.id) === sourceId)?.standbys?.[0];
}

/** Until the server reads from the data source's standby (its readiness answer says UP). */
async function standbyInUse(port: number, sourceId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const standby = await standbyOf(port, sourceId);
    if (standby?.status === 'UP') return;
    if (Date.now() > deadline) throw new Error(`the standby of ${sourceId} is not in use: ${JSON.stringify(standby)}`);
    await sleep(250);
  }
}

/**
 * The standby's states as the server's readiness answer gives them, every 250 ms until stopped: a phase that was to
 * read from it says whether the server left it out meanwhile (and why: its state and lag).
 */
function watchStandby(port: number, sourceId: string) {
  const seen = new Map<string, number>();
  let running = true;
  const watching = (async () => {
    while (running) {
      try {
        const standby = await standbyOf(port, sourceId);
        const state = standby
          ? `${standby.status}${standby.lagBytes === undefined ? '' : ` (lag ${(standby.lagBytes / 1e6).toFixed(1)} MB)`}`
          : 'none';
        const key = standby?.status === 'UP' ? 'UP' : state;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      } catch (error) {
        const key = `no answer: ${(error as Error).message}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      await sleep(250);
    }
  })();
  return async () => {
    running = false;
    await watching;
    return [...seen].map(([state, n]) => `${state} x${n}`).join(', ');
  };
}

/** A post of `token`'s tenant: a write, whose WAL position the server keeps for its user (read-your-writes). */
async function addPost(port: number, token: string, code: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}${SYS}/post/submit`, {
    method: 'POST',
    headers: { 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ category: 1, postCode: code, postName: code, sort: 1 }),
  });
}

/**
 * CPU seconds a process and its descendants have used: their own time, and what their reaped children used (a
 * PostgreSQL backend that ended counts in its postmaster's).
 */
function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const [i, one] of processTree(pid).entries()) {
    try {
      // Fields after the command's closing parenthesis: utime is the 12th, stime, cutime, cstime follow.
      const fields = readFileSync(`/proc/${one}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      if (i === 0) ticks += Number(fields[13]) + Number(fields[14]);
    } catch {
      /* ended meanwhile */
    }
  }
  return ticks / CLOCK_TICKS;
}
/** The kernel's clock ticks a second (`getconf CLK_TCK`), 100 on Linux. */
const CLOCK_TICKS = 100;
const postmasterOf = (server: PgServer) =>
  Number(readFileSync(join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

async function measureExport(
  port: number,
  serverPid: number,
  servers: Servers & { standby: PgServer },
  sourceId: string,
): Promise<ExportFigures> {
  const exporter = await login(port, 'admin', ADMIN_PASSWORD, smallTenantCode(EXPORTER));
  const tokens = await Promise.all(PAGER_TENANTS.map((t) => login(port, 'admin', ADMIN_PASSWORD, smallTenantCode(t))));
  // Their sign-ins' writes replayed, the standby stops replaying: whatever they write from now on is not on it.
  await sleep(1000);
  await servers.standby.pauseReplay();
  const phases: Phase[] = [];
  // Each pager writes before he pages, and again before each phase (his position is kept 5 minutes): as the standby
  // is paused before his write, his reads go to the primary.
  let writes = 0;
  const pagersWrite = async () => {
    writes++;
    for (const [i, token] of tokens.entries()) {
      const res = await addPost(port, token, `p${i}-${writes}`);
      if (res.status !== 200) throw new Error(`a pager's post: HTTP ${res.status} ${await res.text()}`);
    }
  };
  await pagersWrite();
  const pagers = startPagers(port, tokens);
  onCleanup('stop the pagers', () => pagers.stop());
  const [standby, primary] = [await connect(servers.standby), await connect(servers.ds1)];
  // Every earlier read counted before the first phase's statistics are read.
  await sleep(STATS_FLUSH_MS);
  const phase = async (name: string, work: () => Promise<{ rows: number; bytes: number; count: number } | void>) => {
    await pagersWrite();
    const before = { standby: await readsOn(standby), primary: await readsOn(primary) };
    pagers.take();
    const cpuOf = () => ({
      server: cpuSeconds(serverPid),
      standby: cpuSeconds(postmasterOf(servers.standby)),
      primary: cpuSeconds(postmasterOf(servers.ds1)),
    });
    const cpuBefore = cpuOf();
    const standbyStates = watchStandby(port, sourceId);
    const t0 = performance.now();
    const exported = (await work()) ?? undefined;
    const took = seconds(t0);
    const standbySeen = await standbyStates();
    const cpuAfter = cpuOf();
    const cpu = {
      server: cpuAfter.server - cpuBefore.server,
      standby: cpuAfter.standby - cpuBefore.standby,
      primary: cpuAfter.primary - cpuBefore.primary,
    };
    const samples = pagers.take();
    const load = machine();
    // The pagers go on meanwhile, unmeasured.
    await sleep(STATS_FLUSH_MS);
    const reads = {
      standby: readSince(before.standby, await readsOn(standby)),
      primary: readSince(before.primary, await readsOn(primary)),
    };
    const stats = {
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      p99: percentile(samples, 99),
    };
    phases.push({
      name,
      seconds: took,
      samples: samples.length,
      stats,
      reads,
      exported,
      cpu,
      load,
      standbySeen,
    });
    log(
      `${name}: ${took.toFixed(1)} s, user/page p95 ${ms(stats.p95)} ms over ${samples.length} pages; customer ` +
        `rows read on the standby ${count(reads.standby.customers)}, on the primary ${count(reads.primary.customers)}; ` +
        `CPU s: server ${cpu.server.toFixed(1)}, standby ${cpu.standby.toFixed(1)}, primary ${cpu.primary.toFixed(1)}; ` +
        `the standby's states meanwhile: ${standbySeen}`,
    );
  };
  // The server was just started and the standby just made: the first export compiles the export's code and reads
  // the customers into the standby's cache. Shown, not judged: a server and a standby in service are warm.
  await phase('warm-up: export from the standby', async () => ({
    ...(await exportCustomers(port, exporter)),
    count: 1,
  }));
  await phase('idle', () => sleep(IDLE_SECONDS * 1000));
  await phase('export from the standby', () => exportsFor(port, exporter));
  // The exporter writes too: his export is now read from the primary, as without a standby.
  const res = await addPost(port, exporter, 'exporter');
  if (res.status !== 200) throw new Error(`the exporter's post: HTTP ${res.status} ${await res.text()}`);
  await phase('export from the primary', () => exportsFor(port, exporter));
  await pagers.stop();
  await servers.standby.resumeReplay();
  return { fillSeconds: 0, standbySeconds: 0, phases, errors: pagers.errors };
}

// ---------------------------------------------------------------------------------------------------------------
// 3. A tenant moved while it is written to

interface MoveFigures {
  tenant: string;
  fillSeconds: number;
  rowsBefore: number;
  rowsArrived: number;
  copySeconds?: number;
  totalSeconds: number;
  states: Array<{ state: string; at: number }>;
  status: { state: string; pausedMs: number | null; error: string | null };
  acknowledged: number;
  refused: Map<string, number>;
  failed: number;
  lost: string[];
  doubled: number;
  leftOnSource: number;
  writesPerSecond: number;
  load: string;
}

interface MoveStatus {
  state: string;
  pausedMs: number | null;
  error: string | null;
  endedAt: string | null;
}

/** Clients adding posts as the tenant's administrator until stopped: the codes acknowledged, and the refusals. */
function startWriters(port: number, token: string) {
  const acknowledged: string[] = [];
  const refused = new Map<string, number>();
  let failed = 0;
  let running = true;
  const all = Promise.all(
    Array.from({ length: WRITERS }, async (_, n) => {
      for (let i = 0; running; i++) {
        const code = `w${n}-${i}`;
        try {
          const res = await addPost(port, token, code);
          const body = (await res.json()) as { code?: number; msg?: string };
          if (res.status === 200 && body.code === 200) acknowledged.push(code);
          else {
            const why = `${res.status} ${body.msg}`;
            refused.set(why, (refused.get(why) ?? 0) + 1);
          }
        } catch {
          failed++;
          await sleep(100);
        }
      }
    }),
  );
  return {
    acknowledged,
    refused,
    failed: () => failed,
    stop: async () => {
      running = false;
      await all;
    },
  };
}

async function measureMove(
  port: number,
  platform: string,
  servers: Servers,
  sourceIds: Record<Source, string>,
): Promise<MoveFigures> {
  const tenant = smallTenantCode(MOVED);
  const main = await connect(servers.main);
  const t0 = performance.now();
  await main.query(`set synchronous_commit = off`);
  await main.query(`set maintenance_work_mem = '512MB'`);
  await withoutIndexes(main, 'blade_log_error', () => tenantErrorLogs(main, tenant, SPARE_ERROR_LOG_IDS, MOVE_ROWS));
  await main.query(`vacuum analyze blade_log_error`);
  const fillSeconds = seconds(t0);
  const mainDb = ownerDb(servers.main);
  const tables = await tenantTables(mainDb).finally(() => mainDb.destroy());
  const rowsOf = async (server: pg.Client | PgServer) => {
    let rows = 0;
    for (const table of tables) {
      const text = `select count(*)::int as n from ${table} where tenant_id = $1`;
      rows += (
        server instanceof pg.Client ? (await server.query(text, [tenant])).rows : await server.query(text, [tenant])
      )[0].n as number;
    }
    return rows;
  };
  const rowsBefore = await rowsOf(main);
  log(
    `move: tenant ${tenant} holds ${count(rowsBefore)} rows on the main database (filled in ${fillSeconds.toFixed(1)} s)`,
  );

  const token = await login(port, 'admin', ADMIN_PASSWORD, tenant);
  const writers = startWriters(port, token);
  onCleanup('stop the writers', () => writers.stop());
  const writesFrom = performance.now();
  while (writers.acknowledged.length < WRITERS) await sleep(50);
  const load = machine();
  const started = performance.now();
  await api(port, platform, `${TENANT_MOVE_URL}?tenantId=${tenant}&datasourceId=${sourceIds.ds2}`, 'POST');
  const states: MoveFigures['states'] = [{ state: 'copying', at: 0 }];
  let status: MoveStatus;
  for (;;) {
    status = (await api<MoveStatus>(port, platform, `${TENANT_MOVE_STATUS_URL}?tenantId=${tenant}`))!;
    if (status.state !== states.at(-1)!.state) {
      states.push({ state: status.state, at: seconds(started) });
      log(`move: ${status.state} after ${seconds(started).toFixed(1)} s`);
    }
    if (status.endedAt) break;
    if (seconds(started) > 3600) throw new Error('the move did not end within an hour');
    await sleep(200);
  }
  const totalSeconds = seconds(started);
  // Writes go on after the switch, on the new database.
  const after = writers.acknowledged.length;
  const deadline = Date.now() + 30_000;
  while (writers.acknowledged.length < after + WRITERS && Date.now() < deadline) await sleep(50);
  await writers.stop();
  const writesPerSecond = writers.acknowledged.length / seconds(writesFrom);

  const arrived = (
    await servers.ds2.query<{ post_code: string }>(`select post_code from blade_post where tenant_id = $1`, [tenant])
  ).map((row) => row.post_code);
  const present = new Set(arrived);
  return {
    tenant,
    fillSeconds,
    rowsBefore,
    rowsArrived: await rowsOf(servers.ds2),
    copySeconds: states.find((s) => s.state !== 'copying')?.at,
    totalSeconds,
    states,
    status: { state: status.state, pausedMs: status.pausedMs, error: status.error },
    acknowledged: writers.acknowledged.length,
    refused: writers.refused,
    failed: writers.failed(),
    lost: writers.acknowledged.filter((code) => !present.has(code)),
    doubled: arrived.length - present.size,
    leftOnSource: await rowsOf(main),
    writesPerSecond,
    load,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Run and report

interface Results {
  fill: Array<{ what: string; rows: number; seconds: number }>;
  placing: Placed['steps'];
  one: ListFigure[];
  three: ListFigure[];
  loads: { one: string; three: string };
  /** Not with `--only lists`. */
  export?: ExportFigures;
  move?: MoveFigures;
  machine: string;
}

async function measure(): Promise<Results> {
  log(
    `${count(TENANTS)} tenants (${BIG} of ${count(BIG_USERS)} users), rows at scale ${SCALE}, ` +
      `export ${count(EXPORT_ROWS)} rows, move ${count(MOVE_ROWS)} rows (${machine()})`,
  );
  const servers = await startDatabases();
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-scale-out-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));

  const filled = await fill(servers.main.url(), layout);

  let server = await tenon(servers.main, dataDir, 'one database');
  await seedDone(servers.main.url());
  let platform = await signIn(server.port, '000000', 'admin');
  const loadOne = machine();
  const one = await measureLists(server.port, platform);
  const sourceIds = await registerSources(server.port, platform.token, servers);
  await server.stop();

  const placing = await placeTenants(servers, sourceIds);
  server = await tenon(servers.main, dataDir, 'three databases');
  platform = await signIn(server.port, '000000', 'admin');
  const loadThree = machine();
  const three = await measureLists(server.port, platform);
  await server.stop();
  const lists = { fill: filled.steps, placing, one, three, loads: { one: loadOne, three: loadThree } };
  if (args.only === 'lists') return { ...lists, machine: machine() };

  let t0 = performance.now();
  const customers = await fillCustomers(servers.ds1);
  const fillSeconds = seconds(t0);
  log(`export: ${count(customers)} customers of tenant ${smallTenantCode(EXPORTER)} in ${fillSeconds.toFixed(1)} s`);
  t0 = performance.now();
  const standby = await startStandby(servers.ds1, 'scale-out-ds1-standby');
  const standbySeconds = seconds(t0);
  await servers.main.query(`update blade_datasource set standby_urls = $1 where id = $2`, [
    standby.jdbcUrl(),
    sourceIds.ds1,
  ]);
  log(`export: standby of ds1 on :${standby.port} after ${standbySeconds.toFixed(1)} s`);
  server = await tenon(servers.main, dataDir, 'three databases and a standby');
  platform = await signIn(server.port, '000000', 'admin');
  await standbyInUse(server.port, sourceIds.ds1);
  const exported = await measureExport(server.port, server.pid, { ...servers, standby }, sourceIds.ds1);
  exported.fillSeconds = fillSeconds;
  exported.standbySeconds = standbySeconds;

  const move = await measureMove(server.port, platform.token, servers, sourceIds);
  await server.stop();
  return { ...lists, export: exported, move, machine: machine() };
}

function table(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(fmt(line));
}

function report(r: Results): boolean {
  const missed: string[] = [];
  const users = BIG * BIG_USERS + (TENANTS - BIG) * 100;
  console.log(
    `\nbench/scale-out: ${count(TENANTS)} tenants (${BIG} big ones of ${count(BIG_USERS)} users), ${count(users)} ` +
      `users, ${count(layout.params)} params, ${count(layout.messages)} messages, ${count(layout.errorLogs)} ` +
      `error-log rows; ${r.machine}`,
  );
  console.log('\nfill of the one database (scale-fill.ts), then the placement of two thirds of the tenants:');
  for (const step of [...r.fill, ...r.placing]) {
    const rows = step.rows ? `${count(step.rows)} rows` : '';
    console.log(`  ${step.what.padEnd(62)} ${rows.padStart(17)} ${step.seconds.toFixed(1).padStart(8)} s`);
  }

  console.log(
    `\n1. Lists, the built server (one process), ${WARMUP} warm-up + ${MEASURED} sequential requests each; ` +
      `one database: the same tenants before they were placed (${r.loads.one}); placed: on their database ` +
      `(${r.loads.three}). Tenants measured: big ${DATABASES.map((k) => smallTenantCode(measured(k).big)).join(
        ' / ',
      )}, small ${DATABASES.map((k) => smallTenantCode(measured(k).small)).join(' / ')} (main / ds1 / ds2).`,
  );
  const lines: string[][] = [];
  for (const placed of r.three) {
    const before = r.one.find((o) => o.name === placed.name && o.database === placed.database);
    const ratio = placed.stats && before?.stats ? (placed.stats.p95 / before.stats.p95).toFixed(2) : '-';
    const pass = placed.stats !== undefined && placed.stats.p95 < TARGET_P95;
    if (!pass)
      missed.push(
        `${placed.database} ${placed.name}: ${placed.stats ? `p95 ${ms(placed.stats.p95)} ms` : placed.error}`,
      );
    lines.push([
      placed.name.replace(/^GET /, ''),
      placed.database,
      before?.stats ? ms(before.stats.p50) : 'FAILED',
      before?.stats ? ms(before.stats.p95) : '-',
      placed.stats ? ms(placed.stats.p50) : 'FAILED',
      placed.stats ? ms(placed.stats.p95) : '-',
      placed.stats ? ms(placed.stats.p99) : '-',
      ratio,
      `p95 < ${TARGET_P95}`,
      pass ? 'PASS' : 'FAIL',
    ]);
  }
  table(
    ['list', 'db', '1 db p50', '1 db p95', 'placed p50', 'placed p95', 'placed p99', 'ratio p95', 'target', 'verdict'],
    lines,
  );
  for (const f of r.one.filter((o) => o.error)) console.log(`one database: ${f.database} ${f.name}: FAILED ${f.error}`);
  for (const f of r.three.filter((o) => o.error)) console.log(`placed: ${f.database} ${f.name}: FAILED ${f.error}`);

  if (r.export) reportExport(r.export, missed);
  if (r.move) reportMove(r.move, missed);
  console.log(missed.length ? `\nMISSED:\n${missed.map((x) => `  ${x}`).join('\n')}` : '\nEvery target met.');
  return missed.length === 0;
}

function reportExport(e: ExportFigures, missed: string[]) {
  const idle = e.phases.find((p) => p.name === 'idle')!;
  const fromStandby = e.phases.find((p) => p.name === 'export from the standby')!;
  console.log(
    `\n2. ${count(EXPORT_ROWS)} customers exported (xlsx) by big tenant ${smallTenantCode(EXPORTER)} on ds1 while ` +
      `${PAGERS} administrators of ds1's tenants page their user list on its primary (page 1, then ${THINK_MS} ms); ` +
      `customers filled in ${e.fillSeconds.toFixed(1)} s, standby made in ${e.standbySeconds.toFixed(1)} s. ` +
      "Reads: each server's own statistics over the phase (customer rows read; scans of the users). CPU: seconds " +
      'used over the phase by the Tenon server process and by each PostgreSQL server (all its processes).',
  );
  table(
    [
      'phase',
      'seconds',
      'pages',
      'p50',
      'p95',
      'p99',
      'p95 / idle',
      'rows exported',
      'customers read: standby',
      'primary',
      'user scans: standby',
      'primary',
      'CPU s: server',
      'standby',
      'primary',
      'load',
    ],
    e.phases.map((p) => [
      p.name,
      p.seconds.toFixed(1),
      String(p.samples),
      ms(p.stats.p50),
      ms(p.stats.p95),
      ms(p.stats.p99),
      (p.stats.p95 / idle.stats.p95).toFixed(2),
      p.exported ? `${count(p.exported.rows)} (${(p.exported.bytes / 1e6).toFixed(1)} MB) x${p.exported.count}` : '-',
      count(p.reads.standby.customers),
      count(p.reads.primary.customers),
      count(p.reads.standby.userScans),
      count(p.reads.primary.userScans),
      p.cpu.server.toFixed(1),
      p.cpu.standby.toFixed(1),
      p.cpu.primary.toFixed(1),
      p.load.replace(/^.*load /, ''),
    ]),
  );
  const ratio = fromStandby.stats.p95 / idle.stats.p95;
  const exportOk = ratio <= TARGET_EXPORT_RATIO && fromStandby.exported?.rows === EXPORT_ROWS;
  console.log(
    `user/page p95 during the export from the standby: ${ms(fromStandby.stats.p95)} ms against ${ms(idle.stats.p95)} ` +
      `ms idle, x${ratio.toFixed(2)}; target within ${Math.round((TARGET_EXPORT_RATIO - 1) * 100)} %: ` +
      `${exportOk ? 'PASS' : 'FAIL'}`,
  );
  if (!exportOk)
    missed.push(
      `export from the standby: user/page p95 x${ratio.toFixed(2)} of idle, ${fromStandby.exported?.rows} rows exported`,
    );
  // Where the reads went, as the servers counted them: the export's on the standby, the pages' on the primary.
  // Its keys and its batches both read there: none of it on the primary.
  if (fromStandby.reads.standby.customers < EXPORT_ROWS || fromStandby.reads.primary.customers > 0)
    missed.push(
      `the export read ${count(fromStandby.reads.standby.customers)} customer rows on the standby and ` +
        `${count(fromStandby.reads.primary.customers)} on the primary (the standby's states: ` +
        `${fromStandby.standbySeen})`,
    );
  if (idle.reads.standby.userScans > 0)
    missed.push(
      `${count(idle.reads.standby.userScans)} user scans on the standby while idle: the pages were not all on the primary`,
    );
  if (e.errors.length) missed.push(`${e.errors.length} pages failed: ${e.errors[0]}`);
}

function reportMove(m: MoveFigures, missed: string[]) {
  const refused = [...m.refused].map(([why, n]) => `${n} × ${why}`).join(', ') || 'none';
  console.log(
    `\n3. Tenant ${m.tenant} moved from the main database to ds2 while ${WRITERS} clients add posts (load at the start: ` +
      `${m.load.replace(/^.*load /, '')}): ${count(m.rowsBefore)} rows (${count(MOVE_ROWS)} error-log rows filled in ` +
      `${m.fillSeconds.toFixed(1)} s), ${count(m.rowsArrived)} on ds2 after it.`,
  );
  console.log(`  steps: ${m.states.map((s) => `${s.state} at ${s.at.toFixed(1)} s`).join(', ')}`);
  const pauseOk = m.status.state === 'done' && m.status.pausedMs !== null && m.status.pausedMs <= TARGET_PAUSE_MS;
  const lostOk = m.lost.length === 0 && m.doubled === 0 && m.leftOnSource === 0;
  console.log(
    `  copy ${m.copySeconds?.toFixed(1) ?? '-'} s, whole move ${m.totalSeconds.toFixed(1)} s, state ${m.status.state}` +
      `${m.status.error ? ` (${m.status.error})` : ''}; pausedMs ${m.status.pausedMs ?? '-'}, target <= ` +
      `${TARGET_PAUSE_MS}: ${pauseOk ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `  writes: ${count(m.acknowledged)} acknowledged (${m.writesPerSecond.toFixed(0)}/s), refused: ${refused}, ` +
      `${m.failed} failed to answer; lost ${m.lost.length}, twice ${m.doubled}, left on the main database ` +
      `${m.leftOnSource}; target 0 lost: ${lostOk ? 'PASS' : 'FAIL'}`,
  );
  if (longPauseSteps)
    console.log(
      `  the pause's steps (ms): ${Object.entries(longPauseSteps)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  if (!pauseOk) missed.push(`move: state ${m.status.state}, pausedMs ${m.status.pausedMs}`);
  if (!lostOk)
    missed.push(
      `move: ${m.lost.length} lost (${m.lost.slice(0, 5).join(', ')}), ${m.doubled} twice, ${m.leftOnSource} left`,
    );
}

await runBench('bench/scale-out', measure, report);
