import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../src/shared/contract/page.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createDataScope, createDept, createRole, createTenant, createUser, crudCodes } from '../support/factories.ts';

const USER = '/api/blade-system/user';
const ADMIN_CODES = [...crudCodes('user'), 'user_role', 'user_reset', 'user_unlock'];
const A = '300001';
const B = '300002';

let t: TestApp;
/** Every response body of a user endpoint, checked at the end for password hashes. */
const bodies: string[] = [];
const record = (res: LightMyRequestResponse) => {
  bodies.push(res.body);
  return res;
};
const get = async (url: string, token: string) => record(await t.get(url, token));
const post = async (url: string, token: string, body?: unknown) => record(await t.post(url, token, body));

let superAdmin: string;
let bossA: string;
let bossAId: string;
let adminRoleA: string;
let clerkRoleA: string;
let bossB: string;
let roleB: string;
let deptRootA: string;
let deptChildA: string;
let deptGrandA: string;
let deptOtherA: string;
let postA: string;

beforeAll(async () => {
  t = await startApp();
  superAdmin = await t.tokenOf();
  await createTenant(t, A, { account_number: -1 });
  await createTenant(t, B);
  deptRootA = await createDept(t, A, '总部');
  deptChildA = await createDept(t, A, '研发部', deptRootA, `0,${deptRootA}`);
  deptGrandA = await createDept(t, A, '前端组', deptChildA, `0,${deptRootA},${deptChildA}`);
  deptOtherA = await createDept(t, A, '销售部');
  postA = nextId();
  await t.services.db
    .insertInto('blade_post')
    .values({
      id: postA,
      tenant_id: A,
      category: 1,
      post_code: 'dev',
      post_name: '开发',
      sort: 1,
      status: 1,
      is_deleted: 0,
    })
    .execute();
  adminRoleA = await createRole(t, A, 'admin', ADMIN_CODES);
  clerkRoleA = await createRole(t, A, 'clerk', ['user']);
  bossAId = await createUser(t, {
    tenantId: A,
    account: 'boss',
    password: 'pw-a',
    roleId: adminRoleA,
    deptId: deptRootA,
  });
  bossA = await t.tokenOf('boss', 'pw-a', A);
  roleB = await createRole(t, B, 'admin', ADMIN_CODES);
  await createUser(t, { tenantId: B, account: 'boss', password: 'pw-b', roleId: roleB });
  bossB = await t.tokenOf('boss', 'pw-b', B);
});
afterAll(() => t?.stop());

const newUser = (account: string, extra: Record<string, unknown> = {}) => ({
  account,
  password: 'init-pw',
  realName: account.slice(0, 10),
  roleId: clerkRoleA,
  deptId: deptChildA,
  ...extra,
});
const create = async (account: string, extra: Record<string, unknown> = {}, token = bossA) =>
  expectOk(await post(`${USER}/submit`, token, newUser(account, extra)));

