import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser } from '../support/factories.ts';

/**
 * 错误日志 (contract resource-desk-log.md §8): `GET /api/blade-log/error/list` newest first and `detail?id=`, the
 * caller's tenant only, read-only; a server crash and the console's uploaded errors are its rows.
 */
const LOG = '/api/blade-log/error';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
}, 60_000);
afterAll(() => t?.stop());

interface ErrorRow {
  id: string;
  createTime: string;
  exceptionName: string;
  message: string;
  requestUri: string;
  createBy: string;
  stackTrace?: string;
  fileName?: string;
  lineNumber?: number | null;
}

const page = async (token: string, query = '') =>
  expectOk(await t.get(`${LOG}/list?size=50${query}`, token)) as { total: number; records: ErrorRow[] };

describe('the error log', () => {
  it("keeps a server crash under the id the caller's message shows, with its stack's top frame", async () => {
    await sql`alter table blade_top_menu rename to blade_top_menu_gone`.execute(t.services.db);
    let errorId = '';
    try {
      const res = await t.get('/api/blade-system/menu/top-menu?x=1', admin);
      errorId = /错误编号 ([0-9a-f]{12})/.exec(res.json().msg)![1];
    } finally {
      await sql`alter table blade_top_menu_gone rename to blade_top_menu`.execute(t.services.db);
    }
    // Written beside the answer, not before it.
    const row = await vi.waitFor(
      async () => {
        const found = (await page(admin)).records.find((r) => r.message.startsWith(errorId));
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(row).toMatchObject({ requestUri: '/api/blade-system/menu/top-menu', createBy: 'admin' });
    const detail = expectOk(await t.get(`${LOG}/detail?id=${row.id}`, admin)) as ErrorRow & Record<string, unknown>;
    expect(detail).toMatchObject({ serviceId: 'blade-system', method: 'GET', params: 'x=1', env: 'dev' });
    expect(detail.stackTrace).toMatch(/blade_top_menu/);
    expect(detail.fileName).toMatch(/\.(ts|js)$/);
    expect(detail.lineNumber).toBeGreaterThan(0);
  });

  it("lists the console's uploaded errors newest first, filters them, and shows only the caller's tenant", async () => {
    const upload = (token: string, logs: object[]) => t.post('/api/blade-auth/oauth/logout', token, logs);
    expectOk(
      await upload(admin, [
        { type: 'TypeError', url: 'http://x/wel', time: '2026-11-20 08:00:00', message: 'older', stack: 'a' },
        { type: 'RangeError', url: 'http://x/wel', time: '2026-11-21 08:00:00', message: 'newer', stack: 'b' },
      ]),
    );
    const other = await createTenantAdmin(t, '330011', ['log_error']);
    expectOk(await upload(other.token, [{ type: 'TypeError', url: 'http://y', message: 'theirs', stack: 'c' }]));

    const mine = await page(admin, '&createTime_datege=2026-11-20 00:00:00&createTime_datelt=2026-11-22 00:00:00');
    expect(mine.records.map((r) => r.message)).toEqual(['newer', 'older']);
    expect((await page(admin, '&exceptionName=RangeError')).records.map((r) => r.message)).toEqual(['newer']);
    // A part of a name is not a name (each filter is an index's equality).
    expect((await page(admin, '&exceptionName=Range')).total).toBe(0);
    // A tenant reads its own; the platform's administrator, the operator, every tenant's (a tenant filter narrows).
    expect((await page(other.token)).records.map((r) => r.message)).toEqual(['theirs']);
    const theirs = (await page(other.token)).records[0];
    expect((await page(admin)).records.map((r) => r.message)).toContain('theirs');
    expect((await page(admin, '&tenantId=330011')).records.map((r) => r.message)).toEqual(['theirs']);
    expect(expectOk(await t.get(`${LOG}/detail?id=${theirs.id}`, admin))).toMatchObject({ tenantId: '330011' });
    const mineOnly = (await page(admin, '&tenantId=000000')).records;
    expect(expectOk(await t.get(`${LOG}/detail?id=${mineOnly[0].id}`, other.token))).toBeNull();
    expect((await page(other.token, '&tenantId=000000')).total).toBe(0);
    // A platform user granted the menu without being its super administrator: the platform tenant's rows alone.
    const staff = await createRole(t, '000000', 'log-reader', ['log_error']);
    await createUser(t, { tenantId: '000000', account: 'logreader', password: 'pw', roleId: staff });
    const reader = await t.tokenOf('logreader', 'pw', '000000');
    const seen = (await page(reader)).records.map((r) => r.message);
    expect(seen).toEqual(expect.arrayContaining(['newer', 'older']));
    expect(seen).not.toContain('theirs');
  });

  it('is read-only, and closed to a role without the menu', async () => {
    expectError(await t.post(`${LOG}/submit`, admin, { message: 'forged' }), 404);
    expectError(await t.post(`${LOG}/remove?ids=1`, admin), 404);
    const clerk = await createTenantAdmin(t, '330012', ['param']);
    expectError(await t.get(`${LOG}/list`, clerk.token), 403);
  });
});
