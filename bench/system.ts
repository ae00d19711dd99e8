/**
 * bench/system: latency of two system endpoints on PostgreSQL (issue #4), beside the equivalent raw SQL in the same
 * run.
 *
 *   node_modules/.bin/tsx bench/system.ts
 *
 * (1) GET /api/blade-system/menu/routes as a user whose only role `bench` holds the seed menus plus 1,000 extra menus
 *     (the grant path, not the super administrator's shortcut); target p95 < 20 ms.
 * (2) GET /api/blade-system/user/page?current=1&size=10&deptId=<child dept> as admin over 100,000 users spread over a
 *     dept tree of 1 root, 20 children and 200 grandchildren (the child's subtree is 11 depts); target p95 < 50 ms.
 *
 * A fresh database `tenon_bench_system` on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/) is migrated,
 * seeded and filled from this process; the server runs as a child process (`tsx src/server/main.ts`). Requests are
 * sequential on one keep-alive connection: 50 warm-up, then 500 measured. The server sets no x-response-time header,
 * so the API figures are loopback round trips measured by this process (an upper bound of server time). The raw
 * baseline runs the equivalent SQL through a pg.Pool with the same counts. The server is stopped and the database
 * dropped at the end, also on failure. Exit code 1 when a request failed or a target was missed.
 */
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEED } from '../src/server/modules/system/install.ts';
import { hashPlainPassword } from '../src/server/modules/auth/password.ts';
import {
  adminQuery,
  adminUrl,
  log,
  login,
  onCleanup,
  measureSequential,
  printLatencyTable,
  type LatencyResult,
  runBench,
  type Server,
  startServer as startServerWith,
  migrateAndSeed,
} from './support.ts';

const DB_NAME = 'tenon_bench_system';
const WARMUP = 50;
const MEASURED = 500;
const USERS = 100_000;
const EXTRA_MENUS = 1000;
const MENU_PARENTS = 10;
const DEPT_CHILDREN = 20;
const GRANDCHILDREN_PER_CHILD = 10;

// Ids of the bench rows (bigint, far from the seed's 1123598... range and from nextId()).
const BASE = {
  menu: 700000000000000000n,
  roleMenu: 710000000000000000n,
  user: 800000000000000000n,
  dept: 900000000000000000n,
};
const ROLE_BENCH = '720000000000000001';
const USER_BENCH = '730000000000000001';
const DEPT_ROOT = String(BASE.dept);
const deptChild = (c: number) => String(BASE.dept + BigInt(1 + c)); // c in 0..19
const deptGrand = (c: number, g: number) => String(BASE.dept + 1000n + BigInt(c * GRANDCHILDREN_PER_CHILD + g));
const TARGET_CHILD = deptChild(0);

// ---------------------------------------------------------------------------------------------------------------
// Data

