/**
 * bench/finance: the finance books of issue 35 on PostgreSQL, through the built server with the raw SQL beside it.
 *
 *   npm run bench:finance       # = tsx bench/finance.ts; BENCH_PG_URL overrides postgres://postgres@127.0.0.1:5432/
 *   BENCH_KEEP_DB=1 ...         keep database tenon_bench_finance; a later run reuses its lines (the fill of 5,000,000
 *                               takes minutes) after running any newer migration
 *   --lines 500000              a smaller ledger while developing (the trial balance's share shrinks with it)
 *   --only list,balance,import,expense   some phases; --duration 5 (s a list's load), --connections 1,
 *   --import-lines 100000, --submitters 20, --claims 10 (each submitter's, after one to warm up),
 *   --explain (each list's plan as the owner and as tenon_app, the role the server's requests run as)
 *
 * (1) 明细账: GET ledger/list as the desktop sends it (a page of 10, the period as a voucher-date range, the account
 *     search, the company), loaded with autocannon, and the SQL the engine sends for it (captured from the engine
 *     itself) from as many loops through a pg.Pool. (2) 生成余额 of a company-year from 1,000,000 posted lines
 *     (bench/trial-balance.ts's lines and generation, on this database), then its list. (3) a 用友 U8 序时账 of
 *     100,000 lines through POST ledger/import-books, books-import-progress polled while it runs. (4) expense claims
 *     sent for approval (start-process, the desktop's route) with the budget check by 20 concurrent submitters, then
 *     20 claims of 100 sent at once against a budget of 300 in stop mode, the committed claims counted afterwards.
 *
 * Every phase prints `uptime`'s load beside its figures: the machine is shared.
 */
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import { PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import {
  adminQuery,
  adminUrl,
  api,
  log,
  login,
  migrateAndSeed,
  onCleanup,
  percentile,
  printLatencyTable,
  runBench,
  startServer,
  type LatencyResult,
  type LatencyStats,
} from './support.ts';
import {
  BALANCE_ID_BASE,
  BALANCE_YEAR,
  generateYear,
  insertBalanceLines,
  report as reportBalance,
  type BalanceLines,
  type Results as BalanceResults,
} from './trial-balance.ts';
import { openDatabase, type Db } from '../src/server/db/connect.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { ENTITIES, MODULES } from '../src/server/modules/index.ts';
import { seedFinanceDemo } from '../src/server/modules/finance/demo/subjects.ts';
import { seedDemoCompanies } from '../src/server/modules/system/demo/organisation.ts';
import { SEED } from '../src/server/modules/system/install.ts';
import { EntityService } from '../src/server/platform/entity/service.ts';
import { BENCH_ADMIN, benchEngine } from './engine.ts';

// ---------------------------------------------------------------------------------------------------------------
// Options

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}
const ONLY = (() => {
  const at = process.argv.indexOf('--only');
  return at < 0 ? undefined : new Set(process.argv[at + 1].split(','));
})();
const runs = (phase: 'list' | 'balance' | 'import' | 'expense') => !ONLY || ONLY.has(phase);

const DATABASE = process.env.BENCH_PG_DB || 'tenon_bench_finance';
const KEEP = process.env.BENCH_KEEP_DB === '1';
const EXPLAIN = process.argv.includes('--explain');
const LINES = option('lines', 5_000_000);
const DURATION = option('duration', 5);
const CONNECTIONS = option('connections', 1);
const IMPORT_LINES = option('import-lines', 100_000);
const SUBMITTERS = option('submitters', 20);
/** Claims each submitter sends in the measured load (one more first, to warm up). */
const CLAIMS_EACH = option('claims', 10);
const TARGET = { list: 50, importSeconds: 30, submit: 50 };
const COMPANY = '1010';
/** The ledger's other lines are booked in these years, before the trial balance's BALANCE_YEAR. */
const FIRST_YEAR = BALANCE_YEAR - 5;
/** The year the import's vouchers are booked in: none of the filled lines are. */
const IMPORT_YEAR = BALANCE_YEAR + 1;
/** Ids of the filled lines beyond the trial balance's. */
const OTHER_ID_BASE = BALANCE_ID_BASE + 100_000_000n;
const ADMIN = SEED.userAdmin;
/** The user the claims are sent to for approval (bench/finance adds it). */
const APPROVER = '9100000000000000001';

/** CPU seconds (user + system) a process has used, from /proc; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends of the bench database (the server's pool connections): other databases' are not ours. */
async function backendsOf(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((r) => r.pid);
}

