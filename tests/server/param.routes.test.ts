import { describe, expect, it } from 'vitest';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

describe('param through the entity engine', () => {
  it('pages the seeded params with the contract page shape', async () => {
    const page = expectOk(await t.get('/api/blade-system/param/list?current=1&size=2', admin));
    // The contract's three and finance.budgetControl (expense budget control).
    expect(page).toMatchObject({ total: 4, size: 2, current: 1, pages: 2 });
    expect(page.records).toHaveLength(2);
    expect(typeof page.records[0].id).toBe('string');
    expect(page.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('rejects a param without a name with the spec message, in zh and en', async () => {
    expectError(
      await t.post('/api/blade-system/param/submit', admin, { paramKey: 'a', paramValue: 'b' }),
      400,
      '请输入参数名称',
    );
    expectError(
      await t.post('/api/blade-system/param/submit', admin, { paramName: 'a', paramValue: 'b' }),
      400,
      '请输入参数键名',
    );
    expectError(
      await t.post('/api/blade-system/param/submit', admin, { paramName: 'a', paramKey: 'b' }),
      400,
      '请输入参数键值',
    );
    expectError(
      await t.post(
        '/api/blade-system/param/submit',
        admin,
        { paramKey: 'a', paramValue: 'b' },
        { 'accept-language': 'en-US,en;q=0.9' },
      ),
      400,
      'Please enter parameter name',
    );
  });

  it('creates, filters, updates and soft-deletes a param', async () => {
    const created = expectOk(
      await t.post('/api/blade-system/param/submit', admin, {
        paramName: '测试参数',
        paramKey: 'test.key',
        paramValue: 'v1',
      }),
    );
    expect(created.id).toMatch(/^\d+$/);
    const found = expectOk(await t.get('/api/blade-system/param/list?paramKey=test', admin));
    expect(found.records.map((r: { id: string }) => r.id)).toEqual([created.id]);
    const updated = expectOk(
      await t.post('/api/blade-system/param/submit', admin, { id: created.id, paramValue: 'v2' }),
    );
    expect(updated).toMatchObject({ paramName: '测试参数', paramValue: 'v2' });
    expectOk(await t.post(`/api/blade-system/param/remove?ids=${created.id}`, admin));
    const detail = await t.get(`/api/blade-system/param/detail?id=${created.id}`, admin);
    expect(detail.json()).toMatchObject({ code: 200, data: null, msg: '暂无承载数据' });
  });

  it('finds a long key part by its last characters through the index, and the whole part decides', async () => {
    const keys = ['bench.window.abc123', 'other.prefix.abc123', 'bench.window.ABC123x', 'bench.windo_.abc123'];
    const ids = new Map<string, string>();
    for (const key of keys)
      ids.set(
        key,
        expectOk(
          await t.post('/api/blade-system/param/submit', admin, { paramName: key, paramKey: key, paramValue: '1' }),
        ).id,
      );
    const found = async (part: string) =>
      expectOk(await t.get(`/api/blade-system/param/list?paramKey=${encodeURIComponent(part)}&size=50`, admin))
        .records.map((r: { paramKey: string }) => r.paramKey)
        .sort();
    // Longer than the six-character window: every candidate sharing "abc123" is checked against the whole part.
    expect(await found('window.abc123')).toEqual(['bench.window.ABC123x', 'bench.window.abc123']); // ilike
    expect(await found('prefix.abc123')).toEqual(['other.prefix.abc123']);
    // `_` is a character of the key, not a wildcard.
    expect(await found('windo_.abc123')).toEqual(['bench.windo_.abc123']);
    expectOk(await t.post(`/api/blade-system/param/remove?ids=${[...ids.values()].join(',')}`, admin));
  });

  it('refuses a duplicate key and an unknown sort', async () => {
    expectError(
      await t.post('/api/blade-system/param/submit', admin, {
        paramName: 'x',
        paramKey: 'account.failCount',
        paramValue: '3',
      }),
      400,
      '参数键名已存在',
    );
    expectError(await t.get('/api/blade-system/param/list?descs=password', admin), 400, '排序字段不存在: password');
    expectError(await t.get('/api/blade-system/param/list?size=100000', admin), 400, /1 到 1000/);
  });
});
