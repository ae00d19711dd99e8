import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { TEST_SECRET, expectOk, startApp, type TestApp } from '../support/app.ts';
import { decodeJwt, expectGrantError, expectToken, passwordParams, requestToken } from './auth.support.ts';
import { createRole, createTenantAdmin, createUser } from '../support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t?.stop());

const USER_INFO = '/api/blade-auth/oauth/user-info';
const unauthorized = (msg: string) => ({ code: 401, success: false, data: null, msg });
const TOKEN_INVALID = '令牌已失效,请重新登录';

describe('identity switch (Role-Id / Dept-Id)', () => {
  let auditor: string;
  let lab: string;
  const both = () => ({ roles: `${SEED.roleAdministrator},${auditor}`, depts: `${SEED.deptRoot},${lab}` });
  const loginWith = (headers: Record<string, string>) => t.login('admin', 'admin', '000000', headers);
  const refresh = (refreshToken: string, headers: Record<string, string> = {}) =>
    requestToken(
      t,
      { grant_type: 'refresh_token', refresh_token: refreshToken },
      { 'Tenant-Id': '000000', ...headers },
    );

  beforeAll(async () => {
    auditor = await createRole(t, '000000', 'auditor');
    lab = nextId();
    await t.services.db
      .insertInto('blade_dept')
      .values({
        id: lab,
        tenant_id: '000000',
        parent_id: SEED.deptRoot,
        ancestors: `0,${SEED.deptRoot}`,
        dept_name: '实验室',
        is_deleted: 0,
      })
      .execute();
    await t.services.db
      .updateTable('blade_user')
      .set({ role_id: both().roles, dept_id: both().depts })
      .where('id', '=', SEED.userAdmin)
      .execute();
  });
  afterAll(async () => {
    await t.services.db
      .updateTable('blade_user')
      .set({ role_id: SEED.roleAdministrator, dept_id: SEED.deptRoot })
      .where('id', '=', SEED.userAdmin)
      .execute();
    // Written behind the server's back: its signed-in users see the change once told.
    await t.services.accounts.changed('000000');
  });

  it('logs in with every role and dept when no header is sent', async () => {
    const body = expectToken(await t.login());
    expect(body).toMatchObject({
      role_id: both().roles,
      dept_id: both().depts,
      role_name: 'administrator,auditor',
      authority: 'administrator,auditor',
    });
  });

  it('narrows the token to the chosen role and dept', async () => {
    const body = expectToken(await loginWith({ 'Role-Id': auditor, 'Dept-Id': lab }));
    expect(body).toMatchObject({ role_id: auditor, dept_id: lab, role_name: 'auditor', authority: 'auditor' });
    expect(decodeJwt(body.access_token).payload).toMatchObject({
      role_id: auditor,
      dept_id: lab,
      role_name: 'auditor',
    });
    const info = expectOk(await t.get(USER_INFO, body.access_token));
    expect(info).toMatchObject({ roles: ['auditor'], roleId: auditor, deptId: lab, permissions: [] });
    // The narrowed token no longer carries the administrator role: the auditor role holds no grant.
    expect((await t.get('/api/blade-system/param/list', body.access_token)).json()).toEqual({
      code: 403,
      success: false,
      data: null,
      msg: '请求被拒绝,缺少权限: param',
    });
  });

  it('ignores a Role-Id or Dept-Id the user does not hold', async () => {
    const body = expectToken(await loginWith({ 'Role-Id': SEED.roleUser, 'Dept-Id': SEED.deptSuzhou }));
    expect(body).toMatchObject({ role_id: both().roles, dept_id: both().depts, role_name: 'administrator,auditor' });
    const role = expectToken(await loginWith({ 'Role-Id': SEED.roleAdministrator }));
    expect(role).toMatchObject({ role_id: SEED.roleAdministrator, dept_id: both().depts, role_name: 'administrator' });
  });

  it('keeps the choice across refreshes, and a refresh with a header switches identity', async () => {
    const narrowed = expectToken(await loginWith({ 'Role-Id': auditor, 'Dept-Id': lab }));
    const kept = expectToken(await refresh(narrowed.refresh_token));
    expect(kept).toMatchObject({ role_id: auditor, dept_id: lab, role_name: 'auditor' });
    const switched = expectToken(await refresh(kept.refresh_token, { 'Role-Id': SEED.roleAdministrator }));
    expect(switched).toMatchObject({ role_id: SEED.roleAdministrator, role_name: 'administrator', dept_id: lab });
  });

  it('drops roles that are deleted or belong to another tenant, and refuses a user left with none', async () => {
    const foreign = await createRole(t, '300009', 'admin');
    const gone = await createRole(t, '000000', 'gone');
    await t.services.db.updateTable('blade_role').set({ is_deleted: 1 }).where('id', '=', gone).execute();
    await createUser(t, {
      tenantId: '000000',
      account: 'mixed',
      password: 'right',
      roleId: `${foreign},${gone},${SEED.roleUser}`,
    });
    const body = expectToken(await requestToken(t, passwordParams('mixed', 'right', '000000')));
    expect(body).toMatchObject({ role_id: SEED.roleUser, role_name: 'user' });
    await createUser(t, { tenantId: '000000', account: 'orphan', password: 'right', roleId: `${foreign},${gone}` });
    expectGrantError(
      await requestToken(t, passwordParams('orphan', 'right', '000000')),
      400,
      'invalid_grant',
      '未获得用户的角色信息',
    );
    await createUser(t, { tenantId: '000000', account: 'no-role', password: 'right', roleId: '' });
    expectGrantError(
      await requestToken(t, passwordParams('no-role', 'right', '000000')),
      400,
      'invalid_grant',
      '未获得用户的角色信息',
    );
  });
});

