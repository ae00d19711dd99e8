import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

const TENANT = '/api/blade-system/tenant';
const POST = '/api/blade-system/post';
const ZONE_MESSAGE = '时区须为 IANA 时区名称,如 Asia/Shanghai';

let t: TestApp;
let admin: string;
const newTenant = (body: Record<string, unknown> = {}) =>
  t.post(`${TENANT}/submit`, admin, {
    tenantName: '时区租户',
    linkman: '张三',
    contactNumber: '13800000000',
    ...body,
  });

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
});
afterAll(() => t?.stop());

/** Runs `write` and returns the wall clock of `zone` just before and just after it. */
async function clockAround<T>(
  zone: string,
  write: () => Promise<T>,
): Promise<{ before: string; after: string; result: T }> {
  const before = formatDateTime(new Date(), zone);
  const result = await write();
  return { before, after: formatDateTime(new Date(), zone), result };
}

describe('the tenant time zone', () => {
  it('is an IANA zone name, stored in its canonical spelling; the default is Asia/Shanghai', async () => {
    for (const bad of ['Mars/Olympus', '+08:00', 'CST', 'GMT+8'])
      expectError(await newTenant({ timeZone: bad }), 400, ZONE_MESSAGE);
    expectError(await newTenant({ timeZone: ' ' }), 400, '请选择时区');
    const english = await t.post(
      `${TENANT}/submit`,
      admin,
      { tenantName: 'x', linkman: 'x', contactNumber: '1', timeZone: 'Mars/Olympus' },
      { 'accept-language': 'en' },
    );
    expectError(english, 400, 'The time zone must be an IANA time zone name, such as Asia/Shanghai');

    expect(expectOk(await newTenant()).timeZone).toBe('Asia/Shanghai');
    const tokyo = expectOk(await newTenant({ timeZone: 'asia/tokyo' }));
    expect(tokyo.timeZone).toBe('Asia/Tokyo');
    expectError(await t.post(`${TENANT}/submit`, admin, { id: tokyo.id, timeZone: 'Asia/Nowhere' }), 400, ZONE_MESSAGE);
    expect(expectOk(await t.get(`${TENANT}/detail?id=${tokyo.id}`, admin)).timeZone).toBe('Asia/Tokyo');
  });

  it("is the zone of the dates the server writes for the tenant's users, and of the clock the login hands the console", async () => {
    const created = expectOk(await newTenant({ tenantName: '纽约分公司', timeZone: 'America/New_York' }));
    const login = await t.login('admin', 'admin', created.tenantId);
    expect(login.json()).toMatchObject({ tenant_id: created.tenantId, time_zone: 'America/New_York' });
    const newYork = login.json().access_token as string;

    const there = await clockAround('America/New_York', () =>
      t.post(`${POST}/submit`, newYork, { category: 1, postCode: 'ny1', postName: '纽约岗', sort: 1 }),
    );
    const post = expectOk(there.result);
    expect(
      post.createTime >= there.before && post.createTime <= there.after,
      `${post.createTime} in [${there.before}, ${there.after}]`,
    ).toBe(true);

    // The platform tenant writes in its own zone, 12 or 13 hours ahead, at the same moment.
    const here = await clockAround('Asia/Shanghai', () =>
      t.post(`${POST}/submit`, admin, { category: 1, postCode: 'sh1', postName: '上海岗', sort: 1 }),
    );
    const local = expectOk(here.result);
    expect(
      local.createTime >= here.before && local.createTime <= here.after,
      `${local.createTime} in [${here.before}, ${here.after}]`,
    ).toBe(true);

    // A changed zone applies from the next request on, an update's time included.
    expectOk(await t.post(`${TENANT}/submit`, admin, { id: created.id, timeZone: 'Europe/London' }));
    const moved = await clockAround('Europe/London', () =>
      t.post(`${POST}/submit`, newYork, { id: post.id, postName: '伦敦岗' }),
    );
    const updated = expectOk(moved.result);
    expect(
      updated.updateTime >= moved.before && updated.updateTime <= moved.after,
      `${updated.updateTime} in [${moved.before}, ${moved.after}]`,
    ).toBe(true);
    expect(updated.createTime).toBe(post.createTime);
    expect((await t.login('admin', 'admin', created.tenantId)).json().time_zone).toBe('Europe/London');
  });

  it("decides a tenant's licence expiry on the tenant's own wall clock", async () => {
    // One minute ago in Auckland is hours ahead of the Shanghai clock: expired there, not yet in Shanghai.
    const expireTime = formatDateTime(new Date(Date.now() - 60_000), 'Pacific/Auckland');
    const created = expectOk(await newTenant({ tenantName: '奥克兰', timeZone: 'Pacific/Auckland' }));
    expectOk(await t.post(`${TENANT}/setting?ids=${created.id}&expireTime=${encodeURIComponent(expireTime)}`, admin));
    const refused = await t.login('admin', 'admin', created.tenantId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('租户授权已过期,请联系管理员');
  });
});