async function prepare(): Promise<string> {
  await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
  await adminQuery(`create database ${DB_NAME}`);
  onCleanup(`drop database ${DB_NAME}`, () => adminQuery(`drop database if exists ${DB_NAME} with (force)`));
  const databaseUrl = adminUrl(DB_NAME);
  const t0 = performance.now();
  await migrateAndSeed(databaseUrl);
  const hash = await hashPlainPassword('bench');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    // Menus: MENU_PARENTS top-level menus, the rest spread under them; all category 1, unique codes.
    await client.query(
      `insert into blade_menu (id, parent_id, code, name, name_en, path, source, component, sort, category, action, is_open, is_deleted)
       select $1::bigint + g,
              case when g < $3 then 0 else $1::bigint + (g % $3) end,
              'bench_menu_' || g, 'Bench menu ' || g, 'Bench menu ' || g, '/bench/' || g, 'iconfont icon-bench', 'views/bench/' || g,
              g, 1, 0, 1, 0
       from generate_series(0, $2 - 1) g`,
      [String(BASE.menu), EXTRA_MENUS, MENU_PARENTS],
    );
    await client.query(
      `insert into blade_role (id, tenant_id, parent_id, role_name, sort, role_alias, is_deleted)
      values ($1, '000000', 0, 'Bench role', 9, 'bench', 0)`,
      [ROLE_BENCH],
    );
    // The role holds every live menu: the seed's and the 1,000 extra ones.
    await client.query(
      `insert into blade_role_menu (id, menu_id, role_id)
      select $1::bigint + row_number() over (order by id), id, $2 from blade_menu where is_deleted = 0`,
      [String(BASE.roleMenu), ROLE_BENCH],
    );
    // Dept tree: root, DEPT_CHILDREN children, GRANDCHILDREN_PER_CHILD grandchildren each.
    const depts: Array<[string, string, string, string]> = [[DEPT_ROOT, '0', '0', 'Bench root']];
    for (let c = 0; c < DEPT_CHILDREN; c++) {
      depts.push([deptChild(c), DEPT_ROOT, `0,${DEPT_ROOT}`, `Bench dept ${c}`]);
      for (let g = 0; g < GRANDCHILDREN_PER_CHILD; g++) {
        depts.push([deptGrand(c, g), deptChild(c), `0,${DEPT_ROOT},${deptChild(c)}`, `Bench dept ${c}.${g}`]);
      }
    }
    await client.query(
      `insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, is_deleted)
      select id::bigint, '000000', parent::bigint, anc, 1, name, name, 1, 0
      from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as t(id, parent, anc, name)`,
      [depts.map((d) => d[0]), depts.map((d) => d[1]), depts.map((d) => d[2]), depts.map((d) => d[3])],
    );
    // The bench user: only the bench role.
    await client.query(
      `insert into blade_user (id, tenant_id, user_type, account, password, name, real_name, role_id, dept_id, status, is_deleted, create_time)
      values ($1, '000000', 1, 'benchuser', $2, 'Bench', 'Bench', $3, $4, 1, 0, now())`,
      [USER_BENCH, hash, ROLE_BENCH, DEPT_ROOT],
    );
    // 100,000 users spread round-robin over the 221 bench depts, the seed's user role; 10 batches.
    const deptIds = depts.map((d) => d[0]);
    for (let start = 0; start < USERS; start += 10_000) {
      await client.query(
        `insert into blade_user (id, tenant_id, user_type, account, password, name, real_name, email, phone,
          role_id, dept_id, post_id, create_user, create_dept, create_time, update_time, status, is_deleted)
        select $1::bigint + g, '000000', 1, 'bu' || g, $2, 'User ' || g, 'U' || g, 'u' || g || '@bench.test', '1' || lpad(g::text, 10, '0'),
               $3, ($4::text[])[1 + g % cardinality($4::text[])], '', null, null,
               timestamp '2024-01-01' + make_interval(secs => g), timestamp '2024-01-01' + make_interval(secs => g), 1, 0
        from generate_series($5::int, $6::int) g`,
        [String(BASE.user), hash, SEED.roleUser, deptIds, start, Math.min(USERS, start + 10_000) - 1],
      );
    }
    await client.query('commit');
    // Plain ANALYZE, as right after a bulk import: the dept index has no GIN pending list to flush (migration 0005).
    await client.query('analyze');
    const { rows } = await client.query(
      `select (select count(*) from blade_user) users, (select count(*) from blade_menu where is_deleted = 0) menus,
      (select count(*) from blade_role_menu where role_id = $1) granted, (select count(*) from blade_dept) depts`,
      [ROLE_BENCH],
    );
    log(
      `database ready in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${rows[0].users} users, ${rows[0].menus} live menus ` +
        `(${rows[0].granted} granted to role bench), ${rows[0].depts} depts`,
    );
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return databaseUrl;
}

// ---------------------------------------------------------------------------------------------------------------
// Server

async function startServer(databaseUrl: string): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-system-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  return startServerWith({ bench: 'bench/system', dataDir, databaseUrl });
}

// ---------------------------------------------------------------------------------------------------------------
// Measurement

const measure = (call: () => Promise<void>) => measureSequential(call, WARMUP, MEASURED);

async function apiCall(port: number, path: string, token: string, check: (data: unknown) => void) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { code?: number; data?: unknown };
  if (body.code !== 200) throw new Error(`GET ${path}: body code ${body.code} ${text.slice(0, 300)}`);
  check(body.data);
}

const countNodes = (nodes: Array<{ children?: unknown[] }>): number =>
  nodes.reduce((n, node) => n + 1 + countNodes((node.children ?? []) as Array<{ children?: unknown[] }>), 0);

// The raw SQL: what the server's queries compute, in one statement each.
const ROUTES_SQL = `with recursive granted as (
    select m.id, m.parent_id from blade_role_menu rm join blade_menu m on m.id = rm.menu_id
    where rm.role_id = $1 and m.is_deleted = 0
  ), tree as (
    select id, parent_id from granted
    union
    select m.id, m.parent_id from blade_menu m join tree t on m.id = t.parent_id where m.is_deleted = 0
  )
  select m.id, m.parent_id, m.code, m.name, m.name_en, m.alias, m.path, m.source, m.component, m.sort, m.category, m.action, m.is_open, m.remark
  from blade_menu m where m.id in (select id from tree) and m.category = 1`;
