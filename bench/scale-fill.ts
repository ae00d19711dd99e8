/**
 * bench/scale's fill: 10,000 tenants, a 50,000-user tenant, 1.05 M users, 2 M params, 1 M messages and 10 M error-log
 * rows at `--scale 1` (issue 16), each table in a few `INSERT … SELECT generate_series` statements with its secondary
 * indexes dropped during the load and built again as the migrations define them, then `VACUUM ANALYZE`. The big tenant
 * is provisioned by the server's own TenantService; the small ones are its essentials (tenant row, root dept, post,
 * administrator role with the big tenant's administrator menus, administrator) copied in SQL. Deterministic: every
 * "random" choice is a hash of the row number, so two fills at one scale hold the same rows but the big tenant's code
 * and the ids the service draws.
 */
import pg from 'pg';
import { tmpdir } from 'node:os';
import { openDatabase, type Db } from '../src/server/db/connect.ts';
import { setUpTenants } from '../src/server/db/seed/seed.ts';
import { hashPlainPassword } from '../src/server/modules/auth/password.ts';
import { MODULES, USER_ROLE_MENU_CODES } from '../src/server/modules/index.ts';
import { SEED } from '../src/server/modules/system/install.ts';
import { TenantService } from '../src/server/modules/system/tenant.service.ts';
import { ROLE_POWER, SUPER_TENANT, type AuthUser } from '../src/server/platform/auth-context.ts';
import { log, migrateAndSeed } from './support.ts';
import { BENCH_ADMIN } from './engine.ts';

/** Row counts at a scale; `--scale 1` is the issue's. */
export interface Layout {
  scale: number;
  /**
   * Tenants beside the provisioned one, each with USERS_PER_SMALL_TENANT users (its administrator among them), but
   * the first `bigTenants - 1`, which are big.
   */
  smallTenants: number;
  /** Tenants of `bigUsers` users in a dept tree: the provisioned one, then small tenants 1 … bigTenants - 1. */
  bigTenants: number;
  /** Users of each big tenant, its administrator among them. */
  bigUsers: number;
  params: number;
  messages: number;
  /** Messages of each big tenant's administrator, beside his share of `messages`. */
  bigAdminMessages: number;
  errorLogs: number;
}

export const USERS_PER_SMALL_TENANT = 100;
/** The password of every bench administrator, as tenant provisioning gives it. */
export const ADMIN_PASSWORD = 'admin';
/** The marker table: one row per complete fill, with the scale and what it took. */
const MARKER = 'bench_scale_fill';

export function layoutOf(scale: number): Layout {
  const rows = (full: number) => Math.max(1, Math.round(full * scale));
  return {
    scale,
    smallTenants: Math.max(1, rows(10_000) - 1),
    bigTenants: 1,
    bigUsers: rows(50_000),
    params: rows(2_000_000),
    messages: rows(1_000_000),
    bigAdminMessages: rows(3_000),
    errorLogs: rows(10_000_000),
  };
}

// Ids of the bench's rows: snowflakes of 2022 (nextId() draws today's, the seed's are larger).
const ID = {
  tenant: 300000000000000000n,
  dept: 310000000000000000n,
  post: 320000000000000000n,
  role: 330000000000000000n,
  roleMenu: 340000000000000000n,
  user: 350000000000000000n,
  param: 360000000000000000n,
  message: 370000000000000000n,
  errorLog: 380000000000000000n,
  /** The tenants' own rows (dictionaries, calendar, chart): 1,000 ids a tenant and table. */
  tenantRows: 390000000000000000n,
};
const id = (base: bigint, offset: number) => String(base + BigInt(offset));
/** Error-log ids no fill uses (a fill's are ID.errorLog + 1 … its row count): for a tenant's own big table. */
export const SPARE_ERROR_LOG_IDS = ID.errorLog + 10_000_000_000n;

/** Small tenant `t` (1-based): its code, after the 6-digit codes provisioning draws (it avoids taken ones). */
export const smallTenantCode = (t: number) => String(100_000 + t);
const BIG_TENANT_NAME = '江苏恒力精密制造集团有限公司';
const BIG_CHILDREN = 20;
const BIG_GRANDCHILDREN = 10;
/**
 * Dept `c` (1-based) under big tenant `k`'s root (0: the provisioned one, else small tenant k); the first holds ~43 %
 * of its users (a plant's production).
 */
