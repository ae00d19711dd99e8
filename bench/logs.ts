/**
 * bench/logs: the audit trail's lists at scale on PostgreSQL (issue 36), beside their SQL run raw in the same run.
 *
 *   npm run bench:logs                     # 10,000,000 API log rows (BENCH_LOG_ROWS to change)
 *   BENCH_PG_DB=my_logs BENCH_KEEP_DB=1 npm run bench:logs   # keep the filled database; a later run reuses it
 *
 * A fresh database (BENCH_PG_DB, default `tenon_bench_logs`) on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/) is migrated and seeded, one tenant is provisioned by the server's own
 * TenantService (its administrator reads his tenant's lists), then the logs are filled in SQL (generate_series, the
 * tables' secondary indexes dropped meanwhile and built again after): BENCH_LOG_ROWS rows of 接口日志 over 100 tenants
 * (the platform's 000000 a tenth of them), 1,000 accounts, 250 addresses, 20 URIs and 90 days; a tenth as many rows of
 * 通用日志. The built server runs as a child process. The platform's administrator and the tenant's read the lists as the
 * screens ask them (first page, a week, account, address, URI). Requests are sequential on one connection: the first
 * timed alone (the count is not yet known to be capped), 20 warm-up, then 200 measured. The raw side is the SQL the
 * engine sends for the same page, captured from the engine itself (bench/engine.ts), run through pg as the server's
 * role for the reader's tenant, and printed with its `EXPLAIN (ANALYZE, BUFFERS)`. Target: API p95 < 50 ms. Exit code
 * 1 when one is missed.
 *
 * The API log's own cost on throughput is bench/api-log.ts (logging on against off).
 */
import {
  DummyDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import pg from 'pg';
import { provisionTenant } from './scale-fill.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/connect.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { APP_ROLE } from '../src/server/db/tenant-scoped-driver.ts';
import { ROLE_POWER, SUPER_TENANT, type AuthUser } from '../src/server/platform/auth-context.ts';
import { COUNT_CAP } from '../src/shared/contract/page.ts';
import { BENCH_ADMIN, benchEngine, compilingDialect } from './engine.ts';
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

const DB_NAME = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_PG_DB ?? '')
  ? process.env.BENCH_PG_DB!
  : 'tenon_bench_logs';
const KEEP = process.env.BENCH_KEEP_DB === '1';
const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 10_000_000);
const CHUNK = 1_000_000;
const WARMUP = 20;
const MEASURED = 200;
const TARGET_MS = 50;
const TENANTS = 100;
const ID_BASE = 610000000000000000n;
/** The provisioned tenant's administrator (TenantService gives every new administrator this password). */
const TENANT_NAME = '日志基准租户';
const TENANT_ADMIN_PASSWORD = 'admin';
/** Of the 99 tenants beside the platform's, the one whose rows are the provisioned tenant's. */
const TENANT_SLOT = 7;

/** Row g's tenant, in SQL over generate_series' `g` (000000 for g % 10 = 0, else one of 99 others). */
const tenantOf = (code: string) =>
  `case when g % 10 = 0 then '000000' when 1 + g % ${TENANTS - 1} = ${TENANT_SLOT} then '${code}' ` +
  `else 'L' || lpad((1 + g % ${TENANTS - 1})::text, 5, '0') end`;
const URIS = Array.from({ length: 20 }, (_, i) => `/api/blade-bench/thing${i}/submit`);

