/**
 * bench/scale: the server at the scale of issue 16 on PostgreSQL. At `--scale 1`: 10,000 tenants, one of 50,000 users,
 * 1.05 M users, 2 M params, 1 M messages, 10 M error-log rows (bench/scale-fill.ts). Measured on the built server, one
 * process: every list's p50/p95/p99 beside the SQL the server sends for it (bench/scale-engine.ts), the big tenant's
 * user page at 50 connections, and the RSS before and after every small tenant's administrator logs in. Targets:
 * p95 < 50 ms each, >= 500 req/s, RSS within 100 MB of idle.
 *
 *   npm run bench:scale -- [--scale 1] [--keep] [--reuse] [--explain]
 *
 * Database `tenon_bench_scale` on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/). `--keep` leaves it for a
 * next run; `--reuse` skips the fill when it holds a complete fill at this scale (table bench_scale_fill); `--explain`
 * prints each endpoint's statements with their `EXPLAIN (ANALYZE, BUFFERS)`. Exit code 1 when a request failed or a
 * target was missed.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { CompiledQuery } from 'kysely';
import {
  adminQuery,
  adminUrl,
  api,
  log,
  login,
  measureSequential,
  onCleanup,
  PG_ADMIN_URL,
  printLatencyTable,
  runBench,
  settledRss,
  startServer,
  type LatencyResult,
  type LatencyStats,
} from './support.ts';
import {
  ADMIN_PASSWORD,
  completeFill,
  fill,
  layoutOf,
  smallTenantCode,
  USERS_PER_SMALL_TENANT,
  type Fill,
  type Layout,
} from './scale-fill.ts';
import { openRecorder } from './scale-engine.ts';
import { cases, PAGE_SIZE, ROUTES, seedDone, signIn, USER_INFO, type Case } from './scale-lists.ts';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
  },
});
const SCALE = Number(args.scale);
if (!(SCALE > 0)) {
  console.error(`bench/scale: --scale must be a positive number (got "${args.scale}")`);
  process.exit(2);
}

const DB_NAME = 'tenon_bench_scale';
const WARMUP = 50;
const MEASURED = 300;
const TARGET_P95 = 50;
const CONNECTIONS = 50;
const LOAD_SECONDS = 20;
const TARGET_RPS = 500;
const TARGET_RSS_GROWTH = 100;
const LOGIN_CONCURRENCY = 20;
/** Idle RSS is read when this many one-second samples agree (support.ts settledRss). */
const RSS_SAMPLES = 10;

// ---------------------------------------------------------------------------------------------------------------
// Database

