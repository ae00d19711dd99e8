import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { expectError, expectOk, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser } from '../support/factories.ts';
import { authorize, basic, codeAt, hiddenField, pkce, SsoSignIn, startSsoServer } from '../support/sso.ts';
import { expectToken, passwordParams, requestToken } from './auth.support.ts';

/**
 * The SSO authorize page (issue 37 §1, §3, §4) asks what the token endpoint asks: the captcha of a tenant in captcha
 * mode, the second factor of an account with TOTP on; a client marked 自动授权 skips the consent screen; a public
 * client (no secret) signs in with PKCE alone. Plain form posts, as a browser without JavaScript sends them.
 */
const WEB = { id: 'sso_web', secret: 'sso_web_secret', redirect: 'http://127.0.0.1:9/callback' };
const AUTO = { id: 'sso_auto', secret: 'sso_auto_secret', redirect: 'http://127.0.0.1:9/auto', autoapprove: 'true' };
const SPA = { id: 'sso_spa', secret: '', redirect: 'http://127.0.0.1:9/spa' };
const CONSENT = '请求访问你的账号';
const SECOND_STEP = '两步验证码';
const LOCKED = '用户登录失败次数过多,请30分钟后再试';

let t: TestApp;
let origin: string;
let admin: string;
beforeAll(async () => {
  ({ t, origin } = await startSsoServer([WEB, AUTO, SPA]));
  admin = await t.tokenOf();
});
afterAll(() => t?.stop());

const exchange = (client: { id: string; secret: string }, code: string, verifier?: string) =>
  fetch(`${origin}/oauth2/token`, {
    method: 'POST',
    headers: {
      ...(client.secret ? { authorization: basic(client) } : {}),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.id === SPA.id ? SPA.redirect : WEB.redirect,
      ...(client.secret ? {} : { client_id: client.id }),
      ...(verifier ? { code_verifier: verifier } : {}),
    }).toString(),
  });
