/**
 * bench/support: helpers shared by the benches: constants, clean-up registry, PostgreSQL admin database, free port,
 * the server as a child process, login and percentiles.
 */
import pg from 'pg';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { openDatabase } from '../src/server/db/connect.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seed } from '../src/server/db/seed/seed.ts';
import { MODULES } from '../src/server/modules/index.ts';
import { buildChanged } from '../scripts/build.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

export const JWT_SECRET = 'tenon-bench-secret-0123456789abcdefghijklmnopqrs'; // 48 chars, fixed
export const PG_ADMIN_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/';
export const ROOT = resolve(import.meta.dirname, '..');
/** The server as `npm start` runs it: built by scripts/build.mjs, started with SERVER_NODE_FLAGS. */
export const SERVER_MAIN = join(ROOT, 'dist-server/main.js');

export const log = (text: string) => console.log(`[bench] ${text}`);
export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms).unref());

export class PhaseTimeout extends Error {}

/** Rejects with a PhaseTimeout when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PhaseTimeout(`${label} did not finish within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------------------------------
// Clean-up: every resource registers its undo; run in reverse order on success, failure or Ctrl-C.

type Undo = () => Promise<void> | void;
const cleanups: Array<{ name: string; run: Undo }> = [];

/** Registers an undo; the returned function unregisters it. */
export function onCleanup(name: string, run: Undo): () => void {
  const entry = { name, run };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** Runs every registered undo, newest first, 30 s each; failures are reported as `<bench>: clean-up ... failed`. */
export async function cleanupAll(bench: string): Promise<void> {
  while (cleanups.length) {
    const { name, run } = cleanups.pop()!;
    try {
      await withTimeout(Promise.resolve().then(run), 30_000, `clean-up: ${name}`);
    } catch (error) {
      console.error(`${bench}: clean-up "${name}" failed: ${(error as Error).message}`);
    }
  }
}

/** Ctrl-C / SIGTERM (the first one): `<bench>: SIGINT, cleaning up`, runs the clean-ups, exits 130. */
export function cleanUpOnSignal(bench: string): void {
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`${bench}: ${signal}, cleaning up`);
      void cleanupAll(bench).then(() => process.exit(130));
    });
  }
}

/**
 * A bench's `main`: clean-up on signals, `measure`, the clean-ups (also when it fails, after printing the error),
 * then `report`, which prints and says whether the targets are met; `before exit` runs last. Exits 0 when they are,
 * else 1.
 */