describe('submit / update', () => {
  it('creates a user in the caller tenant with a hashed password that logs in, and answers a UserVO', async () => {
    expectError(await post(`${USER}/submit`, bossA, newUser('alice', { sex: 40000 })), 400, '请选择性别');
    const created = await create('alice', { postId: postA, sex: 2, phone: '13800138000', tenantId: '000000' });
    expect(created).toMatchObject({
      account: 'alice',
      tenantId: A,
      roleName: 'clerk',
      deptName: '研发部',
      postName: '开发',
      sexName: '女',
      userType: 1,
      userTypeName: 'WEB',
      status: 1,
      statusName: '正常',
    });
    expect(created).not.toHaveProperty('password');
    const row = await t.services.db
      .selectFrom('blade_user')
      .select('password')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect((await t.login('alice', 'init-pw', A)).statusCode).toBe(200);
  });

  it('answers the form messages', async () => {
    const { password: _p, ...noPassword } = newUser('nopw');
    expectError(await post(`${USER}/submit`, bossA, noPassword), 400, '请输入密码');
    expectError(await post(`${USER}/submit`, bossA, newUser('', {})), 400, '请输入登录账号');
    expectError(await post(`${USER}/submit`, bossA, newUser('norealname', { realName: '' })), 400, '请输入用户姓名');
    expectError(await post(`${USER}/submit`, bossA, newUser('alice')), 400, '当前账号已被使用!');
    expectError(
      await post(`${USER}/submit`, bossA, newUser('ph1', { phone: '1380013800' })),
      400,
      '手机号码长度不为11位',
    );
    expectError(
      await post(`${USER}/submit`, bossA, newUser('ph2', { phone: '23800138000' })),
      400,
      '手机号码格式不正确',
    );
    expectError(
      await t.post(`${USER}/submit`, bossA, newUser('alice'), { 'accept-language': 'en' }),
      400,
      'The account is already in use!',
    );
  });

  it('lets the same account exist in another tenant', async () => {
    const deptB = await createDept(t, B, 'B总部');
    const other = expectOk(
      await post(`${USER}/submit`, bossB, {
        account: 'alice',
        password: 'x',
        realName: 'Alice B',
        roleId: roleB,
        deptId: deptB,
      }),
    );
    expect(other).toMatchObject({ tenantId: B, account: 'alice', deptName: 'B总部' });
    expectError(
      await post(`${USER}/submit`, bossB, { account: 'alice2', password: 'x', realName: 'A', roleId: roleB }),
      400,
      '请选择所属部门',
    );
  });

  it('refuses roles, depts or posts of another tenant', async () => {
    expectError(await post(`${USER}/submit`, bossA, newUser('xrole', { roleId: roleB })), 400, '数据不存在或无权访问');
    const deptB = await createDept(t, B, 'B部');
    expectError(
      await post(`${USER}/submit`, bossA, newUser('xdept', { deptId: deptB })),
      400,
      '所属部门不存在或无权访问',
    );
  });

  it('never changes the password on update or submit with an id, and checks the account on rename', async () => {
    const bob = await create('bob');
    expectOk(await post(`${USER}/update`, bossA, { id: bob.id, realName: 'Bobby', password: 'hacked' }));
    expectOk(await post(`${USER}/submit`, bossA, { id: bob.id, password: 'hacked2' }));
    expect((await t.login('bob', 'init-pw', A)).statusCode).toBe(200);
    expect((await t.login('bob', 'hacked', A)).statusCode).not.toBe(200);
    expectError(await post(`${USER}/update`, bossA, { id: bob.id, account: 'alice' }), 400, '当前账号已被使用!');
    const detail = expectOk(await get(`${USER}/detail?id=${bob.id}`, bossA));
    expect(detail).toMatchObject({ account: 'bob', realName: 'Bobby' });
  });

  it('enforces the tenant account quota (-1 unlimited)', async () => {
    const live = await t.services.db
      .selectFrom('blade_user')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', A)
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    await t.services.db
      .updateTable('blade_tenant')
      .set({ account_number: Number(live.n) + 1 })
      .where('tenant_id', '=', A)
      .execute();
    await create('quota1');
    expectError(await post(`${USER}/submit`, bossA, newUser('quota2')), 400, '当前租户已到最大账号额度!');
    // updates are not inserts
    const q1 = expectOk(await get(`${USER}/page?account=quota1`, bossA)).records[0];
    expectOk(await post(`${USER}/update`, bossA, { id: q1.id, realName: 'Q1' }));
    await t.services.db.updateTable('blade_tenant').set({ account_number: -1 }).where('tenant_id', '=', A).execute();
    await create('quota2');
  });

  it('refuses granting roles beyond the granter (administrator, or menus the granter lacks)', async () => {
    const wide = await createRole(t, A, 'wide', ['post']);
    expectError(await post(`${USER}/submit`, bossA, newUser('wide1', { roleId: wide })), 403);
    const clerk = await create('clerk1');
    const clerkToken = await t.tokenOf('clerk1', 'init-pw', A);
    expectError(await post(`${USER}/submit`, clerkToken, newUser('byclerk')), 403);
    expectError(await post(`${USER}/grant?userIds=${clerk.id}&roleIds=${wide}`, bossA), 403);
  });
});

