import type { Db } from '../../db/connect.ts';
import type { MenuRow } from '../../platform/menus.ts';
import { ROLE_POWER } from '../../platform/auth-context.ts';
import { nextId } from '../../platform/ids.ts';
import { hashPlainPassword } from '../auth/password.ts';
import { seedRegions } from './region-data.ts';
import { seedSaberPackage } from './saber-package.ts';

import { SEED, SEED_AUDIT, insertSeedRows } from './seed-rows.ts';

// Their home is seed-rows.ts (the Saber package's seed reads them without a cycle); modules import them from here.
export { SEED, SEED_AUDIT, insertSeedRows };

/**
 * The platform tenant 000000 of a fresh install (contract/seed.md): its departments, roles, posts, administrator,
 * OAuth clients and parameters; every menu new to the database (all of them on a fresh install, the new ones of an
 * upgrade: db/seed/menu-grants.ts) granted to the administrator role, those of the work desk to `user`; the regions
 * and work calendars.
 */
export async function installSystem(
  trx: Db,
  { menus, userMenuCodes }: { menus: readonly MenuRow[]; userMenuCodes: readonly string[] },
) {
  await insertSeedRows(trx, 'blade_tenant', [
    {
      id: SEED.tenantRowId,
      tenant_id: '000000',
      tenant_name: '管理组',
      domain: '',
      linkman: 'admin',
      contact_number: '666666',
      address: '管理组',
      account_number: -1,
      ...SEED_AUDIT,
    },
  ]);
  await insertSeedRows(trx, 'blade_dept', [
    {
      id: SEED.deptRoot,
      tenant_id: '000000',
      parent_id: '0',
      ancestors: '0',
      dept_category: 1,
      dept_name: '布雷德科技',
      full_name: '上海布雷德科技有限公司',
      sort: 1,
      is_deleted: 0,
    },
    {
      id: SEED.deptChangzhou,
      tenant_id: '000000',
      parent_id: SEED.deptRoot,
      ancestors: `0,${SEED.deptRoot}`,
      dept_category: 1,
      dept_name: '常州布雷德',
      full_name: '常州布雷德科技有限公司',
      sort: 1,
      is_deleted: 0,
    },
    {
      id: SEED.deptSuzhou,
      tenant_id: '000000',
      parent_id: SEED.deptRoot,
      ancestors: `0,${SEED.deptRoot}`,
      dept_category: 1,
      dept_name: '苏州布雷德',
      full_name: '苏州布雷德科技有限公司',
      sort: 1,
      is_deleted: 0,
    },
  ]);
  await insertSeedRows(trx, 'blade_role', [
    {
      id: SEED.roleAdministrator,
      tenant_id: '000000',
      parent_id: '0',
      role_name: '超级管理员',
      sort: 1,
      role_alias: 'administrator',
      role_power: ROLE_POWER.superAdmin,
      is_deleted: 0,
    },
    {
      id: SEED.roleUser,
      tenant_id: '000000',
      parent_id: '0',
      role_name: '用户',
      sort: 2,
      role_alias: 'user',
      is_deleted: 0,
    },
  ]);
  const posts: Array<[string, number, string, string]> = [
    ['ceo', 1, '首席执行官', '201'],
    ['coo', 1, '首席运营官', '202'],
    ['cfo', 1, '首席财务官', '203'],
    ['cto', 1, '首席技术官', '204'],
    ['cio', 1, '首席信息官', '205'],
    ['pm', 2, '技术经理', '206'],
    ['hrm', 2, '人力经理', '207'],
    ['staff', 3, '普通员工', '208'],
  ];
  await insertSeedRows(
    trx,
    'blade_post',
    posts.map(([code, category, name, suffix], i) => ({
      id: `1123598817738675${suffix}`,
      tenant_id: '000000',
      category,
      post_code: code,
      post_name: name,
      sort: i + 1,
      remark: name,
      ...SEED_AUDIT,
    })),
  );
  const adminExists = await trx
    .selectFrom('blade_user')
    .select('id')
    .where('id', '=', SEED.userAdmin)
    .executeTakeFirst();
  if (!adminExists) {
    // The contract's seed phone 22233322 fails the 11-digit rule, so the administrator could not save his profile.
    await insertSeedRows(trx, 'blade_user', [
      {
        id: SEED.userAdmin,
        tenant_id: '000000',
        code: '',
        user_type: 1,
        account: 'admin',
        password: await hashPlainPassword('admin'),
        name: '管理员',
        real_name: '管理员',
        email: 'admin@bladex.vip',
        phone: '18888888888',
        birthday: '2018-08-08 00:00:00',
        sex: 1,
        role_id: SEED.roleAdministrator,
        dept_id: SEED.deptRoot,
        post_id: SEED.postCeo,
        ...SEED_AUDIT,
      },
    ]);
  }
  const grantTypes = 'refresh_token,password,authorization_code,captcha,social';
  await insertSeedRows(trx, 'blade_client', [
    {
      id: '1123598811738675201',
      client_id: 'sword',
      client_secret: 'sword_secret',
      scope: 'all',
      authorized_grant_types: grantTypes,
      web_server_redirect_uri: 'http://localhost:8888',
      access_token_validity: 3600,
      refresh_token_validity: 604800,
      ...SEED_AUDIT,
    },
    {
      id: '1123598811738675202',
      client_id: 'saber',
      client_secret: 'saber_secret',
      scope: 'all',
      authorized_grant_types: grantTypes,
      web_server_redirect_uri: 'http://localhost:8080',
      access_token_validity: 3600,
      refresh_token_validity: 604800,
      ...SEED_AUDIT,
    },
  ]);
  await insertSeedRows(trx, 'blade_param', [
    {
      id: '1123598819738675201',
      param_name: '是否开启注册功能',
      param_key: 'account.registerUser',
      param_value: 'true',
      remark: '是否开启注册功能',
      ...SEED_AUDIT,
    },
    {
      id: '1123598819738675202',
      param_name: '账号初始密码',
      param_key: 'account.initPassword',
      param_value: '123456',
      remark: '账号初始密码',
      ...SEED_AUDIT,
    },
    {
      id: '1123598819738675203',
      param_name: '账号错误锁定次数',
      param_key: 'account.failCount',
      param_value: '5',
      remark: '登录失败达到次数后锁定 30 分钟',
      ...SEED_AUDIT,
    },
  ]);
  const userCodes = new Set(userMenuCodes);
  await insertSeedRows(trx, 'blade_role_menu', [
    ...menus.map((m) => ({ id: nextId(), role_id: SEED.roleAdministrator, menu_id: m.id })),
    ...menus.filter((m) => userCodes.has(m.code)).map((m) => ({ id: nextId(), role_id: SEED.roleUser, menu_id: m.id })),
  ]);
  await seedRegions(trx);
  await seedSaberPackage(trx);
}