/** The account the code was issued for, read from userinfo after the exchange. */
async function accountOf(code: string) {
  const tokens = await (await exchange(WEB, code)).json();
  const me = await fetch(`${origin}/oauth2/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  return ((await me.json()) as { preferred_username: string }).preferred_username;
}

describe('a tenant in captcha mode', () => {
  const TENANT = '320078';
  const captchaOf = async (page: string) => {
    const key = hiddenField(page, 'captchaKey') ?? '';
    expect(page).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="验证码图片"/);
    return { key, code: (await t.services.kv.get(`captcha:${key}`)) ?? '' };
  };

  beforeAll(async () => {
    const { roleId } = await createTenantAdmin(t, TENANT, ['desk']);
    await createUser(t, { tenantId: TENANT, account: 'clerk', password: 'pw', roleId });
    await t.services.db.updateTable('blade_tenant').set({ captcha_mode: 1 }).where('tenant_id', '=', TENANT).execute();
  });

  it('asks for the captcha once the tenant is typed, checks it, then signs in', async () => {
    const flow = await SsoSignIn.open(origin, WEB);
    // The default tenant (000000) is not in captcha mode: no captcha on the first form.
    expect(flow.first.page).not.toContain('name="captchaCode"');
    const asked = await flow.signIn({ tenantId: TENANT, account: 'clerk', password: 'pw' });
    expect(asked.status).toBe(400);
    expect(asked.page).toContain('该租户已开启验证码登录,请输入验证码');
    expect(asked.page).toContain(`value="${TENANT}"`);
    const wrong = await captchaOf(asked.page);
    const refused = await flow.signIn({
      tenantId: TENANT,
      account: 'clerk',
      password: 'pw',
      captchaKey: wrong.key,
      captchaCode: 'nope',
    });
    expect(refused.status).toBe(400);
    expect(refused.page).toContain('验证码不正确');
    const right = await captchaOf(refused.page);
    expect(right.key).not.toBe(wrong.key);
    const form = { tenantId: TENANT, account: 'clerk', password: 'pw', captchaKey: right.key };
    const consent = await flow.signIn({ ...form, captchaCode: right.code.toUpperCase() });
    expect(consent.status, consent.page).toBe(200);
    expect(consent.page).toContain(CONSENT);
    expect(await accountOf(codeAt(await flow.consent(), WEB))).toBe('clerk');

    // Each captcha is answered once: the same key and answer again are refused.
    const again = await SsoSignIn.open(origin, WEB);
    const replayed = await again.signIn({ ...form, captchaCode: right.code });
    expect(replayed.status).toBe(400);
    expect(replayed.page).toContain('验证码不正确');
  });

  it('a wrong answer is refused before the password is checked, and leaves the password failures alone', async () => {
    const flow = await SsoSignIn.open(origin, WEB);
    const asked = await flow.signIn({ tenantId: TENANT, account: 'clerk', password: 'pw' });
    let page = asked.page;
    for (let i = 0; i < 6; i++) {
      const { key } = await captchaOf(page);
      const res = await flow.signIn({
        tenantId: TENANT,
        account: 'clerk',
        password: 'pw',
        captchaKey: key,
        captchaCode: 'x',
      });
      expect(res.page).toContain('验证码不正确');
      page = res.page;
    }
    const right = await captchaOf(page);
    const consent = await flow.signIn({
      tenantId: TENANT,
      account: 'clerk',
      password: 'pw',
      captchaKey: right.key,
      captchaCode: right.code,
    });
    expect(consent.page).toContain(CONSENT);
  });
});

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

describe('an account with TOTP on', () => {
  let serial = 0;
  /** A user who enrolled from his profile; the code of the current step is used by the enrolment. */
  async function enrolledUser() {
    const account = `ssototp${++serial}`;
    const id = await createUser(t, { tenantId: '000000', account, password: 'pw-123456', roleId: SEED.roleUser });
    const token = await t.tokenOf(account, 'pw-123456');
    const { secret } = expectOk(await t.post('/api/blade-auth/totp/enrol', token));
    const confirmed = expectOk(await t.post('/api/blade-auth/totp/confirm', token, { code: codeOf(secret) }));
    return { id, account, secret, recoveryCodes: confirmed.recoveryCodes as string[] };
  }
  type Enrolled = Awaited<ReturnType<typeof enrolledUser>>;
  /** Past the password: the second step's page and its ticket. */
  async function secondStep(user: Enrolled, client = WEB) {
    const flow = await SsoSignIn.open(origin, client);
    const step = await flow.signIn({ account: user.account, password: 'pw-123456' });
    expect(step.status, step.page).toBe(200);
    expect(step.page).toContain(SECOND_STEP);
    expect(step.page).not.toContain(CONSENT);
    return { flow, ticket: hiddenField(step.page, 'mfaToken') ?? '' };
  }

  it('asks for the code after the password, refuses a wrong one, signs in with the right one', async () => {
    const user = await enrolledUser();
    const { flow, ticket } = await secondStep(user);
    expect(ticket).toMatch(/^[\w-]{32}$/);
    const missing = await flow.secondFactor(ticket, '');
    expect(missing.page).toContain('请输入验证码');
    const wrong = await flow.secondFactor(ticket, codeOf(user.secret, 1) === '123456' ? '654321' : '123456');
    expect(wrong.status).toBe(400);
    expect(wrong.page).toContain('验证码错误');
    expect(hiddenField(wrong.page, 'mfaToken')).toBe(ticket);
    const consent = await flow.secondFactor(ticket, codeOf(user.secret, 1));
    expect(consent.status, consent.page).toBe(200);
    expect(consent.page).toContain(CONSENT);
    expect(await accountOf(codeAt(await flow.consent(), WEB))).toBe(user.account);
  });

  it('refuses a code replayed in its window, and takes each recovery code once', async () => {
    const user = await enrolledUser();
    const code = codeOf(user.secret, 1);
    const first = await secondStep(user);
    expect((await first.flow.secondFactor(first.ticket, code)).page).toContain(CONSENT);
    const second = await secondStep(user);
    const replayed = await second.flow.secondFactor(second.ticket, code);
    expect(replayed.status).toBe(400);
    expect(replayed.page).toContain('该验证码已使用,请等待下一个验证码');
    expect((await second.flow.secondFactor(second.ticket, user.recoveryCodes[0])).page).toContain(CONSENT);
    const third = await secondStep(user);
    expect((await third.flow.secondFactor(third.ticket, user.recoveryCodes[0])).page).toContain('验证码错误');
  });

  it('counts 10 wrong codes like password failures: the account is locked everywhere', async () => {
    const user = await enrolledUser();
    const { flow, ticket } = await secondStep(user);
    for (let i = 0; i < 10; i++) expect((await flow.secondFactor(ticket, 'abc')).page).toContain('验证码错误');
    expect((await flow.secondFactor(ticket, codeOf(user.secret, 1))).page).toContain(LOCKED);
    // The token endpoint's password grant, and the authorize page's password step, are refused alike.
    expectError(await requestToken(t, passwordParams(user.account, 'pw-123456', '000000')), 400, LOCKED);
    const again = await SsoSignIn.open(origin, WEB);
    expect((await again.signIn({ account: user.account, password: 'pw-123456' })).page).toContain(LOCKED);
    expectOk(await t.post('/api/blade-system/user/unlock', admin, { userIds: user.id }));
    const unlocked = await secondStep(user);
    expect((await unlocked.flow.secondFactor(unlocked.ticket, codeOf(user.secret, 1))).page).toContain(CONSENT);
  });

  it("takes only its own interaction's ticket: never the token endpoint's, nor another sign-in's", async () => {
    const user = await enrolledUser();
    const { flow, ticket } = await secondStep(user);
    const other = await secondStep(user);
    const foreign = await flow.secondFactor(other.ticket, codeOf(user.secret, 1));
    expect(foreign.status).toBe(400);
    expect(foreign.page).toContain('两步验证已超时,请重新登录');
    expect(foreign.page).toContain('name="password"');
    // The page's ticket is no ticket of the Blade token endpoint, and the endpoint's none of the page's.
    const grant = await requestToken(t, { grant_type: 'mfa_otp', mfa_token: ticket, otp: codeOf(user.secret, 1) });
    expect(grant.json()).toMatchObject({ error_description: '两步验证已超时,请重新登录' });
    const password = await requestToken(t, passwordParams(user.account, 'pw-123456', '000000'));
    const bladeTicket = password.json().mfa_token as string;
    expect((await flow.secondFactor(bladeTicket, codeOf(user.secret, 1))).page).toContain('两步验证已超时');
    // Both tickets still work where they belong.
    expect((await flow.secondFactor(ticket, codeOf(user.secret, 1))).page).toContain(CONSENT);
    const recovery = { grant_type: 'mfa_otp', mfa_token: bladeTicket, otp: user.recoveryCodes[1] };
    expect(expectToken(await requestToken(t, recovery)).account).toBe(user.account);
  });

  it('refuses an account that must enrol first: enrolment is the console’s', async () => {
    const roleId = await createRole(t, '000000', 'sso-totp-role', ['desk']);
    await t.services.db.updateTable('blade_role').set({ totp_required: 1 }).where('id', '=', roleId).execute();
    await createUser(t, { tenantId: '000000', account: 'sso-enrol', password: 'pw', roleId });
    const flow = await SsoSignIn.open(origin, WEB);
    const res = await flow.signIn({ account: 'sso-enrol', password: 'pw' });
    expect(res.status).toBe(400);
    expect(res.page).toContain('管理员要求启用两步验证,请先在控制台登录并绑定验证器');
    expect(res.page).not.toContain('name="mfaToken"');
  });
});

describe('自动授权 (autoapprove)', () => {
  it('true: the scopes asked are granted without the consent screen', async () => {
    const flow = await SsoSignIn.open(origin, AUTO);
    const done = await flow.signIn({ account: 'admin', password: 'admin' });
    expect(done.page).not.toContain(CONSENT);
    const code = codeAt(done, AUTO);
    const res = await fetch(`${origin}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basic(AUTO), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: AUTO.redirect }).toString(),
    });
    const tokens = await res.json();
    expect(res.status, JSON.stringify(tokens)).toBe(200);
    expect(tokens.scope).toBe('openid profile');
  });

  it('false: consent is asked as before', async () => {
    const flow = await SsoSignIn.open(origin, WEB);
    const consent = await flow.signIn({ account: 'admin', password: 'admin' });
    expect(consent.status).toBe(200);
    expect(consent.page).toContain(CONSENT);
    expect(consent.location.origin).toBe(origin);
  });
});

