import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import { SCHEMA_LOCK_KEY } from '../migrate.ts';
import { hashPlainPassword } from '../../modules/auth/password.ts';
import { ROLE_POWER } from '../../platform/auth-context.ts';
import { nextId } from '../../platform/ids.ts';
import { MENU_TREE, USER_ROLE_MENU_CODES } from './menu-tree.ts';
import type { SeedMenu } from './menu-tree.types.ts';
import { seedRegions } from './region.ts';
import { seedFlow } from '../../modules/flow/flow-seed.ts';
import { seedWorkCalendars } from './work-calendar.ts';
import { addApproverRoles } from '../../modules/flow/approver-roles.ts';

/** Fixed ids of a fresh install (contract/seed.md): bookmarks, screenshots and tests rely on them. */
export const SEED = {
  tenantRowId: '1123598820738675201',
  deptRoot: '1123598813738675201',
  deptChangzhou: '1123598813738675202',
  deptSuzhou: '1123598813738675203',
  roleAdministrator: '1123598816738675201',
  roleUser: '1123598816738675202',
  /** the approver roles (flow approver-roles.ts): 人事 hr, 财务 finance, 总经理 boss */
  roleHr: '1123598816738675203',
  roleFinance: '1123598816738675204',
  roleBoss: '1123598816738675205',
  postCeo: '1123598817738675201',
  userAdmin: '1123598821738675201',
} as const;
const SEED_TIME = '2018-08-08 08:08:08';

/** Seed menu / dictionary ids are derived from their codes, so they stay the same on every install. */
export function seedIdOf(base: bigint, key: string): string {
  let hash = 0x811c9dc5;
  for (const ch of key) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (base + BigInt(hash)).toString();
}
const MENU_ID_BASE = 1_123_598_815_000_000_000n;
const DICT_ID_BASE = 1_123_598_814_000_000_000n;
export const menuIdOf = (code: string) => seedIdOf(MENU_ID_BASE, code);

interface MenuRow {
  id: string; parent_id: string; code: string; name: string; name_en: string; alias: string; path: string;
  source: string; sort: number; category: number; action: number; is_open: number; remark: string; is_deleted: number;
}

export function menuRows(tree: SeedMenu[] = MENU_TREE): MenuRow[] {
  const rows: MenuRow[] = [];
  const walk = (menus: SeedMenu[], parentId: string) => {
    for (const m of menus) {
      const id = menuIdOf(m.code);
      rows.push({
        id, parent_id: parentId, code: m.code, name: m.zh, name_en: m.en, alias: m.alias ?? 'menu', path: m.path,
        source: m.source ?? '', sort: m.sort, category: 1, action: 0, is_open: m.isOpen ?? 1, remark: m.remark ?? '', is_deleted: 0,
      });
      for (const b of m.buttons ?? []) {
        rows.push({
          id: menuIdOf(b.code), parent_id: id, code: b.code, name: b.zh, name_en: b.en, alias: b.alias, path: b.path ?? '',
          source: b.source ?? '', sort: b.sort, category: 2, action: b.action, is_open: 1, remark: '', is_deleted: 0,
        });
      }
      walk(m.children ?? [], id);
    }
  };
  walk(tree, '0');
  return rows;
}