export const bigChildDept = (c: number, k = 0) => id(ID.dept, 1_000_000 + k * 1_000 + c);
export const bigGrandchildDept = (c: number, g: number, k = 0) => id(ID.dept, 2_000_000 + k * 10_000 + c * 100 + g);
/** Users of big tenant `k` beyond a small tenant's own are numbered apart from every other tenant's. */
const BIG_USER_SPAN = 100_000_000;

/** What a fill made (or a reused fill had made). */
export interface Fill {
  bigTenant: string;
  filledAt: string;
  steps: Array<{ what: string; rows: number; seconds: number }>;
}

/** The fill recorded in the database at this scale, or undefined when there is none (or another scale's). */
export async function completeFill(databaseUrl: string, scale: number): Promise<Fill | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const marker = await client.query(`select to_regclass($1) is not null as present`, [MARKER]);
    if (!marker.rows[0].present) return undefined;
    const { rows } = await client.query(
      `select big_tenant, to_char(filled_at, 'YYYY-MM-DD HH24:MI') as filled_at, steps from ${MARKER} where scale = $1`,
      [scale],
    );
    return rows[0] ? { bigTenant: rows[0].big_tenant, filledAt: rows[0].filled_at, steps: rows[0].steps } : undefined;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Names: weighted pools, so that common names repeat as they do in a real company (王伟, 李娜, 张敏 …).

/** Each entry repeated by its weight (per mille of the population, roughly). */
const weighted = (entries: Array<[string, number]>) => entries.flatMap(([text, weight]) => Array(weight).fill(text));

const SURNAMES = weighted([
  ['王', 71], ['李', 70], ['张', 68], ['刘', 54], ['陈', 46], ['杨', 31], ['黄', 25], ['赵', 21], ['吴', 20], ['周', 19],
  ['徐', 16], ['孙', 15], ['马', 15], ['朱', 13], ['胡', 13], ['郭', 12], ['何', 12], ['林', 11], ['高', 11], ['罗', 10],
  ['郑', 10], ['梁', 9], ['谢', 8], ['宋', 8], ['唐', 8], ['许', 7], ['邓', 7], ['冯', 7], ['韩', 7], ['曹', 6],
  ['曾', 6], ['彭', 6], ['肖', 5], ['蔡', 5], ['潘', 5], ['田', 5], ['董', 5], ['袁', 5], ['于', 5], ['余', 5],
  ['叶', 5], ['蒋', 5], ['杜', 5], ['苏', 5], ['魏', 5], ['程', 5], ['吕', 5], ['丁', 4], ['沈', 4], ['任', 4],
  ['姚', 4], ['卢', 4], ['钟', 4], ['姜', 4], ['崔', 4], ['谭', 4], ['廖', 4], ['范', 4], ['汪', 4], ['陆', 4],
  ['金', 3], ['石', 3], ['戴', 3], ['贾', 3], ['韦', 3], ['夏', 3], ['邱', 3], ['方', 3], ['侯', 3], ['邹', 3],
  ['熊', 3], ['孟', 3], ['秦', 3], ['白', 3], ['江', 3], ['薛', 3], ['尹', 3], ['段', 2], ['雷', 2], ['黎', 2],
  ['史', 2], ['龙', 2], ['陶', 2], ['贺', 2], ['顾', 2], ['毛', 2], ['郝', 2], ['龚', 2], ['邵', 2], ['钱', 2],
]); // prettier-ignore
/** Whole given names, the ones millions share: with a surname they make the names that repeat. */
const GIVEN_NAMES = weighted([
  ['伟', 10], ['芳', 8], ['娜', 7], ['敏', 7], ['静', 7], ['丽', 6], ['强', 6], ['磊', 6], ['军', 6], ['洋', 5],
  ['勇', 5], ['艳', 5], ['杰', 5], ['娟', 5], ['涛', 5], ['明', 4], ['超', 4], ['霞', 4], ['平', 4], ['刚', 4],
  ['秀英', 4], ['桂英', 3], ['秀兰', 3], ['建华', 3], ['斌', 3], ['辉', 3], ['鹏', 3], ['华', 3], ['飞', 3], ['鑫', 3],
  ['波', 3], ['宇', 3], ['浩', 3], ['凯', 3], ['健', 3], ['俊', 3], ['玉兰', 2], ['建国', 2], ['志强', 2], ['婷婷', 2],
]); // prettier-ignore
/** Two-character given names as parents pick them today: any first with any second. */
const GIVEN_FIRST = [...'子梓浩宇欣思雨一佳俊文志晓家嘉明建海春国玉雅诗婉天博泽晨若安'];
const GIVEN_SECOND = [...'轩涵怡然萱杰辰琪睿彤婷涛峰华平辉霖洋瑶琳慧颖鹏成豪铭航宁远'];
const CITIES = ['苏州', '无锡', '常州', '南京', '杭州', '宁波', '上海', '北京', '天津', '重庆', '成都', '武汉', '长沙', '合肥', '福州', '厦门', '青岛', '济南', '郑州', '沈阳']; // prettier-ignore
const BRANDS = ['恒泰', '华鑫', '宏达', '瑞丰', '永盛', '金诚', '隆兴', '博远', '天成', '嘉和', '中科', '新锐', '汇通', '鼎盛', '东方', '长城', '宝丰', '立信', '正泰', '海纳']; // prettier-ignore
const TRADES = ['机械', '电子', '科技', '精密', '模具', '塑胶', '五金', '包装', '物流', '贸易'];
const DEPTS = [
  '生产制造部', '总经办', '人力资源部', '财务部', '采购部', '销售部', '市场部', '研发中心', '质量部', '设备部',
  '仓储物流部', '工艺部', '计划部', '信息部', '安环部', '行政部', '法务部', '审计部', '客服部', '国际业务部',
]; // prettier-ignore
const GROUPS = ['一组', '二组', '三组', '四组', '五组', '六组', '七组', '八组', '九组', '十组'];