describe('a public client (应用类型 公开客户端)', () => {
  it('is refused without PKCE, and exchanges its code with the verifier and no secret', async () => {
    const refused = await fetch(
      `${origin}/oauth2/auth?${new URLSearchParams({ client_id: SPA.id, redirect_uri: SPA.redirect, response_type: 'code', scope: 'openid', state: 's' })}`,
      { redirect: 'manual' },
    );
    const location = new URL(refused.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/requires PKCE/);
    expect(location.searchParams.get('code')).toBeNull();

    const { verifier, challenge } = pkce();
    const { code } = await authorize(origin, SPA, { challenge });
    expect((await exchange(SPA, code)).status).toBe(400);
    const { code: second } = await authorize(origin, SPA, { challenge });
    const res = await exchange(SPA, second, verifier);
    const tokens = await res.json();
    expect(res.status, JSON.stringify(tokens)).toBe(200);
    expect(tokens.access_token).toEqual(expect.any(String));
  });

  it('is made in 应用管理 without a secret; a secret sent with it is not kept; a confidential one needs its secret', async () => {
    const body = {
      clientId: 'spa_from_screen',
      scope: 'all',
      authorizedGrantTypes: 'authorization_code',
      webServerRedirectUri: 'http://127.0.0.1:9/screen',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    };
    expectError(await t.post('/api/blade-system/client/submit', admin, body), 400, '请输入客户端密钥');
    expectOk(
      await t.post('/api/blade-system/client/submit', admin, { ...body, clientType: 'public', clientSecret: 'x' }),
    );
    const row = await t.services.db
      .selectFrom('blade_client')
      .select(['client_type', 'client_secret'])
      .where('client_id', '=', body.clientId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ client_type: 'public', client_secret: '' });
    const page = expectOk(await t.get(`/api/blade-system/client/list?clientId=${body.clientId}`, admin));
    expect(page.records[0]).toMatchObject({ clientType: 'public', clientTypeName: '公开客户端(无密钥,PKCE)' });
    expectError(
      await t.post('/api/blade-system/client/submit', admin, { ...body, clientId: 'x_type', clientType: 'other' }),
      400,
      '请选择应用类型',
    );
    // The public client signs in with PKCE, no secret.
    const { verifier, challenge } = pkce();
    const client = { id: body.clientId, secret: '', redirect: body.webServerRedirectUri };
    const { code } = await authorize(origin, client, { challenge });
    const res = await fetch(`${origin}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: client.id,
        code,
        redirect_uri: client.redirect,
        code_verifier: verifier,
      }).toString(),
    });
    expect(res.status).toBe(200);
  });
});
