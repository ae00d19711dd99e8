/**
 * bench/warehouse: the movements list over 10,000,000 rows and posting throughput on PostgreSQL (issue 13), each list
 * beside its raw SQL in the same run.
 *
 *   node_modules/.bin/tsx bench/warehouse.ts           # BENCH_PG_URL overrides postgres://postgres@127.0.0.1:5432/
 *   BENCH_KEEP_DB=1 ...   keep database tenon_bench_warehouse afterwards; a later run with it set reuses the filled
 *                         table (the fill takes minutes) and only adds what the posting phases need
 *
 * (1) GET inventorylog/list with the screens' filters (none; 待处理; the phone's status + type + warehouse; a month in
 *     one warehouse; a part number; a document number; a source document; a rare type in one company), 30 warm-up
 *     and 300 measured sequential requests each; target p95 < 50 ms.
 * (2) POST inventorylog/handle of 20,000 pending movements (receipts and issues of 2,000 stocked parts) in batches
 *     of 100 from one client, then from 4 clients at once on the one server process; target ≥ 1,000 movements/s.
 * (3) 50 clients posting one issue each against the same stock of 30 at once: 30 posted, 20 refused with 库存不足,
 *     the stock at 0; the wall time and movements/s.
 *
 * The 10,000,000 movements (tenant 000000, 1,058 days up to yesterday, 13 movement types, 6 warehouses, 2
 * companies, 20,000 parts; all posted but the last 2,000) are inserted with generate_series with the table's
 * secondary indexes dropped and then built again as the migrations define them, then VACUUM ANALYZE. The server runs
 * as a child process. Exit code 1 when a request failed or a target was missed.
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
  type LatencyResult,
} from './support.ts';

const DB_NAME = 'tenon_bench_warehouse';
const KEEP = process.env.BENCH_KEEP_DB === '1';
const WARMUP = 30;
const MEASURED = 300;
const MOVEMENTS = 10_000_000;
const PER_DAY = 9_450;
const PARTS = 20_000;
const PENDING = 2_000;
const POST_PARTS = 2_000;
const POST_BATCHES = 200;
const BATCH = 100;
const CLIENTS = 4;
const RACERS = 50;
const ADMIN = '1123598821738675201';
const ROOT_DEPT = '1123598813738675201';
const BASE = { part: 700000000000000000n, log: 710000000000000000n, stock: 720000000000000000n };
const CATEGORY = '730000000000000001';
const partId = (n: number) => String(BASE.part + BigInt(n));

/** Movement types by weight out of 200 (purchases, production and sales the most; corrections rare). */
const TYPES = Object.entries({
  '101': 46,
  '102': 30,
  '103': 2,
  '104': 1,
  '105': 6,
  '106': 1,
  '201': 40,
  '202': 50,
  '203': 2,
  '204': 1,
  '205': 6,
  '206': 1,
  '207': 14,
}).flatMap(([type, weight]) => Array<string>(weight).fill(type));
/** Warehouses by weight out of 20. */
const WAREHOUSES = Object.entries({ RM: 8, WIP: 4, FG: 5, SP: 1, PK: 1, NG: 1 }).flatMap(([w, n]) =>
  Array<string>(n).fill(w),
);
const PARTNERS = ['宝钢股份', '鞍钢股份', '华域汽车', '上汽大众', '一汽大众', '长城汽车', '吉利汽车', '比亚迪'];

