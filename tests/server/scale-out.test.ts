import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_STATE, startServerPair, type ServerPair } from '../support/server-pair.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { menuIdOf } from '../../src/server/db/seed/seed.ts';
import {
  get,
  login,
  logout,
  post,
  refresh,
  tokenOf,
  userInfo,
  type HttpResult,
  type RunningServer,
} from '../support/process.ts';

/**
 * Issue 2 point 9 and issue 15 point 7: two server processes on one PostgreSQL database and one Redis share sessions,
 * revocation, lockout and cache invalidation. Runs only when both DATABASE_URL and REDIS_URL are set.
 */
const LOCKED = /^用户登录失败次数过多,请30分钟后再试$/;
const WRONG = '用户名或密码错误';
const SYS = '/api/blade-system';

describe.skipIf(!SHARED_STATE)('two server processes on PostgreSQL + Redis', () => {
  let pair: ServerPair;
  let redis: Redis;
  let prefix: string;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    pair = await startServerPair();
    ({ a, b, redis, prefix } = pair);
    expect(pair.copy.databaseUrl).toBeTruthy();
    expect(a.stdout()).toMatch(/\(PostgreSQL \+ Redis\)/);
    expect(b.stdout()).toMatch(/\(PostgreSQL \+ Redis\)/);
  }, 180_000);

  afterAll(() => pair?.stop(), 60_000);

  it('accepts on B a token issued by A, and rejects a tampered one', async () => {
    const { access_token: token } = await tokenOf(a.url);
    const onB = await userInfo(b.url, token);
    expect(onB.status, onB.text).toBe(200);
    expect(onB.body.data).toMatchObject({ account: 'admin', tenantId: '000000' });
    expect((await userInfo(b.url, `${token.slice(0, -4)}AAAA`)).status).toBe(401);
  });

  it('sees on B a logout made on A', async () => {
    const session = await tokenOf(a.url);
    expect((await userInfo(b.url, session.access_token)).status).toBe(200);

    const out = await logout(a.url, session.access_token);
    expect(out.status, out.text).toBe(200);
    // The revocation lives in Redis under the run's prefix.
    const revoked = await redis.keys(`${prefix}revoked:*`);
    expect(revoked.length).toBeGreaterThanOrEqual(1);

    const onB = await userInfo(b.url, session.access_token);
    expect(onB.status, onB.text).toBe(401);
    expect(onB.body).toMatchObject({ code: 401, success: false });
    expect((await userInfo(a.url, session.access_token)).status).toBe(401);
    // The refresh token of the ended login is refused on the other process too.
    const refreshed = await refresh(b.url, session.refresh_token);
    expect(refreshed.status, refreshed.text).toBe(400);
    expect(refreshed.body).toMatchObject({ error: 'invalid_grant', error_description: '令牌授权已过期' });
    // Another login of the same account is not affected.
    const other = await tokenOf(b.url);
    expect((await userInfo(a.url, other.access_token)).status).toBe(200);
  });

  it('refreshes on B a token issued by A', async () => {
    const session = await tokenOf(a.url);
    const refreshed = await refresh(b.url, session.refresh_token);
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.body).toMatchObject({
      token_type: 'bearer',
      user_id: session.user_id,
      account: 'admin',
      tenant_id: '000000',
    });
    expect(refreshed.body.access_token).not.toBe(session.access_token);
    for (const server of [a, b]) {
      const info = await userInfo(server.url, refreshed.body.access_token);
      expect(info.status, info.text).toBe(200);
    }
    // Logging the refreshed token out on B ends the whole login, also the access token A issued.
    expect((await logout(b.url, refreshed.body.access_token)).status).toBe(200);
    expect((await userInfo(a.url, session.access_token)).status).toBe(401);
  });

  it('sees on B a grant taken away on A, and on A a grant given on B (the permission caches cross)', async () => {
    const { access_token: admin } = await tokenOf(a.url);
    const ok = (res: HttpResult) => {
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    };
    ok(await post(a.url, `${SYS}/role/submit`, admin, { roleName: '跨进程', roleAlias: 'cross', sort: 9 }));
    const roles: Array<{ id: string; roleAlias: string }> = ok(await get(a.url, `${SYS}/role/list`, admin));
    const role = roles.find((r) => r.roleAlias === 'cross')!.id;
    const granted = ['system', 'post', 'post_view'].map(menuIdOf);
    ok(await post(a.url, `${SYS}/role/grant`, admin, { roleIds: [role], menuIds: granted }));
    ok(
      await post(a.url, `${SYS}/user/submit`, admin, {
        account: 'cross',
        password: 'cross-pw',
        realName: '跨进程',
        roleId: role,
        deptId: SEED.deptChangzhou,
        userType: 1,
      }),
    );
    const res = await login(b.url, 'cross', 'cross-pw');
    expect(res.status, res.text).toBe(200);
    const clerk = res.body.access_token as string;
    // B reads (and caches) the role's grants.
    ok(await get(b.url, `${SYS}/post/list`, clerk));
    ok(await post(a.url, `${SYS}/role/grant`, admin, { roleIds: [role], menuIds: [] }));
    // The invalidation travels through Redis: B refuses as soon as the message is in, without a restart.
    await expect.poll(async () => (await get(b.url, `${SYS}/post/list`, clerk)).status, { timeout: 10_000 }).toBe(403);
    // And back: a grant given on B opens the route on A, whose cache held the empty grant.
    expect((await get(a.url, `${SYS}/post/list`, clerk)).status).toBe(403);
    ok(await post(b.url, `${SYS}/role/grant`, admin, { roleIds: [role], menuIds: granted }));
    await expect.poll(async () => (await get(a.url, `${SYS}/post/list`, clerk)).status, { timeout: 10_000 }).toBe(200);
  });

  it('refuses on B, at the very next request, a user demoted, then removed on A (issue 30)', async () => {
    const { access_token: admin } = await tokenOf(a.url);
    const ok = (res: HttpResult) => {
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    };
    ok(
      await post(a.url, `${SYS}/user/submit`, admin, {
        account: 'deputy',
        password: 'deputy-pw',
        realName: '副管理员',
        roleId: SEED.roleAdministrator,
        deptId: SEED.deptChangzhou,
        userType: 1,
      }),
    );
    const { body: session } = await login(b.url, 'deputy', 'deputy-pw');
    const deputy = session.access_token as string;
    // B caches the deputy's account as an administrator.
    ok(await get(b.url, `${SYS}/user/page?current=1&size=1`, deputy));
    ok(await post(a.url, `${SYS}/user/grant`, admin, { userIds: session.user_id, roleIds: SEED.roleUser }));
    // No waiting for a message: the stamps are read with the session checks, so B's next answer is the new one.
    expect((await get(b.url, `${SYS}/user/page?current=1&size=1`, deputy)).status).toBe(403);
    const back = await post(b.url, `${SYS}/user/grant`, deputy, {
      userIds: session.user_id,
      roleIds: SEED.roleAdministrator,
    });
    expect(back.status).toBe(403);
    ok(await post(a.url, `${SYS}/user/remove`, admin, { ids: session.user_id }));
    expect((await userInfo(b.url, deputy)).status).toBe(401);
    expect((await refresh(b.url, session.refresh_token)).status).toBe(400);
  });

  it('refuses attempts beyond account.failCount even when they arrive at once on A and B', async () => {
    const failKey = `${prefix}login-fail:000000:admin`;
    await redis.del(failKey);
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(i % 2 ? b.url : a.url, 'admin', 'wrong')),
    );
    const descriptions = attempts.map((r) => String(r.body.error_description));
    expect(descriptions.filter((d) => d === '用户名或密码错误')).toHaveLength(5);
    expect(descriptions.filter((d) => d.startsWith('用户登录失败次数过多'))).toHaveLength(7);
    const right = await login(a.url);
    expect(String(right.body.error_description)).toMatch(/^用户登录失败次数过多/);
    await redis.del(failKey);
  });

  // Last: it locks `admin` (failCount 5), and unlocks it by deleting the counter so a rerun starts clean.
  it('counts failed logins across both processes: 3 on A + 2 on B lock the account on both', async () => {
    const failKey = `${prefix}login-fail:000000:admin`;
    await redis.del(failKey);
    for (let i = 0; i < 3; i++) {
      const res = await login(a.url, 'admin', 'wrong-password');
      expect(res.status, res.text).toBe(400);
      expect(res.body.error_description).toBe(WRONG);
    }
    const first = await login(b.url, 'admin', 'wrong-password');
    expect(first.body.error_description).toBe(WRONG);
    // 4 failures so far: not locked yet, the counter is shared.
    expect(await redis.get(failKey)).toBe('4');
    const fifth = await login(b.url, 'admin', 'wrong-password');
    expect(fifth.body.error_description).toBe(WRONG);
    expect(await redis.get(failKey)).toBe('5');
    const ttl = await redis.ttl(failKey);
    expect(ttl).toBeGreaterThan(29 * 60);
    expect(ttl).toBeLessThanOrEqual(30 * 60);

    for (const server of [a, b]) {
      const res = await login(server.url, 'admin', 'admin');
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_grant', success: false });
      expect(res.body.error_description).toMatch(LOCKED);
      expect(res.body.access_token).toBeUndefined();
    }

    // The lock is exactly that shared counter: without it the correct password works again on both.
    await redis.del(failKey);
    for (const server of [a, b]) expect((await login(server.url, 'admin', 'admin')).status).toBe(200);
  });
});
