import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONLINE_USER_LOGOUT_URL, ONLINE_USER_PAGE_URL } from '../../src/shared/contract/api/online-user.ts';
import type { OnlineSession } from '../../src/shared/contract/api/online-user.schemas.ts';
import { get, post, refresh, tokenOf, userInfo, type RunningServer } from '../support/process.ts';
import { SHARED_STATE, startServerPair, type ServerPair } from '../support/server-pair.ts';

/**
 * Issue 37 §4: 在线用户 and 强制退出 across two server processes on one PostgreSQL database and one Redis. A login made
 * on B is listed on A, and ended from A it is refused on B at its very next request. Runs only when both
 * DATABASE_URL and REDIS_URL are set (as scale-out.test.ts).
 */
const sidOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sid as string;

describe.skipIf(!SHARED_STATE)('在线用户 on two server processes (PostgreSQL + Redis)', () => {
  let pair: ServerPair;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    pair = await startServerPair();
    ({ a, b } = pair);
  }, 180_000);

  afterAll(() => pair?.stop(), 60_000);

  it('lists on A a login made on B; 强制退出 on A refuses it on B at once, and its refresh fails', async () => {
    const admin = await tokenOf(a.url);
    const victim = await tokenOf(b.url);
    expect((await userInfo(b.url, victim.access_token)).status).toBe(200);

    const listed = await get(a.url, `${ONLINE_USER_PAGE_URL}?size=100`, admin.access_token);
    expect(listed.status, listed.text).toBe(200);
    const records = listed.body.data.records as OnlineSession[];
    expect(records.some((r) => r.sessionId === sidOf(victim.access_token))).toBe(true);

    const ended = await post(
      a.url,
      `${ONLINE_USER_LOGOUT_URL}?sessionIds=${sidOf(victim.access_token)}`,
      admin.access_token,
      {},
    );
    expect(ended.status, ended.text).toBe(200);
    const refused = await userInfo(b.url, victim.access_token);
    expect(refused.status, refused.text).toBe(401);
    expect((await refresh(b.url, victim.refresh_token)).status).toBe(400);
    // The administrator's own login goes on, on both processes.
    expect((await userInfo(b.url, admin.access_token)).status).toBe(200);
  });
});
