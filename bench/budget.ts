/**
 * bench/budget: the budget grids' 合计 and pages over 1,000,000 rows and the financial budget's batches on PostgreSQL
 * (issue 14), each beside its raw SQL in the same run.
 *
 *   node_modules/.bin/tsx bench/budget.ts       # BENCH_PG_URL overrides postgres://postgres@127.0.0.1:5432/
 *   BENCH_KEEP_DB=1 ...   keep database tenon_bench_budget afterwards; a later run with it set reuses the filled
 *                         tables (the fill takes minutes)
 *   --reads / --writes    measure only the GETs / only the batches; --explain prints each GET's raw plan
 *
 * (1) GET budgetsituation/stat and budgetfill/stat (the grids' 合计) of one year of one company, 40,000 of the
 *     1,000,000 rows of each table; target p95 < 200 ms.
 * (2) GET budgetsituation/page, budgetfill/list and financebudget/page of 100 rows with the same filter (20,000 rows
 *     match in financebudget); target p95 < 50 ms.
 *     30 warm-up and 300 measured sequential requests each, as `admin`; the raw side runs the SQL the engine sends
 *     (captured from its own Kysely calls, compiled for the platform's admin, not run) through a pg.Pool (max 1).
 * (3) POST financebudget/batchsave of 2,000 new rows of a company's next year; target < 2 s. Raw: the same rows
 *     inserted as insertRows does (500 a statement, one transaction).
 * (4) POST financebudget/batchcopy of a year of 100,000 rows (5 companies) to the next, empty, year; target < 10 s.
 *     Raw: one INSERT … SELECT of the copies. Each batch round's rows are deleted (and the table vacuumed) afterwards.
 *
 * The rows (tenant 000000, years 2021–2025, 5 companies of 4 departments each: the seeded 常州 and 苏州 companies with
 * the demo's codes 1010 and 1020, and 1030–1050 made the same way, company departments under the group whose remark
 * is the code) are inserted with generate_series with the tables' secondary indexes dropped and then built again as
 * the migrations define them, then VACUUM ANALYZE. Accounts are the seeded chart's leaves after the finance demo's
 * accounts. The server runs as a child process (row-level security on). Exit code 1 when a request failed or a
 * target was missed.
 */
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompiledQuery } from 'kysely';
import {
  adminQuery,
  adminUrl,
  api,
  log,
  login,
  measureSequential,
  onCleanup,
  printLatencyTable,
  runBench,
  startServer,
  type LatencyResult,
} from './support.ts';
import { BENCH_ADMIN, benchEngine, compilingDialect } from './engine.ts';
import { openDatabase } from '../src/server/db/connect.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seed } from '../src/server/db/seed/seed.ts';
import { MODULES } from '../src/server/modules/index.ts';
import { monthlyStat } from '../src/server/modules/budget/budget-stat.ts';
import { seedFinanceDemo } from '../src/server/modules/finance/demo/subjects.ts';
import { productRowPage } from '../src/server/platform/product-row.ts';
import { seedDemoCompanies } from '../src/server/modules/system/demo/organisation.ts';
import { SEED } from '../src/server/modules/system/install.ts';
import { EntityService } from '../src/server/platform/entity/service.ts';
import { APPROVE_STATUS } from '../src/shared/entities/budget/budget-fill.ts';
import { MONTHS } from '../src/shared/entities/month-row.ts';

