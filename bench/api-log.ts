/**
 * bench/api-log: what recording 接口日志 costs the calls it records (issue 36: throughput with logging on vs off
 * >= 0.9). Two built servers on one PostgreSQL database, one with the API log on and one with TENON_API_LOG=off, take
 * the same workload of calls the log records in alternating slices (on, off, off, on, ...), so a busy machine hurts
 * both sides alike; the median slice of each side is reported with their ratio.
 *
 *   npm run bench:api-log -- [--rounds 4] [--slice 5] [--connections 20]
 *
 * The workload, each connection in a loop: three edits of a parameter of its own (`param/submit` with its id and a new
 * value: one API log row and one change record each) and one sign-in (password grant: one API log row).
 * PostgreSQL on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/), database BENCH_PG_DB or
 * tenon_bench_api_log, dropped at the end. BENCH_SERVER_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles
 * both servers.
 */
import autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TOKEN_URL } from '../src/shared/contract/api/auth.ts';
import {
  adminQuery,
  adminUrl,
  api,
  intFlag,
  log,
  login,
  migrateAndSeed,
  onCleanup,
  runBench,
  startServer,
} from './support.ts';

const BENCH = 'bench/api-log';
const DB = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_PG_DB ?? '') ? process.env.BENCH_PG_DB! : 'tenon_bench_api_log';
const TARGET = 0.9;

const rounds = intFlag('--rounds', 4);
const slice = intFlag('--slice', 5);
const connections = intFlag('--connections', 20);

type Side = 'on' | 'off';
interface Slice {
  rps: number;
  p99: number;
}

const SIGN_IN = `${TOKEN_URL}?${new URLSearchParams({
  tenantId: '000000',
  username: 'admin',
  password: createHash('md5').update('admin').digest('hex'),
  grant_type: 'password',
  scope: 'all',
})}`;

/** One slice of the workload on `port`: edits of each connection's own parameter and a sign-in. */
function load(port: number, token: string, params: string[], seconds: number): Promise<Slice> {
  let next = 0;
  let value = 0;
  const edit: autocannon.Request = {
    method: 'POST',
    path: '/api/blade-system/param/submit',
    headers: { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' },
    setupRequest: (request, context: Record<string, unknown>) => {
      context.param ??= params[next++ % params.length];
      const id = context.param as string;
      return {
        ...request,
        body: JSON.stringify({ id, paramName: `bench ${id}`, paramKey: `bench.${id}`, paramValue: String(value++) }),
      };
    },
  };
  const signIn: autocannon.Request = {
    method: 'POST',
    path: SIGN_IN,
    headers: {
      authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'tenant-id': '000000',
    },
  };
  return new Promise((done, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        timeout: 10,
        requests: [edit, edit, edit, signIn],
      },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx || result.errors || result.timeouts)
          return reject(
            new Error(`failed requests: ${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors`),
          );
        done({ rps: result['2xx'] / result.duration, p99: result.latency.p99 });
      },
    );
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One parameter per connection and side, so no two connections wait on one row's lock. */
async function makeParams(port: number, token: string, side: Side): Promise<string[]> {
  for (let i = 0; i < connections; i++)
    await api(port, token, '/api/blade-system/param/submit', 'POST', {
      paramName: `bench ${side} ${i}`,
      paramKey: `bench.${side}.${i}`,
      paramValue: '0',
    });
  const client = new pg.Client({ connectionString: adminUrl(DB) });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(`select id from blade_param where param_key like $1`, [
      `bench.${side}.%`,
    ]);
    return rows.map((r) => String(r.id));
  } finally {
    await client.end();
  }
}

async function setFailLimit(limit: number): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl(DB) });
  await client.connect();
  await client
    .query(`update blade_param set param_value = $1 where param_key = 'account.failCount'`, [String(limit)])
    .finally(() => client.end());
}

async function measure(): Promise<Record<Side, Slice[]>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-api-log-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  await adminQuery(`drop database if exists ${DB} with (force)`);
  await adminQuery(`create database ${DB}`);
  onCleanup(`drop database ${DB}`, () => adminQuery(`drop database if exists ${DB} with (force)`));
  await migrateAndSeed(adminUrl(DB));
  // Every connection signs in as admin at once: attempts in flight count against the lock (token.service.ts).
  await setFailLimit(1_000_000);
  const start = (side: Side) =>
    startServer({
      bench: BENCH,
      dataDir: join(dataDir, side),
      databaseUrl: adminUrl(DB),
      env: { TENON_API_LOG: side },
    });
  const servers = { on: await start('on'), off: await start('off') };
  const tokens = { on: await login(servers.on.port), off: await login(servers.off.port) };
  const params = {
    on: await makeParams(servers.on.port, tokens.on, 'on'),
    off: await makeParams(servers.off.port, tokens.off, 'off'),
  };
  const results: Record<Side, Slice[]> = { on: [], off: [] };
  for (const side of ['on', 'off'] as const) await load(servers[side].port, tokens[side], params[side], 2); // warm-up
  for (let round = 0; round < rounds; round++) {
    const order: Side[] = round % 2 ? ['off', 'on'] : ['on', 'off'];
    for (const side of order) results[side].push(await load(servers[side].port, tokens[side], params[side], slice));
    log(
      `round ${round + 1}/${rounds}: on ${results.on.at(-1)!.rps.toFixed(0)} req/s, ` +
        `off ${results.off.at(-1)!.rps.toFixed(0)} req/s`,
    );
  }
  const client = new pg.Client({ connectionString: adminUrl(DB) });
  await client.connect();
  await servers.on.stop(); // writes what its queue holds
  await servers.off.stop();
  const { rows } = await client
    .query<{ logged: string }>(`select count(*) logged from blade_log_api`)
    .finally(() => client.end());
  log(`API log rows written: ${Number(rows[0].logged).toLocaleString('en-US')}`);
  return results;
}

function report(results: Record<Side, Slice[]>): boolean {
  const on = median(results.on.map((s) => s.rps));
  const off = median(results.off.map((s) => s.rps));
  const ratio = on / off;
  console.log(
    `\n${rounds} alternating slices of ${slice} s per side, ${connections} connections, 3 param/submit + 1 sign-in ` +
      `each; PostgreSQL; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  console.log('API log | req/s (median) | p99 ms (median) | slices req/s');
  for (const side of ['on', 'off'] as const)
    console.log(
      `${side} | ${median(results[side].map((s) => s.rps)).toFixed(0)} | ${median(results[side].map((s) => s.p99))} | ` +
        results[side].map((s) => s.rps.toFixed(0)).join(', '),
    );
  console.log(`on/off = ${ratio.toFixed(2)}; target >= ${TARGET}: ${ratio >= TARGET ? 'PASS' : 'FAIL'}`);
  return ratio >= TARGET;
}

void runBench(BENCH, measure, report);
