/**
 * bench/api: throughput and latency of an authenticated `param/page` request through the real server, beside the same
 * query through the raw driver in the same run, on PGlite and on PostgreSQL.
 *
 *   node_modules/.bin/tsx bench/api.ts [--db pglite|postgres|both] [--duration 10] [--connections 50]
 *                                      [--rows 1000] [--path /api/...] [--rounds 1]
 *
 * Per database: a fresh database (PGlite: temp DATA_DIR; PostgreSQL: database `tenon_bench` (or BENCH_PG_DB) on
 * BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/) is migrated, seeded and given `--rows` extra params
 * from this process; the built server starts as a child process (`node dist-server/main.js` with the flags of
 * `npm start`, bench/support.ts); autocannon logs in and loads
 * the route for `duration` seconds after a 2 s warm-up; the server stops; then the route's SQL runs through the raw
 * driver (pg.Pool of the server's size, or PGlite opened directly) in `connections` concurrent loops.
 * With `--rounds N` (PostgreSQL) the server stays up and API and raw loads alternate in N slices each (API, raw, raw,
 * API, ...), so that other work on the machine falls on both sides alike; each side's req/s is over all its slices.
 * With TENON_RLS=off in the environment the server runs without row-level security (to measure its cost).
 * Everything is removed afterwards. Exit code 1 when any request failed or a phase did not finish in time.
 */
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/server/db/connect.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seed } from '../src/server/db/seed/seed.ts';
import { nextId } from '../src/server/platform/ids.ts';
import {
  adminQuery,
  adminUrl,
  cleanupAll as cleanupAllFor,
  cleanUpOnSignal,
  log,
  login,
  onCleanup,
  percentile,
  PG_ADMIN_URL,
  processTree,
  type Server,
  startServer as startServerWith,
  withTimeout,
} from './support.ts';
import { MODULES } from '../src/server/modules/index.ts';
import { BENCH_ADMIN, benchEngine, compilingDialect } from './engine.ts';
import type { CompiledQuery } from 'kysely';

// ---------------------------------------------------------------------------------------------------------------
// Options

type DbKind = 'pglite' | 'postgres';

interface Options {
  dbs: DbKind[];
  duration: number;
  connections: number;
  rows: number;
  path: string;
  /** PostgreSQL: API and raw driver in this many alternating slices of `duration` s each (1: one after the other). */
  rounds: number;
  /** The raw loop names its statement too (as the server does for repeated SQL): the ratio against prepared SQL. */
  rawPrepared: boolean;
}

const DEFAULT_PATH = '/api/blade-system/param/page?current=1&size=10';
const WARMUP_SECONDS = 2;
const SERVER_POOL_SIZE = 10; // openDatabase's default pool size for PostgreSQL
// Another name (BENCH_PG_DB) lets two benches share one PostgreSQL server without dropping each other's database.
const PG_BENCH_DB = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_PG_DB ?? '') ? process.env.BENCH_PG_DB! : 'tenon_bench';

function parseOptions(argv: string[]): Options {
  const options: Options = {
    dbs: ['pglite', 'postgres'],
    duration: 10,
    connections: 50,
    rows: 1000,
    path: DEFAULT_PATH,
    rounds: 1,
    rawPrepared: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--db': {
        const db = value();
        if (db === 'both') options.dbs = ['pglite', 'postgres'];
        else if (db === 'pglite' || db === 'postgres') options.dbs = [db];
        else usage(`--db must be pglite, postgres or both (got "${db}")`);
        break;
      }
      case '--duration':
        options.duration = positive(flag, value());
        break;
      case '--connections':
        options.connections = positive(flag, value());
        break;
      case '--rows':
        options.rows = positive(flag, value(), true);
        break;
      case '--path':
        options.path = value();
        break;
      case '--rounds':
        options.rounds = positive(flag, value());
        break;
      case '--raw-prepared':
        options.rawPrepared = true;
        break;
      case '--help':
      case '-h':
        usage();
        break;
      default:
        usage(`unknown argument "${argv[i]}"`);
    }
  }
  if (!options.path.startsWith('/api/')) usage('--path must start with /api/');
  return options;
}

function positive(flag: string, text: string | undefined, zeroOk = false): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < (zeroOk ? 0 : 1))
    usage(`${flag} needs a ${zeroOk ? 'non-negative' : 'positive'} integer (got "${text}")`);
  return n;
}