describe('session endpoints', () => {
  it('user-info answers the R envelope with the caller, roles and button permissions', async () => {
    const token = await t.tokenOf();
    const res = await t.get(USER_INFO, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      success: true,
      msg: '操作成功',
      data: {
        userId: SEED.userAdmin,
        tenantId: '000000',
        account: 'admin',
        userName: 'admin',
        realName: '管理员',
        roleId: SEED.roleAdministrator,
        roleName: 'administrator',
        deptId: SEED.deptRoot,
        postId: SEED.postCeo,
        roles: ['administrator'],
        permissions: expect.arrayContaining(['param_add', 'param_edit', 'param_delete', 'user_add']),
      },
    });
    const permissions = res.json<{ data: { permissions: string[] } }>().data.permissions;
    expect(permissions).toEqual([...permissions].sort());
  });

  it('user-info without a token is HTTP 401 with body code 401', async () => {
    const res = await t.get(USER_INFO);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthorized('缺失令牌,鉴权失败'));
    const en = await t.get(USER_INFO, undefined, { 'accept-language': 'en' });
    expect(en.json()).toEqual(unauthorized('Missing token, authentication failed'));
  });

  it('logout answers raw success and ends that session only', async () => {
    const [mine, other] = [await t.tokenOf(), await t.tokenOf()];
    const res = await t.get('/api/blade-auth/oauth/logout', mine);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 'true', msg: 'success', account: 'admin' });
    const after = await t.get(USER_INFO, mine);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(unauthorized(TOKEN_INVALID));
    expectOk(await t.get(USER_INFO, other));
    expect((await t.get('/api/blade-auth/oauth/logout')).json()).toEqual({ success: 'true', msg: 'success' });
  });

  it("clear-cache answers raw success to the platform's super administrator and refuses a tenant's", async () => {
    const res = await t.get('/api/blade-auth/oauth/clear-cache', await t.tokenOf());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 'true', msg: 'success' });
    const { token } = await createTenantAdmin(t, '600030', [], 'cc_boss');
    const refused = await t.get('/api/blade-auth/oauth/clear-cache', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, success: false, data: null, msg: '请求被拒绝' });
    expect((await t.get('/api/blade-auth/oauth/clear-cache')).json()).toEqual(unauthorized('缺失令牌,鉴权失败'));
  });
});

