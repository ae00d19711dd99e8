import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createTenant, createUser } from '../support/factories.ts';

const MESSAGE = '/api/blade-system/message';
let t: TestApp;
let admin: string;
let alice: string;
let aliceId: string;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  aliceId = await createUser(t, {
    tenantId: '000000',
    account: 'alice',
    password: 'pw-a',
    roleId: SEED.roleUser,
    deptId: SEED.deptRoot,
  });
  alice = await t.tokenOf('alice', 'pw-a');
});
afterAll(() => t?.stop());

describe('messages', () => {
  it('delivers a message to its recipient only, unread first', async () => {
    const sent = expectOk(
      await t.post(`${MESSAGE}/submit`, admin, { userId: aliceId, title: '审批', content: '您有一条待办' }),
    );
    expect(sent).toMatchObject({ userId: aliceId, status: 0, content: '您有一条待办' });
    expectOk(await t.post(`${MESSAGE}/submit`, admin, { userId: aliceId, content: '第二条' }));
    const inbox = expectOk(await t.get(`${MESSAGE}/list?status=0`, alice));
    expect(inbox.records.map((m: { content: string }) => m.content)).toEqual(['第二条', '您有一条待办']);
    expect(expectOk(await t.get(`${MESSAGE}/list`, admin)).total).toBe(0);
    expect(expectOk(await t.get(`${MESSAGE}/unread-count`, alice))).toBe(2);
    expect((await t.get(`${MESSAGE}/detail?id=${sent.id}`, admin)).json().data).toBeNull();
  });

  it('addresses a message without recipient to the caller, and requires content', async () => {
    const own = expectOk(await t.post(`${MESSAGE}/submit`, admin, { content: '备忘' }));
    expect(own.userId).toBe(SEED.userAdmin);
    expectError(await t.post(`${MESSAGE}/submit`, admin, { title: 'x' }), 400, '请输入消息内容');
    expectError(
      await t.post(`${MESSAGE}/submit`, alice, { content: '无权发送' }),
      403,
      '请求被拒绝,缺少权限: message_add',
    );
  });

  it('refuses recipients outside the sender tenant, deleted users and unknown ids, and writes nothing', async () => {
    await createTenant(t, '400001');
    const foreign = await createUser(t, {
      tenantId: '400001',
      account: 'alice',
      password: 'pw',
      roleId: SEED.roleUser,
    });
    const leaver = await createUser(t, {
      tenantId: '000000',
      account: 'msg-leaver',
      password: 'pw',
      roleId: SEED.roleUser,
    });
    await t.services.db.updateTable('blade_user').set({ is_deleted: 1 }).where('id', '=', leaver).execute();
    const count = async () =>
      Number(
        (
          await t.services.db
            .selectFrom('blade_message')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const userId of [foreign, leaver, '123456789']) {
      expectError(await t.post(`${MESSAGE}/submit`, admin, { userId, content: '越界' }), 400, '接收人不是本租户的用户');
    }
    const mine = expectOk(await t.post(`${MESSAGE}/submit`, admin, { content: '改址' }));
    expectError(
      await t.post(`${MESSAGE}/submit`, admin, { id: mine.id, userId: foreign }),
      400,
      '接收人不是本租户的用户',
    );
    expect(await count()).toBe(before + 1);
    const english = await t.post(
      `${MESSAGE}/submit`,
      admin,
      { userId: foreign, content: 'x' },
      { 'accept-language': 'en' },
    );
    expectError(english, 400, 'Recipient is not a user of your tenant');
  });

  it('marks one, then all of the caller own messages as read', async () => {
    const unread = expectOk(await t.get(`${MESSAGE}/list?status=0`, alice)).records;
    expectOk(await t.post(`${MESSAGE}/read?ids=${unread[0].id}`, alice));
    expect(expectOk(await t.get(`${MESSAGE}/unread-count`, alice))).toBe(unread.length - 1);
    expect(expectOk(await t.post(`${MESSAGE}/read-all`, alice))).toEqual({ count: unread.length - 1 });
    expect(expectOk(await t.get(`${MESSAGE}/list?status=0`, alice)).total).toBe(0);
    expect(expectOk(await t.get(`${MESSAGE}/list?status=1`, alice)).total).toBe(unread.length);
  });

  it('does not let one user mark or delete another user message', async () => {
    const forAdmin = expectOk(await t.post(`${MESSAGE}/submit`, admin, { content: '给管理员' }));
    const adminUnread = expectOk(await t.get(`${MESSAGE}/unread-count`, admin));
    expectOk(await t.post(`${MESSAGE}/read?ids=${forAdmin.id}`, alice));
    expect(expectOk(await t.get(`${MESSAGE}/detail?id=${forAdmin.id}`, admin)).status).toBe(0);
    expect(expectOk(await t.get(`${MESSAGE}/unread-count`, admin))).toBe(adminUnread);
    // Removing is hers to do, for her own messages only.
    expectError(await t.post(`${MESSAGE}/remove?ids=${forAdmin.id}`, alice), 400, '数据不存在或无权访问');
    expect(expectOk(await t.get(`${MESSAGE}/detail?id=${forAdmin.id}`, admin))).not.toBeNull();
  });
});

describe('client error-log upload', () => {
  it('stores each uploaded log as an error-log row of the caller tenant', async () => {
    const logs = [
      {
        type: 'error',
        url: 'http://localhost/wel/index',
        time: '2026-11-21 10:00:00',
        message: 'x is undefined',
        stack: 'TypeError: x\n at a.js:1',
        info: { component: 'Tabs' },
      },
      { type: 'unhandledrejection', url: 'http://localhost/login', message: 'Network Error' },
    ];
    expect(expectOk(await t.post('/api/blade-auth/oauth/logout', admin, logs))).toEqual({ count: 2 });
    const rows = await t.services.db.selectFrom('blade_log_error').selectAll().orderBy('create_time').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      tenant_id: '000000',
      create_by: 'admin',
      exception_name: 'error',
      message: 'x is undefined',
      request_uri: 'http://localhost/wel/index',
      service_id: 'tenon-web',
    });
    expect(rows[0].params).toBe('{"component":"Tabs"}');
  });

  it('requires a token and a JSON array', async () => {
    expectError(await t.post('/api/blade-auth/oauth/logout', undefined, []), 401);
    expectError(await t.post('/api/blade-auth/oauth/logout', admin, { type: 'error' }), 400, '消息不能读取');
  });
});