// ---------------------------------------------------------------------------------------------------------------
// SQL helpers (session functions of the fill's connection)

/**
 * `pick(g, salt, n)`: a number in [0, n) from row number `g`, a different stream per `salt`. Inlined by the planner
 * (one immutable SQL expression).
 */
const HELPERS = `create function pg_temp.pick(g bigint, salt bigint, n bigint) returns bigint
  language sql immutable as $$ select ((hashint8extended(g, salt) % n) + n) % n $$`;
/** A realistic Chinese name of row `g` from the pools ($1 surnames, $2 given names, $3/$4 given-name characters). */
const REAL_NAME = `($1::text[])[1 + pg_temp.pick(g, 1, cardinality($1::text[]))] ||
  case when pg_temp.pick(g, 2, 100) < 50 then ($2::text[])[1 + pg_temp.pick(g, 3, cardinality($2::text[]))]
  else ($3::text[])[1 + pg_temp.pick(g, 4, cardinality($3::text[]))] || ($4::text[])[1 + pg_temp.pick(g, 5, cardinality($4::text[]))] end`;
const NAME_POOLS = [SURNAMES, GIVEN_NAMES, GIVEN_FIRST, GIVEN_SECOND];
/** A mainland mobile number of row `g`. */
const PHONE = `'1' || (3 + pg_temp.pick(g, 6, 7)) || lpad(pg_temp.pick(g, 7, 1000000000)::text, 9, '0')`;

/** The tables of a tenant's own rows (app.ts setUpTenants: business dictionaries, then the modules' tenantRows). */
const TENANT_ROW_TABLES = ['blade_dict_biz', 'blade_work_calendar', 'erp_subject'] as const;

/**
 * The big tenant's rows of `table` copied to small tenant 1 … `small`: ids of their own (1,000 a tenant), the tenant's
 * code, a `parent_id` pointing at the copy of its parent.
 */
