import type { Db } from '../../../db/connect.ts';
import type { AuthUser } from '../../../platform/auth-context.ts';
import { hashPlainPassword } from '../../auth/password.ts';
import { BUSINESS_UNIT_PARENT_PARAM } from '../../../platform/entity/company.ts';
import { nextId } from '../../../platform/ids.ts';
import { SEED, insertSeedRows } from '../install.ts';
import { demoAudit } from './figures.ts';

/**
 * Demo data (`npm run demo`): one person per seeded role of tenant 000000, so a new user can walk a request the whole
 * way: 张三 asks for a leave of 5 days or a fund of 20 000 with 李四 as approver, 王人事 or 赵财务 claims the next step
 * (钱总 from 100 000). Never part of a fresh install: these accounts share a known password.
 */
export const DEMO_PASSWORD = '123456';

const POST = {
  ceo: '1123598817738675201',
  cfo: '1123598817738675203',
  pm: '1123598817738675206',
  hrm: '1123598817738675207',
  staff: '1123598817738675208',
};

export const DEMO_USERS = [
  {
    id: '1123598821738675202',
    account: 'zhangsan',
    realName: '张三',
    roleId: SEED.roleUser,
    postId: POST.staff,
    deptId: SEED.deptChangzhou,
  },
  {
    id: '1123598821738675203',
    account: 'lisi',
    realName: '李四',
    roleId: SEED.roleUser,
    postId: POST.pm,
    deptId: SEED.deptChangzhou,
  },
  {
    id: '1123598821738675204',
    account: 'wangrs',
    realName: '王人事',
    roleId: SEED.roleHr,
    postId: POST.hrm,
    deptId: SEED.deptRoot,
  },
  {
    id: '1123598821738675205',
    account: 'zhaocw',
    realName: '赵财务',
    roleId: SEED.roleFinance,
    postId: POST.cfo,
    deptId: SEED.deptRoot,
  },
  {
    id: '1123598821738675206',
    account: 'qianzong',
    realName: '钱总',
    roleId: SEED.roleBoss,
    postId: POST.ceo,
    deptId: SEED.deptRoot,
  },
] as const;

/** A demo person as the engine sees a caller (the demo's writes go through the real services as him). */
export const demoUser = (user: (typeof DEMO_USERS)[number]): AuthUser =>
  ({
    userId: user.id,
    tenantId: '000000',
    account: user.account,
    userName: user.account,
    realName: user.realName,
    clientId: 'demo',
    roleIds: [user.roleId],
    roleAliases: [],
    deptIds: [user.deptId],
    postIds: [user.postId],
    sessionId: '',
    power: 0,
    isSuperAdmin: false,
    isAdmin: false,
    claims: {},
  }) as unknown as AuthUser;

/** Adds the demo people that are missing (by id or account); returns the accounts added. Idempotent. */
export async function seedDemo(db: Db): Promise<string[]> {
  const password = await hashPlainPassword(DEMO_PASSWORD);
  const now = '2018-08-08 08:08:08';
  const added: string[] = [];
  for (const user of DEMO_USERS) {
    const inserted = await db
      .insertInto('blade_user')
      .values({
        id: user.id,
        tenant_id: '000000',
        user_type: 1,
        account: user.account,
        password,
        name: user.realName,
        real_name: user.realName,
        role_id: user.roleId,
        dept_id: user.deptId,
        post_id: user.postId,
        create_user: SEED.userAdmin,
        create_dept: SEED.deptRoot,
        create_time: now,
        update_user: SEED.userAdmin,
        update_time: now,
        status: 1,
        is_deleted: 0,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) added.push(user.account);
  }
  return added;
}

/** The demo approver who chose 新待办短信提醒 (个人信息): 李四, whose new tasks land in 通用日志 as log-only SMS. */
export const DEMO_SMS_APPROVER = { id: DEMO_USERS.find((u) => u.account === 'lisi')!.id, phone: '13912345678' };

/**
 * 李四 gets a phone number and the new-task SMS, once: while he has no phone. A choice he made since (a number, the
 * switch off) stays.
 */
export async function seedDemoSmsApprover(db: Db): Promise<string[]> {
  const updated = await db
    .updateTable('blade_user')
    .set({ phone: DEMO_SMS_APPROVER.phone, sms_task: 1 })
    .where('id', '=', DEMO_SMS_APPROVER.id)
    .where((eb) => eb.or([eb('phone', '=', ''), eb('phone', 'is', null)]))
    .executeTakeFirst();
  return updated.numUpdatedRows ? ['1 approver with the new-task SMS'] : [];
}

/**
 * The demo group's companies (domain/README.md §3.4): the seeded 常州布雷德 and 苏州布雷德 get their company codes,
 * which the demo's parts and plans name as their producing company. A code already set stays.
 */
export async function seedDemoCompanies(db: Db): Promise<string[]> {
  let coded = 0;
  for (const [id, code] of [
    [SEED.deptChangzhou, '1010'],
    [SEED.deptSuzhou, '1020'],
  ] as const) {
    const updated = await db
      .updateTable('blade_dept')
      .set({ remark: code })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('remark', '=', ''), eb('remark', 'is', null)]))
      .executeTakeFirst();
    coded += Number(updated.numUpdatedRows);
  }
  return coded ? [`${coded} company codes`] : [];
}