describe('bad tokens on a protected route', () => {
  let good: string;
  let claims: Record<string, unknown>;
  /** A token as the server signs one (`without`: registered claims to leave out). */
  const sign = (payload: Record<string, unknown>, secret: string, exp: number, without: string[] = []) => {
    const registered: Record<string, unknown> = {
      iss: 'issuser',
      aud: 'audience',
      nbf: exp - 3600,
      iat: exp - 3600,
      exp,
      jti: randomUUID(),
    };
    for (const name of without) delete registered[name];
    return new SignJWT({ ...payload, ...registered })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(secret));
  };
  const now = () => Math.floor(Date.now() / 1000);
  const paramCount = async () =>
    Number(
      (
        await t.services.db
          .selectFrom('blade_param')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** GET and POST with the token both fail with 401 and the envelope, and the POST writes nothing. */
  const expectRefused = async (token: string, msg: string, headers: Record<string, string> = {}) => {
    const before = await paramCount();
    const read = await t.get('/api/blade-system/param/list', token, headers);
    expect(read.statusCode, read.body).toBe(401);
    expect(read.json()).toEqual(unauthorized(msg));
    const write = await t.post(
      '/api/blade-system/param/submit',
      token,
      { paramName: '入侵', paramKey: `bad.${nextId()}`, paramValue: 'x' },
      headers,
    );
    expect(write.statusCode, write.body).toBe(401);
    expect(write.json()).toEqual(unauthorized(msg));
    expect(await paramCount()).toBe(before);
  };

  beforeAll(async () => {
    good = await t.tokenOf();
    const { exp: _exp, nbf: _nbf, iat: _iat, iss: _iss, aud: _aud, jti: _jti, ...rest } = decodeJwt(good).payload;
    claims = rest;
  });

  it('accepts the genuine token and one signed the same way by the test (the baseline for the refusals below)', async () => {
    expectOk(await t.get('/api/blade-system/param/list', good));
    expectOk(await t.get('/api/blade-system/param/list', await sign(claims, TEST_SECRET, now() + 600)));
  });

  it('refuses a token signed with another key', async () => {
    await expectRefused(
      await sign(claims, 'another-secret-that-is-long-enough-0123456789', now() + 600),
      TOKEN_INVALID,
    );
  });

  it('refuses an expired token', async () => {
    await expectRefused(await sign(claims, TEST_SECRET, now() - 60), TOKEN_INVALID);
  });

  it('refuses a token without the access token type or without a session id', async () => {
    await expectRefused(
      await sign({ ...claims, token_type: 'refresh_token' }, TEST_SECRET, now() + 600),
      TOKEN_INVALID,
    );
    const { sid: _sid, ...noSession } = claims;
    await expectRefused(await sign(noSession, TEST_SECRET, now() + 600), TOKEN_INVALID);
  });

  it('refuses a well-signed token without exp, or without a claim the server always writes', async () => {
    for (const name of ['exp', 'iat', 'nbf', 'jti'])
      await expectRefused(await sign(claims, TEST_SECRET, now() + 600, [name]), TOKEN_INVALID);
    for (const name of ['tenant_id', 'user_id', 'role_id', 'role_power', 'client_id']) {
      const { [name]: _left, ...rest } = claims;
      await expectRefused(await sign(rest, TEST_SECRET, now() + 600), TOKEN_INVALID);
    }
    await expectRefused(await sign({ ...claims, role_power: '2' }, TEST_SECRET, now() + 600), TOKEN_INVALID);
    await expectRefused(await sign({ ...claims, role_power: 7 }, TEST_SECRET, now() + 600), TOKEN_INVALID);
  });

  it('refuses a refresh token used as access token', async () => {
    const body = expectToken(await t.login());
    await expectRefused(body.refresh_token, TOKEN_INVALID);
  });

  it('refuses garbage and an unsigned (alg none) token', async () => {
    await expectRefused('garbage', TOKEN_INVALID);
    await expectRefused('a.b.c', TOKEN_INVALID);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, iss: 'issuser', aud: 'audience', exp: now() + 600 })}.`;
    await expectRefused(unsigned, TOKEN_INVALID);
  });

  it('refuses a token of another tenant than the Tenant-Id header', async () => {
    await expectRefused(good, '令牌与租户不匹配', { 'tenant-id': '300001' });
    expectOk(await t.get('/api/blade-system/param/list', good, { 'tenant-id': '000000' }));
  });

  it('refuses a token of a logged-out session', async () => {
    const token = await t.tokenOf();
    await t.get('/api/blade-auth/oauth/logout', token);
    await expectRefused(token, TOKEN_INVALID);
  });
});
