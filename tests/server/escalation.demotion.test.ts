import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createUser } from '../support/factories.ts';

/**
 * Issue 30, points 1 and 2: a live token follows its user's account. After the user is removed, disabled, locked,
 * demoted, has his password reset or changed, or his tenant expires, his next request is refused or narrowed; a
 * demoted or disabled tenant administrator cannot use his old token to plant a new administrator nor to take his
 * role back.
 */
const SYS = '/api/blade-system';
const TOKEN_INVALID = '令牌已失效,请重新登录';
const FORBIDDEN_USER = '请求被拒绝,缺少权限: user';

let t: TestApp;
let sa: string;
/** A provisioned tenant: its administrator role (power 1), its plain role, and its first administrator's token. */
const T = { code: '', rowId: '', adminRole: '', plainRole: '', boss: '' };
let seq = 0;

beforeAll(async () => {
  t = await startApp();
  sa = await t.tokenOf();
  const tenant = expectOk(
    await t.post(`${SYS}/tenant/submit`, sa, { tenantName: '降权租户', linkman: '周', contactNumber: '13700000000' }),
  );
  T.code = tenant.tenantId;
  T.rowId = tenant.id;
  const boss = await t.services.db
    .selectFrom('blade_user')
    .select(['role_id'])
    .where('tenant_id', '=', T.code)
    .executeTakeFirstOrThrow();
  T.adminRole = boss.role_id;
  T.plainRole = await createRole(t, T.code, 'clerk', ['system', 'post', 'post_view']);
  T.boss = await t.tokenOf('admin', 'admin', T.code);
});
afterAll(() => t?.stop());

/** A second administrator of T, signed in: the account each case takes something away from. */
async function signedInAdmin() {
  const account = `admin${++seq}`;
  const id = await createUser(t, { tenantId: T.code, account, password: 'pw-1', roleId: T.adminRole });
  return { id, account, token: await t.tokenOf(account, 'pw-1', T.code) };
}

/** What a token of a former administrator tries: a read, a write, a new administrator, his role back. */
async function attempts(token: string, userId: string) {
  return {
    read: await t.get(`${SYS}/user/page?current=1&size=10`, token),
    write: await t.post(`${SYS}/post/submit`, token, {
      category: 1,
      postCode: `p${seq}`,
      postName: `岗位${seq}`,
      sort: 1,
    }),
    backdoor: await t.post(`${SYS}/user/submit`, token, {
      account: `backdoor${seq}`,
      password: 'open-sesame',
      realName: '后门',
      roleId: T.adminRole,
      userType: 1,
    }),
    roleBack: await t.post(`${SYS}/user/grant`, token, { userIds: userId, roleIds: T.adminRole }),
  };
}

/** No backdoor account exists, and none can sign in. */
async function expectNoBackdoor() {
  const rows = await t.services.db
    .selectFrom('blade_user')
    .select('account')
    .where('tenant_id', '=', T.code)
    .where('account', 'like', 'backdoor%')
    .execute();
  expect(rows).toEqual([]);
  const res = await t.login(`backdoor${seq}`, 'open-sesame', T.code);
  expect(res.statusCode).toBe(400);
}

function expectAllRefused(tried: Record<string, LightMyRequestResponse>, status: number, msg: string) {
  for (const [name, res] of Object.entries(tried)) {
    expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
    expect(res.json().msg, name).toBe(msg);
  }
}