export async function runBench<T>(
  bench: string,
  measure: () => Promise<T>,
  report: (results: T) => boolean,
  beforeExit?: () => void,
): Promise<never> {
  cleanUpOnSignal(bench);
  let ok = false;
  try {
    const results = await measure();
    await cleanupAll(bench);
    ok = report(results);
  } catch (error) {
    console.error(`\n!!! ${bench}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    await cleanupAll(bench);
  }
  beforeExit?.();
  process.exit(ok ? 0 : 1);
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL admin database

/** PG_ADMIN_URL pointing at `database`. */
/** Migrates and seeds a PostgreSQL database the way a server start does, then closes the connection. */
export async function migrateAndSeed(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir: tmpdir() } /* unused with a databaseUrl */);
  try {
    await migrate(database.db);
    await seed(database.db, MODULES);
  } finally {
    await database.close();
  }
}

export function adminUrl(database: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** One statement on the `postgres` database (create / drop database). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl('postgres'), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Processes and the server

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) children.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    /* gone */
  }
  return children;
}

/** Resident set of a process (MB), from /proc. */
export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024);
}

/**
 * RSS once the server is idle: after 15 s without a request (it collects its garbage after 5 s idle,
 * src/server/platform/idle-gc.ts), then sampled every second until `agreeing` samples in a row agree within 2 MB, at
 * most 30 s. V8 may give the heap of a burst back only some seconds after that collection (168 → 148 → 102 MB at 10
 * and 18 s after a 20-s load, bench/scale): ten samples wait for it.
 */
export async function settledRss(pid: number, agreeing = 3): Promise<number> {
  await sleep(15_000);
  const samples: number[] = [];
  for (let i = 0; i < 30; i++) {
    samples.push(rssOf(pid));
    const last = samples.slice(-agreeing);
    if (last.length === agreeing && Math.max(...last) - Math.min(...last) <= 2) break;
    await sleep(1000);
  }
  return samples[samples.length - 1];
}

/** `pid` and all its descendants, from /proc. */
export function processTree(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...childrenOf(all[i]));
  return all;
}

export interface Server {
  pid: number;
  port: number;
  /** SIGTERM, SIGKILL of the whole tree after 15 s; unregisters the clean-up. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Prefix of messages, e.g. `bench/api`. */
  bench: string;
  dataDir: string;
  /** PostgreSQL database; without it the server uses PGlite in dataDir. */
  databaseUrl?: string;
  /** Built web app to serve; default none (a missing folder under dataDir). */
  webDir?: string;
  /** Pass the server's stderr through instead of keeping it for the error message. */
  inheritStderr?: boolean;
  /** More environment of the server (e.g. TENON_RLS). */
  env?: Record<string, string>;
  /** Each line the server writes to stdout (its JSON log lines), as it comes. */
  onLine?: (line: string) => void;
}

/**
 * Starts the built server (`node dist-server/main.js`, built first when its sources changed) on a free port, waits for
 * `Tenon listening on` (60 s), registers its stop.
 */
export async function startServer(options: ServerOptions): Promise<Server> {
  await buildChanged({ only: 'server' });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'TENON_KV_PREFIX']) delete env[name];
  Object.assign(env, {
    DATA_DIR: options.dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    TENON_JWT_SECRET: JWT_SECRET,
    LOG_LEVEL: 'warn',
    TENON_TOKEN_RATE_LIMIT: '1000000', // every bench client logs in from 127.0.0.1
    TENON_WEB_DIR: options.webDir ?? join(options.dataDir, 'no-web-app'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  // BENCH_SERVER_FLAGS: node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...flags, SERVER_MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', options.inheritStderr ? 'inherit' : 'pipe'],
  });
  let output = '';
  // BENCH_SERVER_LOG: a file every server of the run appends its output to, kept after the run (for a step that fails).
  const logFile = process.env.BENCH_SERVER_LOG;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  if (logFile) {
    child.stdout!.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
    child.stderr?.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
  }
  child.stderr?.on('data', keep);
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    if (!options.onLine) return;
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) options.onLine(line);
  });
  let exited = false;
  const exit = new Promise<void>((done) =>
    child.once('exit', () => {
      exited = true;
      done();
    }),
  );

  // Descendants (none today; a server that spawns helpers) are remembered so a hard stop can reach them.
  let tree: number[] = [];
  const stop = async () => {
    if (exited) return;
    if (child.pid) tree = [...new Set([...tree, ...processTree(child.pid)])];
    child.kill('SIGTERM'); // the server closes the database cleanly
    const graceful = await Promise.race([exit.then(() => true), sleep(15_000).then(() => false)]);
    if (!graceful) {
      console.error(`${options.bench}: server did not stop on SIGTERM within 15 s; killing it`);
      for (const pid of tree.reverse()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
      await Promise.race([exit, sleep(5000)]);
    }
  };
  const unregister = onCleanup(`stop server pid ${child.pid}`, stop);

  await Promise.race([
    new Promise<void>((ready) =>
      child.stdout!.on('data', (chunk: Buffer) => {
        keep(chunk);
        if (output.includes('Tenon listening on')) ready();
      }),
    ),
    new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) =>
        reject(new Error(`server exited (${signal ?? code}) before listening:\n${output}`)),
      ),
    ),
    sleep(60_000).then(() => {
      throw new Error(`server did not listen within 60 s:\n${output}`);
    }),
  ]);
  tree = processTree(child.pid!);
  return {
    pid: child.pid!,
    port,
    stop: async () => {
      await stop();
      unregister();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests and statistics

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Password grant (md5 of the password, client saber), on tenant 000000 unless told; returns the access token. */
export async function login(
  port: number,
  username = 'admin',
  password = 'admin',
  tenantId = '000000',
): Promise<string> {
  const query = new URLSearchParams({
    tenantId,
    username,
    password: md5(password),
    grant_type: 'password',
    scope: 'all',
  });
  const res = await fetch(`http://127.0.0.1:${port}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Tenant-Id': tenantId },
  });
  const body = (await res.json()) as { access_token?: string };
  if (res.status !== 200 || !body.access_token)
    throw new Error(`login ${username} failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** A request of the contract's API as `token`; its `data`, or an error naming the status and the message. */
export async function api<T>(port: number, token: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      'Blade-Auth': `bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  const parsed = JSON.parse(text) as { code?: number; data: T; msg?: string };
  if (parsed.code !== 200) throw new Error(`${method} ${path}: body code ${parsed.code} ${text.slice(0, 300)}`);
  return parsed.data;
}

/** Nearest-rank percentile `p` (0-100) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Latency percentiles of one measured call (ms). */
export interface LatencyStats {
  p50: number;
  p95: number;
  p99: number;
}

/** `warmup` calls, then `measured` calls timed one after another. */
export async function measureSequential(
  call: () => Promise<void>,
  warmup: number,
  measured: number,
  /** Run before each call, outside its time (e.g. a change the call must then see). */
  before?: () => Promise<void>,
): Promise<LatencyStats> {
  for (let i = 0; i < warmup; i++) {
    await before?.();
    await call();
  }
  const samples: number[] = [];
  for (let i = 0; i < measured; i++) {
    await before?.();
    const t0 = performance.now();
    await call();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
}

/** An endpoint measured through the API and its SQL through the raw driver, against a p95 target (ms). */
export interface LatencyResult {
  name: string;
  /** p95 target in ms; none for a row measured to be seen beside the others. */
  target?: number;
  api: LatencyStats;
  raw: LatencyStats;
  detail: string;
}

/** Prints `title`, `note` and the results' table with a verdict per row; true when every p95 meets its target. */
export function printLatencyTable(title: string, note: string, results: LatencyResult[]): boolean {
  const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
  const header = ['endpoint', 'API p50', 'API p95', 'API p99', 'raw p50', 'raw p95', 'raw p99', 'target', 'verdict'];
  const lines = results.map((r) => [
    r.name,
    ms(r.api.p50),
    ms(r.api.p95),
    ms(r.api.p99),
    ms(r.raw.p50),
    ms(r.raw.p95),
    ms(r.raw.p99),
    r.target === undefined ? '-' : `p95 < ${r.target}`,
    r.target === undefined ? '-' : r.api.p95 < r.target ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${title}`);
  console.log(note);
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(fmt(line));
  for (const r of results) console.log(`${r.name}: ${r.detail}`);
  return results.every((r) => r.target === undefined || r.api.p95 < r.target);
}

/** A command-line option `name <positive integer>`, or `fallback` when it is not given. */
export function intFlag(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at < 0 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a positive integer`);
  return value;
}