describe('the message screen', () => {
  it('filters the caller own messages by category, status, text and time, with their names', async () => {
    const bobId = await createUser(t, {
      tenantId: '000000',
      account: 'msg-bob',
      password: 'pw-b',
      roleId: SEED.roleUser,
      deptId: SEED.deptRoot,
    });
    const bob = await t.tokenOf('msg-bob', 'pw-b');
    for (const content of ['仓库盘点通知', '月底结账提醒', '盘点结果已出']) {
      expectOk(await t.post(`${MESSAGE}/submit`, admin, { userId: bobId, title: '系统', content }));
    }
    await t.services.db
      .updateTable('blade_message')
      .set({ category: 2, create_time: '2020-01-02 10:00:00' })
      .where('user_id', '=', bobId)
      .where('content', '=', '月底结账提醒')
      .execute();
    const contents = async (query: string) =>
      expectOk(await t.get(`${MESSAGE}/list?${query}`, bob)).records.map((m: { content: string }) => m.content);
    expect(await contents('title=盘点')).toEqual(['盘点结果已出', '仓库盘点通知']);
    expect(await contents('category=2')).toEqual(['月底结账提醒']);
    expect(await contents('createTime_datelt=2021-01-01')).toEqual(['月底结账提醒']);
    const [first] = expectOk(await t.get(`${MESSAGE}/list?category=1`, bob)).records;
    expect(first).toMatchObject({ categoryName: '通知', statusName: '未读' });
  });

  it('marks several messages read and removes several at once', async () => {
    const bob = await t.tokenOf('msg-bob', 'pw-b');
    const ids = expectOk(await t.get(`${MESSAGE}/list?title=盘点`, bob)).records.map((m: { id: string }) => m.id);
    expectOk(await t.post(`${MESSAGE}/read?ids=${ids.join(',')}`, bob));
    expect(expectOk(await t.get(`${MESSAGE}/list?status=1`, bob)).total).toBe(2);
    expect(expectOk(await t.get(`${MESSAGE}/unread-count`, bob))).toBe(1);
    expectOk(await t.post(`${MESSAGE}/remove?ids=${ids.join(',')}`, bob));
    expect(expectOk(await t.get(`${MESSAGE}/list`, bob)).records.map((m: { content: string }) => m.content)).toEqual([
      '月底结账提醒',
    ]);
  });
});