const DB_NAME = 'tenon_bench_budget';
const KEEP = process.env.BENCH_KEEP_DB === '1';
const EXPLAIN = process.argv.includes('--explain');
const WARMUP = 30;
const MEASURED = 300;
const YEARS = [2021, 2022, 2023, 2024, 2025];
/** The year and company the GETs filter on; the copy goes from YEAR to YEAR + 1. */
const YEAR = 2025;
const COMPANY = '1030';
const COMPANIES = ['1010', '1020', '1030', '1040', '1050'];
const DEPTS_PER_COMPANY = 4;
/** Rows of one company in one year: 5 years x 5 companies x 40,000 = 1,000,000 (situation and fill each). */
const PER_COMPANY_YEAR = 40_000;
/** Financial budget: 20,000 a company and year, so a year is 100,000 (500,000 in all). */
const FINANCE_PER_COMPANY_YEAR = 20_000;
const SAVE_ROWS = 2_000;
const SAVE_ROUNDS = 3;
const COPY_ROUNDS = 2;
const TARGET = { stat: 200, page: 50, saveSeconds: 2, copySeconds: 10 };
const TENANT = '000000';
const BASE = {
  situation: 400000000000000000n,
  fill: 410000000000000000n,
  finance: 420000000000000000n,
  dept: 430000000000000000n,
  raw: 440000000000000000n,
};
const ADMIN = SEED.userAdmin;
const ROOT_DEPT = SEED.deptRoot;
/** The company departments: the seeded two (codes from seedDemoCompanies) and three more under the group. */
const COMPANY_DEPTS = [SEED.deptChangzhou, SEED.deptSuzhou, ...[3, 4, 5].map((n) => String(BASE.dept + BigInt(n)))];
const COMPANY_NAMES = ['', '', '无锡布雷德', '南通布雷德', '扬州布雷德'];
const DEPT_NAMES = ['财务部', '生产部', '采购部', '销售部'];
/** Department k (0..3) of company c (0..4). */
const deptOf = (c: number, k: number) => String(BASE.dept + 100n + BigInt(c * 10 + k));

/** An SQL list of the twelve months' expressions. */
const months = (value: (m: number) => string) => MONTHS.map((m) => value(m)).join(', ');
const monthCols = (prefix: string) => MONTHS.map((m) => `${prefix}${m}`).join(', ');

/**
 * The monthly amounts of row `g` from its base `a` (1,000–100,999): budgets growing through the year, actuals for
 * January–September at 70–129 % of budget, none yet for the last quarter; completions and totals as the server
 * derives them (finishRate: 4 decimals, null for a zero budget).
 */
const AMOUNTS = `lateral (select ${MONTHS.map((m) => `round(k.a * ${(1 + m / 20).toFixed(2)}, 2) as amount${m}`).join(', ')},
    ${MONTHS.map((m) => (m <= 9 ? `round(k.a * ${(1 + m / 20).toFixed(2)} * (0.7 + ((g + ${m}) % 60) / 100.0), 2)` : '0::numeric') + ` as actual${m}`).join(', ')}) v,
  lateral (select ${MONTHS.map((m) => `v.amount${m}`).join(' + ')} as total_amount,
    ${MONTHS.map((m) => `v.actual${m}`).join(' + ')} as total_actual) t`;
const FINISHES = months((m) => `round(v.actual${m} / nullif(v.amount${m}, 0), 4)`);

/** Row g's year, company (index c, code org), number n within its company and year, base amount a, account. */
const KEYS = (
  perCompanyYear: number,
) => `lateral (select ${YEARS[0]} + (g / ${perCompanyYear * COMPANIES.length})::int as year,
    (g % ${COMPANIES.length})::int as c, ($2::text[])[1 + g % ${COMPANIES.length}] as org,
    ((g % ${perCompanyYear * COMPANIES.length}) / ${COMPANIES.length})::int as n,
    1000 + abs(hashint8(g)) % 100000 as a) k0,
  lateral (select k0.*, ($3::text[])[1 + k0.n % cardinality($3::text[])] as subject,
    ($4::text[])[1 + k0.n % cardinality($4::text[])] as subject_name) k`;

const SITUATION_FILL = `
  insert into erp_budget_situation (id, tenant_id, year, org_id, dept_id, budget_type, subject, title, customer_name,
    project, sort, remark, ${monthCols('amount')}, ${monthCols('actual')}, ${monthCols('finish')}, total_amount,
    total_actual, total_finish, approve_status, approve_user, approve_time, create_user, create_dept, create_time,
    update_user, update_time, status, is_deleted)
  select $1::bigint + g, '${TENANT}', k.year, k.org, ${BASE.dept + 100n}::bigint + k.c * 10 + k.n % ${DEPTS_PER_COMPANY},
    case when k.n % 10 < 7 then '1' else '3' end, k.subject, k.subject_name || '-' || lpad(k.n::text, 5, '0'),
    case when k.n % 4 = 0 then '客户' || (k.n % 50) else '' end, case when k.n % 3 = 0 then 'P' || (k.n % 200) else '' end,
    k.n % 100, '', ${monthCols('v.amount')}, ${monthCols('v.actual')}, ${FINISHES}, t.total_amount, t.total_actual,
    round(t.total_actual / nullif(t.total_amount, 0), 4), '2', ${ADMIN}, make_timestamp(k.year - 1, 12, 20, 10, 0, 0),
    ${ADMIN}, ${ROOT_DEPT}, make_timestamp(k.year - 1, 12, 1, 9, 0, 0), ${ADMIN}, make_timestamp(k.year, 10, 1, 9, 0, 0),
    1, 0
  from generate_series($5::bigint, $6::bigint) g, ${KEYS(PER_COMPANY_YEAR)}, ${AMOUNTS}`;

