import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { callAs, uniqueTag } from './support/api.ts';
import { expect, test } from './support/test.ts';

/**
 * SSO in the browser (issue 37 §1): a second web application on another port, registered as a Tenon client, logs a
 * user in through Tenon's authorize page — sign in, consent — then its server exchanges the code (with PKCE) and reads
 * the user from userinfo.
 */
test('a second web app logs a user in through Tenon', async ({ page, request, baseURL }) => {
  const tenon = baseURL ?? '';
  const clientId = uniqueTag('sso-app');
  const secret = randomBytes(16).toString('hex');
  const sessions = new Map<string, string>(); // state -> PKCE verifier
  let origin = '';

  const app: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (url.pathname === '/') {
        const state = randomBytes(12).toString('base64url');
        const verifier = randomBytes(32).toString('base64url');
        sessions.set(state, verifier);
        const authorize = new URL('/oauth2/auth', tenon);
        authorize.search = new URLSearchParams({
          client_id: clientId,
          redirect_uri: `${origin}/callback`,
          response_type: 'code',
          scope: 'openid profile',
          state,
          code_challenge: createHash('sha256').update(verifier).digest('base64url'),
          code_challenge_method: 'S256',
        }).toString();
        res.end(`<h1>Second app</h1><a href="${authorize.href}">Login with Tenon</a>`);
        return;
      }
      const state = url.searchParams.get('state') ?? '';
      const verifier = sessions.get(state);
      if (url.pathname !== '/callback' || !verifier) {
        res.statusCode = 400;
        res.end('<p>unknown state</p>');
        return;
      }
      sessions.delete(state);
      const tokens = await fetch(new URL('/oauth2/token', tenon), {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: url.searchParams.get('code') ?? '',
          redirect_uri: `${origin}/callback`,
          code_verifier: verifier,
        }).toString(),
      }).then((r) => r.json() as Promise<{ access_token?: string; error?: string }>);
      if (!tokens.access_token) {
        res.statusCode = 400;
        res.end(`<p>exchange failed: ${tokens.error}</p>`);
        return;
      }
      const me = (await fetch(new URL('/oauth2/me', tenon), {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      }).then((r) => r.json())) as { preferred_username: string; tenant_id: string };
      res.end(`<p>Welcome ${me.preferred_username} of tenant ${me.tenant_id}</p>`);
    })();
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(app.address() as { port: number }).port}`;
  try {
    await callAs(request, 'post', '/api/blade-system/client/submit', {
      data: {
        clientId,
        clientSecret: secret,
        scope: 'all',
        authorizedGrantTypes: 'authorization_code',
        webServerRedirectUri: `${origin}/callback`,
        accessTokenValidity: 3600,
        refreshTokenValidity: 604800,
      },
    });

    await page.goto(origin);
    await page.getByRole('link', { name: 'Login with Tenon' }).click();
    await expect(page.getByText(`登录以继续访问 ${clientId}`)).toBeVisible();
    await expect(page.getByLabel('租户编号')).toHaveValue('000000');
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill('a-wrong-password');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alert')).toHaveText('用户名或密码错误');
    await page.getByLabel('密码').fill('admin');
    await page.getByRole('button', { name: '登录' }).click();

    await expect(page.getByText(`${clientId} 请求访问你的账号`)).toBeVisible();
    await expect(page.getByText('姓名、账号、租户与头像')).toBeVisible();
    await page.getByRole('button', { name: '同意授权' }).click();

    await expect(page.getByText('Welcome admin of tenant 000000')).toBeVisible();
    expect(new URL(page.url()).origin).toBe(origin);
  } finally {
    await new Promise((resolve) => app.close(resolve));
  }
});
