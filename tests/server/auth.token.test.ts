import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { BASIC_SABER, expectOk, md5, startApp, type TestApp } from '../support/app.ts';
import {
  TOKEN_URL,
  daysFromNow,
  decodeJwt,
  expectGrantError,
  expectToken,
  insertTenant,
  passwordParams,
  requestToken,
} from './auth.support.ts';
import { createUser } from '../support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t?.stop());

const userRole = SEED.roleUser;
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const BAD_CREDENTIALS = '用户名或密码错误';
const LOCKED = '用户登录失败次数过多,请30分钟后再试';
const NO_TENANT = '未获得用户的租户信息';
const loginAs = (account: string, plain: string, tenantId = '000000') =>
  requestToken(t, passwordParams(account, plain, tenantId), { 'Tenant-Id': tenantId });

describe('password grant', () => {
  it('answers the raw snake_case BladeX token object with every field the console reads', async () => {
    const body = expectToken(await t.login());
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      token_type: 'bearer',
      refresh_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      expires_in: 3600,
      scope: 'all',
      tenant_id: '000000',
      tenant_name: '管理组',
      user_id: SEED.userAdmin,
      dept_id: SEED.deptRoot,
      post_id: SEED.postCeo,
      role_id: SEED.roleAdministrator,
      oauth_id: '',
      account: 'admin',
      user_name: 'admin',
      nick_name: '管理员',
      real_name: '管理员',
      role_name: 'administrator',
      authority: 'administrator',
      avatar: '/avatar.svg',
      client_id: 'saber',
      detail: { type: 'web' },
      time_zone: 'Asia/Shanghai',
      license: 'powered by tenon',
    });
    expect(body.refresh_token).not.toBe(body.access_token);
    expect(existsSync('public/avatar.svg')).toBe(true);
  });

  it('signs an HS256 access token with the contract claims, valid for the client access_token_validity', async () => {
    const body = expectToken(await t.login());
    const { header, payload } = decodeJwt(body.access_token);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      token_type: 'access_token',
      client_id: 'saber',
      tenant_id: '000000',
      user_id: SEED.userAdmin,
      dept_id: SEED.deptRoot,
      post_id: SEED.postCeo,
      role_id: SEED.roleAdministrator,
      oauth_id: '',
      account: 'admin',
      user_name: 'admin',
      nick_name: '管理员',
      real_name: '管理员',
      role_name: 'administrator',
      detail: { type: 'web' },
      iss: 'issuser',
      aud: 'audience',
    });
    expect(payload.exp - payload.nbf).toBe(3600);
    expect(Math.abs(payload.nbf - Date.now() / 1000)).toBeLessThan(60);
    const refresh = decodeJwt(body.refresh_token).payload;
    expect(refresh).toMatchObject({
      token_type: 'refresh_token',
      client_id: 'saber',
      tenant_id: '000000',
      user_id: SEED.userAdmin,
    });
    expect(refresh.exp - refresh.nbf).toBe(604_800);
  });

  it('takes expires_in from the client row', async () => {
    await t.services.db
      .updateTable('blade_client')
      .set({ access_token_validity: 1200 })
      .where('client_id', '=', 'saber')
      .execute();
    try {
      const body = expectToken(await t.login());
      expect(body.expires_in).toBe(1200);
      const { payload } = decodeJwt(body.access_token);
      expect(payload.exp - payload.nbf).toBe(1200);
    } finally {
      await t.services.db
        .updateTable('blade_client')
        .set({ access_token_validity: 3600 })
        .where('client_id', '=', 'saber')
        .execute();
    }
  });
});