/** The load average over the last minute, as `uptime` says it. */
const load = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** The trial balance's share of a smaller ledger: the full 1,300,000 lines from 5,000,000 on. */
function balanceLines(lines: number): BalanceLines {
  const scale = Math.min(1, lines / 5_000_000);
  return {
    posted: Math.round(1_000_000 * scale),
    unposted: Math.round(100_000 * scale),
    otherCompany: Math.round(200_000 * scale),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The database: migrated, seeded, the demo's companies and accounts, LINES ledger lines

/**
 * The ledger's lines beside the trial balance's: company 1010 (two thirds) and 1020 in the five years before it, in
 * date order as books grow, every month alike; two lines a voucher (a debit and its credit on two of the 40 leaf
 * accounts), posted but the last months' (audited, then unaudited).
 */
async function insertOtherLines(db: Db, count: number): Promise<void> {
  const months = 60;
  await sql`
    insert into erp_ledger (id, tenant_id, org_id, voucher_date, year, month, voucher_word, voucher_no, entry_no,
      summary, subject_code, subject_name, debit_amount, credit_amount, maker, voucher_status, create_user,
      create_dept, create_time, status, is_deleted)
    select ${String(OTHER_ID_BASE)}::bigint + g, '000000', case when v % 3 = 0 then '1020' else '1010' end,
      make_date(${FIRST_YEAR}::int + k / 12, 1 + k % 12, 1 + v % 28), ${FIRST_YEAR}::int + k / 12, 1 + k % 12, '记',
      v, 1 + g % 2, '摘要 ' || (v % 1000), c.codes[1 + (v * 7 + (g % 2) * 3) % array_length(c.codes, 1)],
      c.names[1 + (v * 7 + (g % 2) * 3) % array_length(c.codes, 1)],
      case when g % 2 = 0 then (v % 9973) + 0.5 else 0 end, case when g % 2 = 1 then (v % 9973) + 0.5 else 0 end,
      '管理员', case when k >= ${months - 1} then '0' when k >= ${months - 2} then '1' else '2' end,
      ${ADMIN}, ${SEED.deptRoot}, now()::timestamp(0), 1, 0
    from (select g, g / 2 as v, (g::bigint * ${months} / ${count})::int as k
      from generate_series(0, ${count - 1}::int) g) l,
      (select array_agg(subject_code order by subject_code) as codes, array_agg(full_name order by subject_code) as names
        from (select subject_code, full_name from erp_subject where tenant_id = '000000' and is_leaf = 1
          and is_deleted = 0 order by subject_code limit 40) s) c`.execute(db);
}

/** The database ready: made and filled, or kept from an earlier run (BENCH_KEEP_DB) and migrated. */
async function prepare(): Promise<string> {
  const url = adminUrl(DATABASE);
  let fresh = true;
  try {
    await adminQuery(`create database ${DATABASE}`);
  } catch (error) {
    if (!KEEP) throw error;
    fresh = false;
  }
  if (!KEEP) onCleanup('drop bench database', () => adminQuery(`drop database if exists ${DATABASE} with (force)`));
  const t0 = performance.now();
  if (fresh) await migrateAndSeed(url);
  const database = await openDatabase({ databaseUrl: url, dataDir: tmpdir() });
  try {
    const { db } = database;
    // Newer migrations than the kept database's (an index on millions of lines) run here, not in the server's start.
    if (!fresh) await migrate(db);
    const balance = balanceLines(LINES);
    const other = LINES - balance.posted - balance.unposted - balance.otherCompany;
    const { rows } = await sql<{ n: string }>`select count(*) as n from erp_ledger`.execute(db);
    const have = Number(rows[0].n);
    if (have >= LINES && have <= LINES + IMPORT_LINES) {
      log(`reusing ${DATABASE}: ${have.toLocaleString('en-US')} ledger lines`);
      return url;
    }
    if (have) throw new Error(`${DATABASE} has ${have} ledger lines, not ${LINES}: drop it or run without --lines`);
    await seedDemoCompanies(db);
    await seedFinanceDemo(db);
    // The secondary indexes are built once the lines are in, as the migrations define them.
    const { rows: indexes } = await sql<{ name: string; def: string }>`select indexname as name, indexdef as def
      from pg_indexes where tablename = 'erp_ledger' and indexname <> 'erp_ledger_pkey'`.execute(db);
    for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(db);
    log(`inserting ${LINES.toLocaleString('en-US')} ledger lines …`);
    await insertBalanceLines(db, balance);
    log(`trial balance's ${(LINES - other).toLocaleString('en-US')} lines in (${seconds(t0)} s)`);
    await insertOtherLines(db, other);
    log(`${other.toLocaleString('en-US')} other lines in (${seconds(t0)} s)`);
    await sql`set maintenance_work_mem = '512MB'`.execute(db);
    for (const index of indexes) await sql.raw(index.def).execute(db);
    log(`indexes built (${seconds(t0)} s)`);
    await sql`vacuum analyze erp_ledger`.execute(db);
    const { rows: size } = await sql<{ size: string }>`select pg_size_pretty(pg_total_relation_size('erp_ledger'))
      as size`.execute(db);
    log(`database ready in ${seconds(t0)} s: ${size[0].size} of ledger with its indexes`);
  } finally {
    await database.close();
  }
  return url;
}

const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(0);

// ---------------------------------------------------------------------------------------------------------------
// The SQL a list route sends, captured from the engine

/**
 * What `entity`'s list sends for `query`, captured from the engine itself running it on the bench database as the
 * owner (the modules' hooks on, for the platform's admin), so the raw side follows any change to the route's query:
 * the account search's chart lookup, the page with its capped count, the sums when the count is under the cap. A
 * second engine's run, so that the grants the server keeps are not read, and its capped lists are counted as a
 * first view counts them (the server then remembers a list past the cap for a minute: repeated requests walk the
 * page alone).
 */
async function capturedSql(url: string, entity: string, query: Record<string, string>): Promise<CompiledQuery[]> {
  const pool = new pg.Pool({ connectionString: url, max: 2, options: '-c jit=off' });
  const engine = await benchEngine(new PostgresDialect({ pool }));
  try {
    const fresh = () => {
      const service = new EntityService(
        ENTITIES.find((e) => e.name === entity)!,
        engine.deps,
      );
      for (const module of MODULES) {
        const hooks = module.hooks?.[entity];
        if (hooks) service.use(hooks(engine.services));
      }
      engine.entities.set(entity, service);
      return service;
    };
    await fresh().page(BENCH_ADMIN, query);
    engine.take();
    await fresh().page(BENCH_ADMIN, query);
    return engine.take();
  } finally {
    await engine.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Lists: autocannon through the server, the captured SQL from as many loops through a pg.Pool

interface ListCase {
  name: string;
  entity: string;
  query: Record<string, string>;
}

function ledgerCases(): ListCase[] {
  const year = BALANCE_YEAR - 1;
  // The desktop's search bar sends a date field's range as `_datege` / `_datele`, both days included (crud/fields.ts).
  const month = (m: number) => ({
    voucherDate_datege: `${year}-${String(m).padStart(2, '0')}-01`,
    voucherDate_datele: `${year}-${String(m).padStart(2, '0')}-${m === 2 ? 28 : 30}`,
  });
  const page = { current: '1', size: '10' };
  return [
    { name: 'ledger/list: first page', entity: 'ledger', query: page },
    {
      name: `ledger/list: ${COMPANY}, June ${year}`,
      entity: 'ledger',
      query: { ...page, orgId_equal: COMPANY, ...month(6) },
    },
    {
      name: `ledger/list: ${COMPANY}, June ${year}, account 660201`,
      entity: 'ledger',
      query: { ...page, orgId_equal: COMPANY, ...month(6), subjectCode: '660201' },
    },
    {
      name: `ledger/list: ${COMPANY}, ${year}, account 6602`,
      entity: 'ledger',
      query: {
        ...page,
        orgId_equal: COMPANY,
        voucherDate_datege: `${year}-01-01`,
        voucherDate_datele: `${year}-12-31`,
        subjectCode: '6602',
      },
    },
    {
      name: 'ledger/list: account 1002, every period',
      entity: 'ledger',
      query: { ...page, subjectCode: '1002' },
    },
    {
      name: `ledger/list: ${COMPANY}, December ${year}, 未审核`,
      entity: 'ledger',
      query: { ...page, orgId_equal: COMPANY, ...month(12), voucherStatus_equal: '0' },
    },
  ];
}

function balanceCases(): ListCase[] {
  const page = { current: '1', size: '10', orgId_equal: COMPANY, year_equal: String(BALANCE_YEAR) };
  return [
    { name: `subjectbalance/list: ${COMPANY}, ${BALANCE_YEAR}`, entity: 'subjectbalance', query: page },
    {
      name: `subjectbalance/list: ${COMPANY}, December ${BALANCE_YEAR}`,
      entity: 'subjectbalance',
      query: { ...page, month_equal: '12' },
    },
  ];
}

/** autocannon on `path` with CONNECTIONS for `seconds` (after a 1-s warm-up): each 2xx response's latency. */
async function apiLatencies(port: number, token: string, path: string, seconds: number): Promise<LatencyStats> {
  const run = (duration: number, samples?: number[]) =>
    new Promise<autocannon.Result>((done, reject) => {
      const instance = autocannon(
        {
          url: `http://127.0.0.1:${port}${path}`,
          connections: CONNECTIONS,
          duration,
          headers: { 'Blade-Auth': `bearer ${token}` },
          verifyBody: (body) => body.startsWith('{"code":200,'),
        },
        (error, result) => (error ? reject(error) : done(result)),
      );
      instance.on('response', (_client, status, _bytes, time) => {
        if (status < 300) samples?.push(time);
      });
    });
  await run(1);
  const samples: number[] = [];
  const result = await run(seconds, samples);
  if (result.non2xx || result.errors || result.timeouts || result.mismatches)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.mismatches} mismatches`);
  return stats(samples);
}

function stats(samples: number[]): LatencyStats {
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
}

/** The statements from CONNECTIONS loops for `seconds` (after a 1-s warm-up). */
async function rawLatencies(pool: pg.Pool, statements: CompiledQuery[], seconds: number): Promise<LatencyStats> {
  const loop = async (until: number, samples?: number[]) => {
    while (performance.now() < until) {
      const t0 = performance.now();
      for (const s of statements) await pool.query(s.sql, s.parameters as unknown[]);
      samples?.push(performance.now() - t0);
    }
  };
  const all = (ms: number, samples?: number[]) => {
    const until = performance.now() + ms;
    return Promise.all(Array.from({ length: CONNECTIONS }, () => loop(until, samples)));
  };
  await all(1000);
  const samples: number[] = [];
  await all(seconds * 1000, samples);
  return stats(samples);
}

/** The statement's plan as the owner runs it (the raw side) and as the server's requests do (tenon_app, RLS). */
async function explain(pool: pg.Pool, name: string, statement: CompiledQuery): Promise<void> {
  log(`${name}: ${statement.sql.replace(/\s+/g, ' ')} [${statement.parameters.join(', ')}]`);
  const client = await pool.connect();
  try {
    for (const role of ['owner', 'tenon_app']) {
      await client.query('begin');
      if (role !== 'owner')
        await client.query(`select set_config('app.tenant_id', '000000', true), set_config('role', 'tenon_app', true)`);
      const plan = await client.query(`explain (analyze, buffers) ${statement.sql}`, statement.parameters as unknown[]);
      await client.query('rollback');
      log(`plan as ${role}:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  } finally {
    client.release();
  }
}

async function measureLists(url: string, port: number, token: string, cases: ListCase[]): Promise<LatencyResult[]> {
  // The server's session settings (db/connect.ts): no JIT, every statement planned with its values.
  const pool = new pg.Pool({
    connectionString: url,
    max: CONNECTIONS,
    options: '-c jit=off -c plan_cache_mode=force_custom_plan',
  });
  const closePool = onCleanup('close raw pool', () => pool.end());
  const results: LatencyResult[] = [];
  try {
    for (const c of cases) {
      const statements = await capturedSql(url, c.entity, c.query);
      const path = `/api/blade-system/${c.entity}/list?${new URLSearchParams(c.query)}`;
      const first = await api<{ total: number; totalCapped?: boolean; records: unknown[] }>(port, token, path);
      const page = statements.find((s) => s.sql.includes('"__total"'));
      if (!page) throw new Error(`${c.name}: the engine sent no page with its count`);
      const raw = await pool.query(page.sql, page.parameters as unknown[]);
      if (EXPLAIN) for (const s of statements) await explain(pool, c.name, s);
      const apiStats = await apiLatencies(port, token, path, DURATION);
      const before = load();
      const rawStats = await rawLatencies(pool, statements, DURATION);
      const total = `${first.total.toLocaleString('en-US')}${first.totalCapped ? '+' : ''}`;
      const detail =
        `total ${total} (raw ${raw.rows[0]?.__total ?? '-'}), ${first.records.length} rows, ` +
        `${statements.length} statement(s); load ${before.toFixed(2)} / ${load().toFixed(2)}`;
      log(`${c.name}: ${detail}; API p95 ${apiStats.p95.toFixed(1)} ms, raw p95 ${rawStats.p95.toFixed(1)} ms`);
      results.push({ name: c.name, target: TARGET.list, api: apiStats, raw: rawStats, detail });
    }
  } finally {
    await pool.end();
    closePool();
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------------
// 生成余额 (bench/trial-balance's generation, on this database's lines)

async function measureBalance(url: string): Promise<BalanceResults> {
  const database = await openDatabase({ databaseUrl: url, dataDir: tmpdir() });
  try {
    return await generateYear(database.db);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Import: a 用友 U8 序时账 through ledger/import-books, its progress polled

/**
 * A 用友 U8 序时账 export of `count` lines in IMPORT_YEAR: its title rows (merged), the header, vouchers of two
 * lines (a debit and its credit) numbered 记-0001… in each month, amounts with thousands separators, as U8 prints them.
 */
async function u8Workbook(count: number, accounts: Array<{ code: string; name: string }>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet('序时账');
  sheet.addRow(['序时账']);
  sheet.addRow(['核算单位：常州工厂', null, null, null, `期间：${IMPORT_YEAR}.01-${IMPORT_YEAR}.12`]);
  sheet.mergeCells('A1:H1');
  sheet.mergeCells('A2:D2');
  sheet.addRow(['制单日期', '凭证编号', '摘要', '科目编码', '科目名称', '借方金额', '贷方金额', '制单人']).commit();
  const vouchers = Math.ceil(count / 2);
  const perMonth = Math.ceil(vouchers / 12);
  const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  for (let v = 0; v < vouchers; v++) {
    const month = Math.floor(v / perMonth) + 1;
    const number = (v % perMonth) + 1;
    const date = `${IMPORT_YEAR}-${String(month).padStart(2, '0')}-${String(1 + (number % 28)).padStart(2, '0')}`;
    const voucher = `记-${String(number).padStart(4, '0')}`;
    const amount = 1000 + ((v * 37) % 90000) + 0.25;
    const debit = accounts[v % accounts.length];
    const credit = accounts[(v + 7) % accounts.length];
    sheet.addRow([date, voucher, `导入 ${v}`, debit.code, debit.name, money(amount), null, '张会计']).commit();
    if (2 * v + 1 < count)
      sheet.addRow([date, voucher, `导入 ${v}`, credit.code, credit.name, null, money(amount), '张会计']).commit();
  }
  await book.commit();
  return Buffer.concat(chunks);
}

interface ImportResult {
  lines: number;
  vouchers: number;
  seconds: number;
  bytes: number;
  /** What books-import-progress said, in order, each change once (phase, done of total, ms from the start). */
  progress: Array<{ at: number; phase: string; done: number; total: number }>;
  loadBefore: number;
  loadAfter: number;
}

async function measureImport(url: string, port: number, token: string): Promise<ImportResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let accounts: Array<{ code: string; name: string }>;
  try {
    // Kept databases: the vouchers of an earlier run's import go first.
    await client.query(`delete from erp_ledger where org_id = $1 and year = $2`, [COMPANY, IMPORT_YEAR]);
    const { rows } = await client.query<{ code: string; name: string }>(
      `select subject_code as code, full_name as name from erp_subject where tenant_id = '000000' and is_leaf = 1
        and status = 1 and is_deleted = 0 and coalesce(aux_types, '') = '' order by subject_code limit 40`,
    );
    accounts = rows;
  } finally {
    await client.end();
  }
  const t0 = performance.now();
  const file = await u8Workbook(IMPORT_LINES, accounts);
  log(
    `import: U8 workbook of ${IMPORT_LINES.toLocaleString('en-US')} lines, ${(file.length / 1e6).toFixed(1)} MB, ` +
      `made in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const importId = `bench-${Date.now()}`;
  const form = new FormData();
  form.set('orgId', COMPANY);
  form.set('importId', importId);
  form.set('file', new Blob([new Uint8Array(file)]), 'u8-ledger.xlsx');
  const progress: ImportResult['progress'] = [];
  let finished = false;
  const loadBefore = load();
  const started = performance.now();
  const poll = (async () => {
    while (!finished) {
      const said = await api<{ phase: string; total: number; done: number }>(
        port,
        token,
        `/api/blade-system/ledger/books-import-progress?importId=${importId}`,
      );
      const last = progress[progress.length - 1];
      if (!last || last.phase !== said.phase || last.done !== said.done || last.total !== said.total)
        progress.push({ at: Math.round(performance.now() - started), ...said });
      await new Promise((done) => setTimeout(done, 100));
    }
  })();
  const res = await fetch(`http://127.0.0.1:${port}/api/blade-system/ledger/import-books`, {
    method: 'POST',
    headers: { 'Blade-Auth': `bearer ${token}` },
    body: form,
  });
  const elapsed = (performance.now() - started) / 1000;
  finished = true;
  await poll;
  // What the progress says once the import has answered.
  const last = await api<{ phase: string; total: number; done: number }>(
    port,
    token,
    `/api/blade-system/ledger/books-import-progress?importId=${importId}`,
  );
  progress.push({ at: Math.round(performance.now() - started), ...last });
  const body = (await res.json()) as { code: number; msg?: string; data?: { vouchers: number; lines: number } };
  if (res.status !== 200 || body.code !== 200 || !body.data)
    throw new Error(`import-books: HTTP ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    const { rows } = await check.query(
      `select count(*) as n, sum(debit_amount) = sum(credit_amount) as balanced from erp_ledger
        where org_id = $1 and year = $2 and is_deleted = 0`,
      [COMPANY, IMPORT_YEAR],
    );
    if (Number(rows[0].n) !== IMPORT_LINES || !rows[0].balanced)
      throw new Error(`import: ${rows[0].n} lines stored of ${IMPORT_LINES}, balanced ${rows[0].balanced}`);
    await check.query(`delete from erp_ledger where org_id = $1 and year = $2`, [COMPANY, IMPORT_YEAR]);
  } finally {
    await check.end();
  }
  return { ...body.data, seconds: elapsed, bytes: file.length, progress, loadBefore, loadAfter: load() };
}

// ---------------------------------------------------------------------------------------------------------------
// Expense claims sent for approval with the budget check

const SYS = '/api/blade-system';
const SEND = '/api/blade-desk/process/finance/start-process';
const CONTROL_PARAM_ID = '1123598819738675211';
/** Claims are dated this year (not after today); the race's claims the year before, its own budget. */
const CLAIM_YEAR = Number(new Date().toISOString().slice(0, 4));

interface ExpenseResult {
  submitters: number;
  sent: number;
  latency: LatencyStats;
  seconds: number;
  /** CPU ms a sending cost the server and the database's backends, from /proc. */
  cpu: { server: number; postgres: number; client: number };
  overBudget: number;
  race: { sent: number; passed: number; refused: number; committed: number; committedSum: number; budget: number };
  loadBefore: number;
  loadAfter: number;
}

async function measureExpense(url: string, port: number, token: string, serverPid: number): Promise<ExpenseResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let accounts: string[];
  try {
    // Kept databases: an earlier run's claims and budgets no longer count.
    await client.query(`update erp_expense set is_deleted = 1 where reason like 'bench %'`);
    await client.query(`update erp_expense_situation set is_deleted = 1 where remark = 'bench'`);
    const { rows } = await client.query<{ code: string }>(
      `select subject_code as code from erp_subject where tenant_id = '000000' and is_leaf = 1 and status = 1
        and is_deleted = 0 and left(subject_code, 4) in ('6601', '6602', '5101') order by subject_code`,
    );
    accounts = rows.map((r) => r.code);
    // The approver the claims are sent to: not the claimant (不能选择自己作为审批人); admin's role, never logs in.
    await client.query(
      `insert into blade_user (id, tenant_id, account, password, real_name, role_id, dept_id, status, is_deleted)
      select $1, '000000', 'bench_approver', password, '审批人', role_id, $2, 1, 0 from blade_user where id = $3
      on conflict do nothing`,
      [APPROVER, SEED.deptChangzhou, ADMIN],
    );
    const { rows: linked } = await client.query(`select id from erp_employee where user_id = $1 and is_deleted = 0`, [
      ADMIN,
    ]);
    if (!linked.length)
      await api(port, token, `${SYS}/employee/submit`, 'POST', {
        employeeNo: 'BENCH01',
        name: '管理员',
        sex: 1,
        orgId: COMPANY,
        deptId: SEED.deptChangzhou,
        phone: '13912340001',
        employmentType: '1',
        entryDate: '2020-01-01',
        userId: ADMIN,
      });
  } finally {
    await client.end();
  }
  // A claim's account is a leaf under 6601, 6602 or 5101 (expense.ts).
  if (accounts.length < 2) throw new Error('expense: the demo chart has no expense accounts');
  const raceAccount = accounts[accounts.length - 1];
  const loadAccounts = accounts.slice(0, -1);
  const setMode = (mode: string) =>
    api(port, token, `${SYS}/param/submit`, 'POST', { id: CONTROL_PARAM_ID, paramValue: mode });
  const budget = (year: number, subject: string, total: number) =>
    api(port, token, `${SYS}/expensesituation/submit`, 'POST', {
      year,
      orgId: COMPANY,
      deptId: SEED.deptChangzhou,
      subject,
      amount1: total,
      ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`amount${i + 2}`, 0])),
      remark: 'bench',
    });
  const claim = async (subjectCode: string, amount: string, date: string, n: number) =>
    (
      await api<{ id: string }>(port, token, `${SYS}/expense/submit`, 'POST', {
        expenseType: '1',
        subjectCode,
        expenseDate: date,
        amount,
        invoiceCount: 1,
        reason: `bench ${n}`,
      })
    ).id;
  const starts = await api<{ records: Array<{ id: string; key: string }> }>(
    port,
    token,
    '/api/blade-flow/work/start-list?size=100',
  );
  const definition = starts.records.find((r) => r.key === 'Finance')?.id;
  if (!definition) throw new Error('expense: no Finance process definition to start');
  const send = (id: string) =>
    fetch(`http://127.0.0.1:${port}${SEND}`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ businessId: id, processDefinitionId: definition, taskUser: APPROVER }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { code: number; msg: string } }));

  // Each submitter's account has a budget the claims fit in (accounts shared when there are fewer than submitters).
  await setMode('warn');
  const date = `${CLAIM_YEAR}-01-05`;
  for (const account of loadAccounts) await budget(CLAIM_YEAR, account, 10_000_000);
  log(`expense: ${SUBMITTERS * (CLAIMS_EACH + 1)} draft claims …`);
  const queues: string[][] = [];
  for (let s = 0; s < SUBMITTERS; s++) {
    const queue: string[] = [];
    for (let i = 0; i <= CLAIMS_EACH; i++)
      queue.push(await claim(loadAccounts[s % loadAccounts.length], '100.00', date, s * 1000 + i));
    queues.push(queue);
  }
  const samples: number[] = [];
  const loadBefore = load();
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  onCleanup('close CPU watcher', () => watcher.end());
  const backends = new Set(await backendsOf(watcher));
  const before = new Map([...backends, serverPid].map((pid) => [pid, cpuSeconds(pid)]));
  const clientBefore = process.cpuUsage();
  let started = 0;
  await Promise.all(
    queues.map(async (queue, s) => {
      for (const [i, id] of queue.entries()) {
        if (i === 1 && s === 0) started = performance.now();
        const t0 = performance.now();
        const answer = await send(id);
        if (answer.status !== 200 || answer.body.code !== 200)
          throw new Error(`start-process: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
        if (i > 0) samples.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const submitters = process.cpuUsage(clientBefore);
  const loadAfter = load();
  for (const pid of await backendsOf(watcher)) backends.add(pid);
  const used = (pid: number) => cpuSeconds(pid) - (before.get(pid) ?? 0);
  const sends = SUBMITTERS * (CLAIMS_EACH + 1);
  const cpu = {
    server: (used(serverPid) * 1000) / sends,
    postgres: ([...backends].reduce((sum, pid) => sum + used(pid), 0) * 1000) / sends,
    // This process: the submitters' HTTP (fetch), on the same cores.
    client: (submitters.user + submitters.system) / 1000 / sends,
  };

  // The race: 20 claims of 100 sent at once against a budget of 300, refused over it (stop).
  const raceYear = CLAIM_YEAR - 1;
  await budget(raceYear, raceAccount, 300);
  const racers: string[] = [];
  for (let i = 0; i < 20; i++) racers.push(await claim(raceAccount, '100.00', `${raceYear}-03-10`, 90_000 + i));
  await setMode('stop');
  let answers;
  try {
    answers = await Promise.all(racers.map(send));
  } finally {
    await setMode('warn');
  }
  const passed = answers.filter((a) => a.body.code === 200).length;
  const refused = answers.filter((a) => a.body.code === 400 && a.body.msg.startsWith('超出预算')).length;
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  let committed;
  let overBudget;
  try {
    ({
      rows: [committed],
    } = await check.query(
      `select count(*) as n, coalesce(sum(amount), 0) as total from erp_expense where subject_code = $1
        and expense_date >= $2 and expense_date < $3 and expense_status in ('1', '2', '4') and is_deleted = 0`,
      [raceAccount, `${raceYear}-01-01`, `${raceYear + 1}-01-01`],
    ));
    ({
      rows: [overBudget],
    } = await check.query(`select count(*) as n from erp_expense where reason like 'bench %' and over_budget > 0
      and is_deleted = 0`));
  } finally {
    await check.end();
  }
  return {
    submitters: SUBMITTERS,
    sent: samples.length,
    latency: stats(samples),
    seconds: elapsed,
    cpu,
    overBudget: Number(overBudget.n),
    race: {
      sent: racers.length,
      passed,
      refused,
      committed: Number(committed.n),
      committedSum: Number(committed.total),
      budget: 300,
    },
    loadBefore,
    loadAfter,
  };
}

// ---------------------------------------------------------------------------------------------------------------

interface Results {
  lists: LatencyResult[];
  balance?: BalanceResults & { loadBefore: number; loadAfter: number };
  balanceLists: LatencyResult[];
  imported?: ImportResult;
  expense?: ExpenseResult;
}

async function run(): Promise<Results> {
  const url = await prepare();
  const results: Results = { lists: [], balanceLists: [] };
  if (runs('balance')) {
    const loadBefore = load();
    log('生成余额 …');
    results.balance = { ...(await measureBalance(url)), loadBefore, loadAfter: load() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-finance-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({
    bench: 'bench/finance',
    dataDir,
    databaseUrl: url,
    inheritStderr: true,
    // The server's errors (its JSON log lines at level error or fatal) where the bench's output is.
    onLine: (line) => {
      if (/"level":(50|60)/.test(line)) console.error(`[server] ${line.slice(0, 2000)}`);
    },
  });
  log(`server pid ${server.pid} listening on 127.0.0.1:${server.port}`);
  const token = await login(server.port);
  if (runs('list')) results.lists = await measureLists(url, server.port, token, ledgerCases());
  if (runs('balance')) results.balanceLists = await measureLists(url, server.port, token, balanceCases());
  if (runs('import')) results.imported = await measureImport(url, server.port, token);
  if (runs('expense')) results.expense = await measureExpense(url, server.port, token, server.pid);
  await server.stop();
  return results;
}

function report(results: Results): boolean {
  let ok = true;
  const lists = [...results.lists, ...results.balanceLists];
  if (lists.length)
    ok &&= printLatencyTable(
      `PostgreSQL, ${LINES.toLocaleString('en-US')} ledger lines; autocannon ${CONNECTIONS} connection(s) ` +
        `${DURATION} s a list, the raw SQL from as many loops.`,
      "API = loopback round trip measured by autocannon (ms); raw = the engine's SQL through pg.Pool (ms).",
      lists,
    );
  if (results.balance) {
    const { loadBefore, loadAfter } = results.balance;
    ok &&= reportBalance(results.balance, balanceLines(LINES).posted);
    console.log(`  load ${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)}`);
  }
  if (results.imported) {
    const r = results.imported;
    const phases = [...new Set(r.progress.map((p) => p.phase))];
    const reads = r.progress.filter((p) => p.phase === 'read' && p.done > 0).length;
    const writes = r.progress.filter((p) => p.phase === 'write' && p.done > 0).length;
    console.log(
      `\nimport-books, 用友 U8 序时账: ${r.lines.toLocaleString('en-US')} lines, ${r.vouchers.toLocaleString('en-US')} ` +
        `vouchers, ${(r.bytes / 1e6).toFixed(1)} MB: ${r.seconds.toFixed(1)} s (load ${r.loadBefore.toFixed(2)} / ` +
        `${r.loadAfter.toFixed(2)})`,
    );
    console.log(
      `  progress: ${r.progress.length} changes seen, phases ${phases.join(' → ')}, ${reads} while reading, ` +
        `${writes} while writing`,
    );
    console.log(`  ${r.progress.map((p) => `${p.at} ms ${p.phase} ${p.done}/${p.total}`).join('; ')}`.slice(0, 2000));
    const advanced = reads > 1 && phases.includes('done');
    const fast = r.seconds < TARGET.importSeconds;
    console.log(
      `target: < ${TARGET.importSeconds} s with progress: ${fast && advanced ? 'PASS' : 'FAIL'}` +
        `${advanced ? '' : ' (the progress did not advance)'}`,
    );
    ok &&= fast && advanced;
  }
  if (results.expense) {
    const e = results.expense;
    const p = (v: number) => v.toFixed(1);
    console.log(
      `\nexpense claims sent for approval (start-process, budget check), ${e.submitters} concurrent submitters: ` +
        `${e.sent} claims in ${e.seconds.toFixed(2)} s (${(e.sent / e.seconds).toFixed(0)}/s), p50 ${p(e.latency.p50)}, ` +
        `p95 ${p(e.latency.p95)}, p99 ${p(e.latency.p99)} ms; load ${e.loadBefore.toFixed(2)} / ${e.loadAfter.toFixed(2)}`,
    );
    const cores = availableParallelism();
    const { server, postgres, client } = e.cpu;
    console.log(
      `  CPU a sending (warm-up included): server ${p(server)} ms, PostgreSQL ${p(postgres)} ms, the submitters ` +
        `${p(client)} ms: the ${cores} cores carry at most ${((cores * 1000) / (server + postgres + client)).toFixed(0)} ` +
        `sendings/s; a p95 under ${TARGET.submit} ms with ${e.submitters} in flight needs at least ` +
        `${((e.submitters * 1000) / TARGET.submit).toFixed(0)}/s (Little's law: ${e.submitters} / ${TARGET.submit} ms)`,
    );
    const fast = e.latency.p95 < TARGET.submit;
    console.log(`target: p95 < ${TARGET.submit} ms: ${fast ? 'PASS' : 'FAIL'}`);
    const r = e.race;
    const held = r.committedSum <= r.budget && r.passed === r.committed && r.passed + r.refused === r.sent;
    console.log(
      `${r.sent} claims of 100 sent at once against a budget of ${r.budget} (stop): ${r.passed} passed, ${r.refused} ` +
        `refused (超出预算); committed afterwards: ${r.committed} claims, ${r.committedSum.toFixed(2)}`,
    );
    console.log(`target: never more committed than the budget: ${held ? 'PASS' : 'FAIL'}`);
    ok &&= fast && held;
  }
  return ok;
}

await runBench('bench/finance', run, report);
