/**
 * Helpers the workflow benches share (bench/flow.ts, bench/flow-timers.ts): a fresh database with people who may use
 * "my work", CPU per party from /proc, keep-alive HTTP calls, latency statistics and tables.
 */
import pg from 'pg';
import http from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { menuIdOf } from '../src/server/db/seed/seed.ts';
import { adminQuery, adminUrl, log, migrateAndSeed, onCleanup, percentile, processTree } from './support.ts';

export const TENANT = '000000';
export const WORK = '/api/blade-flow/work';

// ---------------------------------------------------------------------------------------------------------------
// CPU accounting from /proc (as bench/api.ts): server tree, postgres processes, this process, the whole machine.

const CLOCK_TICKS = 100;
const CORES = availableParallelism();

function procTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
}

function machineTicks(): { busy: number; total: number } {
  const n = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - n[3] - n[4], total };
}

/** % of one core per party since the call; `servers`: the server processes' pids (with their descendants). */
export function cpuMeter(servers: number[]) {
  const serverPids = servers.flatMap(processTree);
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
    const server = pct(serverPids.reduce((s, p) => s + procTicks(p), 0) - before.server);
    const postgres = pct(postgresPids().reduce((s, p) => s + procTicks(p) - (before.postgres.get(p) ?? 0), 0));
    const used = process.cpuUsage(before.bench);
    const bench = ((used.user + used.system) / 1e6 / seconds) * 100;
    const m = machineTicks();
    const machine = ((m.busy - before.machine.busy) / Math.max(1, m.total - before.machine.total)) * 100 * CORES;
    const others = Math.max(0, machine - server - postgres - bench);
    return {
      server,
      postgres,
      bench,
      others,
      text: `server ${server.toFixed(0)}%, postgres ${postgres.toFixed(0)}%, bench ${bench.toFixed(0)}%, other processes ${others.toFixed(0)}% (of ${CORES * 100}%)`,
    };
  };
}

export async function withClient<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Database

/**
 * Database `name` on BENCH_PG_URL, created afresh, migrated and seeded; dropped at clean-up unless BENCH_KEEP_DB=1.
 * Refused while another run is connected to it: its server would lose its database in the middle of a load.
 */
export async function freshDatabase(name: string, bench: string): Promise<string> {
  const busy = await withClient(adminUrl('postgres'), (c) =>
    c.query('select count(*)::int n from pg_stat_activity where datname = $1', [name]),
  );
  if (busy.rows[0].n > 0)
    throw new Error(
      `database ${name} has ${busy.rows[0].n} connection(s): is another ${bench} running? (stop it, or drop the database)`,
    );
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  if (process.env.BENCH_KEEP_DB === '1') log(`BENCH_KEEP_DB=1: database ${name} is kept for inspection`);
  else onCleanup(`drop database ${name}`, () => adminQuery(`drop database if exists ${name} with (force)`));
  const databaseUrl = adminUrl(name);
  await migrateAndSeed(databaseUrl);
  return databaseUrl;
}

/** Roles `aliases` of the tenant, ids from `firstId` + 1, each seeing "my work"; returns the id of an alias. */
export async function workRoles(
  client: pg.Client,
  aliases: string[],
  firstId: bigint,
  firstRoleMenuId: bigint,
): Promise<(alias: string) => string> {
  await client.query(
    `insert into blade_role (id, tenant_id, parent_id, role_name, sort, role_alias, is_deleted)
    select $1::bigint + i, $2, 0, alias, 9, alias, 0 from unnest($3::text[]) with ordinality as r(alias, i)`,
    [String(firstId), TENANT, aliases],
  );
  const workMenus = ['work', 'work_start', 'work_claim', 'work_todo', 'work_todo_handle', 'work_send', 'work_done'].map(
    menuIdOf,
  );
  await client.query(
    `insert into blade_role_menu (id, menu_id, role_id)
    select $1::bigint + row_number() over (), m::bigint, $2::bigint + r from unnest($3::text[]) m, generate_series(1, $4::int) r`,
    [String(firstRoleMenuId), String(firstId), workMenus, aliases.length],
  );
  return (alias) => String(firstId + BigInt(aliases.indexOf(alias) + 1));
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP (keep-alive, one socket per concurrent caller)

export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface Reply {
  status: number;
  body: { code?: number; data?: unknown; msg?: string };
}

export function call(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
): Promise<Reply> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          'Blade-Auth': `bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          } catch {
            reject(new Error(`${method} ${path}: HTTP ${res.statusCode} ${text.slice(0, 300)}`));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A call that must answer HTTP 200 with body code 200; returns `data`. */
export async function ok<T = unknown>(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const reply = await call(port, method, path, token, body);
  if (reply.status !== 200 || reply.body.code !== 200)
    throw new Error(`${method} ${path}: HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  return reply.body.data as T;
}

/**
 * manager/deploy-upload as the console sends it (multipart) of process `key` written `xml`; returns its definition id
 * from `starter`'s start list.
 */
export async function deployModel(port: number, admin: string, starter: string, key: string, xml: string) {
  const form = new FormData();
  form.set('category', '4');
  form.set('tenantIds', TENANT);
  form.append('files', new Blob([xml], { type: 'text/xml' }), `${key}.bpmn20.xml`);
  const response = await fetch(`http://127.0.0.1:${port}/api/blade-flow/manager/deploy-upload`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'blade-auth': `bearer ${admin}`,
    },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 200 || JSON.parse(text).code !== 200)
    throw new Error(`deploy: HTTP ${response.status} ${text}`);
  const page = await ok<ListPage>(port, 'GET', `${WORK}/start-list?size=100&key=${key}`, starter);
  const definition = (page.records as unknown as Array<{ key: string; id: string }>).find((r) => r.key === key);
  if (!definition) throw new Error(`${key} is not in the start list`);
  return definition.id;
}

export interface FlowRecord {
  taskId: string;
  processInstanceId: string;
  businessId: string;
  businessTable: string;
  createTime: string;
  taskDefinitionKey: string;
}
export interface ListPage {
  records: FlowRecord[];
  total: number | string;
}

// ---------------------------------------------------------------------------------------------------------------
// Statistics and concurrent loops

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function stats(samples: number[]): Stats {
  const sorted = Float64Array.from(samples).sort();
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

/** `total` calls of `fn` spread over `concurrency` loops; returns the latency of each call and the elapsed ms. */
export async function loops(
  total: number,
  concurrency: number,
  fn: (i: number) => Promise<void>,
): Promise<{ samples: number[]; elapsed: number }> {
  let next = 0;
  const samples: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const start = performance.now();
        await fn(i);
        samples.push(performance.now() - start);
      }
    }),
  );
  return { samples, elapsed: performance.now() - t0 };
}

export const ms = (v: number) => (Number.isNaN(v) ? '-' : v < 10 ? v.toFixed(2) : v.toFixed(1));

export function table(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(fmt(line));
}

/**
 * `--name N` flags of whole numbers over `defaults` (each flag one of its keys, each value at least 1); a wrong one
 * prints `usage` and exits with 2.
 */
export function wholeNumberFlags<T extends { [K in keyof T]: number }>(argv: string[], defaults: T, usage: string): T {
  const options: Record<string, number> = { ...defaults };
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i].replace(/^--/, '');
    const value = Number(argv[i + 1]);
    if (!(flag in options) || !Number.isInteger(value) || value < 1) {
      console.error(`usage: ${usage} (bad: ${argv[i]} ${argv[i + 1] ?? ''})`);
      process.exit(2);
    }
    options[flag] = value;
  }
  return options as T;
}