describe('client authentication', () => {
  const admin = passwordParams('admin', 'admin', '000000');

  it('refuses a missing Authorization header, a wrong secret and an unknown client with 401 invalid_client', async () => {
    for (const authorization of [
      undefined,
      basic('saber', 'wrong'),
      basic('saber', ''),
      basic('nobody', 'saber_secret'),
      'Bearer x',
      'Basic !!!',
    ]) {
      expectGrantError(await requestToken(t, admin, { authorization }), 401, 'invalid_client', '客户端认证失败!');
    }
  });

  it('accepts the literal Basic%20 prefix and the sword client', async () => {
    const encoded = Buffer.from('saber:saber_secret').toString('base64');
    expect(expectToken(await requestToken(t, admin, { authorization: `Basic%20${encoded}` })).client_id).toBe('saber');
    expect(expectToken(await requestToken(t, admin, { authorization: basic('sword', 'sword_secret') })).client_id).toBe(
      'sword',
    );
  });

  it('refuses a grant type the client is not authorised for with 400 unsupported_grant_type', async () => {
    await t.services.db
      .updateTable('blade_client')
      .set({ authorized_grant_types: 'refresh_token,authorization_code' })
      .where('client_id', '=', 'sword')
      .execute();
    try {
      expectGrantError(
        await requestToken(t, admin, { authorization: basic('sword', 'sword_secret') }),
        400,
        'unsupported_grant_type',
        '不支持的授权类型: password',
      );
      expectToken(await requestToken(t, admin));
    } finally {
      await t.services.db
        .updateTable('blade_client')
        .set({ authorized_grant_types: 'refresh_token,password,authorization_code,captcha,social' })
        .where('client_id', '=', 'sword')
        .execute();
    }
    expectGrantError(
      await requestToken(t, { ...admin, grant_type: 'implicit' }),
      400,
      'unsupported_grant_type',
      '不支持的授权类型: implicit',
    );
  });
});

describe('tenant', () => {
  it('fails without a tenant in the header or the parameters', async () => {
    expectGrantError(await requestToken(t, passwordParams('admin', 'admin')), 400, 'invalid_grant', NO_TENANT);
    expectGrantError(
      await requestToken(t, passwordParams('admin', 'admin'), { 'Tenant-Id': '' }),
      400,
      'invalid_grant',
      NO_TENANT,
    );
  });

  it('reads the tenantId parameter when there is no header, and lets the Tenant-Id header win over it', async () => {
    expect(expectToken(await requestToken(t, passwordParams('admin', 'admin', '000000'))).tenant_id).toBe('000000');
    expect(
      expectToken(await requestToken(t, passwordParams('admin', 'admin', '999999'), { 'Tenant-Id': '000000' }))
        .tenant_id,
    ).toBe('000000');
    expectGrantError(
      await requestToken(t, passwordParams('admin', 'admin', '000000'), { 'Tenant-Id': '999999' }),
      400,
      'invalid_grant',
      NO_TENANT,
    );
  });

  it('refuses an unknown tenant and an expired one; a tenant with a future expiry logs in', async () => {
    expectGrantError(await loginAs('admin', 'admin', '123456'), 400, 'invalid_grant', NO_TENANT);
    const { roleId } = await insertTenant(t, '300001', daysFromNow(-1));
    await createUser(t, { tenantId: '300001', account: 'boss', password: 'boss-pass', roleId });
    expectGrantError(await loginAs('boss', 'boss-pass', '300001'), 400, 'invalid_grant', '租户授权已过期,请联系管理员');

    await t.services.db
      .updateTable('blade_tenant')
      .set({ expire_time: daysFromNow(30) })
      .where('tenant_id', '=', '300001')
      .execute();
    const body = expectToken(await loginAs('boss', 'boss-pass', '300001'));
    expect(body).toMatchObject({ tenant_id: '300001', account: 'boss', role_id: roleId, role_name: 'admin' });
  });

  it('does not find a user of one tenant under another tenant', async () => {
    expectGrantError(await loginAs('boss', 'boss-pass', '000000'), 400, 'invalid_grant', BAD_CREDENTIALS);
  });
});