describe('page / list / detail', () => {
  it('filters by account, realName and phone (LIKE), list is the same page', async () => {
    await create('carol', { realName: '卡罗尔', phone: '13900139000' });
    const byAccount = expectOk(await get(`${USER}/page?account=car`, bossA));
    expect(byAccount.records.map((r: { account: string }) => r.account)).toEqual(['carol']);
    expect(expectOk(await get(`${USER}/list?realName=卡罗`, bossA)).total).toBe(1);
    expect(expectOk(await get(`${USER}/page?phone=1390013`, bossA)).total).toBe(1);
    const page = expectOk(await get(`${USER}/page?current=1&size=100`, bossA));
    expect(page.records.every((r: { tenantId: string }) => r.tenantId === A)).toBe(true);
    expect(page.records[0]).toHaveProperty('roleName');
  });

  it('takes deptId: the dept and every descendant, by ancestors', async () => {
    const grand = await create('grand1', { deptId: `${deptOtherA},${deptGrandA}` });
    const other = await create('other1', { deptId: deptOtherA });
    const accounts = async (deptId: string) =>
      expectOk(await get(`${USER}/page?size=100&deptId=${deptId}`, bossA))
        .records.map((r: { account: string }) => r.account)
        .sort();
    const underRoot = await accounts(deptRootA);
    expect(underRoot).toContain('boss');
    expect(underRoot).toContain('alice');
    expect(underRoot).toContain(grand.account);
    expect(underRoot).not.toContain(other.account);
    const underChild = await accounts(deptChildA);
    expect(underChild).not.toContain('boss');
    expect(underChild).toContain(grand.account);
    expect(await accounts(deptGrandA)).toEqual([grand.account]);
    expect(await accounts(deptOtherA)).toEqual([grand.account, other.account].sort());
    expectError(await get(`${USER}/page?deptId=abc`, bossA), 400);
    const unpaged = expectOk(await get(`${USER}/user-list?deptId=${deptGrandA}`, bossA));
    expect(unpaged.map((r: { account: string; deptName: string }) => [r.account, r.deptName])).toEqual([
      [grand.account, '销售部,前端组'],
    ]);
  });

  it('takes deptId over a dept of more than 10,000 users: capped, the page from that dept alone', async () => {
    // A plant's users (more than COUNT_CAP: compared by their dept lists rather than listed by id), in SQL for speed.
    const plant = await createDept(t, A, '总装车间');
    await sql`insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, post_id,
        create_time, status, is_deleted)
      select 930000000000000000 + g, ${A}, 'op' || g, 'x', 'op' || g, '工人' || g, ${clerkRoleA}, ${plant}, '',
        localtimestamp(0) - make_interval(secs => g), 1, 0
      from generate_series(1, ${COUNT_CAP + 1}) g`.execute(t.services.db);
    const first = expectOk(await get(`${USER}/page?size=20&deptId=${plant}`, bossA));
    expect(first).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(first.records.map((r: { account: string }) => r.account)).toEqual(
      Array.from({ length: 20 }, (_, i) => `op${i + 1}`),
    );
    const exact = expectOk(await get(`${USER}/page?size=20&deptId=${plant}&exactTotal=1`, bossA));
    expect(exact.total).toBe(COUNT_CAP + 1);
    // The rest of the tenant is not in it.
    expect(expectOk(await get(`${USER}/page?size=20&deptId=${deptOtherA}`, bossA)).total).toBeLessThan(10);
  }, 60_000);

  it('needs the user menu code', async () => {
    const nobodyRole = await createRole(t, A, 'nobody', []);
    await createUser(t, { tenantId: A, account: 'nobody', password: 'pw', roleId: nobodyRole });
    const nobody = await t.tokenOf('nobody', 'pw', A);
    expectError(await get(`${USER}/page`, nobody), 403);
    expectError(await get(`${USER}/detail?id=${bossAId}`, nobody), 403);
    expectError(await post(`${USER}/grant?userIds=${bossAId}&roleIds=${clerkRoleA}`, nobody), 403);
    expectError(await post(`${USER}/reset-password?userIds=${bossAId}`, nobody), 403);
    expectError(await post(`${USER}/unlock?userIds=${bossAId}`, nobody), 403);
    // the caller's own profile needs only a login
    expect(expectOk(await get(`${USER}/info`, nobody))).toMatchObject({ account: 'nobody', roleName: 'nobody' });
  });

  it('applies the "own dept" data scope to user/page', async () => {
    const scope = await createDataScope(t, 'user', 3, 'create_dept');
    const viewerRole = await createRole(t, A, 'viewer', ['user'], [scope]);
    const seen = await createUser(t, { tenantId: A, account: 'seen', password: 'pw', roleId: viewerRole });
    const unseen = await createUser(t, { tenantId: A, account: 'unseen', password: 'pw', roleId: viewerRole });
    const viewer = await createUser(t, {
      tenantId: A,
      account: 'viewer',
      password: 'pw',
      roleId: viewerRole,
      deptId: deptOtherA,
    });
    await t.services.db
      .updateTable('blade_user')
      .set({ create_dept: deptOtherA })
      .where('id', 'in', [seen, viewer])
      .execute();
    await t.services.db.updateTable('blade_user').set({ create_dept: deptChildA }).where('id', '=', unseen).execute();
    const token = await t.tokenOf('viewer', 'pw', A);
    const page = expectOk(await get(`${USER}/page?size=100`, token));
    expect(page.records.map((r: { account: string }) => r.account).sort()).toEqual(['seen', 'viewer']);
    expect((await get(`${USER}/detail?id=${unseen}`, token)).json().data).toBeNull();
    // the profile is one's own, whatever the scope
    expect(expectOk(await get(`${USER}/info`, token)).account).toBe('viewer');
  });
});