async function databaseExists(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl('postgres'), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** The filled database: the complete fill it holds at this scale with `--reuse`, else a new one. */
async function filledDatabase(layout: Layout): Promise<{ databaseUrl: string; fill: Fill; reused: boolean }> {
  const databaseUrl = adminUrl(DB_NAME);
  const drop = () => adminQuery(`drop database if exists ${DB_NAME} with (force)`);
  if (!args.keep) onCleanup(`drop database ${DB_NAME}`, drop);
  if (args.reuse && (await databaseExists())) {
    const done = await completeFill(databaseUrl, layout.scale);
    if (done) {
      log(`reusing ${DB_NAME}, filled at scale ${layout.scale} on ${done.filledAt}`);
      return { databaseUrl, fill: done, reused: true };
    }
    log(`${DB_NAME} holds no complete fill at scale ${layout.scale}: filling it again`);
  }
  await drop();
  await adminQuery(`create database ${DB_NAME}`);
  return { databaseUrl, fill: await fill(databaseUrl, layout), reused: false };
}

// ---------------------------------------------------------------------------------------------------------------
// Latency: each endpoint through the server, then the statements the server sends for it through a pg.Pool

interface Failure {
  name: string;
  error: string;
  raw?: LatencyStats;
}

async function replay(pool: pg.Pool, statements: CompiledQuery[]) {
  for (const s of statements) await pool.query(s.sql, s.parameters as unknown[]);
}

/** The statements, and the plan of each query among them (a login's lockout counter is written, not explained). */
async function explain(pool: pg.Pool, name: string, statements: CompiledQuery[]) {
  for (const s of statements) {
    const query = /^\s*(select|with)\b/i.test(s.sql);
    const plan = query ? await pool.query(`explain (analyze, buffers) ${s.sql}`, s.parameters as unknown[]) : undefined;
    const lines = plan?.rows.map((r) => `    ${r['QUERY PLAN']}`) ?? [];
    log(`${name}:\n  ${s.sql}\n  [${s.parameters.join(', ')}]${lines.length ? `\n${lines.join('\n')}` : ''}`);
  }
}

async function measureLatencies(
  databaseUrl: string,
  list: Case[],
): Promise<{ results: LatencyResult[]; failures: Failure[] }> {
  const recorder = await openRecorder(databaseUrl);
  onCleanup('close the recording engine', () => recorder.close());
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  onCleanup('close raw pool', () => pool.end());
  const results: LatencyResult[] = [];
  const failures: Failure[] = [];
  for (const c of list) {
    const statements = await recorder.record(c.sql, c.warm);
    if (args.explain) await explain(pool, c.name, statements);
    const raw = () => measureSequential(() => replay(pool, statements), WARMUP, MEASURED);
    let answer: unknown;
    let apiStats: LatencyStats;
    try {
      answer = await c.request();
      apiStats = await measureSequential(
        async () => {
          await c.request();
        },
        WARMUP,
        MEASURED,
      );
    } catch (error) {
      const failure = { name: c.name, error: (error as Error).message.split('\n')[0], raw: await raw() };
      log(`${c.name}: FAILED ${failure.error}`);
      failures.push(failure);
      continue;
    }
    const rawStats = await raw();
    const sqlNote = `${statements.length} statement${statements.length === 1 ? '' : 's'}${c.warm ? '' : ' of a cache miss'}`;
    const detail = [c.describe(answer), `raw: ${sqlNote}`].filter(Boolean).join('; ');
    log(`${c.name}: ${detail}; API p95 ${apiStats.p95.toFixed(1)} ms, raw p95 ${rawStats.p95.toFixed(1)} ms`);
    results.push({ name: c.name, target: TARGET_P95, api: apiStats, raw: rawStats, detail });
  }
  return { results, failures };
}

// ---------------------------------------------------------------------------------------------------------------
// Throughput and memory

interface Throughput {
  rps: number;
  p99: number;
  failed: number;
}

async function throughput(port: number, path: string, token: string): Promise<Throughput> {
  const run = (seconds: number) =>
    new Promise<autocannon.Result>((done, reject) => {
      const instance = autocannon(
        {
          url: `http://127.0.0.1:${port}${path}`,
          connections: CONNECTIONS,
          duration: seconds,
          timeout: 10,
          headers: { 'blade-auth': `bearer ${token}` },
          verifyBody: (body) => body.startsWith('{"code":200,'),
        },
        (error, result) => (error ? reject(error) : done(result)),
      );
      const unregister = onCleanup('stop autocannon', () => instance.stop());
      instance.on('done', unregister);
    });
  await run(2); // warm-up
  log(`${CONNECTIONS} connections for ${LOAD_SECONDS} s: GET ${path}`);
  const result = await run(LOAD_SECONDS);
  log(`load average after it: ${loadavg()[0].toFixed(2)}`);
  return {
    rps: result['2xx'] / result.duration,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts + result.mismatches,
  };
}

interface Memory {
  before: number;
  after: number;
  logins: number;
  seconds: number;
  failures: string[];
}

/** Every small tenant's administrator logs in and loads the console (user-info, menus), LOGIN_CONCURRENCY at once. */
async function massLogins(port: number, pid: number, tenants: number): Promise<Memory> {
  const before = await settledRss(pid, RSS_SAMPLES);
  log(`idle RSS ${before} MB; ${tenants.toLocaleString('en-US')} small-tenant administrators log in`);
  const failures: string[] = [];
  let next = 1;
  let logins = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: LOGIN_CONCURRENCY }, async () => {
      while (next <= tenants) {
        const code = smallTenantCode(next++);
        try {
          const token = await login(port, 'admin', ADMIN_PASSWORD, code);
          await api(port, token, USER_INFO);
          await api(port, token, ROUTES);
          if (++logins % 1000 === 0) log(`${logins.toLocaleString('en-US')} logged in`);
        } catch (error) {
          failures.push(`${code}: ${(error as Error).message.split('\n')[0]}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { before, after: await settledRss(pid, RSS_SAMPLES), logins, seconds, failures };
}

// ---------------------------------------------------------------------------------------------------------------
// Run and report

interface Results {
  layout: Layout;
  fill: Fill;
  reused: boolean;
  size: string;
  /** Seconds from spawning the server to its listening, and to its seed's last tenant (tenon_seed of its build). */
  start: { listening: number; setUp: number };
  latency: { results: LatencyResult[]; failures: Failure[] };
  load: Throughput;
  memory: Memory;
  machine: string;
}

const machine = () =>
  `${availableParallelism()} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

async function measure(): Promise<Results> {
  const layout = layoutOf(SCALE);
  log(`scale ${SCALE} on PostgreSQL at ${new URL(PG_ADMIN_URL).host} (${machine()})`);
  const { databaseUrl, fill: filled, reused } = await filledDatabase(layout);
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-scale-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const started = performance.now();
  const server = await startServer({ bench: 'bench/scale', dataDir, databaseUrl });
  const start = { listening: (performance.now() - started) / 1000, setUp: 0 };
  log(`server pid ${server.pid} listening on 127.0.0.1:${server.port} after ${start.listening.toFixed(1)} s`);
  // A new build sets every tenant up in the background once it listens (seed.ts TenantSeeding): measured after that.
  await seedDone(databaseUrl);
  start.setUp = (performance.now() - started) / 1000;
  log(`every tenant set up after ${start.setUp.toFixed(1)} s`);
  const { port } = server;
  const who = {
    platform: await signIn(port, '000000', 'admin'),
    big: await signIn(port, filled.bigTenant, ADMIN_PASSWORD),
    small: await signIn(port, smallTenantCode(1), ADMIN_PASSWORD),
  };
  const size = await sizeOf(databaseUrl);
  log(`database ${size}; ${WARMUP} warm-up + ${MEASURED} measured sequential requests per endpoint`);
  const latency = await measureLatencies(databaseUrl, cases(port, layout, who));
  const load = await throughput(port, `/api/blade-system/user/page?current=1&size=${PAGE_SIZE}`, who.big.token);
  const memory = await massLogins(port, server.pid, layout.smallTenants);
  await server.stop();
  return { layout, fill: filled, reused, size, start, latency, load, memory, machine: machine() };
}

async function sizeOf(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query('select pg_size_pretty(pg_database_size(current_database())) as size')).rows[0].size;
  } finally {
    await client.end();
  }
}

const count = (n: number) => n.toLocaleString('en-US');

function report(r: Results): boolean {
  const { layout, memory, load } = r;
  const users = layout.bigUsers + layout.smallTenants * USERS_PER_SMALL_TENANT;
  console.log(
    `\nbench/scale --scale ${layout.scale}: ${count(layout.smallTenants + 1)} tenants (one of ${count(layout.bigUsers)} ` +
      `users), ${count(users)} users, ${count(layout.params)} params, ${count(layout.messages + layout.bigAdminMessages)} ` +
      `messages, ${count(layout.errorLogs)} error-log rows; database ${r.size}; ${r.machine}`,
  );
  const total = r.fill.steps.reduce((s, step) => s + step.seconds, 0);
  console.log(`\nfill ${r.reused ? `(reused: made on ${r.fill.filledAt})` : `(this run, ${r.fill.filledAt})`}:`);
  for (const step of r.fill.steps) {
    const rows = step.rows ? `${count(step.rows)} rows` : '';
    console.log(`  ${step.what.padEnd(52)} ${rows.padStart(17)} ${step.seconds.toFixed(1).padStart(8)} s`);
  }
  console.log(`  ${'total'.padEnd(70)} ${total.toFixed(1).padStart(8)} s`);
  console.log(
    `\nstart of a new build: listening after ${r.start.listening.toFixed(1)} s, every tenant set up (in the ` +
      `background) after ${r.start.setUp.toFixed(1)} s`,
  );

  const missed: string[] = [];
  const { results, failures } = r.latency;
  printLatencyTable(
    `Lists on PostgreSQL, the built server (one process); ${WARMUP} warm-up + ${MEASURED} sequential requests each.`,
    'API = loopback round trip (ms); raw = the statements the server sends for it, recorded from its own services ' +
      'and replayed through a pg.Pool as the owner (no row-level security), one after the other (ms).',
    results,
  );
  for (const result of results)
    if (result.api.p95 >= TARGET_P95)
      missed.push(`${result.name}: p95 ${result.api.p95.toFixed(1)} ms >= ${TARGET_P95}`);
  for (const f of failures) {
    const raw = f.raw ? ` (raw p50 / p95 ${f.raw.p50.toFixed(2)} / ${f.raw.p95.toFixed(2)} ms)` : '';
    console.log(`${f.name}: FAILED ${f.error}${raw}`);
    missed.push(`${f.name}: request failed`);
  }

  const rpsOk = load.rps >= TARGET_RPS && load.failed === 0;
  console.log(
    `\nGET user/page big tenant, page 1, ${CONNECTIONS} connections for ${LOAD_SECONDS} s: ${load.rps.toFixed(0)} req/s, ` +
      `p99 ${load.p99} ms, ${load.failed} failed; target >= ${TARGET_RPS} req/s: ${rpsOk ? 'PASS' : 'FAIL'}`,
  );
  if (!rpsOk) missed.push(`throughput ${load.rps.toFixed(0)} req/s (${load.failed} failed)`);

  const growth = memory.after - memory.before;
  const rssOk = growth <= TARGET_RSS_GROWTH && memory.failures.length === 0;
  console.log(
    `RSS idle ${memory.before} MB, after ${count(memory.logins)} small-tenant administrators logged in and loaded ` +
      `user-info and menu/routes (${(memory.logins / memory.seconds).toFixed(0)} a second, ${LOGIN_CONCURRENCY} at once) ` +
      `${memory.after} MB: ${growth >= 0 ? '+' : ''}${growth} MB, ` +
      `${((growth * 1024) / Math.max(1, memory.logins)).toFixed(1)} KB each; ` +
      `target <= ${TARGET_RSS_GROWTH} MB: ${rssOk ? 'PASS' : 'FAIL'}`,
  );
  for (const failure of memory.failures.slice(0, 10)) console.log(`  login failed: ${failure}`);
  if (!rssOk) missed.push(`RSS +${growth} MB, ${memory.failures.length} failed logins`);

  console.log(missed.length ? `\nMISSED:\n${missed.map((m) => `  ${m}`).join('\n')}` : '\nEvery target met.');
  return missed.length === 0;
}

await runBench('bench/scale', measure, report);