describe('wrong password', () => {
  it('answers HTTP 400 invalid_grant with the message in both console fields', async () => {
    expectGrantError(await loginAs('admin', 'not-admin'), 400, 'invalid_grant', BAD_CREDENTIALS);
    expectGrantError(await loginAs('nobody', 'admin'), 400, 'invalid_grant', BAD_CREDENTIALS);
    expectGrantError(
      await requestToken(t, { ...passwordParams('admin', 'admin', '000000'), password: '' }),
      400,
      'invalid_grant',
      BAD_CREDENTIALS,
    );
  });

  it('answers in English when the request asks for it', async () => {
    const res = await requestToken(t, passwordParams('admin', 'not-admin', '000000'), {
      'Accept-Language': 'en-US,en;q=0.9',
    });
    expectGrantError(res, 400, 'invalid_grant', 'Wrong user name or password');
  });

  it('is not the md5 hex compared as text: a plain password on the wire fails', async () => {
    expectGrantError(
      await requestToken(t, { ...passwordParams('admin', 'admin', '000000'), password: 'admin' }),
      400,
      'invalid_grant',
      BAD_CREDENTIALS,
    );
    expect(
      expectToken(
        await requestToken(t, { ...passwordParams('admin', 'admin', '000000'), password: md5('admin').toUpperCase() }),
      ).account,
    ).toBe('admin');
  });
});

describe('lockout', () => {
  const failTimes = async (account: string, times: number, tenantId = '000000') => {
    for (let i = 0; i < times; i++)
      expectGrantError(await loginAs(account, 'wrong', tenantId), 400, 'invalid_grant', BAD_CREDENTIALS);
  };

  it('refuses even the right password after account.failCount (5) failures, for 30 minutes', async () => {
    await createUser(t, { tenantId: '000000', account: 'lock-a', password: 'right', roleId: userRole });
    await failTimes('lock-a', 5);
    expectGrantError(await loginAs('lock-a', 'right'), 400, 'invalid_grant', LOCKED);
    expectGrantError(await loginAs('lock-a', 'wrong'), 400, 'invalid_grant', LOCKED);
    const ttl = await t.services.kv.ttl('login-fail:000000:lock-a');
    expect(ttl).toBeGreaterThan(1790);
    expect(ttl).toBeLessThanOrEqual(1800);
    expectGrantError(
      await requestToken(t, passwordParams('lock-a', 'right', '000000'), {
        'Tenant-Id': '000000',
        'Accept-Language': 'en',
      }),
      400,
      'invalid_grant',
      'Too many failed logins, please try again in 30 minutes',
    );
  });

  it('counts per tenant and account: other accounts and the same account in another tenant still log in', async () => {
    await createUser(t, { tenantId: '000000', account: 'lock-b', password: 'right', roleId: userRole });
    const { roleId } = await insertTenant(t, '300002', null);
    await createUser(t, { tenantId: '300002', account: 'lock-b', password: 'right', roleId });
    await failTimes('lock-b', 5);
    expectGrantError(await loginAs('lock-b', 'right'), 400, 'invalid_grant', LOCKED);
    expect(expectToken(await loginAs('lock-b', 'right', '300002')).tenant_id).toBe('300002');
    expect(expectToken(await t.login()).account).toBe('admin');
  });

  it('follows the account.failCount param', async () => {
    await createUser(t, { tenantId: '000000', account: 'lock-c', password: 'right', roleId: userRole });
    await t.services.db
      .updateTable('blade_param')
      .set({ param_value: '2' })
      .where('param_key', '=', 'account.failCount')
      .execute();
    try {
      await failTimes('lock-c', 2);
      expectGrantError(await loginAs('lock-c', 'right'), 400, 'invalid_grant', LOCKED);
    } finally {
      await t.services.db
        .updateTable('blade_param')
        .set({ param_value: '5' })
        .where('param_key', '=', 'account.failCount')
        .execute();
    }
    expect(expectToken(await loginAs('lock-c', 'right')).account).toBe('lock-c');
  });

  it('resets the counter on a successful login before the limit', async () => {
    await createUser(t, { tenantId: '000000', account: 'lock-d', password: 'right', roleId: userRole });
    await failTimes('lock-d', 4);
    expect(await t.services.kv.get('login-fail:000000:lock-d')).toBe('4');
    expectToken(await loginAs('lock-d', 'right'));
    expect(await t.services.kv.get('login-fail:000000:lock-d')).toBeNull();
    await failTimes('lock-d', 4);
    expect(expectToken(await loginAs('lock-d', 'right')).account).toBe('lock-d');
  });
});

