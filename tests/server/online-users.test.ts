import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_OPTIONS_URL,
  ONLINE_USER_FORCE_LOGOUT,
  ONLINE_USER_LOGOUT_URL,
  ONLINE_USER_MENU,
  ONLINE_USER_PAGE_URL,
} from '../../src/shared/contract/api/online-user.ts';
import type { OnlineSession } from '../../src/shared/contract/api/online-user.schemas.ts';
import { BASIC_SABER, expectError, expectOk, md5, startApp, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser } from '../support/factories.ts';
import { expectGrantError, expectToken, passwordParams, requestToken, type TokenBody } from './auth.support.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startApp();
  adminToken = await t.tokenOf();
});
afterAll(() => t?.stop());

const TENANT = '310001';
const TOKEN_INVALID = '令牌已失效,请重新登录';

/** A password login from a given address and browser, as the console sends it. */
async function signIn(account: string, password: string, tenantId: string, from: { ip: string; agent: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${new URLSearchParams(passwordParams(account, password, tenantId))}`,
    headers: { authorization: BASIC_SABER, 'tenant-id': tenantId, 'user-agent': from.agent },
    remoteAddress: from.ip,
  });
  return expectToken(res);
}

const sessionsSeenBy = async (token: string, query = '') =>
  expectOk(await t.get(`${ONLINE_USER_PAGE_URL}?size=100${query}`, token)) as {
    records: OnlineSession[];
    total: number;
  };
const sidOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sid as string;
const refresh = (body: TokenBody) =>
  requestToken(t, { grant_type: 'refresh_token', refresh_token: body.refresh_token }, { 'Tenant-Id': body.tenant_id });

describe('在线用户', () => {
  let clerk: TokenBody;
  let tenantAdmin: string;

  beforeAll(async () => {
    const roleId = await createRole(t, '000000', 'clerk', ['desk']);
    await createUser(t, { tenantId: '000000', account: 'clerk', password: 'pw', roleId, realName: '张三' });
    clerk = await signIn('clerk', 'pw', '000000', { ip: '10.1.2.3', agent: 'Mozilla/5.0 (X11) Chrome/130.0' });
    ({ token: tenantAdmin } = await createTenantAdmin(t, TENANT, [ONLINE_USER_MENU, ONLINE_USER_FORCE_LOGOUT]));
  });

  it('lists each login with who, where from, since when and which client', async () => {
    const { records } = await sessionsSeenBy(adminToken);
    const row = records.find((r) => r.sessionId === sidOf(clerk.access_token));
    expect(row).toMatchObject({
      tenantId: '000000',
      userId: clerk.user_id,
      account: 'clerk',
      realName: '张三',
      clientId: 'saber',
      ip: '10.1.2.3',
      userAgent: 'Mozilla/5.0 (X11) Chrome/130.0',
      current: false,
    });
    expect(row!.loginTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(row!.lastActiveTime >= row!.loginTime).toBe(true);
    // The platform administrator sees every tenant's logins, his own marked.
    expect(records.some((r) => r.tenantId === TENANT && r.account === 'boss')).toBe(true);
    expect(records.find((r) => r.sessionId === sidOf(adminToken))?.current).toBe(true);
  });

  it("shows a tenant's administrator his own tenant's logins only, whatever tenant he asks for", async () => {
    for (const query of ['', '&tenantId=000000']) {
      const { records } = await sessionsSeenBy(tenantAdmin, query);
      expect(records.length).toBeGreaterThan(0);
      expect(records.every((r) => r.tenantId === TENANT)).toBe(true);
    }
  });

  it("refuses a tenant's administrator ending another tenant's login, and ends nothing", async () => {
    const res = await t.post(`${ONLINE_USER_LOGOUT_URL}?sessionIds=${sidOf(clerk.access_token)}`, tenantAdmin);
    expectError(res, 400, '会话不存在或已结束');
    expectOk(await t.get('/api/blade-auth/oauth/user-info', clerk.access_token));
  });

  it('refuses callers without the menu and malformed ids', async () => {
    expectError(await t.get(ONLINE_USER_PAGE_URL, clerk.access_token), 403);
    expectError(await t.post(`${ONLINE_USER_LOGOUT_URL}?sessionIds=1;drop`, adminToken), 400);
    expectError(await t.post(ONLINE_USER_LOGOUT_URL, adminToken), 400);
  });

  it('强制退出 ends the login at once: its next request gets 401 and its refresh fails', async () => {
    const victim = await signIn('clerk', 'pw', '000000', { ip: '10.9.9.9', agent: 'Phone' });
    expectOk(await t.get('/api/blade-auth/oauth/user-info', victim.access_token));
    expectOk(await t.post(`${ONLINE_USER_LOGOUT_URL}?sessionIds=${sidOf(victim.access_token)}`, adminToken));
    expectError(await t.get('/api/blade-auth/oauth/user-info', victim.access_token), 401, TOKEN_INVALID);
    expectGrantError(await refresh(victim), 400, 'invalid_grant', '令牌授权已过期');
    // The clerk's other login goes on; the ended one is gone from the list.
    expectOk(await t.get('/api/blade-auth/oauth/user-info', clerk.access_token));
    const { records } = await sessionsSeenBy(adminToken);
    expect(records.some((r) => r.sessionId === sidOf(victim.access_token))).toBe(false);
    expect(records.some((r) => r.sessionId === sidOf(clerk.access_token))).toBe(true);
  });

  it('leaves out logins their account no longer carries (reset, locked, disabled) and lists them again as they come back', async () => {
    const roleId = await createRole(t, '000000', 'gone', ['desk']);
    const from = { ip: '10.3.3.3', agent: 'B' };
    const [dept] = expectOk(await t.get('/api/blade-system/dept/lazy-tree?parentId=0', adminToken)) as { id: string }[];
    const ids: Record<string, string> = {};
    for (const account of ['reset1', 'locked1', 'off1', 'self1']) {
      ids[account] = await createUser(t, { tenantId: '000000', account, password: 'pw', roleId, deptId: dept.id });
    }
    const logins = Object.fromEntries(
      await Promise.all(
        Object.keys(ids).map(async (account) => [account, await signIn(account, 'pw', '000000', from)]),
      ),
    ) as Record<string, TokenBody>;
    const other = await signIn('self1', 'pw', '000000', from);
    const listed = async () => {
      const sids = new Set((await sessionsSeenBy(adminToken, '&account=1')).records.map((r) => r.sessionId));
      return Object.fromEntries(
        Object.entries(logins).map(([account, body]) => [account, sids.has(sidOf(body.access_token))]),
      );
    };
    expect(await listed()).toEqual({ reset1: true, locked1: true, off1: true, self1: true });

    expectOk(await t.post(`/api/blade-system/user/reset-password?userIds=${ids.reset1}`, adminToken));
    for (let i = 0; i < 5; i++) expect((await t.login('locked1', 'wrong', '000000')).statusCode).toBe(400);
    const detail = expectOk(await t.get(`/api/blade-system/user/detail?id=${ids.off1}`, adminToken)) as object;
    expectOk(await t.post('/api/blade-system/user/update', adminToken, { ...detail, status: 0 }));
    // His own password change keeps the login he made it in, and ends his other one.
    const change = await t.post('/api/blade-system/user/update-password', logins.self1.access_token, {
      oldPassword: 'pw',
      newPassword: 'pw-2',
      newPassword1: 'pw-2',
    });
    expectOk(change);
    expect(await listed()).toEqual({ reset1: false, locked1: false, off1: false, self1: true });
    const sids = (await sessionsSeenBy(adminToken, '&account=self1')).records.map((r) => r.sessionId);
    expect(sids).not.toContain(sidOf(other.access_token));
    // Unlocked and enabled again: the same tokens work, and their logins are listed again.
    expectOk(await t.post(`/api/blade-system/user/unlock?userIds=${ids.locked1}`, adminToken));
    expectOk(await t.post('/api/blade-system/user/update', adminToken, { ...detail, status: 1 }));
    for (const account of ['locked1', 'off1'])
      expectOk(await t.get('/api/blade-auth/oauth/user-info', logins[account].access_token));
    expect(await listed()).toEqual({ reset1: false, locked1: true, off1: true, self1: true });
  });

  it('a refresh keeps the login in one row; a logout removes it', async () => {
    const login = await signIn('clerk', 'pw', '000000', { ip: '10.0.0.1', agent: 'A' });
    const renewed = expectToken(await refresh(login));
    const mine = (await sessionsSeenBy(adminToken)).records.filter((r) => r.sessionId === sidOf(login.access_token));
    expect(mine).toHaveLength(1);
    expect(sidOf(renewed.access_token)).toBe(sidOf(login.access_token));
    await t.get('/api/blade-auth/oauth/logout', renewed.access_token);
    const { records } = await sessionsSeenBy(adminToken);
    expect(records.some((r) => r.sessionId === sidOf(login.access_token))).toBe(false);
  });
});

describe('验证码模式 per tenant', () => {
  const TENANT_C = '310002';
  let roleId: string;
  const setCaptchaMode = (on: boolean) =>
    t.services.db
      .updateTable('blade_tenant')
      .set({ captcha_mode: on ? 1 : 0 })
      .where('tenant_id', '=', TENANT_C)
      .execute();
  const captcha = async () => {
    const body = expectCaptcha(await t.get('/api/blade-auth/oauth/captcha'));
    return { key: body.key, code: (await t.services.kv.get(`captcha:${body.key}`))! };
  };
  const expectCaptcha = (res: Awaited<ReturnType<TestApp['get']>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ key: string; image: string }>();
  };
  const optionsOf = async (tenantId: string) =>
    (expectOk(await t.get(`${LOGIN_OPTIONS_URL}?tenantId=${tenantId}`)) as { captchaMode: boolean }).captchaMode;

  beforeAll(async () => {
    ({ roleId } = await createTenantAdmin(t, TENANT_C, ['desk']));
    await createUser(t, { tenantId: TENANT_C, account: 'worker', password: 'pw', roleId });
  });

  it('on: the form is told, a password login is refused, the captcha login works', async () => {
    await setCaptchaMode(true);
    expect(await optionsOf(TENANT_C)).toBe(true);
    expect(await optionsOf('000000')).toBe(false);
    expectGrantError(
      await requestToken(t, passwordParams('worker', 'pw', TENANT_C)),
      400,
      'invalid_grant',
      '该租户已开启验证码登录,请输入验证码',
    );
    const wrong = await captcha();
    expectGrantError(
      await requestToken(
        t,
        { ...passwordParams('worker', 'pw', TENANT_C), grant_type: 'captcha' },
        { 'Captcha-Key': wrong.key, 'Captcha-Code': 'nope' },
      ),
      400,
      'invalid_grant',
      '验证码不正确',
    );
    const right = await captcha();
    const res = await requestToken(
      t,
      { ...passwordParams('worker', 'pw', TENANT_C), grant_type: 'captcha' },
      { 'Captcha-Key': right.key, 'Captcha-Code': right.code.toUpperCase() },
    );
    expect(expectToken(res).account).toBe('worker');
    // Other tenants are unchanged.
    expectToken(await requestToken(t, { ...passwordParams('admin', 'admin', '000000'), password: md5('admin') }));
  });

  it('the refusal speaks English to an English client', async () => {
    await setCaptchaMode(true);
    const res = await requestToken(t, passwordParams('worker', 'pw', TENANT_C), { 'accept-language': 'en' });
    expect(res.json().error_description).toBe('This tenant signs in with a captcha: please enter the captcha');
  });

  it('off: password logins work as before', async () => {
    await setCaptchaMode(false);
    expect(await optionsOf(TENANT_C)).toBe(false);
    expectToken(await requestToken(t, passwordParams('worker', 'pw', TENANT_C)));
  });

  it('the tenant screen shows and saves the switch', async () => {
    const page = expectOk(await t.get(`/api/blade-system/tenant/page?tenantId=${TENANT_C}`, adminToken)) as {
      records: Array<{ id: string; captchaMode: number }>;
    };
    expect(page.records[0].captchaMode).toBe(0);
  });
});