/** The lines of a year behind its situation: earlier years approved, the measured year in every state. */
const BUDGET_FILL = `
  insert into erp_budget_fill (id, tenant_id, year, org_id, dept_id, budget_type, subject, title, sort, remark,
    ${monthCols('amount')}, total_amount, approve_status, submit_user, submit_time, approve_user, approve_time,
    create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
  select $1::bigint + g, '${TENANT}', k.year, k.org, ${BASE.dept + 100n}::bigint + k.c * 10 + k.n % ${DEPTS_PER_COMPANY},
    case when k.n % 10 < 7 then '1' else '3' end, k.subject, k.subject_name || '-' || lpad(k.n::text, 5, '0'),
    k.n % 100, '', ${monthCols('v.amount')}, t.total_amount, s.state,
    case when s.state <> '0' then ${ADMIN}::bigint end, case when s.state <> '0' then make_timestamp(k.year - 1, 12, 10, 9, 0, 0) end,
    case when s.state in ('2', '3') then ${ADMIN}::bigint end,
    case when s.state in ('2', '3') then make_timestamp(k.year - 1, 12, 20, 10, 0, 0) end,
    ${ADMIN}, ${ROOT_DEPT}, make_timestamp(k.year - 1, 12, 1, 9, 0, 0), ${ADMIN}, make_timestamp(k.year - 1, 12, 1, 9, 0, 0),
    1, 0
  from generate_series($5::bigint, $6::bigint) g, ${KEYS(PER_COMPANY_YEAR)}, ${AMOUNTS},
    lateral (select case when k.year < ${YEAR} or k.n % 10 < 6 then '2' when k.n % 10 < 8 then '1'
      when k.n % 10 < 9 then '0' else '3' end as state) s`;

const FINANCE_FILL = `
  insert into erp_finance_budget (id, tenant_id, year, org_id, subject, title, sort, remark, ${monthCols('amount')},
    ${monthCols('actual')}, ${monthCols('finish')}, total_amount, total_actual, total_finish, create_user, create_dept,
    create_time, update_user, update_time, status, is_deleted)
  select $1::bigint + g, '${TENANT}', k.year, k.org, k.subject, k.subject_name || '-' || lpad(k.n::text, 5, '0'),
    k.n % 100, '', ${monthCols('v.amount')}, ${monthCols('v.actual')}, ${FINISHES}, t.total_amount, t.total_actual,
    round(t.total_actual / nullif(t.total_amount, 0), 4), ${ADMIN}, ${ROOT_DEPT}, make_timestamp(k.year - 1, 12, 1, 9, 0, 0),
    ${ADMIN}, make_timestamp(k.year, 10, 1, 9, 0, 0), 1, 0
  from generate_series($5::bigint, $6::bigint) g, ${KEYS(FINANCE_PER_COMPANY_YEAR)}, ${AMOUNTS}`;

const TABLES = [
  { table: 'erp_budget_situation', fill: SITUATION_FILL, base: BASE.situation, rows: PER_COMPANY_YEAR },
  { table: 'erp_budget_fill', fill: BUDGET_FILL, base: BASE.fill, rows: PER_COMPANY_YEAR },
  { table: 'erp_finance_budget', fill: FINANCE_FILL, base: BASE.finance, rows: FINANCE_PER_COMPANY_YEAR },
] as const;
const totalRows = (perCompanyYear: number) => perCompanyYear * COMPANIES.length * YEARS.length;

