/**
 * bench/masterdata: parts and BOMs on PostgreSQL (issue 12), each beside the equivalent raw SQL in the same run.
 *
 *   node_modules/.bin/tsx bench/masterdata.ts
 *
 * (1) GET productbom/explode of a 6-level BOM with 5,730 lines (fan-out 5·5·4·4·3·3, and a common bolt in each
 *     level-4 assembly); target p95 < 50 ms. Measured again with a change of another BOM's line before each request
 *     (not timed), so that the server cannot answer the explosion it kept: the first view after a change.
 * (2) GET productbom/where-used of that bolt (531 parent BOMs over five levels); target p95 < 50 ms.
 * (3) GET product/list filtered by a like on the part name, and on the part number, over 200,000 parts; target p95
 *     < 50 ms.
 * (4) POST bomcost/calculate of 10,000 cost rows of 2026 (the tree's 1,731 assemblies and 8,269 three-line
 *     assemblies over 1,000 priced parts), polled through calculate-progress until done; target < 10 s.
 *
 * A fresh database `tenon_bench_masterdata` on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/) is
 * migrated, seeded and filled from this process (the price table is made as domain/masterdata.md has it when no
 * migration made it); the server runs as a child process. Requests are sequential on one keep-alive connection: 30
 * warm-up, then 300 measured; the raw baseline runs the same SQL through a pg.Pool (max 1). Exit code 1 when a
 * request failed or a target was missed.
 */
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adminQuery,
  api,
  adminUrl,
  log,
  login,
  migrateAndSeed,
  onCleanup,
  measureSequential,
  printLatencyTable,
  runBench,
  startServer,
  sleep,
  type LatencyResult,
} from './support.ts';

const DB_NAME = 'tenon_bench_masterdata';
const WARMUP = 30;
const MEASURED = 300;
const PARTS = 200_000;
const FANOUT = [5, 5, 4, 4, 3, 3];
const POOL = 1_000;
const COSTS = 10_000;
const YEAR = 2026;
const BASE = {
  part: 600000000000000000n,
  line: 610000000000000000n,
  cost: 620000000000000000n,
  price: 630000000000000000n,
};
const CATEGORY = '640000000000000001';
const partId = (n: number) => String(BASE.part + BigInt(n));

interface Line {
  parent: number;
  component: number;
  lineNo: number;
  qty: number;
}

/** The tree (node 0 the root), the bolt, the priced pool and the small assemblies, as part numbers 0.. */
function structure() {
  const lines: Line[] = [];
  let next = 1;
  let level = [0];
  const assemblies = [0];
  const leaves: number[] = [];
  const bolt = 9_000;
  FANOUT.forEach((fan, depth) => {
    const below: number[] = [];
    for (const parent of level) {
      for (let i = 0; i < fan; i++) {
        const child = next++;
        lines.push({ parent, component: child, lineNo: (i + 1) * 10, qty: 1 + (i % 3) });
        below.push(child);
      }
      if (depth === 4) lines.push({ parent, component: bolt, lineNo: 900, qty: 4 });
    }
    if (depth < FANOUT.length - 1) assemblies.push(...below);
    else leaves.push(...below);
    level = below;
  });
  const pool = Array.from({ length: POOL }, (_, i) => 10_000 + i);
  const small = Array.from({ length: COSTS - assemblies.length }, (_, i) => 20_000 + i);
  for (const [i, parent] of small.entries())
    for (let k = 0; k < 3; k++)
      lines.push({ parent, component: pool[(i * 7 + k * 131) % POOL], lineNo: (k + 1) * 10, qty: 1 + k });
  return { lines, priced: [...leaves, bolt, ...pool], costed: [...assemblies, ...small], bolt };
}