const DICTIONARIES: Array<[code: string, name: string, items: Array<[key: string, value: string, remark?: string]>]> = [
  ['sex', '性别', [['1', '男'], ['2', '女'], ['3', '未知']]],
  ['notice', '通知类型', [['1', '发布通知'], ['2', '批转通知'], ['3', '转发通知'], ['4', '指示通知'], ['5', '任免通知'], ['6', '事务通知']]],
  ['menu_category', '菜单类型', [['1', '菜单'], ['2', '按钮']]],
  ['button_func', '按钮功能', [['1', '工具栏'], ['2', '操作栏'], ['3', '工具操作栏']]],
  ['yes_no', '是否', [['1', '否'], ['2', '是']]],
  ['data_scope_type', '数据权限', [['1', '全部可见'], ['2', '本人可见'], ['3', '所在机构可见'], ['4', '所在机构及子级可见'], ['5', '自定义']]],
  ['api_scope_type', '接口权限', [['1', '系统接口'], ['2', '业务接口']]],
  ['post_category', '岗位类型', [['1', '高层'], ['2', '中层'], ['3', '基层'], ['4', '其他']]],
  ['region', '行政区划', [['0', '国家'], ['1', '省份/直辖市'], ['2', '地市'], ['3', '区县'], ['4', '乡镇'], ['5', '村委']]],
  ['flow', '流程类型', [['1', '请假流程', 'leave'], ['2', '资金审批流程', 'finance']]],
  ['oss', '对象存储', [['1', 'minio'], ['2', 'qiniu'], ['3', 'ali'], ['4', 'tencent']]],
  ['sms', '短信服务', [['1', 'yunpian'], ['2', 'qiniu'], ['3', 'ali'], ['4', 'tencent']]],
  ['org_category', '机构类型', [['1', '公司'], ['2', '部门'], ['3', '小组']]],
  ['user_type', '用户平台', [['1', 'WEB'], ['2', 'APP'], ['3', 'OTHER']]],
  ['work_day_type', '日期类型', [['1', '工作日'], ['2', '休息日'], ['3', '节假日']]],
];

const audit = { create_user: SEED.userAdmin, create_dept: SEED.deptRoot, create_time: SEED_TIME, update_user: SEED.userAdmin, update_time: SEED_TIME, status: 1, is_deleted: 0 };

/**
 * Rows of a fresh install. Idempotent: existing rows (by id or unique key) are left as they are, so an
 * administrator's edits survive restarts and new seed rows of a later version are added.
 */