const USER_FILTER = `tenant_id = $1 and is_deleted = 0 and string_to_array(dept_id, ',') && array(select cast(d.id as text) from blade_dept d
    where d.tenant_id = $1 and d.is_deleted = 0 and (d.id = $2 or (',' || d.ancestors || ',') like $3))`;
const USER_PAGE_SQL = `select r.*, c.__total from (select count(*) as __total from blade_user where ${USER_FILTER}) as c
  left join lateral (select * from blade_user where ${USER_FILTER} order by create_time desc, id desc limit 10 offset 0) as r on true`;
const USER_PAGE_PARAMS = ['000000', TARGET_CHILD, `%,${TARGET_CHILD},%`];

type Result = LatencyResult;

async function run(): Promise<Result[]> {
  const databaseUrl = await prepare();
  const server = await startServer(databaseUrl);
  log(`server pid ${server.pid} listening on 127.0.0.1:${server.port}`);
  const benchToken = await login(server.port, 'benchuser', 'bench');
  const adminToken = await login(server.port, 'admin', 'admin');

  const routesPath = '/api/blade-system/menu/routes';
  let routeNodes = 0;
  await apiCall(server.port, routesPath, benchToken, (d) => {
    routeNodes = countNodes(d as Array<{ children?: unknown[] }>);
  });
  const pagePath = `/api/blade-system/user/page?current=1&size=10&deptId=${TARGET_CHILD}`;
  let pageTotal = 0;
  await apiCall(server.port, pagePath, adminToken, (d) => {
    pageTotal = Number((d as { total: number }).total);
  });
  log(`routes as benchuser: ${routeNodes} menu nodes; user/page deptId=${TARGET_CHILD}: total ${pageTotal}`);
  if (routeNodes < EXTRA_MENUS)
    throw new Error(`routes returned ${routeNodes} nodes, expected at least ${EXTRA_MENUS}`);
  if (pageTotal === 0) throw new Error('user/page returned no users');

  log(`API: ${WARMUP} warm-up + ${MEASURED} measured sequential requests each`);
  const apiRoutes = await measure(() => apiCall(server.port, routesPath, benchToken, () => {}));
  const apiPage = await measure(() =>
    apiCall(server.port, pagePath, adminToken, (d) => {
      if ((d as { records: unknown[] }).records.length !== 10) throw new Error('user/page did not return 10 records');
    }),
  );

  // Raw baseline, with the server idle (still running; it does nothing between requests).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  onCleanup('close raw pool', () => pool.end());
  const routesRows = (await pool.query(ROUTES_SQL, [ROLE_BENCH])).rowCount;
  const pageRows = await pool.query(USER_PAGE_SQL, USER_PAGE_PARAMS);
  log(
    `raw: routes SQL ${routesRows} rows; user page SQL total ${pageRows.rows[0]?.__total}, ${pageRows.rowCount} rows`,
  );
  const rawRoutes = await measure(async () => {
    await pool.query(ROUTES_SQL, [ROLE_BENCH]);
  });
  const rawPage = await measure(async () => {
    await pool.query(USER_PAGE_SQL, USER_PAGE_PARAMS);
  });

  // Where the time goes on the database side.
  for (const [name, text, params] of [
    ['routes', ROUTES_SQL, [ROLE_BENCH]],
    ['user page', USER_PAGE_SQL, USER_PAGE_PARAMS],
  ] as const) {
    const plan = await pool.query(`explain (analyze, buffers) ${text}`, [...params]);
    const lines = plan.rows.map((r) => r['QUERY PLAN'] as string);
    console.log(`\n--- EXPLAIN ANALYZE ${name} SQL ---\n${lines.join('\n')}`);
  }

  return [
    { name: 'GET menu/routes (bench role)', target: 20, api: apiRoutes, raw: rawRoutes, detail: `${routeNodes} nodes` },
    { name: 'GET user/page deptId subtree', target: 50, api: apiPage, raw: rawPage, detail: `total ${pageTotal}` },
  ];
}

const printTable = (results: Result[]): boolean =>
  printLatencyTable(
    `PostgreSQL, ${USERS.toLocaleString('en-US')} users, ${EXTRA_MENUS} extra menus; ${WARMUP} warm-up + ${MEASURED} sequential requests, 1 connection.`,
    'API = loopback round trip measured by the client (ms); raw = the equivalent SQL through pg.Pool (ms).',
    results,
  );

await runBench('bench/system', run, printTable);
