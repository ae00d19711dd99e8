/**
 * bench/logs: the audit trail's lists at scale on PostgreSQL (issue 36), beside their SQL run raw in the same run.
 *
 *   npm run bench:logs                     # 10,000,000 API log rows (BENCH_LOG_ROWS to change)
 *
 * A fresh database `tenon_bench_logs` on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/) is migrated and
 * seeded, then filled in SQL (generate_series, the tables' secondary indexes dropped meanwhile and built again after):
 * BENCH_LOG_ROWS rows of 接口日志 over 100 tenants (the platform's 000000 a tenth of them), 1,000 accounts, 250
 * addresses, 20 URIs and 90 days; a tenth as many rows of 通用日志. The built server runs as a child process; the
 * platform's administrator reads the lists (every tenant's, one tenant's, each filter). Requests are sequential on
 * one connection: 20 warm-up, then 200 measured; the raw baseline is the same page's SQL (the rows and a count capped
 * at COUNT_CAP, as the engine asks) through pg.Pool. Target: API p95 < 50 ms. Exit code 1 when a target is missed.
 *
 * The API log's own cost on throughput: run `npm run bench` twice, the second time with TENON_API_LOG=off in the
 * environment (the server child inherits it: bench/support.ts), and compare the figures (README § bench/logs).
 */
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { COUNT_CAP } from '../src/shared/contract/page.ts';
import {
  adminQuery,
  adminUrl,
  api,
  log,
  login,
  measureSequential,
  migrateAndSeed,
  onCleanup,
  printLatencyTable,
  runBench,
  startServer,
  type LatencyResult,
} from './support.ts';

const DB_NAME = 'tenon_bench_logs';
const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 10_000_000);
const CHUNK = 1_000_000;
const WARMUP = 20;
const MEASURED = 200;
const TARGET_MS = 50;
const TENANTS = 100;
const ID_BASE = 610000000000000000n;

/** Row g's columns, in SQL over generate_series' `g` (tenant 000000 for g % 10 = 0, else one of 99 others). */
const TENANT_OF = `case when g % 10 = 0 then '000000' else 'L' || lpad((1 + g % ${TENANTS - 1})::text, 5, '0') end`;
const URIS = Array.from({ length: 20 }, (_, i) => `/api/blade-bench/thing${i}/submit`);