describe('remove', () => {
  it('refuses removing yourself, removes others', async () => {
    expectError(await post(`${USER}/remove?ids=${bossAId}`, bossA), 400, '不能删除当前登录用户');
    expectError(
      await t.post(`${USER}/remove?ids=${bossAId}`, bossA, undefined, { 'accept-language': 'en' }),
      400,
      'You cannot delete the user you are signed in as',
    );
    const gone = await create('gone');
    expectOk(await post(`${USER}/remove?ids=${gone.id}`, bossA));
    expect((await get(`${USER}/detail?id=${gone.id}`, bossA)).json().data).toBeNull();
  });
});

describe('grant / reset-password / unlock', () => {
  it('grant sets role_id on every user, with roles of the caller tenant only', async () => {
    const u1 = await create('grant1');
    const u2 = await create('grant2');
    expectOk(await post(`${USER}/grant?userIds=${u1.id},${u2.id}&roleIds=${clerkRoleA},${adminRoleA}`, bossA));
    const after = expectOk(await get(`${USER}/detail?id=${u2.id}`, bossA));
    expect(after.roleId).toBe(`${clerkRoleA},${adminRoleA}`);
    expect(after.roleName).toBe('clerk,admin');
    expectError(await post(`${USER}/grant?userIds=${u1.id}&roleIds=${roleB}`, bossA), 400, '数据不存在或无权访问');
    expectError(await post(`${USER}/grant?userIds=&roleIds=${clerkRoleA}`, bossA), 400, '请至少选择一个用户');
    expectError(await post(`${USER}/grant?userIds=${u1.id}&roleIds=${SEED.roleAdministrator}`, bossA), 400);
  });

  it('reset-password sets 123456, or the account.initPassword param', async () => {
    const u = await create('reset1');
    expectOk(await post(`${USER}/reset-password?userIds=${u.id}`, bossA));
    expect((await t.login('reset1', '123456', A)).statusCode).toBe(200);
    const initPassword = () => t.services.db.updateTable('blade_param').where('param_key', '=', 'account.initPassword');
    await initPassword().set({ param_value: 'welcome1' }).execute();
    expectOk(await post(`${USER}/reset-password?userIds=${u.id}`, bossA));
    expect((await t.login('reset1', 'welcome1', A)).statusCode).toBe(200);
    expect((await t.login('reset1', '123456', A)).statusCode).not.toBe(200);
    await initPassword().set({ param_value: '123456' }).execute();
    expectError(await post(`${USER}/reset-password?userIds=`, bossA), 400, '请至少选择一个用户');
  });

  it('unlock clears a lockout after 5 failed logins', async () => {
    const u = await create('locked1');
    for (let i = 0; i < 5; i++) expect((await t.login('locked1', 'wrong', A)).statusCode).not.toBe(200);
    const locked = await t.login('locked1', 'init-pw', A);
    expect(locked.statusCode).not.toBe(200);
    expect(locked.json().msg).toMatch(/用户登录失败次数过多/);
    expectError(await post(`${USER}/unlock?userIds=`, bossA), 400, '请至少选择一个用户');
    expectOk(await post(`${USER}/unlock?userIds=${u.id}`, bossA));
    expect((await t.login('locked1', 'init-pw', A)).statusCode).toBe(200);
  });
});

