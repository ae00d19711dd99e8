import type { Db } from '../../db/connect.ts';
import { hashPlainPassword } from '../auth/password.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { SEED } from './install.ts';

/**
 * Demo data (`npm run demo`): one person per seeded role of tenant 000000, so a new user can walk a request the whole
 * way: 张三 asks for a leave of 5 days or a fund of 20 000 with 李四 as approver, 王人事 or 赵财务 claims the next step
 * (钱总 from 100 000). Never part of a fresh install: these accounts share a known password.
 */
export const DEMO_PASSWORD = '123456';

/** A month's share of a year's output or budget: a short February (Spring Festival), a strong year end. */
export const DEMO_SEASON = [1.0, 0.6, 1.05, 1.0, 1.0, 0.95, 0.9, 0.95, 1.05, 1.0, 1.1, 1.2];

/** A stable figure in [0, 1) from a text and a month: the same demo figures on every run. */
export function demoNoise(text: string, month: number): number {
  let hash = month * 2654435761;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return ((hash >>> 0) % 1000) / 1000;
}

/** The base columns of a demo row: written now by the administrator, live. */
export const demoAudit = () => {
  const now = formatDateTime();
  return {
    create_user: SEED.userAdmin,
    create_dept: SEED.deptRoot,
    create_time: now,
    update_user: SEED.userAdmin,
    update_time: now,
    status: 1,
    is_deleted: 0,
  };
};

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