async function prepare(): Promise<{ url: string; bolt: number }> {
  await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
  await adminQuery(`create database ${DB_NAME}`);
  if (process.env.BENCH_KEEP_DB !== '1')
    onCleanup(`drop database ${DB_NAME}`, () => adminQuery(`drop database if exists ${DB_NAME} with (force)`));
  const url = adminUrl(DB_NAME);
  const t0 = performance.now();
  await migrateAndSeed(url);
  const { lines, priced, costed, bolt } = structure();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into erp_goods_category (id, tenant_id, parent_id, ancestors, category_code, category_name, category_type)
      values ($1, '000000', 0, '0', 'BENCH', '基准分类', '2')`,
      [CATEGORY],
    );
    await client.query(
      `insert into erp_product (id, tenant_id, product_no, product_name, spec, product_type, category_id, unit,
        create_time, status, is_deleted)
      select $1::bigint + g, '000000', 'BP' || lpad(g::text, 7, '0'),
        (array['前门内板','后门外板','A柱加强板','门槛梁','前纵梁','螺栓','冷轧卷'])[1 + g % 7] || ' ' || g,
        'T' || (g % 40) || 'mm', '2', $2, 'PCS', timestamp '2024-01-01', 1, 0
      from generate_series(0, $3 - 1) g`,
      [String(BASE.part), CATEGORY, PARTS],
    );
    await client.query(
      `insert into erp_product_bom (id, tenant_id, product_id, product_no, product_name, bom_version, is_default,
        line_no, component_id, component_no, component_name, qty, unit, loss_rate, gross_qty, source_type)
      select $1::bigint + i, '000000', p.id, p.product_no, p.product_name, 'V1.0', 1, t.line_no, c.id, c.product_no,
        c.product_name, t.qty, 'PCS', 0.05, round(t.qty / 0.95, 4), '1'
      from unnest($2::bigint[], $3::bigint[], $4::int[], $5::numeric[]) with ordinality as t(parent, component, line_no, qty, i)
      join erp_product p on p.id = t.parent join erp_product c on c.id = t.component`,
      [
        String(BASE.line),
        lines.map((l) => partId(l.parent)),
        lines.map((l) => partId(l.component)),
        lines.map((l) => l.lineNo),
        lines.map((l) => l.qty),
      ],
    );
    await client.query(
      `insert into erp_price (id, tenant_id, price_type, product_id, partner_id, currency, unit, unit_price, tax_rate,
        tax_included_price, valid_from, is_deleted)
      select $1::bigint + i, '000000', '2', p, 1, 'CNY', 'PCS', 1 + (i % 97) * 0.37, 0.13,
        round((1 + (i % 97) * 0.37) * 1.13, 6), date '2025-01-01', 0
      from unnest($2::bigint[]) with ordinality as t(p, i)`,
      [String(BASE.price), priced.map(partId)],
    );
    await client.query(
      `insert into erp_bom_cost (id, tenant_id, product_id, product_no, product_name, bom_version, cost_year, currency,
        material_cost, labor_cost, total_cost, sales_price, stale, status, is_deleted)
      select $1::bigint + i, '000000', p.id, p.product_no, p.product_name, 'V1.0', $3, 'CNY', 0, 5, 5, 100, 1, 1, 0
      from unnest($2::bigint[]) with ordinality as t(id, i) join erp_product p on p.id = t.id`,
      [String(BASE.cost), costed.map(partId), YEAR],
    );
    await client.query('commit');
    await client.query('analyze');
    const { rows } = await client.query(
      `select (select count(*) from erp_product) parts, (select count(*) from erp_product_bom) lines,
      (select count(*) from erp_bom_cost) costs, (select count(*) from erp_price) prices`,
    );
    log(
      `database ready in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${rows[0].parts} parts, ${rows[0].lines} ` +
        `BOM lines, ${rows[0].costs} costs, ${rows[0].prices} prices`,
    );
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return { url, bolt };
}

const measure = (call: () => Promise<void>) => measureSequential(call, WARMUP, MEASURED);

// The raw SQL: what the routes send (bom.queries.ts, the engine's page), in one statement each.
// The explosion's order (depth first by line number) is put together by the server; the raw side reads the rows.
const EXPLODE_SQL = `with recursive x as (
    select b.id, cast(0 as bigint) as parent_line, 1 as level, b.component_id, b.line_no, b.gross_qty,
      cast(b.gross_qty as numeric) as total_qty, b.unit, b.source_type, b.component_no, b.component_name,
      b.component_spec
    from erp_product_bom b where b.tenant_id = $1 and b.is_deleted = 0 and b.product_id = $2 and b.bom_version = 'V1.0'
    union all
    select c.id, x.id, x.level + 1, c.component_id, c.line_no, c.gross_qty, x.total_qty * c.gross_qty, c.unit,
      c.source_type, c.component_no, c.component_name, c.component_spec
    from x join erp_product_bom c on c.product_id = x.component_id
    where c.tenant_id = $1 and c.is_deleted = 0 and c.is_default = 1 and x.level < 30)
  select id, parent_line, level, component_id, component_no, component_name, component_spec, line_no, gross_qty,
    round(total_qty, 6) as total_qty, unit, source_type
  from x`;
const WHERE_USED_SQL = `with recursive u as (
    select b.product_id, b.bom_version, b.is_default, 1 as level, b.component_no, b.product_no, b.product_name
    from erp_product_bom b where b.tenant_id = $1 and b.is_deleted = 0 and b.component_id = $2
    union
    select b.product_id, b.bom_version, b.is_default, u.level + 1, b.component_no, b.product_no, b.product_name
    from u join erp_product_bom b on b.component_id = u.product_id
    where u.is_default = 1 and b.tenant_id = $1 and b.is_deleted = 0 and u.level < 30)
  select distinct on (product_id, bom_version) product_id, bom_version, is_default, level, component_no, product_no,
    product_name
  from u order by product_id, bom_version, level, component_no`;
const PRODUCT_FILTER = (column: string) => `is_deleted = 0 and tenant_id = $1 and ${column} like $2`;
const PRODUCT_PAGE_SQL = (column: string) => `select r.*, c.__total from
  (select count(*) as __total from erp_product where ${PRODUCT_FILTER(column)}) as c
  left join lateral (select * from erp_product where ${PRODUCT_FILTER(column)} order by product_no asc limit 10 offset 0)
  as r on true`;

type Result = LatencyResult;

async function run(): Promise<{ results: Result[]; recalc: { seconds: number; polls: string[] } }> {
  const { url, bolt } = await prepare();
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-masterdata-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({ bench: 'bench/masterdata', dataDir, databaseUrl: url });
  log(`server pid ${server.pid} listening on 127.0.0.1:${server.port}`);
  const token = await login(server.port);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  onCleanup('close raw pool', () => pool.end());
  const BOM = '/api/blade-system/productbom';
  const explodePath = `${BOM}/explode?productId=${partId(0)}&bomVersion=V1.0`;
  const cases: Array<{
    name: string;
    path: string;
    sql: string;
    params: unknown[];
    target?: number;
    before?: () => Promise<void>;
  }> = [
    {
      name: 'GET productbom/explode (6 levels)',
      path: explodePath,
      sql: EXPLODE_SQL,
      params: ['000000', partId(0)],
      target: 50,
    },
    {
      // Each request after a change of one of the tenant's BOM lines (another BOM's), so the server makes the
      // explosion again instead of answering the one it kept.
      name: 'GET productbom/explode after a BOM change',
      path: explodePath,
      sql: EXPLODE_SQL,
      params: ['000000', partId(0)],
      before: async () => {
        await pool.query(
          `update erp_product_bom set remark = md5(random()::text)
          where id = (select min(id) from erp_product_bom where product_id = $1)`,
          [partId(20_000)],
        );
      },
    },
    {
      name: 'GET productbom/where-used (bolt)',
      path: `${BOM}/where-used?productId=${partId(bolt)}`,
      sql: WHERE_USED_SQL,
      params: ['000000', partId(bolt)],
      target: 50,
    },
    {
      name: 'GET product/list productName like',
      path: `/api/blade-system/product/list?current=1&size=10&productName=${encodeURIComponent('门槛梁 1234')}`,
      sql: PRODUCT_PAGE_SQL('product_name'),
      params: ['000000', '%门槛梁 1234%'],
      target: 50,
    },
    {
      name: 'GET product/list productNo like',
      path: '/api/blade-system/product/list?current=1&size=10&productNo=BP01234',
      sql: PRODUCT_PAGE_SQL('product_no'),
      params: ['000000', '%BP01234%'],
      target: 50,
    },
  ];
  const results: Result[] = [];
  for (const c of cases) {
    const first = await api<unknown[] | { total: number }>(server.port, token, c.path);
    const size = Array.isArray(first) ? `${first.length} rows` : `total ${first.total}`;
    const apiStats = await measureSequential(
      async () => {
        await api(server.port, token, c.path);
      },
      WARMUP,
      MEASURED,
      c.before,
    );
    const rawRows = (await pool.query(c.sql, c.params)).rowCount;
    const rawStats = await measure(async () => {
      await pool.query(c.sql, c.params);
    });
    results.push({ name: c.name, target: c.target, api: apiStats, raw: rawStats, detail: `${size} (raw ${rawRows})` });
    log(`${c.name}: ${size}`);
  }

  // Recalculation: started, then polled every 100 ms until done.
  const t0 = performance.now();
  const started = await api<{ jobId: string; total: number }>(
    server.port,
    token,
    `/api/blade-system/bomcost/calculate?costYear=${YEAR}`,
    'POST',
  );
  const polls: string[] = [];
  for (;;) {
    const p = await api<{ done: number; total: number; state: string }>(
      server.port,
      token,
      `/api/blade-system/bomcost/calculate-progress?jobId=${started.jobId}`,
    );
    const seen = `${p.done}/${p.total}`;
    if (polls[polls.length - 1] !== seen) polls.push(seen);
    if (p.state !== 'running') {
      if (p.state !== 'done') throw new Error(`recalculation ${p.state}`);
      break;
    }
    if (performance.now() - t0 > 120_000) throw new Error('recalculation did not finish within 120 s');
    await sleep(100);
  }
  const seconds = (performance.now() - t0) / 1000;
  const { rows } = await pool.query(
    `select count(*) filter (where stale = 0) fresh, count(*) filter (where material_cost > 0) costed
    from erp_bom_cost where cost_year = $1`,
    [YEAR],
  );
  log(`recalculated ${started.total} costs in ${seconds.toFixed(2)} s: ${rows[0].fresh} fresh, ${rows[0].costed} > 0`);
  if (Number(rows[0].fresh) !== COSTS) throw new Error(`only ${rows[0].fresh} of ${COSTS} costs recalculated`);
  for (const c of [cases[0], cases[2]]) {
    const plan = await pool.query(`explain (analyze, buffers) ${c.sql}`, c.params);
    console.log(`\n--- EXPLAIN ANALYZE ${c.name} ---\n${plan.rows.map((r) => r['QUERY PLAN'] as string).join('\n')}`);
  }
  return { results, recalc: { seconds, polls } };
}

function report({ results, recalc }: Awaited<ReturnType<typeof run>>): boolean {
  const latencyOk = printLatencyTable(
    `PostgreSQL, ${PARTS.toLocaleString('en-US')} parts; ${WARMUP} warm-up + ${MEASURED} sequential requests.`,
    'API = loopback round trip measured by the client (ms); raw = the same SQL through pg.Pool (ms).',
    results,
  );
  const recalcOk = recalc.seconds < 10;
  console.log(
    `bomcost recalculation of ${COSTS.toLocaleString('en-US')} costs: ${recalc.seconds.toFixed(2)} s (target < 10 s): ` +
      `${recalcOk ? 'PASS' : 'FAIL'}; progress seen: ${recalc.polls.join(' → ')}`,
  );
  return latencyOk && recalcOk;
}

await runBench('bench/masterdata', run, report);