async function filled(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    // Each table's last row is there.
    let found = 0;
    for (const { table, base, rows } of TABLES) {
      const last = String(base + BigInt(totalRows(rows) - 1));
      found += (await client.query(`select 1 from ${table} where id = $1`, [last])).rowCount ?? 0;
    }
    return found === TABLES.length;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Leaf accounts of the chart (after the finance demo's second level) that budgets are kept on: costs and P&L. */
async function leafAccounts(client: pg.Client): Promise<Array<{ code: string; name: string }>> {
  const { rows } = await client.query(
    `select subject_code as code, full_name as name from erp_subject where tenant_id = $1 and is_deleted = 0
      and is_leaf = 1 and left(subject_code, 1) in ('5', '6') order by subject_code`,
    [TENANT],
  );
  if (rows.length < 10) throw new Error(`only ${rows.length} leaf accounts`);
  return rows;
}

/** Rows of the next year and of this bench's batches go; the tables as autovacuum would leave them. */
async function removeBatchRows(client: pg.Client): Promise<void> {
  await client.query(`delete from erp_finance_budget where year > $1`, [YEARS[YEARS.length - 1]]);
  await client.query('vacuum analyze erp_finance_budget');
}

async function prepare(): Promise<string> {
  const url = adminUrl(DB_NAME);
  if (KEEP && (await filled(url))) {
    log(`reusing ${DB_NAME} (BENCH_KEEP_DB=1)`);
    // Migrations added since (an index) run here rather than in the server's start, which the bench waits 60 s for.
    const database = await openDatabase({ databaseUrl: url, dataDir: tmpdir() });
    await migrate(database.db).finally(() => database.close());
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await removeBatchRows(client)
      .then(() => client.query('analyze'))
      .finally(() => client.end());
    return url;
  }
  await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
  await adminQuery(`create database ${DB_NAME}`);
  if (!KEEP) onCleanup(`drop database ${DB_NAME}`, () => adminQuery(`drop database if exists ${DB_NAME} with (force)`));
  const t0 = performance.now();
  // The server's own migrate and seed, then the demo's company codes and second-level accounts.
  const database = await openDatabase({ databaseUrl: url, dataDir: tmpdir() });
  try {
    await migrate(database.db);
    await seed(database.db, MODULES);
    await seedDemoCompanies(database.db);
    await seedFinanceDemo(database.db);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Three more companies beside the seeded two, made as seedDemoCompanies makes them (a department under the
    // group whose remark is the code), and four departments under each.
    const depts: unknown[][] = [];
    for (const [c, id] of COMPANY_DEPTS.entries()) {
      if (c >= 2) depts.push([id, ROOT_DEPT, `0,${ROOT_DEPT}`, COMPANY_NAMES[c], 10 + c, COMPANIES[c]]);
      for (const [k, name] of DEPT_NAMES.entries())
        depts.push([deptOf(c, k), id, `0,${ROOT_DEPT},${id}`, name, k + 1, '']);
    }
    await client.query(
      `insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, remark,
        is_deleted)
      select d[1]::bigint, $1, d[2]::bigint, d[3], 1, d[4], d[4], d[5]::int, d[6], 0
      from jsonb_array_elements($2::jsonb) j, lateral (select array(select jsonb_array_elements_text(j.value)) d) x`,
      [TENANT, JSON.stringify(depts)],
    );
    const { rows: codes } = await client.query(
      `select remark from blade_dept where id = any($1::bigint[]) order by array_position($1::bigint[], id)`,
      [COMPANY_DEPTS],
    );
    if (codes.map((r) => r.remark).join() !== COMPANIES.join())
      throw new Error(`company codes ${codes.map((r) => r.remark).join()}, expected ${COMPANIES.join()}`);
    const accounts = await leafAccounts(client);
    log(`migrated and seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s; ${accounts.length} leaf accounts`);
    for (const { table, fill, base, rows } of TABLES) {
      const t1 = performance.now();
      // Bulk load as a migration of old data would: secondary indexes dropped, rows in, indexes built again.
      const { rows: indexes } = await client.query(
        `select indexname, indexdef from pg_indexes where tablename = $1 and indexname <> $1 || '_pkey'`,
        [table],
      );
      for (const index of indexes) await client.query(`drop index ${index.indexname}`);
      const total = totalRows(rows);
      const chunk = 250_000;
      for (let start = 0; start < total; start += chunk)
        await client.query(fill, [
          String(base),
          COMPANIES,
          accounts.map((a) => a.code),
          accounts.map((a) => a.name),
          start,
          Math.min(start + chunk, total) - 1,
        ]);
      await client.query("set maintenance_work_mem = '512MB'");
      for (const index of indexes) await client.query(index.indexdef);
      await client.query(`vacuum analyze ${table}`);
      const { rows: size } = await client.query(`select pg_size_pretty(pg_total_relation_size($1)) size`, [table]);
      log(
        `${table}: ${total.toLocaleString('en-US')} rows, ${size[0].size} with indexes ` +
          `(${((performance.now() - t1) / 1000).toFixed(0)} s)`,
      );
    }
    await client.query('analyze');
  } finally {
    await client.end();
  }
  log(`database ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return url;
}

// ---------------------------------------------------------------------------------------------------------------
// The SQL the routes send, captured from the engine

/** budgetfill/stat's counts by approval state (budget-fill.routes.ts). */
const FILL_STATE_COUNTS = {
  column: 'approve_status',
  values: {
    draftCount: APPROVE_STATUS.draft,
    submittedCount: APPROVE_STATUS.submitted,
    approvedCount: APPROVE_STATUS.approved,
    rejectedCount: APPROVE_STATUS.rejected,
  },
};

const MEASURED_ENTITIES = ['budgetsituation', 'budgetfill', 'financebudget'];

interface ReadCase {
  name: string;
  path: string;
  target: number;
  /** What the route runs, against the engine's services. */
  run: (services: Map<string, EntityService>) => Promise<unknown>;
  /** The raw result's row count (the stat's rowCount, the page's total) and the API's. */
  rawCount: (rows: Array<Record<string, unknown>>) => number;
  apiCount: (data: Record<string, unknown>) => string;
}

function readCases(): ReadCase[] {
  const filter = { year_equal: String(YEAR), orgId_equal: COMPANY };
  const page = { current: '1', size: '100', ...filter };
  const path = (entity: string, action: string, query: Record<string, string>) =>
    `/api/blade-system/${entity}/${action}?${new URLSearchParams(query)}`;
  const statCount = (rows: Array<Record<string, unknown>>) => Number(rows[0]?.rowCount);
  const pageCount = (rows: Array<Record<string, unknown>>) => Number(rows[0]?.__total);
  const pageTotal = (data: Record<string, unknown>) =>
    `${data.total}${data.totalCapped ? '+' : ''} (${(data.records as unknown[]).length} rows)`;
  return [
    {
      name: 'GET budgetsituation/stat',
      path: path('budgetsituation', 'stat', filter),
      target: TARGET.stat,
      run: async (s) =>
        monthlyStat(await s.get('budgetsituation')!.matchingRows(BENCH_ADMIN, filter), { actuals: true }),
      rawCount: statCount,
      apiCount: (data) => `rowCount ${data.rowCount}, totalAmount ${data.totalAmount}`,
    },
    {
      name: 'GET budgetfill/stat',
      path: path('budgetfill', 'stat', filter),
      target: TARGET.stat,
      run: async (s) =>
        monthlyStat(await s.get('budgetfill')!.matchingRows(BENCH_ADMIN, filter), {
          actuals: false,
          counts: FILL_STATE_COUNTS,
        }),
      rawCount: statCount,
      apiCount: (data) =>
        `rowCount ${data.rowCount} (approved ${data.approvedCount}, submitted ${data.submittedCount}), ` +
        `totalAmount ${data.totalAmount}`,
    },
    {
      name: 'GET budgetsituation/page (100 rows)',
      path: path('budgetsituation', 'page', page),
      target: TARGET.page,
      run: (s) => productRowPage(s.get('budgetsituation')!, BENCH_ADMIN, page),
      rawCount: pageCount,
      apiCount: pageTotal,
    },
    {
      // The lines' grid reads `list` (paged, as `page` is elsewhere): their API has no `page`.
      name: 'GET budgetfill/list (100 rows)',
      path: path('budgetfill', 'list', page),
      target: TARGET.page,
      run: (s) => s.get('budgetfill')!.page(BENCH_ADMIN, page),
      rawCount: pageCount,
      apiCount: pageTotal,
    },
    {
      name: 'GET financebudget/page (100 rows)',
      path: path('financebudget', 'page', page),
      target: TARGET.page,
      run: (s) => s.get('financebudget')!.page(BENCH_ADMIN, page),
      rawCount: pageCount,
      apiCount: pageTotal,
    },
  ];
}

/**
 * What each case's route sends, captured from the engine itself (compiled for the platform's admin against a driver
 * that answers nothing), so the raw side follows any change to the routes' queries. The second run's statements:
 * the first also reads the grants, which the server keeps.
 */
async function capturedSql(cases: ReadCase[]): Promise<CompiledQuery[][]> {
  const engine = await benchEngine(compilingDialect());
  // The modules' list filters (the dimension search of budgetsituation) take part in the SQL.
  for (const module of MODULES)
    for (const [name, hooks] of Object.entries(module.hooks ?? {}))
      if (MEASURED_ENTITIES.includes(name)) engine.entities.get(name)!.use(hooks(engine.services));
  const result: CompiledQuery[][] = [];
  try {
    for (const c of cases) {
      await c.run(engine.entities);
      engine.take();
      await c.run(engine.entities);
      result.push(engine.take());
    }
  } finally {
    await engine.close();
  }
  return result;
}

async function measureReads(url: string, port: number, token: string): Promise<LatencyResult[]> {
  const cases = readCases();
  const statements = await capturedSql(cases);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  onCleanup('close raw pool', () => pool.end());
  const results: LatencyResult[] = [];
  for (const [i, c] of cases.entries()) {
    const sqls = statements[i];
    if (sqls.length !== 1) throw new Error(`${c.name}: the engine sent ${sqls.length} statements, expected 1`);
    const [statement] = sqls;
    log(`${c.name}: raw SQL ${statement.sql.replace(/\s+/g, ' ')} [${statement.parameters.join(', ')}]`);
    const first = await api<Record<string, unknown>>(port, token, c.path);
    const raw = await pool.query(statement.sql, statement.parameters as unknown[]);
    if (EXPLAIN) {
      const plan = await pool.query(`explain (analyze, buffers) ${statement.sql}`, statement.parameters as unknown[]);
      log(`${c.name}: plan\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    const apiStats = await measureSequential(
      async () => {
        await api(port, token, c.path);
      },
      WARMUP,
      MEASURED,
    );
    const rawStats = await measureSequential(
      async () => {
        await pool.query(statement.sql, statement.parameters as unknown[]);
      },
      WARMUP,
      MEASURED,
    );
    const detail = `${c.apiCount(first)}; raw count ${c.rawCount(raw.rows).toLocaleString('en-US')}`;
    log(`${c.name}: ${detail}; API p95 ${apiStats.p95.toFixed(1)} ms, raw p95 ${rawStats.p95.toFixed(1)} ms`);
    results.push({ name: c.name, target: c.target, api: apiStats, raw: rawStats, detail });
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------------
// Batches

interface BatchResult {
  name: string;
  target: number;
  /** Seconds of each round. */
  api: number[];
  raw: number[];
  detail: string;
}

const seconds = (t0: number) => (performance.now() - t0) / 1000;

/** A row of a batch as the screen sends it; `amount1`..`amount12` beside the key. */
type PastedRow = { year: number; orgId: string; subject: string; title: string; sort: number } & Record<
  `amount${number}`,
  number
>;

/** 2,000 new rows of COMPANY's next year as pasted from Excel: account, caption and the twelve budgets. */
function saveRows(round: number, accounts: Array<{ code: string; name: string }>): PastedRow[] {
  return Array.from({ length: SAVE_ROWS }, (_, n) => {
    const account = accounts[n % accounts.length];
    const a = 1000 + ((n * 7919 + round * 31) % 100_000);
    return {
      year: YEAR + 1,
      orgId: COMPANY,
      subject: account.code,
      title: `${account.name}-批量${round}-${String(n).padStart(4, '0')}`,
      sort: n % 100,
      ...Object.fromEntries(MONTHS.map((m) => [`amount${m}`, Math.round(a * (1 + m / 20) * 100) / 100])),
    };
  });
}

/** The same rows as the table holds them (derived totals, audit columns), inserted as insertRows does. */
async function rawSave(client: pg.Client, rows: PastedRow[], round: number): Promise<void> {
  const columns = [
    'id',
    'tenant_id',
    'year',
    'org_id',
    'subject',
    'title',
    'sort',
    ...MONTHS.map((m) => `amount${m}`),
    'total_amount',
    'create_user',
    'create_dept',
    'create_time',
    'update_user',
    'update_time',
  ];
  await client.query('begin');
  for (let i = 0; i < rows.length; i += 500) {
    const values: unknown[] = [];
    const tuples = rows.slice(i, i + 500).map((row, j) => {
      const cents = MONTHS.reduce((sum, m) => sum + Math.round((row[`amount${m}`] as number) * 100), 0);
      const tuple = [
        String(BASE.raw + BigInt(round * 10_000 + i + j)),
        TENANT,
        row.year,
        row.orgId,
        row.subject,
        row.title,
        row.sort,
        ...MONTHS.map((m) => row[`amount${m}`]),
        cents / 100,
        ADMIN,
        ROOT_DEPT,
        '2026-01-01 00:00:00',
        ADMIN,
        '2026-01-01 00:00:00',
      ];
      const start = values.length;
      values.push(...tuple);
      return `(${tuple.map((_, k) => `$${start + k + 1}`).join(', ')})`;
    });
    await client.query(`insert into erp_finance_budget (${columns.join(', ')}) values ${tuples.join(', ')}`, values);
  }
  await client.query('commit');
}

/** The copy in one statement: the year's rows whose key the next year lacks, actuals 0, totals and completions anew. */
const RAW_COPY = `
  insert into erp_finance_budget (id, tenant_id, year, org_id, subject, title, sort, remark, ${monthCols('amount')},
    ${monthCols('actual')}, ${monthCols('finish')}, total_amount, total_actual, total_finish, create_user, create_dept,
    create_time, update_user, update_time, status, is_deleted)
  select $3::bigint + row_number() over (), s.tenant_id, s.year + 1, s.org_id, s.subject, s.title, s.sort, s.remark,
    ${monthCols('s.amount')}, ${months(() => '0')}, ${months((m) => `case when s.amount${m} = 0 then null else 0 end`)},
    s.total_amount, 0, case when s.total_amount = 0 then null else 0 end, ${ADMIN}, ${ROOT_DEPT}, now()::timestamp(0),
    ${ADMIN}, now()::timestamp(0), s.status, 0
  from erp_finance_budget s
  where s.tenant_id = $1 and s.year = $2 and s.is_deleted = 0 and not exists (select 1 from erp_finance_budget n
    where n.tenant_id = s.tenant_id and n.year = s.year + 1 and n.org_id = s.org_id and n.subject = s.subject
      and n.title = s.title and n.is_deleted = 0)`;

async function measureBatches(url: string, port: number, token: string): Promise<BatchResult[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  onCleanup('close batch client', () => client.end());
  const accounts = await leafAccounts(client);
  const count = async (year: number) =>
    Number((await client.query(`select count(*) n from erp_finance_budget where year = $1`, [year])).rows[0].n);
  const save: BatchResult = {
    name: `POST financebudget/batchsave (${SAVE_ROWS.toLocaleString('en-US')} new rows)`,
    target: TARGET.saveSeconds,
    api: [],
    raw: [],
    detail: '',
  };
  for (let round = 0; round < SAVE_ROUNDS; round++) {
    const rows = saveRows(round, accounts);
    let t0 = performance.now();
    const saved = await api<{ inserted: number; updated: number }>(
      port,
      token,
      '/api/blade-system/financebudget/batchsave',
      'POST',
      rows,
    );
    save.api.push(seconds(t0));
    if (saved.inserted !== SAVE_ROWS || (await count(YEAR + 1)) !== SAVE_ROWS)
      throw new Error(`batchsave: ${JSON.stringify(saved)}, ${await count(YEAR + 1)} rows in ${YEAR + 1}`);
    await removeBatchRows(client);
    t0 = performance.now();
    await rawSave(client, rows, round);
    save.raw.push(seconds(t0));
    await removeBatchRows(client);
    log(`batchsave round ${round + 1}: API ${save.api[round].toFixed(2)} s, raw ${save.raw[round].toFixed(2)} s`);
  }
  save.detail = `inserted ${SAVE_ROWS} each round`;

  const source = await count(YEAR);
  const copy: BatchResult = {
    name: `POST financebudget/batchcopy (${source.toLocaleString('en-US')} rows of ${YEAR})`,
    target: TARGET.copySeconds,
    api: [],
    raw: [],
    detail: '',
  };
  for (let round = 0; round < COPY_ROUNDS; round++) {
    let t0 = performance.now();
    const copied = await api<{ copied: number; skipped: number }>(
      port,
      token,
      '/api/blade-system/financebudget/batchcopy',
      'POST',
      { year: YEAR },
    );
    copy.api.push(seconds(t0));
    const landed = await count(YEAR + 1);
    if (copied.copied !== source || landed !== source)
      throw new Error(`batchcopy: ${JSON.stringify(copied)}, ${landed} rows in ${YEAR + 1}, expected ${source}`);
    await removeBatchRows(client);
    t0 = performance.now();
    const raw = await client.query(RAW_COPY, [TENANT, YEAR, String(BASE.raw + 1_000_000n)]);
    copy.raw.push(seconds(t0));
    if (raw.rowCount !== source) throw new Error(`raw copy: ${raw.rowCount} rows, expected ${source}`);
    await removeBatchRows(client);
    log(`batchcopy round ${round + 1}: API ${copy.api[round].toFixed(2)} s, raw ${copy.raw[round].toFixed(2)} s`);
  }
  copy.detail = `copied ${source} each round, skipped 0`;
  return [save, copy];
}

// ---------------------------------------------------------------------------------------------------------------

async function run() {
  const url = await prepare();
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-budget-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({ bench: 'bench/budget', dataDir, databaseUrl: url });
  log(`server pid ${server.pid} listening on 127.0.0.1:${server.port}`);
  const token = await login(server.port);
  const load = [loadAverage()];
  const reads = process.argv.includes('--writes') ? [] : await measureReads(url, server.port, token);
  load.push(loadAverage());
  const batches = process.argv.includes('--reads') ? [] : await measureBatches(url, server.port, token);
  load.push(loadAverage());
  return { reads, batches, load };
}

/** The 1-minute load average: this is a 2-core machine that other work shares, and the figures move with it. */
const loadAverage = () => loadavg()[0].toFixed(1);

function report({ reads, batches, load }: Awaited<ReturnType<typeof run>>): boolean {
  console.log(`\nload average (1 min) before the GETs, before the batches, at the end: ${load.join(' / ')}`);
  const readsOk =
    !reads.length ||
    printLatencyTable(
      `PostgreSQL, ${totalRows(PER_COMPANY_YEAR).toLocaleString('en-US')} rows each of budgetsituation and budgetfill, ` +
        `${totalRows(FINANCE_PER_COMPANY_YEAR).toLocaleString('en-US')} of financebudget; year ${YEAR}, company ` +
        `${COMPANY}; ${WARMUP} warm-up + ${MEASURED} sequential requests.`,
      'API = loopback round trip measured by the client (ms); raw = the SQL the engine sends, through pg.Pool (ms).',
      reads,
    );
  if (!batches.length) return readsOk;
  const s = (values: number[]) => values.map((v) => v.toFixed(2)).join(' / ');
  console.log('\n| batch | API s (each round) | raw s (each round) | target | verdict |');
  console.log('|---|---|---|---|---|');
  let batchesOk = true;
  for (const b of batches) {
    const ok = Math.max(...b.api) < b.target;
    batchesOk &&= ok;
    console.log(`| ${b.name} | ${s(b.api)} | ${s(b.raw)} | < ${b.target} s | ${ok ? 'PASS' : 'FAIL'} |`);
  }
  for (const b of batches) console.log(`${b.name}: ${b.detail}`);
  return readsOk && batchesOk;
}

await runBench('bench/budget', run, report);