async function withoutIndexes(client: pg.Client, table: string, fill: () => Promise<void>) {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = $1 and indexname not like '%_pkey'`,
    [table],
  );
  for (const { indexname } of rows) await client.query(`drop index ${indexname}`);
  await fill();
  for (const { indexdef } of rows) await client.query(indexdef);
  await client.query(`analyze ${table}`);
}

async function prepare(): Promise<string> {
  await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
  await adminQuery(`create database ${DB_NAME}`);
  onCleanup(`drop database ${DB_NAME}`, () => adminQuery(`drop database if exists ${DB_NAME} with (force)`));
  const databaseUrl = adminUrl(DB_NAME);
  const t0 = performance.now();
  await migrateAndSeed(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const uris = `(array[${URIS.map((u) => `'${u}'`).join(',')}])[1 + g % ${URIS.length}]`;
    await withoutIndexes(client, 'blade_log_api', async () => {
      for (let first = 0; first < ROWS; first += CHUNK) {
        const last = Math.min(ROWS, first + CHUNK) - 1;
        await client.query(
          `insert into blade_log_api (id, tenant_id, service_id, env, type, title, method, request_uri, user_agent,
             remote_ip, method_class, params, time, create_by, create_time)
           select $1::bigint + g, ${TENANT_OF}, 'blade-bench', 'prod', case when g % 20 = 0 then '2' else '1' end, '',
             'POST', ${uris}, 'Mozilla/5.0 bench', '10.0.' || (g % 250) || '.1', ${uris},
             '{"id":"' || g || '","name":"bench"}', (g % 300)::text, 'user' || (g % 1000),
             timestamp '2026-09-01' + make_interval(secs => (g::bigint * 7776000 / $2)::int)
           from generate_series($3::int, $4::int) g`,
          [String(ID_BASE), ROWS, first, last],
        );
        log(`fill: blade_log_api ${(last + 1).toLocaleString('en-US')} rows`);
      }
    });
    await withoutIndexes(client, 'blade_log_usual', async () => {
      await client.query(
        `insert into blade_log_usual (id, tenant_id, service_id, env, log_level, log_id, log_data, time, create_by,
           create_time)
         select $1::bigint + g, ${TENANT_OF}, 'blade-bench', 'prod', (array['info','warn','error','debug'])[1 + g % 4],
           'bench-' || (g % 50), 'sent ' || g, timestamp '2026-09-01' + make_interval(secs => g),
           'user' || (g % 1000), timestamp '2026-09-01' + make_interval(secs => (g::bigint * 7776000 / $2)::int)
         from generate_series(0, $2 - 1) g`,
        [String(ID_BASE), Math.max(1, Math.floor(ROWS / 10))],
      );
    });
    const { rows } = await client.query(
      `select (select count(*) from blade_log_api) api, (select count(*) from blade_log_usual) usual,
        pg_size_pretty(pg_database_size(current_database())) size`,
    );
    log(
      `database ready in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${Number(rows[0].api).toLocaleString('en-US')} API log ` +
        `rows, ${Number(rows[0].usual).toLocaleString('en-US')} usual log rows, ${rows[0].size}`,
    );
  } finally {
    await client.end();
  }
  return databaseUrl;
}

interface Case {
  name: string;
  path: string;
  /** The page's SQL as the engine asks it: the rows, and the count up to COUNT_CAP. */
  sql: { where: string; params: unknown[]; table: string };
}

const LIST_COLUMNS = 'id, tenant_id, create_time, create_by, request_uri, remote_ip, method, time, type';

function cases(): Case[] {
  const list = (entity: 'api' | 'usual', query: Record<string, string>) =>
    `/api/blade-log/${entity}/list?${new URLSearchParams({ current: '1', size: '10', ...query })}`;
  const api = (where: string, params: unknown[]) => ({ where, params, table: 'blade_log_api' });
  return [
    { name: 'API log, every tenant', path: list('api', {}), sql: api('true', []) },
    {
      name: 'API log, one tenant',
      path: list('api', { tenantId: 'L00007' }),
      sql: api('tenant_id = $1', ['L00007']),
    },
    {
      name: 'API log, account (every tenant)',
      path: list('api', { createBy: 'user77' }),
      sql: api('create_by = $1', ['user77']),
    },
    {
      name: 'API log, address (every tenant)',
      path: list('api', { remoteIp: '10.0.42.1' }),
      sql: api('remote_ip = $1', ['10.0.42.1']),
    },
    {
      name: 'API log, URI in one tenant',
      path: list('api', { tenantId: 'L00007', requestUri: URIS[3] }),
      sql: api('tenant_id = $1 and request_uri = $2', ['L00007', URIS[3]]),
    },
    {
      name: 'API log, one day of one tenant',
      path: list('api', {
        tenantId: 'L00007',
        createTime_datege: '2026-10-01 00:00:00',
        createTime_datelt: '2026-10-02 00:00:00',
      }),
      sql: api('tenant_id = $1 and create_time >= $2 and create_time < $3', [
        'L00007',
        '2026-10-01 00:00:00',
        '2026-10-02 00:00:00',
      ]),
    },
    {
      name: 'usual log, every tenant',
      path: list('usual', {}),
      sql: { where: 'true', params: [], table: 'blade_log_usual' },
    },
    {
      name: 'usual log, log id (every tenant)',
      path: list('usual', { logId: 'bench-7' }),
      sql: { where: 'log_id = $1', params: ['bench-7'], table: 'blade_log_usual' },
    },
  ];
}

async function run(): Promise<LatencyResult[]> {
  const databaseUrl = await prepare();
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-logs-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({ bench: 'bench/logs', dataDir, databaseUrl });
  const token = await login(server.port);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  onCleanup('close raw pool', () => pool.end());
  const results: LatencyResult[] = [];
  for (const c of cases()) {
    const answer = await api<{ total: number; records: unknown[] }>(server.port, token, c.path);
    const apiStats = await measureSequential(
      async () => void (await api(server.port, token, c.path)),
      WARMUP,
      MEASURED,
    );
    const columns = c.sql.table === 'blade_log_api' ? LIST_COLUMNS : '*';
    const rows = `select ${columns} from ${c.sql.table} where ${c.sql.where} order by create_time desc, id desc limit 10`;
    const count = `select count(*) from (select 1 from ${c.sql.table} where ${c.sql.where} limit ${COUNT_CAP}) c`;
    const raw = await measureSequential(
      async () => {
        await pool.query(rows, c.sql.params);
        await pool.query(count, c.sql.params);
      },
      WARMUP,
      MEASURED,
    );
    results.push({
      name: c.name,
      target: TARGET_MS,
      api: apiStats,
      raw,
      detail: `total ${answer.total.toLocaleString('en-US')}, ${answer.records.length} rows`,
    });
    log(`${c.name}: API p95 ${apiStats.p95.toFixed(1)} ms, raw p95 ${raw.p95.toFixed(1)} ms`);
  }
  return results;
}

const report = (results: LatencyResult[]) =>
  printLatencyTable(
    `PostgreSQL, ${ROWS.toLocaleString('en-US')} API log rows over ${TENANTS} tenants, as the platform's administrator; ` +
      `${WARMUP} warm-up + ${MEASURED} sequential requests; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
    'API = loopback round trip measured by the client (ms); raw = the rows and the capped count through pg.Pool (ms).',
    results,
  );

await runBench('bench/logs', run, report);