function usage(problem?: string): never {
  if (problem) console.error(`bench/api: ${problem}`);
  console.error(
    'usage: tsx bench/api.ts [--db pglite|postgres|both] [--duration 10] [--connections 50] [--rows 1000] [--path /api/...] [--rounds 1] [--raw-prepared]',
  );
  process.exit(problem ? 2 : 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Clean-up (bench/support.ts)

const cleanupAll = () => cleanupAllFor('bench/api');

// ---------------------------------------------------------------------------------------------------------------
// Measurements

interface LoadStats {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** CPU time during the run, in % of one core (the machine has `os.availableParallelism()` cores). */
  cpu: CpuReport;
}

/** Growable list of latencies in ms. */
class Latencies {
  private values = new Float64Array(1 << 16);
  private length = 0;
  add(ms: number) {
    if (this.length === this.values.length) {
      const next = new Float64Array(this.values.length * 2);
      next.set(this.values);
      this.values = next;
    }
    this.values[this.length++] = ms;
  }
  get count() {
    return this.length;
  }
  sorted(): Float64Array {
    return this.values.slice(0, this.length).sort();
  }
}

// CPU accounting from /proc: the server's process tree, every `postgres` process, this process, the whole machine.
const CLOCK_TICKS = 100;

function procTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}

function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}

function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = values.map(Number);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - n[3] - n[4], total };
}

interface CpuReport {
  server: number;
  postgres: number;
  bench: number;
  machineBusy: number;
}

/** Starts CPU accounting; the returned function gives % of one core per party over the elapsed time. */
function cpuMeter(serverPid?: number): () => CpuReport {
  const serverPids = serverPid ? processTree(serverPid) : [];
  const before = {
    server: serverPids.reduce((s, p) => s + procTicks(p), 0),
    postgres: new Map(postgresPids().map((p) => [p, procTicks(p)])),
    bench: process.cpuUsage(),
    machine: machineTicks(),
    at: performance.now(),
  };
  return () => {
    const seconds = (performance.now() - before.at) / 1000;
    const pct = (ticks: number) => (ticks / CLOCK_TICKS / seconds) * 100;
    const server = serverPids.reduce((s, p) => s + procTicks(p), 0) - before.server;
    const postgres = postgresPids().reduce((s, p) => s + procTicks(p) - (before.postgres.get(p) ?? 0), 0);
    const bench = process.cpuUsage(before.bench);
    const machine = machineTicks();
    return {
      server: pct(server),
      postgres: pct(postgres),
      bench: ((bench.user + bench.system) / 1e6 / seconds) * 100,
      machineBusy: ((machine.busy - before.machine.busy) / Math.max(1, machine.total - before.machine.total)) * 100,
    };
  };
}

const CORES = availableParallelism();
/** Issue 32's target on PostgreSQL. */
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 50;
/** CPU each completed request cost each party (ms): what the ratio is made of, less sensitive to other load. */
const perRequest = (l: LoadStats) => {
  const each = (pct: number) => ((pct / 100) * 1000) / Math.max(1, l.rps);
  return `per request: server ${each(l.cpu.server).toFixed(2)} ms, postgres ${each(l.cpu.postgres).toFixed(2)} ms, bench ${each(l.cpu.bench).toFixed(2)} ms of CPU`;
};
const othersOf = (c: CpuReport) => Math.max(0, c.machineBusy * CORES - c.server - c.postgres - c.bench);
const fmtCpu = (c: CpuReport) => {
  const machine = c.machineBusy * CORES;
  const others = othersOf(c);
  return (
    `server ${c.server.toFixed(0)}%, postgres ${c.postgres.toFixed(0)}%, bench ${c.bench.toFixed(0)}%, ` +
    `other processes ${others.toFixed(0)}% (machine ${machine.toFixed(0)}% of ${CORES * 100}%)`
  );
};

// ---------------------------------------------------------------------------------------------------------------
// Database preparation

interface Prepared {
  kind: DbKind;
  dataDir: string;
  databaseUrl?: string;
}