describe('stored passwords', () => {
  it('keeps argon2id of the md5, never the md5 or sha1(md5) itself', async () => {
    const row = await t.services.db
      .selectFrom('blade_user')
      .select('password')
      .where('id', '=', SEED.userAdmin)
      .executeTakeFirstOrThrow();
    expect(row.password.startsWith('$argon2id$')).toBe(true);
    expect(row.password).not.toMatch(/^[0-9a-f]{32}$|^[0-9a-f]{40}$/i);
    for (const digest of [
      md5('admin'),
      sha1(md5('admin')),
      sha1('admin'),
      '90b9aa7e25f80cf4f64e990b78a9fc5ebd6cecad',
    ]) {
      expect(row.password).not.toContain(digest);
    }
  });

  it('accepts a legacy sha1(md5) row once and replaces it with argon2id on that login', async () => {
    const legacy = sha1(md5('old-pass'));
    const id = await createUser(t, { tenantId: '000000', account: 'legacy', passwordHash: legacy, roleId: userRole });
    const stored = async () =>
      (await t.services.db.selectFrom('blade_user').select('password').where('id', '=', id).executeTakeFirstOrThrow())
        .password;

    expectGrantError(await loginAs('legacy', 'wrong'), 400, 'invalid_grant', BAD_CREDENTIALS);
    expect(await stored()).toBe(legacy);
    expect(expectToken(await loginAs('legacy', 'old-pass')).user_id).toBe(id);
    const upgraded = await stored();
    expect(upgraded.startsWith('$argon2id$')).toBe(true);
    expect(upgraded).not.toContain(legacy);
    expect(expectToken(await loginAs('legacy', 'old-pass')).user_id).toBe(id);
    expect(await stored()).toBe(upgraded);
    expectGrantError(await loginAs('legacy', 'wrong'), 400, 'invalid_grant', BAD_CREDENTIALS);
  });
});

