import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Secret, TOTP } from 'otpauth';
import { callAs, uniqueTag } from './support/api.ts';
import { desktopHome, expectToast, openScreen } from './support/desktop.ts';
import { loginByApi } from './support/session.ts';
import { expect, test, type APIRequestContext } from './support/test.ts';

/**
 * SSO in the browser (issue 37 §1, §3): a second web application on another port, registered as a Tenon client, logs
 * a user in through Tenon's authorize page — sign in (then the second factor of an account that has it), consent —
 * then its server exchanges the code (with PKCE) and reads the user from userinfo.
 */

/** A second web application on a port of its own, registered as a Tenon client (PKCE, its secret). */
async function secondApp(request: APIRequestContext, tenon: string) {
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
  return { clientId, origin, close: () => new Promise((resolve) => app.close(resolve)) };
}

test('a second web app logs a user in through Tenon', async ({ page, request, baseURL }) => {
  const { clientId, origin, close } = await secondApp(request, baseURL ?? '');
  try {
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
    await close();
  }
});

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

test('an account with TOTP on signs in through the authorize page with its code', async ({
  page,
  request,
  baseURL,
}) => {
  const user = { username: uniqueTag('ssototp').replace(/-/g, '').slice(-14), password: 'Passw0rd!' };
  const roles = await callAs<{ id: string; roleAlias: string }[]>(request, 'get', '/api/blade-system/role/list');
  const [root] = await callAs<{ id: string }[]>(request, 'get', '/api/blade-system/dept/lazy-tree', {
    params: { parentId: '0' },
  });
  await callAs(request, 'post', '/api/blade-system/user/submit', {
    data: {
      account: user.username,
      password: user.password,
      realName: '单点两步',
      roleId: roles.find((r) => r.roleAlias === 'administrator')!.id,
      deptId: root.id,
      userType: 1,
    },
  });
  // Enrolled from the profile (as desktop-totp.spec.ts does in the screen): the current step's code turns it on.
  const { secret } = await callAs<{ secret: string }>(request, 'post', '/api/blade-auth/totp/enrol', { user });
  await callAs(request, 'post', '/api/blade-auth/totp/confirm', { user, data: { code: codeOf(secret) } });

  const { clientId, origin, close } = await secondApp(request, baseURL ?? '');
  try {
    await page.goto(origin);
    await page.getByRole('link', { name: 'Login with Tenon' }).click();
    await expect(page.getByText(`登录以继续访问 ${clientId}`)).toBeVisible();
    await page.getByLabel('账号').fill(user.username);
    await page.getByLabel('密码').fill(user.password);
    await page.getByRole('button', { name: '登录' }).click();

    await expect(page.getByRole('heading', { name: '两步验证' })).toBeVisible();
    await page.getByLabel('两步验证码').fill('000000' === codeOf(secret, 1) ? '111111' : '000000');
    await page.getByRole('button', { name: '验证' }).click();
    await expect(page.getByRole('alert')).toHaveText('验证码错误');
    // The next step's code: the enrolment used the current one.
    await page.getByLabel('两步验证码').fill(codeOf(secret, 1));
    await page.getByRole('button', { name: '验证' }).click();

    await expect(page.getByText(`${clientId} 请求访问你的账号`)).toBeVisible();
    await page.getByRole('button', { name: '同意授权' }).click();
    await expect(page.getByText(`Welcome ${user.username} of tenant 000000`)).toBeVisible();
  } finally {
    await close();
  }
});

test('应用管理: a public client is made without a secret', async ({ page }) => {
  const clientId = uniqueTag('spa').replace(/-/g, '_');
  const formItem = (label: string) =>
    page
      .getByRole('dialog')
      .locator('.ant-form-item')
      .filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });
  await loginByApi(page, '/wel/index');
  await desktopHome(page);
  await openScreen(page, '系统管理', '应用管理');
  await page.locator('.tenon-crud-toolbar').getByRole('button', { name: /新增$/ }).click();
  await formItem('应用id').locator('input').fill(clientId);
  await formItem('授权类型').locator('input').fill('authorization_code');
  await formItem('回调地址').locator('input').fill('http://127.0.0.1:9/spa');
  // Confidential by default: its secret is asked for.
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(formItem('应用密钥').locator('.ant-form-item-explain-error')).toHaveText('请输入客户端密钥');
  await formItem('应用类型').locator('.ant-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '公开客户端' }).click();
  await expect(formItem('应用密钥').locator('input')).toBeDisabled();
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expectToast(page, '新增成功');

  const rows = await callAs<{ records: Array<{ clientType: string; clientSecret: string }> }>(
    page.request,
    'get',
    '/api/blade-system/client/list',
    { params: { clientId } },
  );
  expect(rows.records).toEqual([expect.objectContaining({ clientType: 'public', clientSecret: '' })]);
});
