/**
 * bench/rls: what row-level security costs on PostgreSQL, measured so that a busy machine hurts both sides alike.
 * Two servers on one database, one with TENON_RLS=on and one with TENON_RLS=off, are loaded in alternating slices
 * (on, off, off, on, ...) for each route; the median slice of each side is reported.
 *
 *   node_modules/.bin/tsx bench/rls.ts [--rounds 4] [--slice 3] [--connections 50]
 *
 * PostgreSQL on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/), database BENCH_PG_DB or tenon_bench_rls.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adminQuery,
  adminUrl,
  intFlag,
  log,
  login,
  migrateAndSeed,
  onCleanup,
  runBench,
  startServer,
} from './support.ts';

const BENCH = 'bench/rls';
const PATHS = [
  '/api/blade-system/param/page?current=1&size=10', // a platform table: only the role switch is added
  '/api/blade-system/user/page?current=1&size=10', // a tenant table: its policy is evaluated on every row
];
const DB = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_PG_DB ?? '') ? process.env.BENCH_PG_DB! : 'tenon_bench_rls';

const rounds = intFlag('--rounds', 4);
const slice = intFlag('--slice', 3);
const connections = intFlag('--connections', 50);

interface Slice {
  rps: number;
  p99: number;
}
type Side = 'on' | 'off';

function load(port: number, path: string, token: string, seconds: number): Promise<Slice> {
  return new Promise((done, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}${path}`,
        connections,
        duration: seconds,
        timeout: 10,
        headers: { 'blade-auth': `bearer ${token}` },
        verifyBody: (body) => body.startsWith('{"code":200,'),
      },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx || result.errors || result.timeouts) return reject(new Error(`${path}: failed requests`));
        done({ rps: result['2xx'] / result.duration, p99: result.latency.p99 });
      },
    );
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-rls-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  await adminQuery(`drop database if exists ${DB} with (force)`);
  await adminQuery(`create database ${DB}`);
  onCleanup(`drop database ${DB}`, () => adminQuery(`drop database if exists ${DB} with (force)`));
  await migrateAndSeed(adminUrl(DB));
  const servers = {
    on: await startServer({
      bench: BENCH,
      dataDir: join(dataDir, 'on'),
      databaseUrl: adminUrl(DB),
      env: { TENON_RLS: 'on' },
    }),
    off: await startServer({
      bench: BENCH,
      dataDir: join(dataDir, 'off'),
      databaseUrl: adminUrl(DB),
      env: { TENON_RLS: 'off' },
    }),
  };
  const tokens = { on: await login(servers.on.port), off: await login(servers.off.port) };
  const results: Record<string, Record<Side, Slice[]>> = {};
  for (const path of PATHS) {
    results[path] = { on: [], off: [] };
    for (const side of ['on', 'off'] as const) await load(servers[side].port, path, tokens[side], 2); // warm-up
    for (let round = 0; round < rounds; round++) {
      const order: Side[] = round % 2 ? ['off', 'on'] : ['on', 'off'];
      for (const side of order) results[path][side].push(await load(servers[side].port, path, tokens[side], slice));
      log(`${path} round ${round + 1}/${rounds}`);
    }
  }
  await servers.on.stop();
  await servers.off.stop();
  return results;
}

function report(results: Record<string, Record<Side, Slice[]>>): boolean {
  console.log(
    `\n${rounds} alternating slices of ${slice} s per side, ${connections} connections, PostgreSQL; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('route | RLS on req/s | RLS off req/s | on/off | on p99 ms | off p99 ms');
  for (const [path, sides] of Object.entries(results)) {
    const on = median(sides.on.map((s) => s.rps));
    const off = median(sides.off.map((s) => s.rps));
    console.log(
      `${path} | ${on.toFixed(0)} | ${off.toFixed(0)} | ${(on / off).toFixed(2)} | ${median(sides.on.map((s) => s.p99))} | ${median(sides.off.map((s) => s.p99))}`,
    );
  }
  return true;
}

void runBench(BENCH, measure, report);
