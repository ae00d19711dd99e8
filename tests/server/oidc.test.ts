import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { createRole, createUser } from '../support/factories.ts';
import { SEED } from '../../src/server/modules/system/install.ts';

/**
 * SSO (issue 37 §1): Tenon as an OAuth 2.0 / OpenID Connect authorization server, over real HTTP on a listening
 * server, the way a second web application uses it: authorize, the authorize page (sign in, consent), the code for
 * tokens at /oauth2/token or at the Blade token endpoint, userinfo; and every refusal.
 */
const WEB = { id: 'sso_web', secret: 'sso_web_secret', redirect: 'http://127.0.0.1:9/callback' };
const OTHER = { id: 'sso_other', secret: 'sso_other_secret', redirect: 'http://127.0.0.1:9/other' };
const SPA = { id: 'sso_spa', secret: '', redirect: 'http://127.0.0.1:9/spa' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const basic = (client: { id: string; secret: string }) =>
  `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** A browser's cookies for one origin, enough for the provider's (the latest of a name wins). */
class Browser {
  private cookies = new Map<string, string>();
  constructor(private readonly origin: string) {}

  async go(path: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const res = await fetch(new URL(path, this.origin), {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const gone = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (gone) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return res;
  }

  /** Follows the provider's redirects on its own origin; stops at the first page or foreign redirect. */
  async follow(path: string, init: { form?: Record<string, string> } = {}) {
    let res = await this.go(path, init);
    while (res.status >= 300 && res.status < 400) {
      const location = new URL(res.headers.get('location') ?? '', this.origin);
      if (location.origin !== this.origin) return { res, location };
      res = await this.go(location.pathname + location.search);
    }
    return { res, location: new URL(res.url) };
  }
}

describe('SSO: Tenon as an OpenID Connect authorization server', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await startApp({ PORT: String(port), TENON_PUBLIC_URL: origin });
    let id = 9_100_000_000_000_001n;
    for (const client of [WEB, OTHER, SPA])
      await t.services.db
        .insertInto('blade_client')
        .values({
          id: String(id++),
          client_id: client.id,
          client_secret: client.secret,
          scope: 'all',
          authorized_grant_types: 'authorization_code,refresh_token',
          web_server_redirect_uri: client.redirect,
        })
        .execute();
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t?.stop());

  /** Authorize, sign in and consent as a browser would: the code and state the client's callback receives. */
  async function authorize(
    client: { id: string; redirect: string },
    options: { challenge?: string; account?: string; password?: string; scope?: string } = {},
  ) {
    const browser = new Browser(origin);
    const query = new URLSearchParams({
      client_id: client.id,
      redirect_uri: client.redirect,
      response_type: 'code',
      scope: options.scope ?? 'openid profile',
      state: 'state-123',
      ...(options.challenge ? { code_challenge: options.challenge, code_challenge_method: 'S256' } : {}),
    });
    const login = await browser.follow(`/oauth2/auth?${query}`);
    expect(login.res.status).toBe(200);
    expect(login.location.pathname).toMatch(/^\/oauth2\/interaction\/[\w-]+$/);
    const page = await login.res.text();
    expect(page).toContain('name="tenantId"');
    const consent = await browser.follow(`${login.location.pathname}/login`, {
      form: { tenantId: '000000', account: options.account ?? 'admin', password: options.password ?? 'admin' },
    });
    expect(consent.res.status, await consent.res.clone().text()).toBe(200);
    expect(await consent.res.text()).toContain('profile');
    const done = await browser.follow(`${consent.location.pathname}/confirm`, { form: {} });
    expect(done.location.origin + done.location.pathname).toBe(client.redirect);
    expect(done.location.searchParams.get('state')).toBe('state-123');
    return { code: done.location.searchParams.get('code') ?? '', browser };
  }

  const exchange = (
    client: { id: string; secret: string },
    form: Record<string, string>,
    url = `${origin}/oauth2/token`,
  ) =>
    fetch(url, {
      method: 'POST',
      headers: {
        authorization: basic(client),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', ...form }).toString(),
    });

  it('publishes its discovery document and signing keys', async () => {
    const discovery = await (await fetch(`${origin}/.well-known/openid-configuration`)).json();
    expect(discovery).toMatchObject({
      issuer: `${origin}/oauth2`,
      authorization_endpoint: `${origin}/oauth2/auth`,
      token_endpoint: `${origin}/oauth2/token`,
      userinfo_endpoint: `${origin}/oauth2/me`,
      jwks_uri: `${origin}/oauth2/jwks`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(await (await fetch(`${origin}/oauth2/.well-known/openid-configuration`)).json()).toEqual(discovery);
    const jwks = await (await fetch(discovery.jwks_uri)).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('logs a user in with the code flow and PKCE: tokens, ID token and userinfo', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await authorize(WEB, { challenge });
    const res = await exchange(WEB, { code, redirect_uri: WEB.redirect, code_verifier: verifier });
    const tokens = await res.json();
    expect(res.status, JSON.stringify(tokens)).toBe(200);
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'openid profile' });
    const [, body] = (tokens.id_token as string).split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    expect(claims).toMatchObject({ iss: `${origin}/oauth2`, aud: WEB.id });
    const me = await (
      await fetch(`${origin}/oauth2/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })
    ).json();
    expect(me).toMatchObject({ sub: claims.sub, preferred_username: 'admin', tenant_id: '000000' });
  });

  it('refuses a replayed code, and revokes what the first exchange gave', async () => {
    const { code } = await authorize(WEB);
    const first = await (await exchange(WEB, { code, redirect_uri: WEB.redirect })).json();
    expect(first.access_token).toBeTruthy();
    const again = await exchange(WEB, { code, redirect_uri: WEB.redirect });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    const me = await fetch(`${origin}/oauth2/me`, { headers: { authorization: `Bearer ${first.access_token}` } });
    expect(me.status).toBe(401);
  });

  it("refuses another client's code, a wrong redirect URI and a wrong PKCE verifier, issuing nothing", async () => {
    const { verifier, challenge } = pkce();
    const foreign = await authorize(WEB, { challenge });
    const byOther = await exchange(OTHER, { code: foreign.code, redirect_uri: WEB.redirect, code_verifier: verifier });
    expect(byOther.status).toBe(400);
    expect(await byOther.json()).toMatchObject({ error: 'invalid_grant' });

    const wrongUri = await authorize(WEB);
    const res = await exchange(WEB, { code: wrongUri.code, redirect_uri: `${WEB.redirect}/x` });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });

    const wrongVerifier = await authorize(WEB, { challenge });
    const bad = await exchange(WEB, {
      code: wrongVerifier.code,
      redirect_uri: WEB.redirect,
      code_verifier: pkce().verifier,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an unknown client and a redirect URI the client did not register, without redirecting', async () => {
    const unknown = await fetch(
      `${origin}/oauth2/auth?${new URLSearchParams({ client_id: 'nobody', redirect_uri: WEB.redirect, response_type: 'code', scope: 'openid' })}`,
      { redirect: 'manual' },
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_client' });
    const elsewhere = await fetch(
      `${origin}/oauth2/auth?${new URLSearchParams({ client_id: WEB.id, redirect_uri: 'http://evil.example/cb', response_type: 'code', scope: 'openid' })}`,
      { redirect: 'manual' },
    );
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({ error: 'invalid_redirect_uri' });
  });

  it('requires PKCE S256 of a public client', async () => {
    const res = await fetch(
      `${origin}/oauth2/auth?${new URLSearchParams({ client_id: SPA.id, redirect_uri: SPA.redirect, response_type: 'code', scope: 'openid', state: 's' })}`,
      { redirect: 'manual' },
    );
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(SPA.redirect);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('code')).toBeNull();

    const { verifier, challenge } = pkce();
    const { code } = await authorize(SPA, { challenge });
    const tokens = await fetch(`${origin}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: SPA.id,
        code,
        redirect_uri: SPA.redirect,
        code_verifier: verifier,
      }).toString(),
    });
    expect(tokens.status).toBe(200);
  });

  it('refuses the authorize page to a browser without its interaction, in the language of Accept-Language', async () => {
    const browser = new Browser(origin);
    const query = new URLSearchParams({
      client_id: WEB.id,
      redirect_uri: WEB.redirect,
      response_type: 'code',
      scope: 'openid',
    });
    const login = await browser.follow(`/oauth2/auth?${query}`);
    // Without the interaction's cookie (another browser): the page says to start again, in English when asked.
    const english = await fetch(new URL(login.location.pathname, origin), { headers: { 'accept-language': 'en-US' } });
    expect(english.status).toBe(400);
    expect(await english.text()).toContain('The sign-in request has expired');
    const res = await browser.go(login.location.pathname);
    expect(await res.text()).toContain(`登录以继续访问 <b>${WEB.id}</b>`);
  });

  it('answers a wrong password on the authorize page and counts it like a password failure', async () => {
    const browser = new Browser(origin);
    const query = new URLSearchParams({
      client_id: WEB.id,
      redirect_uri: WEB.redirect,
      response_type: 'code',
      scope: 'openid',
    });
    const login = await browser.follow(`/oauth2/auth?${query}`);
    for (let i = 0; i < 5; i++) {
      const res = await browser.go(`${login.location.pathname}/login`, {
        form: { tenantId: '000000', account: 'sso-guesser', password: 'wrong' },
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('用户名或密码错误');
    }
    const locked = await browser.go(`${login.location.pathname}/login`, {
      form: { tenantId: '000000', account: 'sso-guesser', password: 'wrong' },
    });
    expect(await locked.text()).toContain('用户登录失败次数过多');
    // The same counter as the token endpoint's.
    const blade = await t.login('sso-guesser', 'wrong');
    expect(blade.json().error_description).toMatch(/^用户登录失败次数过多/);
  });

  it('refuses on the authorize page an account that signs in with a second factor: the password alone never opens it', async () => {
    const roleId = await createRole(t, '000000', 'sso-totp-role', ['desk']);
    await t.services.db.updateTable('blade_role').set({ totp_required: 1 }).where('id', '=', roleId).execute();
    await createUser(t, {
      tenantId: '000000',
      account: 'sso-totp',
      password: 'pw',
      roleId,
      deptId: SEED.deptChangzhou,
    });
    const browser = new Browser(origin);
    const query = new URLSearchParams({
      client_id: WEB.id,
      redirect_uri: WEB.redirect,
      response_type: 'code',
      scope: 'openid',
    });
    const login = await browser.follow(`/oauth2/auth?${query}`);
    const res = await browser.go(`${login.location.pathname}/login`, {
      form: { tenantId: '000000', account: 'sso-totp', password: 'pw' },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('该账号需要两步验证');
  });

  it('exchanges a code at the Blade token endpoint for a Blade token, once across both endpoints', async () => {
    const blade = `${origin}/api/blade-auth/oauth/token`;
    const { verifier, challenge } = pkce();
    const { code } = await authorize(WEB, { challenge });
    const wrong = await exchange(WEB, { code, redirect_uri: WEB.redirect, code_verifier: pkce().verifier }, blade);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant', error_description: 'PKCE 校验码不正确' });
    const res = await exchange(WEB, { code, redirect_uri: WEB.redirect, code_verifier: verifier }, blade);
    const token = await res.json();
    expect(res.status, JSON.stringify(token)).toBe(200);
    expect(token).toMatchObject({ token_type: 'bearer', account: 'admin', tenant_id: '000000', client_id: WEB.id });
    const info = await fetch(`${origin}/api/blade-auth/oauth/user-info`, {
      headers: { 'blade-auth': `bearer ${token.access_token}` },
    });
    expect((await info.json()).data).toMatchObject({ account: 'admin' });

    const replay = await exchange(WEB, { code, redirect_uri: WEB.redirect, code_verifier: verifier }, blade);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error_description: '授权码已被使用' });
    const atProvider = await exchange(WEB, { code, redirect_uri: WEB.redirect, code_verifier: verifier });
    expect(atProvider.status).toBe(400);

    // And the other way round: a code the provider took is refused by the Blade endpoint.
    const second = await authorize(WEB);
    expect((await exchange(WEB, { code: second.code, redirect_uri: WEB.redirect })).status).toBe(200);
    const late = await exchange(WEB, { code: second.code, redirect_uri: WEB.redirect }, blade);
    expect(await late.json()).toMatchObject({ error_description: '授权码已被使用' });
  });

  it('refuses at the Blade endpoint a foreign code, a wrong redirect URI and an unknown code', async () => {
    const blade = `${origin}/api/blade-auth/oauth/token`;
    const { code } = await authorize(WEB);
    const foreign = await exchange(OTHER, { code, redirect_uri: WEB.redirect }, blade);
    expect(await foreign.json()).toMatchObject({ error_description: '授权码无效或已过期' });
    const uri = await exchange(WEB, { code, redirect_uri: OTHER.redirect }, blade);
    expect(await uri.json()).toMatchObject({ error_description: '重定向地址与授权请求不一致' });
    const unknown = await exchange(WEB, { code: 'no-such-code', redirect_uri: WEB.redirect }, blade);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error_description: '授权码无效或已过期' });
    const secret = await exchange({ id: WEB.id, secret: 'wrong' }, { code, redirect_uri: WEB.redirect }, blade);
    expect(secret.status).toBe(401);
    // None of these used the code up.
    expect((await exchange(WEB, { code, redirect_uri: WEB.redirect }, blade)).status).toBe(200);
  });
});

describe('SSO authorize page: guesses per client IP', () => {
  it('limits sign-in attempts per client IP as the token endpoint does', async () => {
    const t = await startApp({ TENON_TOKEN_RATE_LIMIT: '3' });
    try {
      const attempt = () =>
        t.app.inject({
          method: 'POST',
          url: '/oauth2/interaction/any/login',
          payload: { tenantId: '000000', account: 'admin', password: 'guess' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().msg).toMatch(/^请求过于频繁,请\d+秒后再试$/);
    } finally {
      await t.stop();
    }
  });
});