async function copyTenantRows(client: pg.Client, table: string, from: string, small: number, n: number) {
  const { rows } = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1
     order by ordinal_position`,
    [table],
  );
  const columns = rows.map((r) => r.column_name);
  const base = `$1::bigint + g * 1000`;
  const value = (column: string) =>
    column === 'id'
      ? `${base} + s.r`
      : column === 'tenant_id'
        ? `(100000 + g)::text`
        : column === 'parent_id'
          ? `case when p.r is null then s.parent_id else ${base} + p.r end`
          : `s.${column}`;
  const numbered = `(select *, row_number() over (order by id) as r from ${table} where tenant_id = $2)`;
  const result = await client.query(
    `insert into ${table} (${columns.join(', ')})
     select ${columns.map(value).join(', ')}
     from ${numbered} s ${columns.includes('parent_id') ? `left join ${numbered} p on p.id = s.parent_id` : 'left join (select null::bigint as r) p on false'}
     cross join generate_series(1, $3::int) g`,
    [String(ID.tenantRows + BigInt(n) * 10_000_000_000n), from, small],
  );
  return result.rowCount ?? 0;
}

/** The platform's administrator, as whom the benches' tenants are provisioned. */
const PLATFORM_ADMIN: AuthUser = {
  ...BENCH_ADMIN,
  roleIds: [SEED.roleAdministrator],
  power: ROLE_POWER.superAdmin,
};

/**
 * A tenant as `tenant/submit` makes one (the same service), with the modules' rows app.ts adds to it; `then` runs on
 * the same database before it closes (a bench's own grants). Its code.
 */
export async function provisionTenant(
  databaseUrl: string,
  tenantName: string,
  then?: (db: Db, code: string) => Promise<void>,
): Promise<string> {
  const database = await openDatabase({ databaseUrl, dataDir: tmpdir() } /* unused with a databaseUrl */);
  try {
    const tenants = new TenantService(
      database.db,
      (trx, code) => setUpTenants(trx, MODULES, [code]),
      USER_ROLE_MENU_CODES,
    );
    const row = await tenants.create(PLATFORM_ADMIN, {
      tenantName,
      linkman: '王伟',
      contactNumber: '13912345678',
      address: '江苏省苏州市工业园区星湖街 328 号',
    });
    const code = String(row.tenant_id);
    await then?.(database.db, code);
    return code;
  } finally {
    await database.close();
  }
}

/**
 * Runs `load` with the table's secondary indexes dropped (not those of constraints), then creates them again from
 * their own definitions (`fastupdate = off` and partial predicates included): one sorted build instead of a million
 * index inserts.
 */
export async function withoutIndexes(client: pg.Client, table: string, load: () => Promise<number>): Promise<number> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition from pg_index i
     where i.indrelid = $1::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [table],
  );
  for (const index of rows) await client.query(`drop index ${index.name}`);
  const inserted = await load();
  for (const index of rows) await client.query(index.definition);
  return inserted;
}

/** A big tenant of the fill: the provisioned one (k = 0) or small tenant k, with its administrator and root dept. */
interface BigTenant {
  k: number;
  code: string;
  admin: string;
  root: string;
  /** The number of its first user beyond those it has as a small tenant. */
  firstUser: number;
}

const ERROR_URIS = [
  '/system/user',
  '/system/dept',
  '/desk/message',
  '/warehouse/inventorylog',
  '/budget/fill',
  '/flow/todo',
];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49',
  'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.6261.119 Mobile Safari/537.36',
]; // prettier-ignore

/**
 * `rows` error-log rows (ids `idBase` + 1 …) to users of the session's `person` table (`u` numbering its `people`
 * users from 0) picked evenly, within the last 89 days: the retention sweep (migration 0040, 90 days by default) leaves
 * a fresh fill alone. A million rows a statement: the log shows progress, and no statement runs for many minutes.
 */
async function errorLogRows(client: pg.Client, idBase: bigint, rows: number, people: number): Promise<number> {
  const chunk = 1_000_000;
  let inserted = 0;
  for (let first = 1; first <= rows; first += chunk) {
    const last = Math.min(rows, first + chunk - 1);
    const result = await client.query(
      `insert into blade_log_error (id, tenant_id, service_id, env, method, request_uri, user_agent, remote_ip,
         params, time, create_by, create_time, stack_trace, exception_name, message, line_number, file_name)
       select $1::bigint + g, p.tenant_id, 'tenon-web', 'prod', 'CLIENT', ($3::text[])[1 + pg_temp.pick(g, 22, cardinality($3::text[]))],
         ($4::text[])[1 + pg_temp.pick(g, 23, cardinality($4::text[]))],
         '10.' || pg_temp.pick(g, 24, 256) || '.' || pg_temp.pick(g, 25, 256) || '.' || pg_temp.pick(g, 26, 256), '',
         to_char(created, 'YYYY-MM-DD HH24:MI:SS'), p.account, created,
         'TypeError: Cannot read properties of undefined (reading ''' || field || ''')' || E'\\n' ||
           '    at render (https://erp.example.com/assets/crud-page-Bx7kQ2.js:1:' || (1000 + pg_temp.pick(g, 27, 90000)) || ')' || E'\\n' ||
           '    at updateFunctionComponent (https://erp.example.com/assets/react-dom-C1a9Fz.js:1:48213)' || E'\\n' ||
           '    at beginWork (https://erp.example.com/assets/react-dom-C1a9Fz.js:1:60117)',
         'TypeError', 'Cannot read properties of undefined (reading ''' || field || ''')',
         1, 'https://erp.example.com/assets/crud-page-Bx7kQ2.js'
       from (select g, (array['records', 'total', 'deptName', 'roleName', 'children', 'length'])[1 + pg_temp.pick(g, 28, 6)] as field,
               localtimestamp(0) - make_interval(secs => pg_temp.pick(g, 29, 89 * 86400)) as created
             from generate_series($2::int, $6::int) g) e
       join person p on p.u = pg_temp.pick(g, 21, $5)`,
      [String(idBase), first, ERROR_URIS, USER_AGENTS, people, last],
    );
    inserted += result.rowCount ?? 0;
    if (last < rows) log(`fill: blade_log_error: ${inserted.toLocaleString('en-US')} rows`);
  }
  return inserted;
}

/**
 * `rows` error-log rows of one tenant's users (ids from `idBase` + 1), on a database filled by `fill` or holding the
 * tenant's rows since: a big table of the tenant, in SQL.
 */
export async function tenantErrorLogs(client: pg.Client, tenant: string, idBase: bigint, rows: number) {
  await client.query(HELPERS.replace('create function', 'create or replace function'));
  await client.query(`drop table if exists pg_temp.person`);
  await client.query(
    `create temp table person as
     select (row_number() over (order by id) - 1) as u, tenant_id, id, account from blade_user where tenant_id = $1`,
    [tenant],
  );
  await client.query(`create unique index on person (u)`);
  const { rows: counted } = await client.query(`select count(*)::int as n from person`);
  if (!counted[0].n) throw new Error(`tenant ${tenant} has no users`);
  return errorLogRows(client, idBase, rows, counted[0].n);
}

// ---------------------------------------------------------------------------------------------------------------
// The fill

/** Migrates, seeds and fills an empty database at `layout`, then records the fill in the marker table. */
export async function fill(databaseUrl: string, layout: Layout): Promise<Fill> {
  const steps: Fill['steps'] = [];
  const step = async (what: string, work: () => Promise<number>) => {
    const t0 = performance.now();
    const rows = await work();
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    steps.push({ what, rows, seconds });
    log(`fill: ${what}: ${rows.toLocaleString('en-US')} rows in ${seconds} s`);
  };
  await step('migrate + seed', async () => {
    await migrateAndSeed(databaseUrl);
    return 0;
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // A lost fill is run again: no need to wait for each statement's WAL flush. Memory for the index builds.
    await client.query(`set synchronous_commit = off`);
    await client.query(`set work_mem = '256MB'`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(HELPERS);
    const insert = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rowCount ?? 0;
    const small = layout.smallTenants;
    const password = await hashPlainPassword(ADMIN_PASSWORD); // once: argon2 of a million rows would take hours

    let bigTenant = '';
    await step('blade_tenant (+ the big tenant by TenantService)', async () => {
      // The small tenants first: provisioning draws a code no tenant has.
      const rows = await insert(
        `insert into blade_tenant (id, tenant_id, tenant_name, linkman, contact_number, address, account_number,
           create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
         select $5::bigint + g, (100000 + g)::text, name, linkman, phone, name, -1, $6::bigint, $7, created, $6::bigint, created, 1, 0
         from (select g, ($8::text[])[1 + g % cardinality($8::text[])] || ($9::text[])[1 + (g / cardinality($8::text[])) % cardinality($9::text[])]
                 || ($10::text[])[1 + pg_temp.pick(g, 8, cardinality($10::text[]))] || '有限公司' as name,
                 ${REAL_NAME} as linkman, ${PHONE} as phone,
                 timestamp '2023-01-01' + make_interval(secs => pg_temp.pick(g, 9, 3 * 365 * 86400)) as created
               from generate_series(1, $11) g) t`,
        [...NAME_POOLS, String(ID.tenant), SEED.userAdmin, SEED.deptRoot, CITIES, BRANDS, TRADES, small],
      );
      bigTenant = await provisionTenant(databaseUrl, BIG_TENANT_NAME);
      return rows + 1;
    });
    // What provisioning gives each tenant (app.ts setUpTenants), copied from the big tenant: a server's start then
    // finds every tenant set up, as on a live install, rather than writing them millions of rows.
    await step("tenants' own rows (business dictionaries, work calendar, chart of accounts)", async () => {
      let rows = 0;
      for (const [n, table] of TENANT_ROW_TABLES.entries())
        rows += await withoutIndexes(client, table, () => copyTenantRows(client, table, bigTenant, small, n));
      return rows;
    });
    const provisioned = (
      await client.query(
        `select u.id as admin, u.dept_id as root from blade_user u where u.tenant_id = $1 and u.account = 'admin'`,
        [bigTenant],
      )
    ).rows[0] as { admin: string; root: string };
    if (layout.bigTenants > 1 && layout.bigUsers < USERS_PER_SMALL_TENANT)
      throw new Error(`a big tenant needs at least ${USERS_PER_SMALL_TENANT} users (got ${layout.bigUsers})`);
    if (layout.bigTenants > Math.min(small + 1, 1_000)) throw new Error(`${layout.bigTenants} big tenants: too many`);
    // The provisioned tenant (k = 0), then small tenants 1 … bigTenants - 1 with their administrator and root dept;
    // their users beyond the 100 they have as small tenants are numbered from `firstUser`.
    const bigs: BigTenant[] = [
      { k: 0, code: bigTenant, ...provisioned, firstUser: 1 },
      ...Array.from({ length: layout.bigTenants - 1 }, (_, i) => ({
        k: i + 1,
        code: smallTenantCode(i + 1),
        admin: id(ID.user, 1_000_000 + (i + 1) * USERS_PER_SMALL_TENANT),
        root: id(ID.dept, i + 1),
        firstUser: USERS_PER_SMALL_TENANT,
      })),
    ];

    await step('blade_dept', async () => {
      const roots = await insert(
        `insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, is_deleted)
         select $1::bigint + (id - $2::bigint), tenant_id, 0, '0', 1, left(tenant_name, 45), left(tenant_name, 45), 1, 0
         from blade_tenant where id > $2::bigint and id <= $2::bigint + $3`,
        [String(ID.dept), String(ID.tenant), small],
      );
      const tree: string[][] = [];
      for (const { k, code, root } of bigs)
        for (let c = 1; c <= BIG_CHILDREN; c++) {
          const child = bigChildDept(c, k);
          tree.push([child, code, root, `0,${root}`, DEPTS[c - 1], String(c)]);
          for (let g = 1; g <= BIG_GRANDCHILDREN; g++)
            tree.push([
              bigGrandchildDept(c, g, k),
              code,
              child,
              `0,${root},${child}`,
              DEPTS[c - 1] + GROUPS[g - 1],
              String(g),
            ]);
        }
      const column = (i: number) => tree.map((d) => d[i]);
      const children = await insert(
        `insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, is_deleted)
         select id::bigint, tenant, parent::bigint, ancestors, 1, name, name, sort::int, 0
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
           as d(id, tenant, parent, ancestors, name, sort)`,
        [column(0), column(1), column(2), column(3), column(4), column(5)],
      );
      return roots + children;
    });

    await step('blade_post', () =>
      insert(
        `insert into blade_post (id, tenant_id, category, post_code, post_name, sort, remark,
           create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
         select $1::bigint + g, (100000 + g)::text, 1, 'ceo', '首席执行官', 1, '首席执行官', $2::bigint, $3, localtimestamp(0), $2::bigint, localtimestamp(0), 1, 0
         from generate_series(1, $4) g`,
        [String(ID.post), SEED.userAdmin, SEED.deptRoot, small],
      ),
    );

    // Each small tenant: 管理员 (admin, tenant administrator power) as provisioning makes it, and 员工 for the rest;
    // the big tenant gets 员工 too (role id offset 1,000,000 + 0).
    await step('blade_role', () =>
      insert(
        `insert into blade_role (id, tenant_id, parent_id, role_name, sort, role_alias, role_power, is_deleted)
         select $1::bigint + g, (100000 + g)::text, 0, '管理员', 1, 'admin', 1, 0 from generate_series(1, $2::int) g
         union all
         select $1::bigint + 1000000 + g, case when g = 0 then $3::text else (100000 + g)::text end, 0, '员工', 6, 'staff', 0, 0
         from generate_series(0, $2::int) g`,
        [String(ID.role), small, bigTenant],
      ),
    );

    const menus = await client.query<{ menu_id: string }>(
      `select rm.menu_id from blade_role_menu rm join blade_role r on r.id = rm.role_id
       where r.tenant_id = $1 and r.role_alias = 'admin' order by rm.menu_id`,
      [bigTenant],
    );
    const menuIds = menus.rows.map((r) => r.menu_id);
    // Grant ids leave 10,000 a tenant.
    if (menuIds.length >= 10_000) throw new Error(`${menuIds.length} administrator menus: the grant ids overlap`);
    await step(`blade_role_menu (${menuIds.length} menus a tenant administrator)`, () =>
      withoutIndexes(client, 'blade_role_menu', () =>
        insert(
          `insert into blade_role_menu (id, menu_id, role_id)
           select $1::bigint + g::bigint * 10000 + m.k, m.menu_id, $2::bigint + g
           from generate_series(1, $3) g cross join unnest($4::bigint[]) with ordinality as m(menu_id, k)`,
          [String(ID.roleMenu), String(ID.role), small, menuIds],
        ),
      ),
    );

    await step('blade_user', () =>
      withoutIndexes(client, 'blade_user', async () => {
        const columns = `id, tenant_id, user_type, account, password, name, real_name, email, phone, birthday, sex,
          role_id, dept_id, post_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted`;
        // A big tenant: 40 % in its first dept's subtree (11 depts), the rest spread over all 221. Row numbers (the
        // hashes' input) and ids of tenant k are offset by k spans; its accounts are u<n> within the tenant.
        let bigUsers = 0;
        for (const { k, code, admin, root, firstUser } of bigs) {
          const firstSubtree = [bigChildDept(1, k), ...GROUPS.map((_, g) => bigGrandchildDept(1, g + 1, k))];
          const allDepts = [root, ...Array.from({ length: BIG_CHILDREN }, (_, c) => bigChildDept(c + 1, k))];
          for (let c = 1; c <= BIG_CHILDREN; c++)
            for (let g = 1; g <= BIG_GRANDCHILDREN; g++) allDepts.push(bigGrandchildDept(c, g, k));
          const offset = k * BIG_USER_SPAN;
          bigUsers += await insert(
            `insert into blade_user (${columns})
             select $5::bigint + g, $6::text, 1, 'u' || (g - $14), $7, name, name,
               'u' || (g - $14) || '@' || $6::text || '.test', ${PHONE},
               date '1965-01-01' + pg_temp.pick(g, 10, 40 * 365)::int, 1 + pg_temp.pick(g, 11, 2), $8,
               case when pg_temp.pick(g, 12, 100) < 40 then ($9::text[])[1 + pg_temp.pick(g, 13, cardinality($9::text[]))]
                 else ($10::text[])[1 + pg_temp.pick(g, 14, cardinality($10::text[]))] end,
               '', $11::bigint, $12, created, $11::bigint, created, 1, 0
             from (select g, ${REAL_NAME} as name,
                     timestamp '2023-01-01' + make_interval(secs => pg_temp.pick(g, 15, 3 * 365 * 86400)) as created
                   from generate_series($14::bigint + $15, $14::bigint + $13) g) u`,
            [
              ...NAME_POOLS,
              String(ID.user),
              code,
              password,
              id(ID.role, 1_000_000 + k),
              firstSubtree,
              allDepts,
              admin,
              root,
              layout.bigUsers - 1,
              offset,
              firstUser,
            ],
          );
        }
        // Small tenant t: its administrator (k = 0, as provisioning names him) and 99 staff in its root dept.
        const smallUsers = await insert(
          `insert into blade_user (${columns})
           select $5::bigint + 1000000 + t::bigint * 100 + k, (100000 + t)::text, 1,
             case when k = 0 then 'admin' else 'u' || k end, $6,
             case when k = 0 then 'admin' else name end, case when k = 0 then 'admin' else name end,
             'u' || k || '@' || (100000 + t) || '.test', ${PHONE},
             date '1965-01-01' + pg_temp.pick(g, 10, 40 * 365)::int, 1 + pg_temp.pick(g, 11, 2),
             (case when k = 0 then $7::bigint + t else $7::bigint + 1000000 + t end)::text,
             ($8::bigint + t)::text, case when k = 0 then ($9::bigint + t)::text else '' end,
             $10::bigint, $11, created, $10::bigint, created, 1, 0
           from (select t, k, g, ${REAL_NAME} as name,
                   timestamp '2023-01-01' + make_interval(secs => pg_temp.pick(g, 15, 3 * 365 * 86400)) as created
                 from generate_series(1, $12) t, generate_series(0, $13::int - 1) k,
                   lateral (select t::bigint * $13::int + k + 10000000 as g) n) u`,
          [
            ...NAME_POOLS,
            String(ID.user),
            password,
            String(ID.role),
            String(ID.dept),
            String(ID.post),
            SEED.userAdmin,
            SEED.deptRoot,
            small,
            USERS_PER_SMALL_TENANT,
          ],
        );
        return bigUsers + smallUsers;
      }),
    );

    await step('blade_param', () =>
      withoutIndexes(client, 'blade_param', () =>
        insert(
          `insert into blade_param (id, param_name, param_key, param_value, remark,
             create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
           select $1::bigint + g, '压测参数 ' || g, 'bench.param.' || g, 'value-' || pg_temp.pick(g, 16, 1000000), '',
             $2::bigint, $3, created, $2::bigint, created, 1, 0
           from (select g, timestamp '2020-01-01' + make_interval(secs => g % (6 * 365 * 86400)) as created
                 from generate_series(1, $4) g) p`,
          [String(ID.param), SEED.userAdmin, SEED.deptRoot, layout.params],
        ),
      ),
    );

    // Messages and error logs go to users picked uniformly (`person` numbers them), so each tenant gets its users'
    // share.
    await client.query(
      `create temp table person as
       select (row_number() over (order by id) - 1) as u, tenant_id, id, account from blade_user where tenant_id <> $1`,
      [SUPER_TENANT],
    );
    await client.query(`create unique index on person (u)`);
    await client.query(`analyze person`);
    const people = layout.bigTenants * layout.bigUsers + (small - layout.bigTenants + 1) * USERS_PER_SMALL_TENANT;
    const { rows: counted } = await client.query(`select count(*)::int as n from person`);
    if (counted[0].n !== people) throw new Error(`${counted[0].n} tenant users, expected ${people}`);

    await step('blade_message', () =>
      withoutIndexes(client, 'blade_message', async () => {
        const columns = `id, tenant_id, user_id, title, content, category, create_user, create_dept, create_time,
          update_user, update_time, status, is_deleted`;
        const content = `case pg_temp.pick(g, 17, 4)
            when 0 then '您有一条新的待办：请假申请 #' || g || '，请及时处理。'
            when 1 then '您提交的报销单 #' || g || ' 已审批通过。'
            when 2 then '系统将于本周六 22:00 至 24:00 升级维护，期间暂停服务。'
            else '采购订单 PO' || lpad(g::text, 8, '0') || ' 已到货，请安排质检入库。' end`;
        const spread = await insert(
          `insert into blade_message (${columns})
           select $1::bigint + g, p.tenant_id, p.id, '系统通知', ${content}, 1, null, null, created, null, created,
             case when pg_temp.pick(g, 18, 100) < 70 then 1 else 0 end, 0
           from (select g, localtimestamp(0) - make_interval(secs => pg_temp.pick(g, 19, 180 * 86400)) as created
                 from generate_series(1, $2) g) m
           join person p on p.u = pg_temp.pick(g, 20, $3)`,
          [String(ID.message), layout.messages, people],
        );
        let bigAdmin = 0;
        for (const { k, code, admin } of bigs)
          bigAdmin += await insert(
            `insert into blade_message (${columns})
             select $1::bigint + $2 + g, $3, $4, '审批通知', ${content}, 1, null, null, created, null, created,
               case when pg_temp.pick(g, 18, 100) < 70 then 1 else 0 end, 0
             from (select g, localtimestamp(0) - make_interval(secs => pg_temp.pick(g, 19, 180 * 86400)) as created
                   from generate_series($6::int + 1, $6::int + $5) g) m`,
            [String(ID.message), layout.messages, code, admin, layout.bigAdminMessages, k * layout.bigAdminMessages],
          );
        return spread + bigAdmin;
      }),
    );

    await step('blade_log_error', () =>
      withoutIndexes(client, 'blade_log_error', () => errorLogRows(client, ID.errorLog, layout.errorLogs, people)),
    );

    // VACUUM as well: the visibility map a live database has (index-only scans), and no autovacuum of the freshly
    // inserted tables in the middle of the measurements.
    await step('vacuum analyze', async () => {
      await client.query(`vacuum analyze`);
      return 0;
    });

    await client.query(`create table ${MARKER} (scale numeric primary key, big_tenant varchar(12) not null,
      filled_at timestamp(0) not null default localtimestamp(0), steps jsonb not null)`);
    await client.query(`insert into ${MARKER} (scale, big_tenant, steps) values ($1, $2, $3)`, [
      layout.scale,
      bigTenant,
      JSON.stringify(steps),
    ]);
    return (await completeFill(databaseUrl, layout.scale))!;
  } finally {
    await client.end();
  }
}
