import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS_PARAM, recordDemoAccounts } from '../../src/server/modules/system/demo/login-accounts.ts';
import { hashPlainPassword } from '../../src/server/modules/auth/password.ts';
import { seedDemo } from '../../src/server/modules/system/demo/organisation.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

/** Issue 31 items 4 and 12: the login page's demo hint, and a yes/no search the server refuses with a reason. */
const HINT = '/api/blade-system/tenant/demo-accounts';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
}, 60_000);
afterAll(() => t?.stop());

describe('the demo accounts hint', () => {
  it('names no account where the demo command never ran', async () => {
    await seedDemo(t.services.db);
    expect(expectOk(await t.get(HINT))).toEqual({ tenantId: '000000', accounts: [] });
  });

  it('names the live accounts the demo left signing in with a known password, without a token', async () => {
    await seedDemo(t.services.db);
    // 李四 chose his own password: the demo's 123456 no longer signs him in, so he is not hinted.
    const own = await hashPlainPassword('li-si-own');
    await t.services.db.updateTable('blade_user').set({ password: own }).where('account', '=', 'lisi').execute();
    expect(await recordDemoAccounts(t.services.db)).toEqual(
      expect.arrayContaining(['admin/admin', 'zhangsan/123456', 'qianzong/123456']),
    );
    const { accounts } = expectOk(await t.get(HINT)) as { accounts: Array<Record<string, string>> };
    expect(accounts).toContainEqual({ account: 'admin', realName: '管理员', password: 'admin' });
    expect(accounts).toContainEqual({ account: 'zhangsan', realName: '张三', password: '123456' });
    expect(accounts.map((a) => a.account)).not.toContain('lisi');
    // Only names and the known passwords: no ids, hashes or anything else of a user.
    for (const account of accounts) expect(Object.keys(account).sort()).toEqual(['account', 'password', 'realName']);
  });

  it('drops an account removed or given another password since, and ends when the parameter is deleted', async () => {
    const before = (expectOk(await t.get(HINT)) as { accounts: Array<{ account: string }> }).accounts;
    expect(before.map((a) => a.account)).toContain('wangrs');
    await t.services.db.updateTable('blade_user').set({ is_deleted: 1 }).where('account', '=', 'wangrs').execute();
    const after = (expectOk(await t.get(HINT)) as { accounts: Array<{ account: string }> }).accounts;
    expect(after.map((a) => a.account)).not.toContain('wangrs');
    // 钱总 changes his password after the demo: the page no longer offers the one that fails.
    const changed = await hashPlainPassword('qian-zong-own');
    await t.services.db
      .updateTable('blade_user')
      .set({ password: changed })
      .where('account', '=', 'qianzong')
      .execute();
    const later = (expectOk(await t.get(HINT)) as { accounts: Array<{ account: string }> }).accounts;
    expect(later.map((a) => a.account)).not.toContain('qianzong');
    expect(later.map((a) => a.account)).toContain('zhangsan');
    await t.services.db
      .updateTable('blade_param')
      .set({ is_deleted: 1 })
      .where('param_key', '=', DEMO_ACCOUNTS_PARAM)
      .execute();
    expect((expectOk(await t.get(HINT)) as { accounts: unknown[] }).accounts).toEqual([]);
  });
});

type Rows = { records: Array<{ customerCode: string }> };

describe('a yes/no search', () => {
  const CUSTOMERS = '/api/blade-system/customer/list';
  it('filters by 1 or 0, and refuses anything else naming the field', async () => {
    expectOk(
      await t.post('/api/blade-system/customer/submit', admin, {
        customerCode: 'C-REL',
        customerName: '关联方客户',
        customerType: '1',
        isRelated: 1,
      }),
    );
    const related = expectOk(await t.get(`${CUSTOMERS}?isRelated=1`, admin)) as Rows;
    expect(related.records.map((r) => r.customerCode)).toEqual(['C-REL']);
    const others = expectOk(await t.get(`${CUSTOMERS}?isRelated=0`, admin)) as Rows;
    expect(others.records.map((r) => r.customerCode)).not.toContain('C-REL');
    expectError(
      await t.get(`${CUSTOMERS}?isRelated=${encodeURIComponent('是')}`, admin),
      400,
      '请求参数类型错误: isRelated',
    );
  });
});