describe('captcha grant', () => {
  const captcha = async () => {
    const res = await t.get('/api/blade-auth/oauth/captcha');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ key: string; image: string }>();
    const code = await t.services.kv.get(`captcha:${body.key}`);
    expect(code).toMatch(/^[a-z0-9]{5}$/);
    return { ...body, code: code! };
  };
  const withCaptcha = (key: string, code: string, plain = 'admin') =>
    requestToken(
      t,
      { ...passwordParams('admin', plain, '000000'), grant_type: 'captcha' },
      { 'Tenant-Id': '000000', 'Captcha-Key': key, 'Captcha-Code': code },
    );

  it('serves a raw {key, image} with a PNG data URL', async () => {
    const res = await t.get('/api/blade-auth/oauth/captcha');
    const body = res.json<{ key: string; image: string }>();
    expect(Object.keys(body).sort()).toEqual(['image', 'key']);
    expect(body.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(body.image.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(body.image.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  });

  it('logs in with the stored code, compared case-insensitively, and only once per key', async () => {
    const { key, code } = await captcha();
    expect(expectToken(await withCaptcha(key, code.toUpperCase())).account).toBe('admin');
    expect(await t.services.kv.get(`captcha:${key}`)).toBeNull();
    expectGrantError(await withCaptcha(key, code), 400, 'invalid_grant', '验证码不正确');
  });

  it('refuses a wrong code, a missing key and a missing code, and the wrong code spends the key', async () => {
    const { key, code } = await captcha();
    expectGrantError(
      await withCaptcha(key, code === 'aaaaa' ? 'bbbbb' : 'aaaaa'),
      400,
      'invalid_grant',
      '验证码不正确',
    );
    expectGrantError(await withCaptcha(key, code), 400, 'invalid_grant', '验证码不正确');
    const other = await captcha();
    expectGrantError(
      await requestToken(
        t,
        { ...passwordParams('admin', 'admin', '000000'), grant_type: 'captcha' },
        { 'Captcha-Code': other.code },
      ),
      400,
      'invalid_grant',
      '验证码不正确',
    );
    expectGrantError(await withCaptcha(other.key, ''), 400, 'invalid_grant', '验证码不正确');
  });

  it('still checks the password after a right captcha', async () => {
    const { key, code } = await captcha();
    expectGrantError(await withCaptcha(key, code, 'not-admin'), 400, 'invalid_grant', BAD_CREDENTIALS);
  });
});

describe('rate limit per client IP', () => {
  it('answers 429 past the limit with the envelope and Retry-After, counting each client address on its own', async () => {
    const limited = await startApp({ TENON_TOKEN_RATE_LIMIT: '3' });
    try {
      const wrong = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: `${TOKEN_URL}?${new URLSearchParams(passwordParams('admin', 'wrong', '000000'))}`,
          headers: { authorization: BASIC_SABER, 'tenant-id': '000000' },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await wrong('10.0.0.1')).statusCode).toBe(400);
      const refused = await wrong('10.0.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 429,
        success: false,
        data: null,
        msg: expect.stringMatching(/^请求过于频繁,请\d+秒后再试$/),
      });
      expect(refused.headers['retry-after']).toBeDefined();
      const captcha = await limited.app.inject({
        method: 'GET',
        url: '/api/blade-auth/oauth/captcha',
        remoteAddress: '10.0.0.2',
      });
      expect(captcha.statusCode).toBe(200);
      // The limited address did not get to lock the account: the right password still works from elsewhere.
      expect(
        (
          await limited.app.inject({
            method: 'POST',
            url: `${TOKEN_URL}?${new URLSearchParams(passwordParams('admin', 'admin', '000000'))}`,
            headers: { authorization: BASIC_SABER, 'tenant-id': '000000' },
            remoteAddress: '10.0.0.3',
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

describe('refresh grant', () => {
  const refresh = (refreshToken: string, url = TOKEN_URL) =>
    requestToken(
      t,
      { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all' },
      { 'Tenant-Id': '000000' },
      url,
    );

  it('issues a new pair for the same user', async () => {
    const first = expectToken(await t.login());
    const next = expectToken(await refresh(first.refresh_token));
    expect(next).toMatchObject({
      user_id: SEED.userAdmin,
      tenant_id: '000000',
      account: 'admin',
      role_name: 'administrator',
      expires_in: 3600,
    });
    expect(next.access_token).not.toBe(first.access_token);
    expect(next.refresh_token).not.toBe(first.refresh_token);
    const info = await t.get('/api/blade-auth/oauth/user-info', next.access_token);
    expect(info.json()).toMatchObject({ code: 200, data: { userId: SEED.userAdmin } });
  });

  it("names the user's tenant, as it is called when the token is refreshed", async () => {
    const { roleId } = await insertTenant(t, '300010', null);
    await createUser(t, { tenantId: '300010', account: 'named', password: 'right', roleId });
    const first = expectToken(await loginAs('named', 'right', '300010'));
    expect(first).toMatchObject({ tenant_id: '300010', tenant_name: '租户300010' });
    await t.services.db
      .updateTable('blade_tenant')
      .set({ tenant_name: '华东工厂' })
      .where('tenant_id', '=', '300010')
      .execute();
    const next = expectToken(
      await requestToken(
        t,
        { grant_type: 'refresh_token', refresh_token: first.refresh_token, scope: 'all' },
        { 'Tenant-Id': '300010' },
      ),
    );
    expect(next).toMatchObject({ tenant_id: '300010', tenant_name: '华东工厂' });
  });

  it('rotates: a refresh token works once, and a second use revokes the whole login (reuse detection)', async () => {
    const first = expectToken(await t.login());
    const second = expectToken(await refresh(first.refresh_token));
    const third = expectToken(await refresh(second.refresh_token));
    expectOk(await t.get('/api/blade-system/param/list', third.access_token));
    // The spent first token comes back (a copy an attacker kept): refused, and every token of that login stops.
    expectGrantError(await refresh(first.refresh_token), 400, 'invalid_grant', '令牌授权已过期');
    expectGrantError(await refresh(third.refresh_token), 400, 'invalid_grant', '令牌授权已过期');
    expect((await t.get('/api/blade-system/param/list', third.access_token)).statusCode).toBe(401);
    // Another login of the same user is not touched.
    const other = expectToken(await t.login());
    expectToken(await refresh(other.refresh_token));
  });

  it('lets exactly one of two simultaneous uses of one refresh token through', async () => {
    const first = expectToken(await t.login());
    const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('is also served at oauth/token/refresh without grant_type', async () => {
    const first = expectToken(await t.login());
    const res = await t.app.inject({
      method: 'POST',
      url: `${TOKEN_URL}/refresh?${new URLSearchParams({ refresh_token: first.refresh_token })}`,
      headers: { authorization: BASIC_SABER, 'tenant-id': '000000' },
    });
    expect(expectToken(res).user_id).toBe(SEED.userAdmin);
  });

  it('refuses an access token, garbage, another client and a missing token as refresh token', async () => {
    const first = expectToken(await t.login());
    expectGrantError(await refresh(first.access_token), 400, 'invalid_grant', '令牌授权已过期');
    expectGrantError(await refresh('not.a.jwt'), 400, 'invalid_grant', '令牌授权已过期');
    expectGrantError(await requestToken(t, { grant_type: 'refresh_token' }), 400, 'invalid_grant', '令牌授权已过期');
    const sword = await requestToken(
      t,
      { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      { authorization: basic('sword', 'sword_secret') },
    );
    expectGrantError(sword, 400, 'invalid_grant', '令牌授权已过期');
  });

  it('refuses the refresh token of a logged-out session, and of a deleted user', async () => {
    const first = expectToken(await t.login());
    const logout = await t.get('/api/blade-auth/oauth/logout', first.access_token);
    expect(logout.json()).toEqual({ success: 'true', msg: 'success', account: 'admin' });
    expectGrantError(await refresh(first.refresh_token), 400, 'invalid_grant', '令牌授权已过期');

    const id = await createUser(t, { tenantId: '000000', account: 'leaver', password: 'right', roleId: userRole });
    const leaver = expectToken(await loginAs('leaver', 'right'));
    await t.services.db.updateTable('blade_user').set({ is_deleted: 1 }).where('id', '=', id).execute();
    expectGrantError(await refresh(leaver.refresh_token), 400, 'invalid_grant', '令牌授权已过期');
  });
});

describe('bad input at the token endpoint', () => {
  const url = (query: string) => `${TOKEN_URL}?${query}`;
  const post = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: url(query), headers: { authorization: BASIC_SABER, ...headers } });
  const pass = md5('admin');

  it('reads the parameters from a form body as well as from the query string', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { authorization: BASIC_SABER, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(passwordParams('admin', 'admin', '000000')).toString(),
    });
    expect(expectToken(res).account).toBe('admin');
  });

  it('takes the first of repeated parameters instead of crashing', async () => {
    expect(
      expectToken(await post(`grant_type=password&username=admin&username=x&password=${pass}&tenantId=000000`)).account,
    ).toBe('admin');
    expect(
      expectToken(
        await post(`grant_type=password&username=admin&password=${pass}&password=x&tenantId=000000&tenantId=1`),
      ).tenant_id,
    ).toBe('000000');
    expect(
      expectToken(
        await post(`grant_type=password&grant_type=refresh_token&username=admin&password=${pass}&tenantId=000000`),
      ).account,
    ).toBe('admin');
  });

  it('treats a JSON object as a missing value', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { authorization: BASIC_SABER, 'content-type': 'application/json' },
      payload: { grant_type: 'password', username: { $ne: '' }, password: pass, tenantId: '000000' },
    });
    expectGrantError(res, 400, 'invalid_grant', BAD_CREDENTIALS);
  });

  it('answers a NUL character in the query with 400 and in a header with the grant error, never a 500', async () => {
    for (const query of [
      `grant_type=password&username=adm%00in&password=${pass}&tenantId=000000`,
      'grant_type=refresh_token&refresh_token=a%00b',
    ]) {
      const res = await post(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false, msg: '请求参数类型错误: NUL' });
    }
    expectGrantError(
      await post(`grant_type=password&username=admin&password=${pass}`, { 'tenant-id': '00\u00000' }),
      400,
      'invalid_grant',
      NO_TENANT,
    );
  });
});