async function pgAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl('postgres'), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Fresh database, migrated and seeded, plus `rows` params so the page query counts real rows. */
async function prepare(kind: DbKind, rows: number): Promise<Prepared> {
  const dataDir = mkdtempSync(join(tmpdir(), `tenon-bench-${kind}-`));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    await adminQuery(`drop database if exists ${PG_BENCH_DB} with (force)`);
    await adminQuery(`create database ${PG_BENCH_DB}`);
    onCleanup(`drop database ${PG_BENCH_DB}`, () => adminQuery(`drop database if exists ${PG_BENCH_DB} with (force)`));
    databaseUrl = adminUrl(PG_BENCH_DB);
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrate(database.db);
    await seed(database.db, MODULES);
    const now = '2024-01-01 00:00:00';
    for (let start = 0; start < rows; start += 250) {
      const batch = Array.from({ length: Math.min(250, rows - start) }, (_, k) => {
        const i = start + k;
        return {
          id: nextId(),
          param_name: `Bench parameter ${i}`,
          param_key: `bench.param.${i}`,
          param_value: `value ${i}`,
          remark: 'bench/api',
          create_user: null,
          create_dept: null,
          create_time: now,
          update_user: null,
          update_time: now,
          status: 1,
          is_deleted: 0,
        };
      });
      await database.db.insertInto('blade_param').values(batch).execute();
    }
    const { n } = await database.db
      .selectFrom('blade_param')
      .where('is_deleted', '=', 0)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    log(`${kind}: database ready with ${n} live params`);
  } finally {
    await database.close();
  }
  return { kind, dataDir, databaseUrl };
}

// ---------------------------------------------------------------------------------------------------------------
// The server as a child process

function startServer(db: Prepared): Promise<Server> {
  return startServerWith({ bench: 'bench/api', dataDir: db.dataDir, databaseUrl: db.databaseUrl });
}

// ---------------------------------------------------------------------------------------------------------------
// API load (autocannon)

/** One request by hand before the load, so a broken route fails with its body rather than a count. */
async function checkRoute(port: number, path: string, token: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
  const text = await res.text();
  let body: { code?: number; data?: { total?: number } } = {};
  try {
    body = JSON.parse(text);
  } catch {
    /* reported below */
  }
  if (res.status !== 200 || body.code !== 200)
    throw new Error(`GET ${path} answered HTTP ${res.status}: ${text.slice(0, 500)}`);
  return body;
}

interface ApiFailures {
  non2xx: number;
  mismatches: number;
  errors: number;
  timeouts: number;
  statusCodes: string;
}

function autocannonRun(url: string, token: string, connections: number, seconds: number, latencies?: Latencies) {
  let unregister = () => {};
  return new Promise<autocannon.Result>((done, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        timeout: 10,
        headers: { 'blade-auth': `bearer ${token}` },
        // The envelope's first key; a 200 with another body code would be a contract failure.
        verifyBody: (body) => body.startsWith('{"code":200,'),
      },
      (error, result) => (error ? reject(error) : done(result)),
    );
    if (latencies)
      instance.on('response', (_client, status, _bytes, ms) => {
        if (status >= 200 && status < 300) latencies.add(ms);
      });
    unregister = onCleanup('stop autocannon', () => instance.stop());
  }).finally(() => unregister());
}

async function apiLoad(
  server: Server,
  path: string,
  connections: number,
  seconds: number,
): Promise<LoadStats & { failures: ApiFailures }> {
  const token = await login(server.port);
  const first = await checkRoute(server.port, path, token);
  if (path === DEFAULT_PATH) log(`param/page total = ${first.data?.total}`);
  const url = `http://127.0.0.1:${server.port}${path}`;
  log(`API warm-up ${WARMUP_SECONDS} s`);
  await autocannonRun(url, token, connections, WARMUP_SECONDS);
  log(`API load ${seconds} s, ${connections} connections: GET ${path}`);
  return apiSlice(server, url, token, connections, seconds);
}

