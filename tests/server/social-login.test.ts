import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { BASIC_SABER, expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { providerBodyOf, startFakeProvider, type FakeProvider } from '../support/fake-oauth-provider.ts';
import { decodeJwt, expectGrantError, expectToken, requestToken } from './auth.support.ts';

let t: TestApp;
let idp: FakeProvider;
let admin: string;
const SOURCES = '/api/blade-auth/oauth/sources';
const REGISTER = '/api/blade-system/user/register-guest';
const PROVIDERS = '/api/blade-system/social-provider';
const STATE_INVALID = '第三方登录状态无效或已使用,请重新登录';
const CODE_INVALID = '第三方平台拒绝了授权码,请重新登录';
const NO_ROLE = '未获得用户的角色信息';
const USERS = '/api/blade-system/user';

beforeAll(async () => {
  [t, idp] = await Promise.all([
    // The fake provider listens on 127.0.0.1: a server calls such an address only when told it may.
    startApp({ TENON_SOCIAL_PRIVATE: 'allow' }),
    startFakeProvider({
      alice: { id: 1001, name: 'Alice', avatar_url: 'https://example.test/a.png', email: 'alice@example.test' },
      bob: { id: 1002, name: 'Bob', avatar_url: '', email: '' },
      carol: { id: 1003, name: 'Carol', avatar_url: '', email: '' },
      dave: { id: 1004, name: 'Dave', avatar_url: '', email: '' },
    }),
  ]);
  admin = await t.tokenOf();
});
afterAll(async () => {
  await Promise.all([t?.stop(), idp?.close()]);
});

const providerBody = (source: string, overrides: Record<string, unknown> = {}) =>
  providerBodyOf(idp, source, overrides);
const provider = (source: string, overrides: Record<string, unknown> = {}) =>
  t.post(`${PROVIDERS}/submit`, admin, providerBody(source, overrides));

/** `oauth/render`: the provider's authorize URL (302), as a record of its query. */
async function render(source: string, tenantId = '000000') {
  const res = await t.app.inject({ method: 'GET', url: `/api/blade-auth/oauth/render/${source}?tenantId=${tenantId}` });
  expect(res.statusCode, res.body).toBe(302);
  return Object.fromEntries(new URL(res.headers.location as string).searchParams);
}

/** The person signs in at the provider: the code and state the browser brings back. */
async function signIn(source: string, login: string) {
  const back = new URL(await idp.authorize(await render(source), login));
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

const socialGrant = (source: string, code: string, state: string, tenantId = '000000') =>
  requestToken(t, { grant_type: 'social', source, code, state, tenantId, scope: 'all' }, { 'Tenant-Id': tenantId });

const identities = async () =>
  Number(
    (
      await t.services.db
        .selectFrom('blade_user_oauth')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('social providers', () => {
  it('keeps the client secret sealed and never sends it back; the login page lists names only', async () => {
    const saved = expectOk(await provider('testidp'));
    expect(saved).not.toHaveProperty('clientSecret');
    const row = await t.services.db
      .selectFrom('blade_social_provider')
      .select('client_secret')
      .where('source', '=', 'testidp')
      .executeTakeFirstOrThrow();
    expect(row.client_secret).toMatch(/^v1:/);
    expect(row.client_secret).not.toContain(idp.clientSecret);
    const detail = expectOk(await t.get(`${PROVIDERS}/detail?id=${saved.id}`, admin));
    expect(detail).not.toHaveProperty('clientSecret');
    expect(expectOk(await t.get(`${SOURCES}?tenantId=000000`))).toEqual([{ source: 'testidp', name: 'IdP testidp' }]);
    expect(expectOk(await t.get(`${SOURCES}?tenantId=999999`))).toEqual([]);
  });

  it('fills a preset’s endpoints when left blank (GitHub)', async () => {
    expectOk(await provider('github', { authorizeUrl: '', tokenUrl: '', userinfoUrl: '', status: 0 }));
    expectOk(await t.post(`${PROVIDERS}/submit`, admin, { id: await idOf('github'), status: 1 }));
    const query = await render('github');
    expect(query).toMatchObject({ client_id: idp.clientId, response_type: 'code', scope: 'read:user user:email' });
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/render/github?tenantId=000000' });
    expect(res.headers.location).toMatch(/^https:\/\/github\.com\/login\/oauth\/authorize\?/);
    expectOk(await t.post(`${PROVIDERS}/remove?ids=${await idOf('github')}`, admin));
  });
});

const idOf = async (source: string) =>
  String(
    (
      await t.services.db
        .selectFrom('blade_social_provider')
        .select('id')
        .where('source', '=', source)
        .where('is_deleted', '=', 0)
        .executeTakeFirstOrThrow()
    ).id,
  );

describe('render and callback', () => {
  it('sends the browser to the provider with a state, and back to the login page with the code', async () => {
    const query = await render('testidp');
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: idp.clientId,
      redirect_uri: 'http://localhost:80/api/blade-auth/oauth/callback/testidp',
    });
    expect(query.state).toMatch(/^[\w-]{32}$/);
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/blade-auth/oauth/callback/testidp?code=abc&state=${query.state}`,
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/login?social=testidp&code=abc&state=${query.state}`);
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/blade-auth/oauth/callback/testidp?error=access_denied`,
    });
    expect(denied.headers.location).toBe('/login?social=testidp&error=access_denied');
  });

  it('refuses an unknown provider and a missing tenant', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/render/nope?tenantId=000000' }),
      400,
      '未配置的第三方平台: nope',
    );
    expectError(await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/render/testidp' }), 400);
  });
});

describe('social grant and guest registration', () => {
  let guestToken = '';
  let oauthId = '';

  it('answers a guest token for an unknown identity, which opens nothing but register-guest', async () => {
    const { code, state } = await signIn('testidp', 'alice');
    const body = expectToken(await socialGrant('testidp', code, state));
    expect(body).toMatchObject({ user_id: '-1', role_name: 'guest', account: 'alice', real_name: 'Alice' });
    expect(body.oauth_id).toMatch(/^\d+$/);
    guestToken = body.access_token;
    oauthId = body.oauth_id;
    expect(await t.get('/api/blade-auth/oauth/user-info', guestToken)).toMatchObject({ statusCode: 401 });
    expect(await t.get('/api/blade-system/user/page', guestToken)).toMatchObject({ statusCode: 401 });
    const row = await t.services.db
      .selectFrom('blade_user_oauth')
      .selectAll()
      .where('id', '=', oauthId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ uuid: '1001', source: 'testidp', username: 'alice', user_id: null });
  });

  it('checks the registration in the dialog’s order and creates nothing on a refusal', async () => {
    const register = (params: Record<string, string>, token = guestToken) =>
      t.post(`${REGISTER}?${new URLSearchParams({ oauthId, ...params })}`, token);
    expectError(await register({ name: 'Alice', account: '', password: '' }), 400, '请先输入账号名称');
    expectError(await register({ account: 'alice', password: '' }), 400, '请先输入密码');
    expectError(await register({ account: 'alice', password: 'pw1', password2: 'pw2' }), 400, '两次密码输入不一致');
    expectError(await register({ account: 'admin', password: 'pw1' }), 400, '当前账号已被使用!');
    expectError(await register({ account: 'alice', password: 'pw1' }, ''), 400, '第三方登陆信息错误!');
    expectError(await register({ account: 'alice', password: 'pw1' }, admin), 400, '第三方登陆信息错误!');
    expectError(await register({ account: 'alice', password: 'pw1', oauthId: '1' }), 400, '第三方登陆信息错误!');
    const users = await t.services.db.selectFrom('blade_user').select('id').where('account', '=', 'alice').execute();
    expect(users).toEqual([]);
  });

  it('registers the account awaiting approval (待审核): no login without a role until an administrator’s 审核 grants one', async () => {
    const res = await t.post(
      `${REGISTER}?${new URLSearchParams({ oauthId, name: 'Alice W', account: 'alice', password: 'pw1', password2: 'pw1' })}`,
      guestToken,
    );
    expect(expectOk(res)).toBeNull();
    expect(res.json().msg).toBe('注册申请已提交,请耐心等待管理员审核通过');
    const user = await t.services.db
      .selectFrom('blade_user')
      .selectAll()
      .where('account', '=', 'alice')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      real_name: 'Alice W',
      role_id: '',
      dept_id: '',
      avatar: 'https://example.test/a.png',
    });
    // The guest token registered once.
    expectError(
      await t.post(`${REGISTER}?${new URLSearchParams({ oauthId, account: 'alice2', password: 'x' })}`, guestToken),
      400,
      '第三方登陆信息错误!',
    );
    // Awaiting approval: no role yet, so both logins give the contract's message for users without roles.
    const pending = await signIn('testidp', 'alice');
    expectGrantError(await socialGrant('testidp', pending.code, pending.state), 400, 'invalid_grant', NO_ROLE);
    expectGrantError(await t.login('alice', 'pw1'), 400, 'invalid_grant', NO_ROLE);

    // 待审核 in the user list, and its filter.
    const awaiting = expectOk(await t.get(`${USERS}/page?awaiting=1&size=100`, admin));
    expect(awaiting.records.map((r: { account: string }) => r.account)).toEqual(['alice']);
    expect(awaiting.records[0]).toMatchObject({ roleId: '', deptId: '' });
    const all = expectOk(await t.get(`${USERS}/page?size=100`, admin));
    expect(all.records.length).toBeGreaterThan(1);

    // 审核: the grant gives roles and a department, under the grant's no-escalation rule.
    const approve = { userIds: String(user.id), roleIds: SEED.roleUser, deptIds: SEED.deptRoot };
    expectError(await t.post(`${USERS}/grant`, admin, { ...approve, deptIds: '42' }), 400);
    expectOk(await t.post(`${USERS}/grant`, admin, approve));
    expect(expectOk(await t.get(`${USERS}/page?awaiting=1&size=100`, admin)).records).toEqual([]);
    expect(expectOk(await t.get(`${USERS}/detail?id=${user.id}`, admin))).toMatchObject({
      roleId: SEED.roleUser,
      deptId: SEED.deptRoot,
    });
    const { code, state } = await signIn('testidp', 'alice');
    const body = expectToken(await socialGrant('testidp', code, state));
    expect(body).toMatchObject({ user_id: String(user.id), account: 'alice', oauth_id: oauthId });
    expect(decodeJwt(body.access_token).payload).toMatchObject({ oauth_id: oauthId, user_id: String(user.id) });
    expectOk(await t.get('/api/blade-auth/oauth/user-info', body.access_token));
    // The password chosen in the dialog works too.
    expectToken(await t.login('alice', 'pw1'));
    // The binding, then its removal (`revoke/{source}/{token}`, the token naming the binding): the next social login
    // is a guest again.
    expect(expectOk(await t.get('/api/blade-auth/oauth/refresh/testidp', body.access_token))).toEqual({
      oauthId,
      source: 'testidp',
      username: 'alice',
      nickname: 'Alice',
      avatar: 'https://example.test/a.png',
      email: 'alice@example.test',
    });
    const revoke = (token: string, source = 'testidp', bearer = body.access_token) =>
      t.get(`/api/blade-auth/oauth/revoke/${source}/${token}`, bearer);
    expect((await t.get('/api/blade-auth/oauth/revoke/testidp', body.access_token)).statusCode).toBe(404);
    expect((await revoke(oauthId, 'testidp', '')).statusCode).toBe(401);
    expectError(await revoke('12345'), 400, '第三方登陆信息错误!');
    expectError(await revoke(oauthId, 'other'), 400, '第三方登陆信息错误!');
    expectError(await revoke('not-an-id'), 400, '第三方登陆信息错误!');
    expectError(await revoke(oauthId, 'testidp', admin), 400, '第三方登陆信息错误!');
    expectOk(await revoke(oauthId));
    const again = await signIn('testidp', 'alice');
    expect(expectToken(await socialGrant('testidp', again.code, again.state))).toMatchObject({ user_id: '-1' });
  });
});

describe('registration rules shared with user/submit', () => {
  const param = (value: string) =>
    t.services.db
      .updateTable('blade_param')
      .set({ param_value: value })
      .where('param_key', '=', 'account.registerUser')
      .execute();
  const quota = (limit: number) =>
    t.services.db
      .updateTable('blade_tenant')
      .set({ account_number: limit })
      .where('tenant_id', '=', '000000')
      .execute();
  const liveUsers = async () =>
    Number(
      (
        await t.services.db
          .selectFrom('blade_user')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', '000000')
          .where('is_deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a registration while param account.registerUser is false, and the tenant past its quota', async () => {
    const { code, state } = await signIn('testidp', 'carol');
    const guest = expectToken(await socialGrant('testidp', code, state));
    const register = () =>
      t.post(
        `${REGISTER}?${new URLSearchParams({ oauthId: guest.oauth_id, account: 'carol', password: 'pw1', password2: 'pw1' })}`,
        guest.access_token,
      );
    const before = await liveUsers();
    await param('false');
    try {
      expectError(await register(), 400, '当前系统未开启注册功能,请联系管理员');
      // Another unknown identity is told at its sign-in, before any registration form.
      const other = await signIn('testidp', 'dave');
      const refused = await socialGrant('testidp', other.code, other.state);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_description).toBe('当前系统未开启注册功能,请联系管理员');
    } finally {
      await param('true');
    }
    await quota(before);
    try {
      expectError(await register(), 400, '当前租户已到最大账号额度!');
      // user/submit says the same for the same reason.
      const body = { account: 'carol-admin', password: 'pw1', realName: 'Carol', roleId: SEED.roleUser };
      expectError(
        await t.post(`${USERS}/submit`, admin, { ...body, deptId: SEED.deptRoot }),
        400,
        '当前租户已到最大账号额度!',
      );
    } finally {
      await quota(-1);
    }
    expect(await liveUsers()).toBe(before);
    const row = await t.services.db
      .selectFrom('blade_user_oauth')
      .select('user_id')
      .where('id', '=', guest.oauth_id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    // Within the quota again: the same guest token registers.
    expectOk(await register());
    expect(await liveUsers()).toBe(before + 1);
  });
});

describe("Saber's token form (/blade-auth/token, grantType=social)", () => {
  const saberSocial = (params: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/blade-auth/token?${new URLSearchParams({ grantType: 'social', tenantId: '000000', ...params })}`,
      headers: { authorization: BASIC_SABER, 'tenant-id': '000000' },
    });

  it('answers a guest AuthInfo for an unknown identity, then logs in the bound account; refuses a forged state', async () => {
    const forged = await signIn('testidp', 'dave');
    expectError(await saberSocial({ source: 'testidp', code: forged.code, state: 'forged' }), 400, STATE_INVALID);

    const first = await signIn('testidp', 'dave');
    const guest = expectOk(await saberSocial({ source: 'testidp', ...first }));
    expect(guest).toMatchObject({ userId: '-1', account: 'dave', authority: 'guest', userName: 'Dave' });
    expect(guest.oauthId).toMatch(/^\d+$/);
    // Saber's registration dialog, without the /api prefix, with the guest token.
    const params = new URLSearchParams({ oauthId: guest.oauthId, account: 'dave', password: 'pw1', password2: 'pw1' });
    expectOk(
      await t.app.inject({
        method: 'POST',
        url: `/blade-system/user/register-guest?${params}`,
        headers: { authorization: BASIC_SABER, 'blade-auth': `bearer ${guest.accessToken}` },
      }),
    );
    const pending = await signIn('testidp', 'dave');
    expectError(await saberSocial({ source: 'testidp', ...pending }), 400, NO_ROLE);

    const user = await t.services.db
      .selectFrom('blade_user')
      .select('id')
      .where('account', '=', 'dave')
      .executeTakeFirstOrThrow();
    expectOk(await t.post(`${USERS}/grant`, admin, { userIds: String(user.id), roleIds: SEED.roleUser }));
    const approved = await signIn('testidp', 'dave');
    const info = expectOk(await saberSocial({ source: 'testidp', ...approved }));
    expect(info).toMatchObject({ userId: String(user.id), account: 'dave', oauthId: guest.oauthId });
    expectOk(await t.get('/api/blade-auth/oauth/user-info', info.accessToken));
  });
});

describe('refusals: nothing is created', () => {
  it('refuses a forged, replayed or foreign state', async () => {
    const before = await identities();
    const { code, state } = await signIn('testidp', 'bob');
    expectGrantError(await socialGrant('testidp', code, 'forged-state'), 400, 'invalid_grant', STATE_INVALID);
    expectGrantError(await socialGrant('other', code, state), 400, 'invalid_grant', STATE_INVALID);
    // The state was spent by the refused attempt above: single use.
    expectGrantError(await socialGrant('testidp', code, state), 400, 'invalid_grant', STATE_INVALID);
    const foreign = await signIn('testidp', 'bob');
    expectGrantError(
      await socialGrant('testidp', foreign.code, foreign.state, '123456'),
      400,
      'invalid_grant',
      STATE_INVALID,
    );
    expect(await identities()).toBe(before);
  });

  it('refuses a replayed code and a code the provider refuses', async () => {
    const first = await signIn('testidp', 'bob');
    expectToken(await socialGrant('testidp', first.code, first.state));
    const before = await identities();
    const query = await render('testidp');
    expectGrantError(await socialGrant('testidp', first.code, query.state), 400, 'invalid_grant', CODE_INVALID);
    const made = await signIn('testidp', 'bob');
    const other = await render('testidp');
    expectGrantError(await socialGrant('testidp', 'made-up-code', other.state), 400, 'invalid_grant', CODE_INVALID);
    expect(made.code).toBeTruthy();
    expect(await identities()).toBe(before);
  });

  it('refuses when the provider refuses the client or cannot be reached', async () => {
    expectOk(await provider('wrongsecret', { clientSecret: 'not-the-secret' }));
    expectOk(await provider('down', { tokenUrl: 'http://127.0.0.1:9/token' }));
    const before = await identities();
    const wrong = await signIn('wrongsecret', 'bob');
    expectGrantError(await socialGrant('wrongsecret', wrong.code, wrong.state), 400, 'invalid_grant', CODE_INVALID);
    const down = await signIn('down', 'bob');
    expectGrantError(
      await socialGrant('down', down.code, down.state),
      400,
      'invalid_grant',
      '第三方平台暂时无法访问,请稍后再试',
    );
    expect(await identities()).toBe(before);
  });

  it('calls no provider on this machine or a private network unless the server allows it', async () => {
    const strict = await startApp();
    try {
      const token = await strict.tokenOf();
      expectOk(await strict.post(`${PROVIDERS}/submit`, token, providerBody('inside')));
      const url = '/api/blade-auth/oauth/render/inside?tenantId=000000';
      const rendered = await strict.app.inject({ method: 'GET', url });
      expect(rendered.statusCode, rendered.body).toBe(302);
      const query = Object.fromEntries(new URL(rendered.headers.location as string).searchParams);
      const back = new URL(await idp.authorize(query, 'bob'));
      const [code, state] = [back.searchParams.get('code')!, back.searchParams.get('state')!];
      const grant = { grant_type: 'social', source: 'inside', code, state, tenantId: '000000', scope: 'all' };
      expectGrantError(
        await requestToken(strict, grant, { 'Tenant-Id': '000000' }),
        400,
        'invalid_grant',
        '第三方平台暂时无法访问,请稍后再试',
      );
    } finally {
      await strict.stop();
    }
  });
});