describe('the caller profile', () => {
  it('info is the caller UserVO', async () => {
    const info = expectOk(await get(`${USER}/info`, bossA));
    expect(info).toMatchObject({ id: bossAId, account: 'boss', tenantId: A, roleName: 'admin', deptName: '总部' });
    expect(info).not.toHaveProperty('password');
  });

  it('update-password: confirmation, old password, then the new one logs in; passwords in the body only', async () => {
    await create('pwuser');
    const token = await t.tokenOf('pwuser', 'init-pw', A);
    const passwords = (old: string, a: string, b: string) => ({ oldPassword: old, newPassword: a, newPassword1: b });
    const asForm = (values: Record<string, string>) =>
      [new URLSearchParams(values).toString(), { 'content-type': 'application/x-www-form-urlencoded' }] as const;
    // The contract's clients sent them as a query string: refused before anything is read, so nothing is changed.
    expectError(
      await post(`${USER}/update-password?${new URLSearchParams(passwords('init-pw', 'leaked', 'leaked'))}`, token),
      400,
      '密码只能在请求体中提交,不能放在网址中',
    );
    expectError(
      await post(`${USER}/update-password?newPassword=leaked`, token, passwords('init-pw', 'x', 'x')),
      400,
      '密码只能在请求体中提交,不能放在网址中',
    );
    expect((await t.login('pwuser', 'leaked', A)).statusCode).not.toBe(200);
    expectError(
      await post(`${USER}/update-password`, token, passwords('init-pw', '', '')),
      400,
      '缺少必要的请求参数: newPassword',
    );
    expectError(
      await post(`${USER}/update-password`, token, passwords('init-pw', 'new-pw', 'other')),
      400,
      '请输入正确的确认密码!',
    );
    expectError(
      await post(`${USER}/update-password`, token, passwords('wrong', 'new-pw', 'new-pw')),
      400,
      '原密码不正确!',
    );
    expectOk(await t.post(`${USER}/update-password`, token, ...asForm(passwords('init-pw', 'new-pw', 'new-pw'))));
    expect((await t.login('pwuser', 'new-pw', A)).statusCode).toBe(200);
    expect((await t.login('pwuser', 'init-pw', A)).statusCode).not.toBe(200);
  });

  it('one phone rule in the user dialog and the profile: blank, then the length of 11, then the format', async () => {
    expectError(
      await post(`${USER}/submit`, bossA, newUser('phone1', { phone: '1380013' })),
      400,
      '手机号码长度不为11位',
    );
    expectError(
      await post(`${USER}/submit`, bossA, newUser('phone1', { phone: '12345678901' })),
      400,
      '手机号码格式不正确',
    );
    const token = await t.tokenOf('boss', 'pw-a', A);
    expectError(await post(`${USER}/update-info`, token, { phone: '1380013' }), 400, '手机号码长度不为11位');
  });

  it('a phone stored before the rule blocks neither the profile nor the user dialog; a changed one must follow it', async () => {
    const u = await create('oldphone');
    await t.services.db.updateTable('blade_user').set({ phone: '22233322' }).where('id', '=', u.id).execute();
    const token = await t.tokenOf('oldphone', 'init-pw', A);
    expectOk(
      await post(`${USER}/update-info`, token, {
        realName: '换了名字',
        phone: '22233322',
        avatar: 'https://x.cn/a.png',
      }),
    );
    expectOk(
      await post(`${USER}/submit`, bossA, { ...newUser('oldphone'), id: u.id, realName: '又换了', phone: '22233322' }),
    );
    const row = await t.services.db
      .selectFrom('blade_user')
      .select(['real_name', 'phone', 'avatar'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ real_name: '又换了', phone: '22233322', avatar: 'https://x.cn/a.png' });
    expectError(await post(`${USER}/update-info`, token, { phone: '22233323' }), 400, '手机号码长度不为11位');
    expectError(
      await post(`${USER}/submit`, bossA, { ...newUser('oldphone'), id: u.id, phone: '22233323' }),
      400,
      '手机号码长度不为11位',
    );
  });

  it('the seeded administrator saves his profile as the console loads it', async () => {
    const own = expectOk(await get(`${USER}/info`, superAdmin)) as Record<string, unknown>;
    const { realName, name, phone, email } = own;
    expectOk(
      await post(`${USER}/update-info`, superAdmin, { avatar: 'https://x.cn/admin.png', realName, name, phone, email }),
    );
  });

  it('update-info changes the caller profile only, with the phone rules', async () => {
    const u = await create('profile1');
    const token = await t.tokenOf('profile1', 'init-pw', A);
    expectError(await post(`${USER}/update-info`, token, { phone: '' }), 400, '手机号码不能为空');
    expectError(await post(`${USER}/update-info`, token, { phone: '138' }), 400, '手机号码长度不为11位');
    expectError(await post(`${USER}/update-info`, token, { phone: '12345678901' }), 400, '手机号码格式不正确');
    // A sex no dictionary item holds is refused by name, not by the smallint column (a 500 on PostgreSQL).
    expectError(await post(`${USER}/update-info`, token, { sex: -456917988 }), 400, '请选择性别');
    expectError(await post(`${USER}/update-info`, token, { sex: 7 }), 400, '请选择性别');
    expectOk(
      await post(`${USER}/update-info`, token, {
        id: bossAId,
        realName: '新名字',
        name: 'nick',
        phone: '13700137000',
        email: 'p@x.cn',
        roleId: adminRoleA,
        deptId: deptRootA,
        postId: postA,
        account: 'renamed',
        password: 'hacked',
        tenantId: B,
      }),
    );
    const after = expectOk(await get(`${USER}/detail?id=${u.id}`, bossA));
    expect(after).toMatchObject({
      account: 'profile1',
      realName: '新名字',
      name: 'nick',
      phone: '13700137000',
      email: 'p@x.cn',
      tenantId: A,
      roleId: clerkRoleA,
      deptId: deptChildA,
      postId: '',
    });
    expect(expectOk(await get(`${USER}/detail?id=${bossAId}`, bossA)).realName).toBe('boss');
    expect((await t.login('profile1', 'init-pw', A)).statusCode).toBe(200);
  });
});

