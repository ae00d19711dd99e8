import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { authorize, basic, pkce, SsoSignIn, startSsoServer, type SsoClient } from '../support/sso.ts';

/**
 * SSO (issue 37 §1): Tenon as an OAuth 2.0 / OpenID Connect authorization server, over real HTTP on a listening
 * server, the way a second web application uses it: authorize, the authorize page (sign in, consent), the code for
 * tokens at /oauth2/token or at the Blade token endpoint, userinfo; and every refusal.
 */
const WEB = { id: 'sso_web', secret: 'sso_web_secret', redirect: 'http://127.0.0.1:9/callback' };
const OTHER = { id: 'sso_other', secret: 'sso_other_secret', redirect: 'http://127.0.0.1:9/other' };

describe('SSO: Tenon as an OpenID Connect authorization server', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    ({ t, origin } = await startSsoServer([WEB, OTHER]));
  });
  afterAll(() => t?.stop());

  const signIn = (client: SsoClient, options: Parameters<typeof authorize>[2] = {}) =>
    authorize(origin, client, options);

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
    const { code } = await signIn(WEB, { challenge });
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
    const { code } = await signIn(WEB);
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
    const foreign = await signIn(WEB, { challenge });
    const byOther = await exchange(OTHER, { code: foreign.code, redirect_uri: WEB.redirect, code_verifier: verifier });
    expect(byOther.status).toBe(400);
    expect(await byOther.json()).toMatchObject({ error: 'invalid_grant' });

    const wrongUri = await signIn(WEB);
    const res = await exchange(WEB, { code: wrongUri.code, redirect_uri: `${WEB.redirect}/x` });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });

    const wrongVerifier = await signIn(WEB, { challenge });
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

  it('refuses the authorize page to a browser without its interaction, in the language of Accept-Language', async () => {
    const flow = await SsoSignIn.open(origin, WEB);
    // Without the interaction's cookie (another browser): the page says to start again, in English when asked.
    const english = await fetch(new URL(flow.path, origin), { headers: { 'accept-language': 'en-US' } });
    expect(english.status).toBe(400);
    expect(await english.text()).toContain('The sign-in request has expired');
    expect(flow.first.page).toContain(`登录以继续访问 <b>${WEB.id}</b>`);
  });

  it('answers a wrong password on the authorize page and counts it like a password failure', async () => {
    const flow = await SsoSignIn.open(origin, WEB);
    for (let i = 0; i < 5; i++) {
      const res = await flow.signIn({ account: 'sso-guesser', password: 'wrong' });
      expect(res.status).toBe(400);
      expect(res.page).toContain('用户名或密码错误');
    }
    expect((await flow.signIn({ account: 'sso-guesser', password: 'wrong' })).page).toContain('用户登录失败次数过多');
    // The same counter as the token endpoint's.
    const blade = await t.login('sso-guesser', 'wrong');
    expect(blade.json().error_description).toMatch(/^用户登录失败次数过多/);
  });

  it('exchanges a code at the Blade token endpoint for a Blade token, once across both endpoints', async () => {
    const blade = `${origin}/api/blade-auth/oauth/token`;
    const { verifier, challenge } = pkce();
    const { code } = await signIn(WEB, { challenge });
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
    const second = await signIn(WEB);
    expect((await exchange(WEB, { code: second.code, redirect_uri: WEB.redirect })).status).toBe(200);
    const late = await exchange(WEB, { code: second.code, redirect_uri: WEB.redirect }, blade);
    expect(await late.json()).toMatchObject({ error_description: '授权码已被使用' });
  });

  it('refuses at the Blade endpoint a foreign code, a wrong redirect URI and an unknown code', async () => {
    const blade = `${origin}/api/blade-auth/oauth/token`;
    const { code } = await signIn(WEB);
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