const FILL = `
  insert into erp_inventory_log (id, tenant_id, log_no, biz_type, direction, biz_date, org_id, warehouse, location,
    product_id, product_no, product_name, unit, batch_no, qty, unit_cost, amount, partner_name, source_no,
    handle_status, handle_user, handle_time, qty_after, client_key, remark, create_user, create_dept, create_time,
    update_user, update_time, status, is_deleted)
  select $1::bigint + g, '000000',
    case when m.type < '2' then 'RK' else 'CK' end || to_char(m.day, 'YYYYMMDD') || lpad((g % ${PER_DAY})::text, 5, '0'),
    m.type, case when m.type < '2' then 1 else -1 end, m.day,
    case when abs(hashint8(g * 3)) % 10 < 7 then '1010' else '1020' end, m.warehouse, m.warehouse || '-' || lpad((1 + m.part % 40)::text, 2, '0'),
    $2::bigint + m.part, 'WP' || lpad(m.part::text, 6, '0'), '零件 ' || m.part, 'PCS',
    case when m.warehouse = 'RM' then 'B' || to_char(m.day, 'YYMM') else '' end,
    m.qty, m.cost, round(m.qty * m.cost, 2),
    case when m.type in ('101', '103', '201', '203') then ($5::text[])[1 + m.part % 8] else '' end,
    case m.type when '101' then 'PO' when '201' then 'DN' when '202' then 'PL' else '' end
      || case when m.type in ('101', '201', '202') then to_char(m.day, 'YYMM') || lpad((g / 20 % 100000)::text, 5, '0') else '' end,
    case when g >= ${MOVEMENTS - PENDING} then '0' else '1' end,
    case when g >= ${MOVEMENTS - PENDING} then null else ${ADMIN}::bigint end,
    case when g >= ${MOVEMENTS - PENDING} then null else m.created + interval '1 hour' end,
    case when g >= ${MOVEMENTS - PENDING} then null else 100 + g % 900 end,
    '', '', ${ADMIN}, ${ROOT_DEPT}, m.created, ${ADMIN}, m.created, 1, 0
  from generate_series($3::bigint, $4::bigint) g,
    lateral (select current_date - 1 - ((${MOVEMENTS - 1} - g) / ${PER_DAY})::int as day,
      ($6::text[])[1 + abs(hashint8(g)) % ${TYPES.length}] as type,
      ($7::text[])[1 + abs(hashint8(g + 1000000000)) % ${WAREHOUSES.length}] as warehouse,
      (abs(hashint8(g * 7)) % ${PARTS})::int as part,
      1 + g % 200 as qty) d0,
    lateral (select d0.*, round(1 + d0.part % 500 * 0.37, 6) as cost) d,
    lateral (select d.*, d.day + ((g % ${PER_DAY}) * 9) * interval '1 second' as created) m`;