/** The demo group's business units (事业部, domain/README.md §3.4), under their parent department. */
export const DEMO_BUSINESS_UNITS = {
  parent: '1123598813738675301',
  body: '1123598813738675302',
  interior: '1123598813738675303',
} as const;

/**
 * The demo group's business units: a 事业部 department under the group with 车身系统事业部 and 内外饰事业部 below it,
 * named the business-unit parent (`erp.businessUnitParentId`) unless a parent is set already. Rows already there stay.
 */
export async function seedDemoBusinessUnits(db: Db): Promise<string[]> {
  const before = await db
    .selectFrom('blade_dept')
    .select('id')
    .where('id', 'in', Object.values(DEMO_BUSINESS_UNITS))
    .execute();
  const dept = (id: string, parent: string, ancestors: string, name: string, sort: number) => ({
    id,
    tenant_id: '000000',
    parent_id: parent,
    ancestors,
    dept_category: 1,
    dept_name: name,
    full_name: name,
    sort,
    is_deleted: 0,
  });
  const under = `0,${SEED.deptRoot},${DEMO_BUSINESS_UNITS.parent}`;
  await insertSeedRows(db, 'blade_dept', [
    dept(DEMO_BUSINESS_UNITS.parent, SEED.deptRoot, `0,${SEED.deptRoot}`, '事业部', 9),
    dept(DEMO_BUSINESS_UNITS.body, DEMO_BUSINESS_UNITS.parent, under, '车身系统事业部', 1),
    dept(DEMO_BUSINESS_UNITS.interior, DEMO_BUSINESS_UNITS.parent, under, '内外饰事业部', 2),
  ]);
  await insertSeedRows(db, 'blade_param', [
    {
      id: '1123598819738675301',
      param_name: '事业部上级机构',
      param_key: BUSINESS_UNIT_PARENT_PARAM,
      param_value: DEMO_BUSINESS_UNITS.parent,
      remark: '集团管理费等表单的事业部选项：该部门的下级部门',
      ...demoAudit(),
    },
  ]);
  const added = Object.keys(DEMO_BUSINESS_UNITS).length - before.length;
  return added ? [`${added} business-unit departments`] : [];
}

/** A demo person with a role of his own (a project manager, a warehouse keeper) in 常州布雷德. */
export interface DemoPerson {
  roleId: string;
  roleName: string;
  roleAlias: string;
  /** The role's place among the roles. */
  sort: number;
  userId: string;
  account: string;
  realName: string;
}

/**
 * Adds a demo person's role, granted an ordinary user's menus plus `menuIds`, and his account (password
 * DEMO_PASSWORD), each once: what exists stays. True when the account was added.
 */
export async function seedDemoPerson(db: Db, person: DemoPerson, menuIds: readonly string[]): Promise<boolean> {
  const role = await db
    .insertInto('blade_role')
    .values({
      id: person.roleId,
      tenant_id: '000000',
      parent_id: '0',
      role_name: person.roleName,
      role_alias: person.roleAlias,
      role_power: 0,
      sort: person.sort,
      is_deleted: 0,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (role) {
    const base = await db
      .selectFrom('blade_role_menu')
      .select('menu_id')
      .where('role_id', '=', SEED.roleUser)
      .execute();
    const menus = new Set([...base.map((r) => String(r.menu_id)), ...menuIds]);
    await db
      .insertInto('blade_role_menu')
      .values([...menus].map((menuId) => ({ id: nextId(), role_id: person.roleId, menu_id: menuId })))
      .execute();
  }
  const user = await db
    .insertInto('blade_user')
    .values({
      id: person.userId,
      tenant_id: '000000',
      user_type: 1,
      account: person.account,
      password: await hashPlainPassword(DEMO_PASSWORD),
      name: person.realName,
      real_name: person.realName,
      role_id: person.roleId,
      dept_id: SEED.deptChangzhou,
      ...demoAudit(),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(user);
}
