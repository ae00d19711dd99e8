import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { startFakeProvider, type FakeProvider } from '../support/fake-oauth-provider.ts';
import { decodeJwt, expectGrantError, expectToken, requestToken } from './auth.support.ts';

let t: TestApp;
let idp: FakeProvider;
let admin: string;
const SOURCES = '/api/blade-auth/oauth/sources';
const REGISTER = '/api/blade-system/user/register-guest';
const PROVIDERS = '/api/blade-system/social-provider';
const STATE_INVALID = '第三方登录状态无效或已使用,请重新登录';
const CODE_INVALID = '第三方平台拒绝了授权码,请重新登录';

beforeAll(async () => {
  [t, idp] = await Promise.all([
    // The fake provider listens on 127.0.0.1: a server calls such an address only when told it may.
    startApp({ TENON_SOCIAL_PRIVATE: 'allow' }),
    startFakeProvider({
      alice: { id: 1001, name: 'Alice', avatar_url: 'https://example.test/a.png', email: 'alice@example.test' },
      bob: { id: 1002, name: 'Bob', avatar_url: '', email: '' },
    }),
  ]);
  admin = await t.tokenOf();
});
afterAll(async () => {
  await Promise.all([t?.stop(), idp?.close()]);
});

const providerBody = (source: string, overrides: Record<string, unknown> = {}) => ({
  source,
  providerName: `IdP ${source}`,
  authorizeUrl: `${idp.origin}/authorize`,
  tokenUrl: `${idp.origin}/token`,
  userinfoUrl: `${idp.origin}/userinfo`,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  idField: 'id',
  nameField: 'login',
  avatarField: 'avatar_url',
  emailField: 'email',
  status: 1,
  ...overrides,
});
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

  it('registers the account awaiting approval; the social login says so until an administrator grants a role', async () => {
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
    const pending = await signIn('testidp', 'alice');
    expectGrantError(
      await socialGrant('testidp', pending.code, pending.state),
      400,
      'invalid_grant',
      '注册申请正在等待管理员审核',
    );

    expectOk(await t.post(`/api/blade-system/user/grant`, admin, { userIds: String(user.id), roleIds: SEED.roleUser }));
    const { code, state } = await signIn('testidp', 'alice');
    const body = expectToken(await socialGrant('testidp', code, state));
    expect(body).toMatchObject({ user_id: String(user.id), account: 'alice', oauth_id: oauthId });
    expect(decodeJwt(body.access_token).payload).toMatchObject({ oauth_id: oauthId, user_id: String(user.id) });
    expectOk(await t.get('/api/blade-auth/oauth/user-info', body.access_token));
    // The password chosen in the dialog works too.
    expectToken(await t.login('alice', 'pw1'));
    // The binding, then its removal: the next social login is a guest again.
    expect(expectOk(await t.get('/api/blade-auth/oauth/refresh/testidp', body.access_token))).toMatchObject({
      source: 'testidp',
      username: 'alice',
    });
    expectOk(await t.get('/api/blade-auth/oauth/revoke/testidp', body.access_token));
    const again = await signIn('testidp', 'alice');
    expect(expectToken(await socialGrant('testidp', again.code, again.state))).toMatchObject({ user_id: '-1' });
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