export async function seed(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`.execute(trx);
    const insert = async (table: string, rows: object[]) => {
      for (let i = 0; i < rows.length; i += 500) {
        await trx.insertInto(table).values(rows.slice(i, i + 500)).onConflict((oc) => oc.doNothing()).execute();
      }
    };
    await insert('blade_tenant', [{
      id: SEED.tenantRowId, tenant_id: '000000', tenant_name: '管理组', domain: '', linkman: 'admin', contact_number: '666666',
      address: '管理组', account_number: -1, ...audit,
    }]);
    await insert('blade_dept', [
      { id: SEED.deptRoot, tenant_id: '000000', parent_id: '0', ancestors: '0', dept_category: 1, dept_name: '布雷德科技', full_name: '上海布雷德科技有限公司', sort: 1, is_deleted: 0 },
      { id: SEED.deptChangzhou, tenant_id: '000000', parent_id: SEED.deptRoot, ancestors: `0,${SEED.deptRoot}`, dept_category: 1, dept_name: '常州布雷德', full_name: '常州布雷德科技有限公司', sort: 1, is_deleted: 0 },
      { id: SEED.deptSuzhou, tenant_id: '000000', parent_id: SEED.deptRoot, ancestors: `0,${SEED.deptRoot}`, dept_category: 1, dept_name: '苏州布雷德', full_name: '苏州布雷德科技有限公司', sort: 1, is_deleted: 0 },
    ]);
    await insert('blade_role', [
      { id: SEED.roleAdministrator, tenant_id: '000000', parent_id: '0', role_name: '超级管理员', sort: 1, role_alias: 'administrator', role_power: ROLE_POWER.superAdmin, is_deleted: 0 },
      { id: SEED.roleUser, tenant_id: '000000', parent_id: '0', role_name: '用户', sort: 2, role_alias: 'user', is_deleted: 0 },
    ]);
    const posts: Array<[string, number, string, string]> = [
      ['ceo', 1, '首席执行官', '201'], ['coo', 1, '首席运营官', '202'], ['cfo', 1, '首席财务官', '203'], ['cto', 1, '首席技术官', '204'],
      ['cio', 1, '首席信息官', '205'], ['pm', 2, '技术经理', '206'], ['hrm', 2, '人力经理', '207'], ['staff', 3, '普通员工', '208'],
    ];
    await insert('blade_post', posts.map(([code, category, name, suffix], i) => ({
      id: `1123598817738675${suffix}`, tenant_id: '000000', category, post_code: code, post_name: name, sort: i + 1, remark: name, ...audit,
    })));
    const adminExists = await trx.selectFrom('blade_user').select('id').where('id', '=', SEED.userAdmin).executeTakeFirst();
    if (!adminExists) {
      // The contract's seed phone 22233322 fails the 11-digit rule, so the administrator could not save his profile.
      await insert('blade_user', [{
        id: SEED.userAdmin, tenant_id: '000000', code: '', user_type: 1, account: 'admin', password: await hashPlainPassword('admin'),
        name: '管理员', real_name: '管理员', email: 'admin@bladex.vip', phone: '18888888888', birthday: '2018-08-08 00:00:00', sex: 1,
        role_id: SEED.roleAdministrator, dept_id: SEED.deptRoot, post_id: SEED.postCeo, ...audit,
      }]);
    }
    const grantTypes = 'refresh_token,password,authorization_code,captcha,social';
    await insert('blade_client', [
      { id: '1123598811738675201', client_id: 'sword', client_secret: 'sword_secret', scope: 'all', authorized_grant_types: grantTypes,
        web_server_redirect_uri: 'http://localhost:8888', access_token_validity: 3600, refresh_token_validity: 604800, ...audit },
      { id: '1123598811738675202', client_id: 'saber', client_secret: 'saber_secret', scope: 'all', authorized_grant_types: grantTypes,
        web_server_redirect_uri: 'http://localhost:8080', access_token_validity: 3600, refresh_token_validity: 604800, ...audit },
    ]);
    await insert('blade_param', [
      { id: '1123598819738675201', param_name: '是否开启注册功能', param_key: 'account.registerUser', param_value: 'true', remark: '是否开启注册功能', ...audit },
      { id: '1123598819738675202', param_name: '账号初始密码', param_key: 'account.initPassword', param_value: '123456', remark: '账号初始密码', ...audit },
      { id: '1123598819738675203', param_name: '账号错误锁定次数', param_key: 'account.failCount', param_value: '5', remark: '登录失败达到次数后锁定 30 分钟', ...audit },
    ]);
    // No password: the seed cannot seal one without the server's signing secret; the administrator types it.
    await insert('blade_datasource', [{
      id: '1123598812738675201', name: 'mysql', driver_class: 'com.mysql.cj.jdbc.Driver',
      url: 'jdbc:mysql://localhost:3306/blade?useSSL=false&useUnicode=true&characterEncoding=utf-8&zeroDateTimeBehavior=convertToNull&transformedBitIsBoolean=true&serverTimezone=GMT%2B8&nullCatalogMeansCurrent=true&allowPublicKeyRetrieval=true',
      username: 'root', password: '', remark: 'mysql', ...audit,
    }]);
    const dictRows: Record<string, unknown>[] = [];
    for (const [code, name, items] of DICTIONARIES) {
      const parentId = seedIdOf(DICT_ID_BASE, code);
      dictRows.push({ id: parentId, parent_id: '0', code, dict_key: '-1', dict_value: name, sort: 0, remark: '', is_sealed: 0, is_deleted: 0 });
      items.forEach(([key, value, remark], i) => dictRows.push({
        id: seedIdOf(DICT_ID_BASE, `${code}:${key}`), parent_id: parentId, code, dict_key: key, dict_value: value, sort: i + 1,
        remark: remark ?? '', is_sealed: 0, is_deleted: 0,
      }));
    }
    await insert('blade_dict', dictRows);
    const menus = menuRows();
    await insert('blade_menu', menus);
    const userCodes = new Set(USER_ROLE_MENU_CODES);
    await insert('blade_role_menu', [
      ...menus.map((m) => ({ id: nextId(), role_id: SEED.roleAdministrator, menu_id: m.id })),
      ...menus.filter((m) => userCodes.has(m.code)).map((m) => ({ id: nextId(), role_id: SEED.roleUser, menu_id: m.id })),
    ]);
    await addApproverRoles(trx, '000000', { ids: [SEED.roleHr, SEED.roleFinance, SEED.roleBoss] });
    await seedRegions(trx);
    await seedFlow(trx);
    await seedWorkCalendars(trx);
  });
}