async function withoutIndexes(client: pg.Client, table: string, fill: () => Promise<void>) {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = $1 and indexname not like '%_pkey'`,
    [table],
  );
  for (const { indexname } of rows) await client.query(`drop index ${indexname}`);
  await fill();
  for (const { indexdef } of rows) await client.query(indexdef);
  await client.query(`vacuum analyze ${table}`);
}

/** The kept database's tenant code and row count, if it holds a complete fill. */
async function keptFill(databaseUrl: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ code: string; api: string }>(
      `select (select tenant_id from blade_tenant where tenant_name = $1) code,
         (select count(*) from blade_log_usual) api`,
      [TENANT_NAME],
    );
    return rows[0]?.code && Number(rows[0].api) >= Math.floor(ROWS / 10) ? rows[0].code : undefined;
  } catch (error) {
    log(`no complete fill in ${DB_NAME}: ${String(error)}`);
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function prepare(): Promise<{ databaseUrl: string; tenant: string }> {
  const databaseUrl = adminUrl(DB_NAME);
  const kept = KEEP ? await keptFill(databaseUrl) : undefined;
  if (kept) {
    log(`reusing ${DB_NAME} (BENCH_KEEP_DB=1), tenant ${kept}`);
    // Migrations added since (an index) run here rather than in the server's start, which the bench waits 60 s for.
    const database = await openDatabase({ databaseUrl, dataDir: tmpdir() });
    await migrate(database.db).finally(() => database.close());
    return { databaseUrl, tenant: kept };
  }
  await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
  await adminQuery(`create database ${DB_NAME}`);
  if (!KEEP) onCleanup(`drop database ${DB_NAME}`, () => adminQuery(`drop database if exists ${DB_NAME} with (force)`));
  const t0 = performance.now();
  await migrateAndSeed(databaseUrl);
  // Its administrator holds 通用日志 and 接口日志 as every new tenant's does (DEFAULT_TENANT_MENU_ROOTS).
  const tenant = await provisionTenant(databaseUrl, TENANT_NAME);
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
           select $1::bigint + g, ${tenantOf(tenant)}, 'blade-bench', 'prod', case when g % 20 = 0 then '2' else '1' end,
             '', 'POST', ${uris}, 'Mozilla/5.0 bench', '10.0.' || (g % 250) || '.1', ${uris},
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
         select $1::bigint + g, ${tenantOf(tenant)}, 'blade-bench', 'prod',
           (array['info','warn','error','debug'])[1 + g % 4], 'bench-' || (g % 50), 'sent ' || g,
           timestamp '2026-09-01' + make_interval(secs => g), 'user' || (g % 1000),
           timestamp '2026-09-01' + make_interval(secs => (g::bigint * 7776000 / $2)::int)
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
  return { databaseUrl, tenant };
}

type Reader = 'platform' | 'tenant';

interface Case {
  name: string;
  reader: Reader;
  entity: 'api' | 'usual';
  query: Record<string, string>;
}

/** A week as the screens' date range sends it (both days whole). */
const WEEK = { createTime_datege: '2026-10-01 00:00:00', createTime_datele: '2026-10-07 23:59:59' };

function cases(tenant: string): Case[] {
  const c = (name: string, reader: Reader, entity: Case['entity'], query: Record<string, string> = {}): Case => ({
    name: `${entity === 'api' ? '接口日志' : '通用日志'}, ${reader}: ${name}`,
    reader,
    entity,
    query,
  });
  return [
    c('first page (every tenant)', 'platform', 'api'),
    c('one tenant', 'platform', 'api', { tenantId: tenant }),
    c('a week (every tenant)', 'platform', 'api', WEEK),
    c('account (every tenant)', 'platform', 'api', { createBy: 'user77' }),
    c('address (every tenant)', 'platform', 'api', { remoteIp: '10.0.42.1' }),
    c('URI (every tenant)', 'platform', 'api', { requestUri: URIS[3] }),
    c('URI in one tenant', 'platform', 'api', { tenantId: tenant, requestUri: URIS[3] }),
    c('first page', 'tenant', 'api'),
    c('a week', 'tenant', 'api', WEEK),
    c('account', 'tenant', 'api', { createBy: 'user77' }),
    c('address', 'tenant', 'api', { remoteIp: '10.0.42.1' }),
    c('URI', 'tenant', 'api', { requestUri: URIS[3] }),
    c('account in a week', 'tenant', 'api', { createBy: 'user77', ...WEEK }),
    c('first page (every tenant)', 'platform', 'usual'),
    c('log id (every tenant)', 'platform', 'usual', { logId: 'bench-7' }),
    c('first page', 'tenant', 'usual'),
    c('account', 'tenant', 'usual', { createBy: 'user77' }),
  ];
}

/**
 * A dialect that compiles and, while `answer` is set, answers every statement with that one row: the engine's page is
 * asked twice with the count the server found, so the second capture is what the server sends on a repeated request
 * (a capped list's count is remembered for a minute: entity-reads.ts).
 */
function answeringDialect(answer: { row?: Record<string, unknown> }): Dialect {
  const connection: DatabaseConnection = {
    executeQuery: async <R>(): Promise<QueryResult<R>> => ({ rows: (answer.row ? [answer.row] : []) as R[] }),
    // eslint-disable-next-line require-yield
    streamQuery: async function* () {
      throw new Error('no streams');
    },
  };
  const dummy = new DummyDriver();
  const driver: Driver = {
    init: () => dummy.init(),
    acquireConnection: async () => connection,
    beginTransaction: () => dummy.beginTransaction(),
    commitTransaction: () => dummy.commitTransaction(),
    rollbackTransaction: () => dummy.rollbackTransaction(),
    releaseConnection: () => dummy.releaseConnection(),
    destroy: () => dummy.destroy(),
  };
  return { ...compilingDialect(), createDriver: () => driver };
}

/** The statements the engine sends for the case's page on a repeated request, when the server counted `total`. */
async function capturedSql(c: Case, user: AuthUser, total: number): Promise<CompiledQuery[]> {
  const answer: { row?: Record<string, unknown> } = {};
  const engine = await benchEngine(answeringDialect(answer));
  try {
    const service = engine.entities.get(c.entity)!;
    const query = { current: '1', size: '10', ...c.query };
    answer.row = { __total: String(total) };
    await service.page(user, query);
    engine.take();
    await service.page(user, query);
    return engine.take();
  } finally {
    answer.row = undefined;
    await engine.close();
  }
}

/** A connection that runs as the server's role for the tenant, as the server's do (row-level security). */
async function connectAs(databaseUrl: string, tenantId: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  onCleanup(`close the raw connection of ${tenantId}`, () => client.end());
  await client.query(`select set_config('app.tenant_id', $1, false), set_config('role', '${APP_ROLE}', false)`, [
    tenantId,
  ]);
  return client;
}

async function tenantAdmin(databaseUrl: string, tenant: string): Promise<AuthUser> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; role_id: string; dept_id: string }>(
      `select id, role_id, dept_id from blade_user where tenant_id = $1 and account = 'admin' and is_deleted = 0`,
      [tenant],
    );
    return {
      ...BENCH_ADMIN,
      userId: rows[0].id,
      tenantId: tenant,
      roleIds: rows[0].role_id.split(','),
      deptIds: rows[0].dept_id.split(','),
      isSuperAdmin: false,
      power: ROLE_POWER.tenantAdmin,
    };
  } finally {
    await client.end();
  }
}

const ms = (v: number) => v.toFixed(1);

async function run(): Promise<LatencyResult[]> {
  const { databaseUrl, tenant } = await prepare();
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-logs-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({ bench: 'bench/logs', dataDir, databaseUrl });
  const tokens: Record<Reader, string> = {
    platform: await login(server.port),
    tenant: await login(server.port, 'admin', TENANT_ADMIN_PASSWORD, tenant),
  };
  const users: Record<Reader, AuthUser> = { platform: BENCH_ADMIN, tenant: await tenantAdmin(databaseUrl, tenant) };
  const raws: Record<Reader, pg.Client> = {
    platform: await connectAs(databaseUrl, SUPER_TENANT),
    tenant: await connectAs(databaseUrl, tenant),
  };
  const results: LatencyResult[] = [];
  for (const c of cases(tenant)) {
    const path = `/api/blade-log/${c.entity}/list?${new URLSearchParams({ current: '1', size: '10', ...c.query })}`;
    const token = tokens[c.reader];
    const t0 = performance.now();
    const answer = await api<{ total: number; totalCapped?: boolean; records: { id: string }[] }>(
      server.port,
      token,
      path,
    );
    const first = performance.now() - t0;
    const apiStats = await measureSequential(async () => void (await api(server.port, token, path)), WARMUP, MEASURED);
    const total = answer.totalCapped ? COUNT_CAP + 1 : answer.total;
    const statements = await capturedSql(c, users[c.reader], total);
    const raw = raws[c.reader];
    const rawRun = async () => {
      for (const s of statements) await raw.query(s.sql, s.parameters as unknown[]);
    };
    // The captured SQL must read the page the server answers (now: the bench's sign-ins have been logged since).
    const page = await raw.query<{ id: string }>(statements[0].sql, statements[0].parameters as unknown[]);
    const again = await api<{ records: { id: string }[] }>(server.port, token, path);
    const rawIds = page.rows.map((r) => String(r.id)).filter((id) => id !== 'null');
    const apiIds = again.records.map((r) => String(r.id));
    if (rawIds.join() !== apiIds.join())
      throw new Error(`${c.name}: the captured SQL read ${rawIds.join()}, the server ${apiIds.join()}`);
    const rawStats = await measureSequential(rawRun, WARMUP, MEASURED);
    const plan = await raw.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statements[0].sql}`,
      statements[0].parameters as unknown[],
    );
    console.log(
      `\n--- ${c.name}: GET ${path}\n${statements.map((s) => `${s.sql} [${s.parameters.join(', ')}]`).join('\n')}\n` +
        plan.rows.map((r) => r['QUERY PLAN']).join('\n'),
    );
    results.push({
      name: c.name,
      target: TARGET_MS,
      api: apiStats,
      raw: rawStats,
      detail:
        `total ${answer.total.toLocaleString('en-US')}${answer.totalCapped ? ' (capped)' : ''}, ` +
        `${answer.records.length} rows; first request ${ms(first)} ms; ${statements.length} statement(s) a request`,
    });
    log(`${c.name}: first ${ms(first)} ms, API p95 ${ms(apiStats.p95)} ms, raw p95 ${ms(rawStats.p95)} ms`);
  }
  return results;
}

const report = (results: LatencyResult[]) =>
  printLatencyTable(
    `PostgreSQL, ${ROWS.toLocaleString('en-US')} API log rows over ${TENANTS} tenants; ` +
      `${WARMUP} warm-up + ${MEASURED} sequential requests; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
    'API = loopback round trip measured by the client (ms); raw = the SQL the engine sends for the page (captured ' +
      'from it), through pg as the server role for the reader tenant (ms).',
    results,
  );

await runBench('bench/logs', run, report);
