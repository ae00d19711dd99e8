import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { copyTemplate, type DatabaseCopy } from '../support/database.ts';
import { createUser } from '../support/factories.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { expectGrantError, expectToken, requestToken, TOKEN_URL } from './auth.support.ts';

/**
 * Issue 9: what a logout, a spent refresh token, a removed tenant or a lockout revoked stays revoked after the
 * server restarts: in the database without Redis (the embedded default), in Redis with REDIS_URL (set in the
 * environment, CI's second run on PostgreSQL + Redis).
 */
const redisEnv: Record<string, string> = process.env.REDIS_URL
  ? { REDIS_URL: process.env.REDIS_URL, TENON_KV_PREFIX: `tenon-restart-${randomBytes(6).toString('hex')}:` }
  : {};
const TOKEN_INVALID = '令牌已失效,请重新登录';
const REFRESH_INVALID = '令牌授权已过期';
const LOCKED = /^用户登录失败次数过多,请\d+分钟后再试$/;

let copy: DatabaseCopy;
let t: TestApp;
/** Stops the server (the data stays) and starts a new one on the same database. */
const restart = async () => {
  await t.close();
  t = await startApp(redisEnv, copy);
};

beforeAll(async () => {
  copy = await copyTemplate();
  t = await startApp(redisEnv, copy);
});
afterAll(async () => {
  await t?.close().catch(() => undefined);
  await copy?.drop();
});

const refresh = (token: string, tenantId = '000000') =>
  requestToken(
    t,
    { grant_type: 'refresh_token', refresh_token: token, scope: 'all' },
    { 'Tenant-Id': tenantId },
    TOKEN_URL,
  );

describe(`across a restart (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}${process.env.REDIS_URL ? ' + Redis' : ', no Redis'})`, () => {
  it('keeps a logged-out login logged out: its access token and refresh token stay refused', async () => {
    const login = expectToken(await t.login());
    await t.get('/api/blade-auth/oauth/logout', login.access_token);
    const survivor = expectToken(await t.login());
    await restart();
    expectError(await t.get('/api/blade-system/param/list', login.access_token), 401, TOKEN_INVALID);
    expectGrantError(await refresh(login.refresh_token), 400, 'invalid_grant', REFRESH_INVALID);
    // Logins nobody ended still work after the restart.
    expectOk(await t.get('/api/blade-system/param/list', survivor.access_token));
    expectToken(await refresh(survivor.refresh_token));
  });

  it('remembers spent refresh tokens: a reuse after the restart revokes the login', async () => {
    const first = expectToken(await t.login());
    const second = expectToken(await refresh(first.refresh_token));
    await restart();
    expectGrantError(await refresh(first.refresh_token), 400, 'invalid_grant', REFRESH_INVALID);
    expectGrantError(await refresh(second.refresh_token), 400, 'invalid_grant', REFRESH_INVALID);
    expectError(await t.get('/api/blade-system/param/list', second.access_token), 401, TOKEN_INVALID);
  });

  it('keeps a removed tenant closed: its administrator token writes nothing', async () => {
    const admin = await t.tokenOf();
    const tenant = expectOk(
      await t.post('/api/blade-system/tenant/submit', admin, {
        tenantName: '重启租户',
        linkman: '王',
        contactNumber: '13800000000',
      }),
    );
    const boss = await t.tokenOf('admin', 'admin', tenant.tenantId);
    expectOk(await t.get('/api/blade-system/post/list', boss));
    expectOk(await t.post(`/api/blade-system/tenant/remove?ids=${tenant.id}`, admin));
    await restart();
    const count = async () =>
      Number(
        (
          await t.services.db
            .selectFrom('blade_post')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', tenant.tenantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expectError(
      await t.post('/api/blade-system/post/submit', boss, {
        category: 1,
        postCode: 'ghost',
        postName: '幽灵',
        sort: 1,
      }),
      401,
      TOKEN_INVALID,
    );
    expect(await count()).toBe(before);
  });

  it('keeps a locked account locked until an administrator unlocks it', async () => {
    const userId = await createUser(t, {
      tenantId: '000000',
      account: 'rs-lock',
      password: 'right',
      roleId: SEED.roleUser,
    });
    for (let i = 0; i < 5; i++)
      expectGrantError(await t.login('rs-lock', 'wrong'), 400, 'invalid_grant', '用户名或密码错误');
    await restart();
    const locked = await t.login('rs-lock', 'right');
    expect(locked.statusCode, locked.body).toBe(400);
    expect(locked.json().error_description).toMatch(LOCKED);
    expectOk(await t.post(`/api/blade-system/user/unlock?userIds=${userId}`, await t.tokenOf()));
    expectToken(await t.login('rs-lock', 'right'));
  });
});