describe('platform', () => {
  it('platform-detail / update-platform keep user_type and the extension', async () => {
    const u = await create('plat1');
    expect(expectOk(await get(`${USER}/platform-detail?id=${u.id}`, bossA))).toEqual({
      id: u.id,
      userType: 1,
      userTypeName: 'WEB',
      userExt: '',
    });
    const ext = JSON.stringify({ deviceId: 'abc' });
    expectOk(
      await post(
        `${USER}/update-platform?${new URLSearchParams({ userId: u.id, userType: '2', userExt: ext })}`,
        bossA,
      ),
    );
    expect(expectOk(await get(`${USER}/platform-detail?id=${u.id}`, bossA))).toEqual({
      id: u.id,
      userType: 2,
      userTypeName: 'APP',
      userExt: ext,
    });
    expectOk(
      await post(`${USER}/update-platform?${new URLSearchParams({ userId: u.id, userType: '3', userExt: '' })}`, bossA),
    );
    expect(expectOk(await get(`${USER}/platform-detail?id=${u.id}`, bossA))).toMatchObject({
      userType: 3,
      userExt: '',
    });
    expectError(await post(`${USER}/update-platform?userId=${u.id}&userType=x`, bossA), 400);
  });
});

describe('tenant isolation (IDOR)', () => {
  it('a tenant-B administrator can neither read nor change tenant-A users by id', async () => {
    const victim = await create('victim');
    expect((await get(`${USER}/detail?id=${victim.id}`, bossB)).json().data).toBeNull();
    expect((await get(`${USER}/platform-detail?id=${victim.id}`, bossB)).json().data).toBeNull();
    const pageB = expectOk(await get(`${USER}/page?size=100&account=victim`, bossB));
    expect(pageB.total).toBe(0);
    const notFound = '数据不存在或无权访问';
    expectError(await post(`${USER}/submit`, bossB, { id: victim.id, realName: 'pwned' }), 400, notFound);
    expectError(await post(`${USER}/update`, bossB, { id: victim.id, realName: 'pwned' }), 400, notFound);
    expectError(await post(`${USER}/remove?ids=${victim.id}`, bossB), 400, notFound);
    expectError(await post(`${USER}/grant?userIds=${victim.id}&roleIds=${roleB}`, bossB), 400, notFound);
    expectError(await post(`${USER}/reset-password?userIds=${victim.id}`, bossB), 400, notFound);
    expectError(await post(`${USER}/unlock?userIds=${victim.id}`, bossB), 400, notFound);
    expectError(await post(`${USER}/update-platform?userId=${victim.id}&userType=2&userExt=x`, bossB), 400, notFound);
    // deptId of another tenant matches nothing
    expect(expectOk(await get(`${USER}/page?deptId=${deptRootA}`, bossB)).total).toBe(0);
    const after = expectOk(await get(`${USER}/detail?id=${victim.id}`, bossA));
    expect(after).toMatchObject({ realName: 'victim', roleId: clerkRoleA, userType: 1 });
    expect((await t.login('victim', 'init-pw', A)).statusCode).toBe(200);
  });

  it('the super administrator works in the platform tenant only through these routes', async () => {
    const page = expectOk(await get(`${USER}/page?size=100`, superAdmin));
    expect(page.records.every((r: { tenantId: string }) => r.tenantId === '000000')).toBe(true);
    expect(expectOk(await get(`${USER}/info`, superAdmin))).toMatchObject({ account: 'admin', roleName: '超级管理员' });
  });
});

describe('secrets', () => {
  it('no user endpoint ever answered a password or its hash', async () => {
    expect(bodies.length).toBeGreaterThan(50);
    for (const body of bodies) {
      expect(body).not.toMatch(/\$argon2/);
      expect(body).not.toMatch(/"password"/);
    }
  });
});