describe('a live token after its account changes (issue 30)', () => {
  it('works while nothing changed: the case is a real administrator', async () => {
    const admin = await signedInAdmin();
    expectOk(await t.get(`${SYS}/user/page?current=1&size=10`, admin.token));
    expectOk(
      await t.post(`${SYS}/post/submit`, admin.token, { category: 1, postCode: 'ok1', postName: '正常', sort: 1 }),
    );
  });

  it('a removed user is refused at his next request: reads, writes, a new administrator, his role back', async () => {
    const admin = await signedInAdmin();
    expectOk(await t.post(`${SYS}/user/remove`, T.boss, { ids: admin.id }));
    expectAllRefused(await attempts(admin.token, admin.id), 401, TOKEN_INVALID);
    await expectNoBackdoor();
  });

  it('a disabled user is refused with the reason', async () => {
    const admin = await signedInAdmin();
    // No screen disables a user (contract system.md §2); an operator's tool writes the row and says so.
    await t.services.db.updateTable('blade_user').set({ status: 0 }).where('id', '=', admin.id).execute();
    await t.services.accounts.changed(T.code);
    expectAllRefused(await attempts(admin.token, admin.id), 401, '账号已停用');
    await expectNoBackdoor();
  });

  it('a demoted administrator keeps only the plain role: no user screen, no new administrator, no role back', async () => {
    const admin = await signedInAdmin();
    expectOk(await t.post(`${SYS}/user/grant`, T.boss, { userIds: admin.id, roleIds: T.plainRole }));
    const tried = await attempts(admin.token, admin.id);
    expectError(tried.read, 403, FORBIDDEN_USER);
    expectError(tried.backdoor, 403, '请求被拒绝,缺少权限: user_add');
    expectError(tried.roleBack, 403, '请求被拒绝,缺少权限: user_role');
    // What the plain role holds still works with the same token.
    expectOk(await t.get(`${SYS}/post/list`, admin.token));
    await expectNoBackdoor();
    const info = expectOk(await t.get('/api/blade-auth/oauth/user-info', admin.token));
    expect(info).toMatchObject({ roles: ['clerk'], roleId: T.plainRole });
  });

  it('a role given applies at the next request too, without signing in again', async () => {
    const clerkId = await createUser(t, {
      tenantId: T.code,
      account: `clerk${++seq}`,
      password: 'pw-1',
      roleId: T.plainRole,
    });
    const token = await t.tokenOf(`clerk${seq}`, 'pw-1', T.code);
    expectError(await t.get(`${SYS}/user/page?current=1&size=10`, token), 403, FORBIDDEN_USER);
    expectOk(await t.post(`${SYS}/user/grant`, T.boss, { userIds: clerkId, roleIds: `${T.plainRole},${T.adminRole}` }));
    expectOk(await t.get(`${SYS}/user/page?current=1&size=10`, token));
  });

  it('a role taken away from its holders by a change of the role itself (its grants) applies at once', async () => {
    const admin = await signedInAdmin();
    const role = await createRole(t, T.code, `narrow${seq}`, ['system', 'post', 'post_view']);
    expectOk(await t.post(`${SYS}/user/grant`, T.boss, { userIds: admin.id, roleIds: role }));
    expectOk(await t.get(`${SYS}/post/list`, admin.token));
    expectOk(await t.post(`${SYS}/role/grant`, T.boss, { roleIds: [role], menuIds: [] }));
    expectError(await t.get(`${SYS}/post/list`, admin.token), 403, '请求被拒绝,缺少权限: post');
  });

  it('a password reset ends every session of the user; the new password signs in', async () => {
    const admin = await signedInAdmin();
    const refreshToken = (await t.login(admin.account, 'pw-1', T.code)).json().refresh_token as string;
    expectOk(await t.post(`${SYS}/user/reset-password`, T.boss, { userIds: admin.id }));
    expectAllRefused(await attempts(admin.token, admin.id), 401, TOKEN_INVALID);
    await expectNoBackdoor();
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${refreshToken}`,
      headers: { authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0', 'tenant-id': T.code },
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error_description).toBe('令牌授权已过期');
    expectOk(await t.get(`${SYS}/user/page?current=1&size=10`, await t.tokenOf(admin.account, '123456', T.code)));
  });

  it("a user's own password change ends his other sessions and keeps the one he changed it in", async () => {
    const admin = await signedInAdmin();
    const other = await t.tokenOf(admin.account, 'pw-1', T.code);
    const change = await t.app.inject({
      method: 'POST',
      url: `${SYS}/user/update-password`,
      headers: { 'blade-auth': `bearer ${admin.token}` },
      payload: { oldPassword: 'pw-1', newPassword: 'pw-2', newPassword1: 'pw-2' },
    });
    expectOk(change);
    expectError(await t.get(`${SYS}/user/page?current=1&size=10`, other), 401, TOKEN_INVALID);
    expectOk(await t.get(`${SYS}/user/page?current=1&size=10`, admin.token));
    expectOk(await t.get(`${SYS}/user/page?current=1&size=10`, await t.tokenOf(admin.account, 'pw-2', T.code)));
  });

  it('an account locked by failed logins is refused at its next request, and unlocked works again', async () => {
    const admin = await signedInAdmin();
    for (let i = 0; i < 5; i++) expect((await t.login(admin.account, 'wrong', T.code)).statusCode).toBe(400);
    expectError(
      await t.get(`${SYS}/user/page?current=1&size=10`, admin.token),
      401,
      '用户登录失败次数过多,请30分钟后再试',
    );
    expectOk(await t.post(`${SYS}/user/unlock`, T.boss, { userIds: admin.id }));
    expectOk(await t.get(`${SYS}/user/page?current=1&size=10`, admin.token));
  });

  it("a tenant whose licence ran out refuses its users' live tokens; a new expiry lets them back", async () => {
    const admin = await signedInAdmin();
    const setting = (expireTime: string) =>
      t.post(`${SYS}/tenant/setting?ids=${T.rowId}&accountNumber=-1&expireTime=${encodeURIComponent(expireTime)}`, sa);
    expectOk(await setting('2020-01-01 00:00:00'));
    const expired = '租户授权已过期,请联系管理员';
    expectAllRefused(await attempts(admin.token, admin.id), 401, expired);
    expectError(await t.get(`${SYS}/user/page?current=1&size=10`, T.boss), 401, expired);
    await expectNoBackdoor();
    expectOk(await setting('2099-01-01 00:00:00'));
    expectOk(await t.get(`${SYS}/user/page?current=1&size=10`, admin.token));
  });

  it('a removed tenant administrator cannot sign the backdoor in through a refresh either', async () => {
    const admin = await signedInAdmin();
    const login = (await t.login(admin.account, 'pw-1', T.code)).json();
    expectOk(await t.post(`${SYS}/user/remove`, T.boss, { ids: admin.id }));
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${login.refresh_token}`,
      headers: { authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0', 'tenant-id': T.code },
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error_description).toBe('令牌授权已过期');
  });
});