async function tableFilled(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query(`select count(*) > 0 as filled from erp_inventory_log where id = $1`, [
      String(BASE.log + BigInt(MOVEMENTS - 1)),
    ]);
    return rows[0].filled === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function prepare(): Promise<string> {
  const url = adminUrl(DB_NAME);
  if (KEEP && (await tableFilled(url))) {
    log(`reusing ${DB_NAME} (BENCH_KEEP_DB=1)`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // What an earlier run's posting phases added goes, and the table is as autovacuum would leave it.
      await removePostingRows(client);
      await client.query('vacuum analyze erp_inventory_log');
      await client.query('select erp_inventory_log_tally_merge()');
      await client.query('vacuum analyze erp_inventory_log_tally');
    } finally {
      await client.end();
    }
    return url;
  }
  await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
  await adminQuery(`create database ${DB_NAME}`);
  if (!KEEP) onCleanup(`drop database ${DB_NAME}`, () => adminQuery(`drop database if exists ${DB_NAME} with (force)`));
  const t0 = performance.now();
  await migrateAndSeed(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into erp_goods_category (id, tenant_id, parent_id, ancestors, category_code, category_name, category_type)
      values ($1, '000000', 0, '0', 'BENCH', '基准分类', '3')`,
      [CATEGORY],
    );
    await client.query(
      `insert into erp_product (id, tenant_id, product_no, product_name, spec, product_type, category_id, unit,
        create_time, status, is_deleted)
      select $1::bigint + g, '000000', 'WP' || lpad(g::text, 6, '0'), '零件 ' || g, '', '3', $3, 'PCS',
        timestamp '2024-01-01', 1, 0
      from generate_series(0, $2 - 1) g`,
      [String(BASE.part), PARTS, CATEGORY],
    );
    // Bulk load as a migration of old data would: secondary indexes dropped, rows in, indexes built again.
    const { rows: indexes } = await client.query(
      `select indexname, indexdef from pg_indexes where tablename = 'erp_inventory_log'
      and indexname <> 'erp_inventory_log_pkey'`,
    );
    for (const index of indexes) await client.query(`drop index ${index.indexname}`);
    const chunk = 1_000_000;
    for (let start = 0; start < MOVEMENTS; start += chunk) {
      await client.query(FILL, [
        String(BASE.log),
        String(BASE.part),
        start,
        Math.min(start + chunk, MOVEMENTS) - 1,
        PARTNERS,
        TYPES,
        WAREHOUSES,
      ]);
      log(`${(start + chunk).toLocaleString('en-US')} movements (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
    await client.query("set maintenance_work_mem = '512MB'");
    for (const index of indexes) await client.query(index.indexdef);
    log(`indexes built (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    await client.query('select erp_inventory_log_tally_merge()');
    await client.query('vacuum analyze erp_inventory_log');
    await client.query('vacuum analyze erp_inventory_log_tally');
    await client.query('analyze');
    const { rows } = await client.query(
      `select pg_size_pretty(pg_total_relation_size('erp_inventory_log')) size,
        (select count(*) from erp_inventory_log where handle_status = '0') pending,
        (select count(*) from erp_inventory_log_tally) tally`,
    );
    log(
      `database ready in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${MOVEMENTS.toLocaleString('en-US')} ` +
        `movements (${rows[0].pending} pending), ${rows[0].size} with indexes, ${rows[0].tally} tally rows`,
    );
  } finally {
    await client.end();
  }
  return url;
}

/** The list's SQL as the engine sends it (service.ts `page`): a capped count and Σ, the page joined laterally. */
const PAGE_SQL = (where: string) => `select r.*, c.__total, c.__sum_amount from
  (select count(*) as __total, coalesce(sum(amount), 0) as __sum_amount from
    (select amount from erp_inventory_log where is_deleted = 0 and tenant_id = $1 ${where} limit 10001) as l) as c
  left join lateral (select * from erp_inventory_log where is_deleted = 0 and tenant_id = $1 ${where}
    order by biz_date desc, create_time desc, id desc limit 10 offset 0) as r on true`;
/** Filters on the tally's fields alone: the total and Σ from the tally, then the page. */
const TALLY_SQL = (where: string) => `select coalesce(sum(n), 0) as total, coalesce(sum(amount), 0) as amount
  from erp_inventory_log_tally where tenant_id = $1 ${where}`;
const PAGE_ONLY_SQL = (where: string) => `select * from erp_inventory_log where is_deleted = 0 and tenant_id = $1
  ${where} order by biz_date desc, create_time desc, id desc limit 10 offset 0`;

interface ListCase {
  name: string;
  query: Record<string, string>;
  where: string;
  /** The same filter on the tally (grain and dates as the engine picks them), when the tally answers the total. */
  tally?: string;
  params: unknown[];
}

function listCases(month: { from: string; to: string }, sample: { logNo: string; sourceNo: string }): ListCase[] {
  return [
    { name: 'no filter', query: {}, where: '', tally: `and grain = 'm'`, params: [] },
    {
      name: '待处理',
      query: { handleStatus_equal: '0' },
      where: `and handle_status = $2`,
      tally: `and grain = 'm' and handle_status = $2`,
      params: ['0'],
    },
    {
      name: 'phone: 已处理 · 生产领料 · RM',
      query: { handleStatus_equal: '1', bizType_equal: '202', warehouse_equal: 'RM' },
      where: `and handle_status = $2 and biz_type = $3 and warehouse = $4`,
      tally: `and grain = 'm' and handle_status = $2 and biz_type = $3 and warehouse = $4`,
      params: ['1', '202', 'RM'],
    },
    {
      name: 'a month in FG',
      query: { bizDate_dategt: month.from, bizDate_datelt: month.to, warehouse_equal: 'FG' },
      where: `and biz_date > $2 and biz_date < $3 and warehouse = $4`,
      // The engine reads whole months by their month rows; by days here, an upper bound of that.
      tally: `and grain = 'd' and at > $2 and at < $3 and warehouse = $4`,
      params: [month.from, month.to, 'FG'],
    },
    {
      name: 'part number WP012345',
      query: { productNo: 'WP012345' },
      where: `and id = any(array(select tenon_match_ids('erp_inventory_log', '{product_no}', $2)))`,
      params: ['%WP012345%'],
    },
    {
      name: `document ${sample.logNo}`,
      query: { logNo: sample.logNo },
      where: `and id = any(array(select tenon_match_ids('erp_inventory_log', '{log_no}', $2)))`,
      params: [`%${sample.logNo}%`],
    },
    {
      name: `source ${sample.sourceNo}`,
      query: { sourceNo: sample.sourceNo },
      where: `and id = any(array(select tenon_match_ids('erp_inventory_log', '{source_no}', $2)))`,
      params: [`%${sample.sourceNo}%`],
    },
    {
      name: 'rare: 其他入库 in 1020',
      query: { bizType_equal: '106', orgId_equal: '1020' },
      where: `and biz_type = $2 and org_id = $3`,
      tally: `and grain = 'm' and biz_type = $2 and org_id = $3`,
      params: ['106', '1020'],
    },
  ];
}

async function measureLists(url: string, port: number, token: string): Promise<LatencyResult[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  onCleanup('close raw pool', () => pool.end());
  const { rows } = await pool.query(
    `select to_char(current_date - 45, 'YYYY-MM-DD') as from, to_char(current_date - 14, 'YYYY-MM-DD') as to,
      (select log_no from erp_inventory_log where id = $1) as log_no,
      (select source_no from erp_inventory_log where id = $2) as source_no`,
    [String(BASE.log + 5_000_000n), String(BASE.log + 5_000_020n)],
  );
  const cases = listCases(
    { from: rows[0].from, to: rows[0].to },
    { logNo: rows[0].log_no, sourceNo: rows[0].source_no },
  );
  const results: LatencyResult[] = [];
  for (const c of cases) {
    const path = `/api/blade-system/inventorylog/list?${new URLSearchParams({ current: '1', size: '10', ...c.query })}`;
    const first = await api<{ total: number; totalCapped?: boolean; records: unknown[]; sumAmount?: number | null }>(
      port,
      token,
      path,
    );
    const apiStats = await measureSequential(
      async () => {
        await api(port, token, path);
      },
      WARMUP,
      MEASURED,
    );
    const params = ['000000', ...c.params];
    const statements = c.tally ? [TALLY_SQL(c.tally), PAGE_ONLY_SQL(c.where)] : [PAGE_SQL(c.where)];
    const raw = await pool.query(statements[0], params);
    const rawStats = await measureSequential(
      async () => {
        for (const statement of statements) await pool.query(statement, params);
      },
      WARMUP,
      MEASURED,
    );
    const total = `${first.total.toLocaleString('en-US')}${first.totalCapped ? '+' : ''}`;
    results.push({
      name: `GET inventorylog/list: ${c.name}`,
      target: 50,
      api: apiStats,
      raw: rawStats,
      detail: `total ${total}, Σ ${first.sumAmount ?? '-'} (raw ${raw.rows[0]?.__total ?? raw.rows[0]?.total})`,
    });
    log(`${c.name}: total ${total}`);
  }
  return results;
}

async function removePostingRows(client: pg.Client) {
  await client.query(`delete from erp_inventory_log where id >= $1`, [String(BASE.log + BigInt(MOVEMENTS))]);
  await client.query(`delete from erp_inventory where id >= $1`, [String(BASE.stock)]);
}

/** Pending movements for the posting phases: a receipt then an issue of each of POST_PARTS stocked parts, today. */
async function preparePosting(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await removePostingRows(client);
    await client.query(
      `insert into erp_inventory (id, tenant_id, org_id, warehouse, location, product_id, product_no, product_name,
        spec, unit, batch_no, qty, locked_qty, available_qty, unit_cost, amount, below_safety, create_time, status,
        is_deleted)
      select $1::bigint + g, '000000', '1010', 'RM', '', $2::bigint + g, 'WP' || lpad(g::text, 6, '0'), '零件 ' || g, '',
        'PCS', '', 1000, 0, 1000, 2.5, 2500, 0, now(), 1, 0
      from generate_series(0, $3 - 1) g`,
      [String(BASE.stock), String(BASE.part), POST_PARTS + 1],
    );
    const count = POST_BATCHES * BATCH;
    const { rows } = await client.query(
      `insert into erp_inventory_log (id, tenant_id, log_no, biz_type, direction, biz_date, org_id, warehouse, location,
        product_id, product_no, product_name, unit, batch_no, qty, unit_cost, handle_status, create_user, create_dept,
        create_time, status, is_deleted)
      select $1::bigint + g, '000000', case when g % 2 = 0 then 'RK' else 'CK' end || 'BENCH' || lpad(g::text, 8, '0'),
        case when g % 2 = 0 then '101' else '202' end, case when g % 2 = 0 then 1 else -1 end, current_date, '1010',
        'RM', '', $2::bigint + (g / 2) % $4, 'WP' || lpad(((g / 2) % $4)::text, 6, '0'), '零件 ' || (g / 2) % $4,
        'PCS', '', 1 + g % 5, case when g % 2 = 0 then 3.1 end, '0', ${ADMIN}, ${ROOT_DEPT},
        now()::timestamp(0) + g * interval '1 millisecond', 1, 0
      from generate_series(0, $3 - 1) g
      returning id`,
      [String(BASE.log + BigInt(MOVEMENTS)), String(BASE.part), count, POST_PARTS],
    );
    return rows.map((r) => String(r.id)).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  } finally {
    await client.end();
  }
}

interface Throughput {
  name: string;
  movements: number;
  seconds: number;
  batchP50: number;
  batchP95: number;
}

async function post(port: number, token: string, batches: string[][], clients: number, name: string) {
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < batches.length) {
        const batch = batches[next++];
        const s = performance.now();
        const done = await api<{ handled: number }>(port, token, '/api/blade-system/inventorylog/handle', 'POST', {
          ids: batch.join(','),
        });
        if (done.handled !== batch.length) throw new Error(`${name}: ${done.handled} of ${batch.length} posted`);
        times.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  const movements = batches.reduce((n, b) => n + b.length, 0);
  log(`${name}: ${movements} movements in ${seconds.toFixed(2)} s = ${(movements / seconds).toFixed(0)}/s`);
  return { name, movements, seconds, batchP50: at(50), batchP95: at(95) } satisfies Throughput;
}

/** 50 clients post one issue of 1 each against one stock of 30 at once. */
async function race(url: string, port: number, token: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const part = POST_PARTS;
  let ids: string[];
  try {
    await client.query(`update erp_inventory set qty = 30, available_qty = 30 where id = $1`, [
      String(BASE.stock + BigInt(part)),
    ]);
    const { rows } = await client.query(
      `insert into erp_inventory_log (id, tenant_id, log_no, biz_type, direction, biz_date, org_id, warehouse,
        location, product_id, product_no, product_name, unit, batch_no, qty, handle_status, create_user, create_time,
        status, is_deleted)
      select $1::bigint + g, '000000', 'CKRACE' || lpad(g::text, 4, '0'), '201', -1, current_date, '1010', 'RM', '',
        $2, 'WP' || lpad($3::text, 6, '0'), '零件', 'PCS', '', 1, '0', ${ADMIN}, now(), 1, 0
      from generate_series(0, $4 - 1) g returning id`,
      [String(BASE.log + BigInt(MOVEMENTS) + 1_000_000n), partId(part), part, RACERS],
    );
    ids = rows.map((r) => String(r.id));
  } finally {
    await client.end();
  }
  const t0 = performance.now();
  const outcomes = await Promise.all(
    ids.map((id) =>
      fetch(`http://127.0.0.1:${port}/api/blade-system/inventorylog/handle?ids=${id}`, {
        method: 'POST',
        headers: { 'Blade-Auth': `bearer ${token}` },
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { code: number; msg: string } })),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  const posted = outcomes.filter((o) => o.body.code === 200).length;
  const refused = outcomes.filter((o) => o.body.code !== 200 && o.body.msg.startsWith('库存不足')).length;
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  const { rows } = await check.query(`select qty from erp_inventory where id = $1`, [
    String(BASE.stock + BigInt(part)),
  ]);
  await check.end();
  const qty = Number(rows[0].qty);
  log(`race: ${posted} posted, ${refused} refused, stock ${qty}, ${seconds.toFixed(3)} s`);
  if (posted !== 30 || refused !== 20 || qty !== 0)
    throw new Error(`race: expected 30 posted, 20 refused and 0 left; got ${posted}, ${refused}, ${qty}`);
  return { seconds, posted, refused };
}

async function run() {
  const url = await prepare();
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-warehouse-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({ bench: 'bench/warehouse', dataDir, databaseUrl: url });
  log(`server pid ${server.pid} listening on 127.0.0.1:${server.port}`);
  const token = await login(server.port);
  const lists = await measureLists(url, server.port, token);
  if (process.argv.includes('--lists')) return { lists, posting: [], racing: undefined };

  const ids = await preparePosting(url);
  const batches = Array.from({ length: POST_BATCHES }, (_, i) => ids.slice(i * BATCH, (i + 1) * BATCH));
  const half = POST_BATCHES / 2;
  // A part's receipt and issue are in the same batch (neighbouring ids), so every issue has its stock.
  const posting = [
    await post(server.port, token, batches.slice(0, half), 1, 'one client'),
    await post(server.port, token, batches.slice(half), CLIENTS, `${CLIENTS} clients`),
  ];
  const racing = await race(url, server.port, token);
  return { lists, posting, racing };
}

function report({ lists, posting, racing }: Awaited<ReturnType<typeof run>>): boolean {
  const listsOk = printLatencyTable(
    `PostgreSQL, ${MOVEMENTS.toLocaleString('en-US')} movements; ${WARMUP} warm-up + ${MEASURED} sequential requests.`,
    'API = loopback round trip measured by the client (ms); raw = the same SQL through pg.Pool (ms).',
    lists,
  );
  console.log(
    '\n| posting (batches of 100) | movements | seconds | movements/s | batch p50 | batch p95 | target | verdict |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  let postingOk = true;
  for (const p of posting) {
    const rate = p.movements / p.seconds;
    const ok = rate >= 1000;
    postingOk &&= ok;
    console.log(
      `| ${p.name} | ${p.movements} | ${p.seconds.toFixed(2)} | ${rate.toFixed(0)} | ${p.batchP50.toFixed(1)} | ` +
        `${p.batchP95.toFixed(1)} | ≥ 1,000/s | ${ok ? 'PASS' : 'FAIL'} |`,
    );
  }
  if (racing)
    console.log(
      `\n${RACERS} concurrent issues of 1 against a stock of 30: ${racing.posted} posted, ${racing.refused} refused ` +
        `(库存不足) in ${(racing.seconds * 1000).toFixed(0)} ms = ${(RACERS / racing.seconds).toFixed(0)} requests/s`,
    );
  return listsOk && postingOk;
}

await runBench('bench/warehouse', run, report);