async function apiSlice(
  server: Server,
  url: string,
  token: string,
  connections: number,
  seconds: number,
): Promise<LoadStats & { failures: ApiFailures }> {
  const latencies = new Latencies();
  const meter = cpuMeter(server.pid);
  const result = await autocannonRun(url, token, connections, seconds, latencies);
  const cpu = meter();
  const sorted = latencies.sorted();
  const codes = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(', ');
  return {
    requests: result['2xx'],
    seconds: result.duration,
    rps: result['2xx'] / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    cpu,
    failures: {
      non2xx: result.non2xx,
      mismatches: result.mismatches,
      errors: result.errors,
      timeouts: result.timeouts,
      statusCodes: codes,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Raw driver load

/** `concurrency` loops each running `query` back to back until the deadline; latency per query. */
async function rawLoad(query: () => Promise<unknown>, concurrency: number, seconds: number): Promise<LoadStats> {
  const latencies = new Latencies();
  const meter = cpuMeter();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await query();
        latencies.add(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = meter();
  const sorted = latencies.sorted();
  return {
    requests: latencies.count,
    seconds: elapsed,
    rps: latencies.count / elapsed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    cpu,
  };
}

/**
 * What `EntityService.page` sends for `param/page?current=1&size=10` as the platform's admin, captured from the
 * engine itself (compiled, not run), so the raw side follows any change to the route's query.
 */
async function pageSql(): Promise<CompiledQuery> {
  const engine = await benchEngine(compilingDialect());
  let captured: CompiledQuery[];
  try {
    engine.take();
    await engine.entities.get('param')!.page(BENCH_ADMIN, { current: '1', size: '10' });
    captured = engine.take();
  } finally {
    await engine.close();
  }
  if (captured.length !== 1) throw new Error(`param/page sent ${captured.length} queries, expected 1`);
  log(`raw SQL (captured from the engine): ${captured[0].sql} [${captured[0].parameters.join(', ')}]`);
  return captured[0];
}

/** The page's SQL through the bare driver, checked once; `close` ends it. */
async function openRaw(
  db: Prepared,
  prepared: boolean,
): Promise<{ query: () => Promise<unknown>; close: () => Promise<void> }> {
  const page = await pageSql();
  const named = { name: 'bench_page', text: page.sql, values: page.parameters as unknown[] };
  let query: () => Promise<unknown>;
  let close: () => Promise<void>;
  if (db.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: db.databaseUrl, max: SERVER_POOL_SIZE });
    query = () => (prepared ? pool.query(named) : pool.query(page.sql, page.parameters as unknown[]));
    close = () => pool.end();
  } else {
    const pglite = await PGlite.create(join(db.dataDir, 'pgdata'), { extensions: PGLITE_EXTENSIONS });
    query = () => pglite.query(page.sql, page.parameters as unknown[]);
    close = () => pglite.close();
  }
  const unregister = onCleanup(`close raw ${db.kind}`, close);
  const check = (await query()) as { rows: Array<{ __total: unknown }> };
  if (check.rows.length !== 10) {
    await close();
    throw new Error(`raw query returned ${check.rows.length} rows, expected 10`);
  }
  return {
    query,
    close: async () => {
      unregister();
      await close();
    },
  };
}

async function rawDriverLoad(db: Prepared, options: Options): Promise<LoadStats> {
  const { connections, duration: seconds } = options;
  const { query, close } = await openRaw(db, options.rawPrepared);
  try {
    log(`raw ${db.kind} warm-up ${WARMUP_SECONDS} s`);
    await rawLoad(query, connections, WARMUP_SECONDS);
    log(
      `raw ${db.kind} load ${seconds} s, ${connections} concurrent loops${db.kind === 'postgres' ? ` on a pool of ${SERVER_POOL_SIZE}` : ' (PGlite runs one query at a time)'}`,
    );
    return await rawLoad(query, connections, seconds);
  } finally {
    await close();
  }
}

/** One side's slices as one result: req/s over all of them, the median slice's latencies, the mean CPU. */
function joinSlices<T extends LoadStats>(slices: T[]): T {
  const median = (pick: (s: T) => number) => [...slices].map(pick).sort((a, b) => a - b)[slices.length >> 1];
  const requests = slices.reduce((n, s) => n + s.requests, 0);
  const seconds = slices.reduce((n, s) => n + s.seconds, 0);
  const mean = (pick: (c: CpuReport) => number) => slices.reduce((n, s) => n + pick(s.cpu), 0) / slices.length;
  return {
    ...slices[0],
    requests,
    seconds,
    rps: requests / seconds,
    p50: median((s) => s.p50),
    p99: median((s) => s.p99),
    cpu: {
      server: mean((c) => c.server),
      postgres: mean((c) => c.postgres),
      bench: mean((c) => c.bench),
      machineBusy: mean((c) => c.machineBusy),
    },
  };
}

/** PostgreSQL, server up: API and raw loads in alternating slices (API, raw, raw, API, ...) after both warm up. */
async function alternatingLoad(server: Server, db: Prepared, options: Options) {
  const { connections, duration, rounds } = options;
  const token = await login(server.port);
  await checkRoute(server.port, DEFAULT_PATH, token);
  const url = `http://127.0.0.1:${server.port}${DEFAULT_PATH}`;
  const raw = await openRaw(db, options.rawPrepared);
  try {
    log(`warm-up ${WARMUP_SECONDS} s each`);
    await autocannonRun(url, token, connections, WARMUP_SECONDS);
    await rawLoad(raw.query, connections, WARMUP_SECONDS);
    const apiSlices: Array<LoadStats & { failures: ApiFailures }> = [];
    const rawSlices: LoadStats[] = [];
    for (let round = 0; round < rounds; round++) {
      log(`round ${round + 1}/${rounds}: API and raw, ${duration} s each`);
      const api = () => apiSlice(server, url, token, connections, duration).then((s) => apiSlices.push(s));
      const bare = () => rawLoad(raw.query, connections, duration).then((s) => rawSlices.push(s));
      for (const run of round % 2 ? [bare, api] : [api, bare]) await run();
    }
    const failures = apiSlices.reduce(
      (all, s) => ({
        non2xx: all.non2xx + s.failures.non2xx,
        mismatches: all.mismatches + s.failures.mismatches,
        errors: all.errors + s.failures.errors,
        timeouts: all.timeouts + s.failures.timeouts,
        statusCodes: [all.statusCodes, s.failures.statusCodes].filter(Boolean).join('; '),
      }),
      { non2xx: 0, mismatches: 0, errors: 0, timeouts: 0, statusCodes: '' },
    );
    return { api: { ...joinSlices(apiSlices), failures }, raw: joinSlices(rawSlices) };
  } finally {
    await raw.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Main

interface Row {
  kind: DbKind;
  api?: LoadStats & { failures: ApiFailures };
  raw?: LoadStats;
  skipped?: string;
  error?: string;
}

async function benchOne(kind: DbKind, options: Options): Promise<Row> {
  const phase = options.duration * 1000 + 30_000;
  if (kind === 'postgres' && !(await pgAnswers())) {
    return { kind, skipped: `PostgreSQL does not answer at ${PG_ADMIN_URL}; skipped` };
  }
  log(`=== ${kind} ===`);
  const db = await withTimeout(prepare(kind, options.rows), phase, `${kind}: database preparation`);
  const server = await withTimeout(startServer(db), phase, `${kind}: server start`);
  log(`${kind}: server pid ${server.pid} listening on 127.0.0.1:${server.port}`);
  if (kind === 'postgres' && options.rounds > 1 && options.path === DEFAULT_PATH) {
    const whole = (options.duration * 2 * options.rounds + 4 * WARMUP_SECONDS) * 1000 + 30_000;
    try {
      const { api, raw } = await withTimeout(alternatingLoad(server, db, options), whole, `${kind}: alternating load`);
      return { kind, api, raw };
    } finally {
      await withTimeout(server.stop(), 30_000, `${kind}: server stop`);
      await cleanupAll();
    }
  }
  let api: Row['api'];
  try {
    api = await withTimeout(
      apiLoad(server, options.path, options.connections, options.duration),
      phase,
      `${kind}: API load`,
    );
  } finally {
    await withTimeout(server.stop(), 30_000, `${kind}: server stop`);
  }
  const raw =
    options.path === DEFAULT_PATH
      ? await withTimeout(rawDriverLoad(db, options), phase, `${kind}: raw driver load`)
      : undefined;
  await cleanupAll(); // this database's folder / bench database
  return { kind, api, raw };
}

const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '-' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const num = (v: number | undefined) => (v === undefined ? '-' : Math.round(v).toLocaleString('en-US'));

function printTable(rows: Row[], options: Options) {
  const header = [
    'database',
    'API req/s',
    'API p50 ms',
    'API p99 ms',
    'raw req/s',
    'raw p50 ms',
    'raw p99 ms',
    'API/raw',
  ];
  const lines = rows
    .filter((r) => r.api)
    .map((r) => [
      r.kind,
      num(r.api!.rps),
      ms(r.api!.p50),
      ms(r.api!.p99),
      num(r.raw?.rps),
      ms(r.raw?.p50),
      ms(r.raw?.p99),
      r.raw ? (r.api!.rps / r.raw.rps).toFixed(2) : '-',
    ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log('');
  console.log(
    `GET ${options.path}, ${options.connections} connections, ${options.duration} s${options.rounds > 1 ? ` x ${options.rounds} alternating slices on PostgreSQL` : ''} (after ${WARMUP_SECONDS} s warm-up), ${options.rows} extra params`,
  );
  // TENON_RLS reaches the server child through the environment (bench/support.ts keeps it).
  console.log(
    `row-level security: ${process.env.TENON_RLS === 'off' ? 'off (TENON_RLS=off)' : 'on'}; raw PostgreSQL SQL ${options.rawPrepared ? 'as a named (prepared) statement' : 'unnamed, parsed and planned each time'}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(fmt(line));
  for (const r of rows) {
    if (r.skipped) console.log(`${r.kind}: ${r.skipped}`);
    if (r.error) console.log(`${r.kind}: ERROR ${r.error}`);
    if (r.api) console.log(`${r.kind} CPU during API load (% of one core): ${fmtCpu(r.api.cpu)}; ${perRequest(r.api)}`);
    if (r.raw) console.log(`${r.kind} CPU during raw load (% of one core): ${fmtCpu(r.raw.cpu)}; ${perRequest(r.raw)}`);
  }
  const noisy = rows
    .flatMap((r) => [r.api && [`${r.kind} API`, r.api.cpu], r.raw && [`${r.kind} raw`, r.raw.cpu]])
    .filter((x): x is [string, CpuReport] => Boolean(x) && othersOf((x as [string, CpuReport])[1]) > 25);
  for (const [name, cpu] of noisy) {
    console.log(
      `warning: other processes used ${othersOf(cpu).toFixed(0)}% of a core during the ${name} run: its figures understate this machine`,
    );
  }
  const postgres = rows.find((r) => r.kind === 'postgres');
  let verdict: string;
  if (options.path !== DEFAULT_PATH) verdict = 'n/a (custom --path)';
  else if (!postgres || postgres.skipped || postgres.error || !postgres.api || !postgres.raw) verdict = 'NOT MEASURED';
  else {
    const ratio = postgres.api.rps / postgres.raw.rps;
    const pass = ratio >= TARGET_RATIO && postgres.api.p99 < TARGET_P99_MS;
    // The CPU beside the ratio: a loaded machine (other processes) or a server short of a core shows in the figure.
    const { api, raw } = postgres;
    verdict =
      `${pass ? 'PASS' : 'FAIL'} (ratio ${ratio.toFixed(2)}, API p99 ${ms(api.p99)} ms; ` +
      `API load: server ${api.cpu.server.toFixed(0)}%, postgres ${api.cpu.postgres.toFixed(0)}%, other processes ` +
      `${othersOf(api.cpu).toFixed(0)}%; raw load: postgres ${raw.cpu.postgres.toFixed(0)}%, other processes ` +
      `${othersOf(raw.cpu).toFixed(0)}%; load average ${loadavg()[0].toFixed(2)})`;
  }
  console.log(`target on PostgreSQL: ratio >= ${TARGET_RATIO} and API p99 < ${TARGET_P99_MS} ms: ${verdict}`);
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  cleanUpOnSignal('bench/api');

  const rows: Row[] = [];
  let failed = false;
  for (const kind of options.dbs) {
    try {
      const row = await benchOne(kind, options);
      rows.push(row);
      const f = row.api?.failures;
      if (f && (f.non2xx || f.mismatches || f.errors || f.timeouts)) {
        failed = true;
        console.error(
          `\n!!! bench/api ${kind}: FAILED REQUESTS: ${f.non2xx} non-2xx, ${f.mismatches} bodies without code 200, ` +
            `${f.errors} errors (${f.timeouts} timeouts); status codes ${f.statusCodes}\n`,
        );
      }
    } catch (error) {
      failed = true;
      console.error(`\n!!! bench/api ${kind}: ${error instanceof Error ? error.message : String(error)}\n`);
      rows.push({ kind, error: error instanceof Error ? error.message.split('\n')[0] : String(error) });
      await cleanupAll();
    }
  }
  printTable(rows, options);
  await cleanupAll();
  process.exit(failed ? 1 : 0);
}

await main();
