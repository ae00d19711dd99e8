import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitStatements } from '../../src/server/db/migrate.ts';
import { menuIdOf } from '../../src/server/db/seed/seed.ts';
import { seedNoticeDemo } from '../../src/server/modules/desk/demo.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/modules/system/demo/organisation.ts';
import { serverFile } from '../../src/server/server-files.ts';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { PNG, upload } from './resource-oss.support.ts';
import { createDept, createRole, createUser } from '../support/factories.ts';

const NOTICE = '/api/blade-desk/notice';
const MESSAGE = '/api/blade-system/message';
const PAST = '2026-01-05 09:00:00';
const READER_CODES = ['desk', 'notice', 'notice_view', 'message', 'message_view', 'message_delete'];

let t: TestApp;
let admin: string;
let sales: string;
let plant: string;
let salesDept: string;
let salesEast: string;
let clerkRole: string;
let ann: string;
let bob: string;
let annId: string;
let bobId: string;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  salesDept = await createDept(t, '000000', '销售部');
  const plantDept = await createDept(t, '000000', '生产部');
  // A sub-department of 销售部 (ancestors: root, 销售部): a notice to 销售部 reaches it.
  salesEast = await createDept(t, '000000', '华东销售', salesDept, `0,${salesDept}`);
  // The seeded `user` role: the desk with 通知公告's four buttons (seed.md §6).
  const reader = SEED.roleUser;
  clerkRole = await createRole(t, '000000', 'notice-clerk', READER_CODES);
  annId = await createUser(t, {
    tenantId: '000000',
    account: 'ann',
    password: 'pw',
    roleId: reader,
    deptId: salesDept,
  });
  bobId = await createUser(t, {
    tenantId: '000000',
    account: 'bob',
    password: 'pw',
    roleId: reader,
    deptId: plantDept,
  });
  ann = await t.tokenOf('ann', 'pw');
  bob = await t.tokenOf('bob', 'pw');
  sales = salesDept;
  plant = plantDept;
});
afterAll(() => t?.stop());

const publish = async (body: Record<string, unknown>) =>
  expectOk(await t.post(`${NOTICE}/submit`, admin, { category: 1, releaseTime: PAST, content: '<p>x</p>', ...body }));
const titlesOf = async (token: string, query = '') =>
  (expectOk(await t.get(`${NOTICE}/list?size=100${query}`, token)).records as Array<{ title: string }>).map(
    (n) => n.title,
  );

describe('notices', () => {
  it('never gives back a script, an event attribute or a javascript: link, and keeps the formatting', async () => {
    const hostile =
      '<h2 onclick="steal()">标题</h2><p><strong>粗</strong><em>斜</em><u>下</u><s>删</s>' +
      '<script>alert(1)</script><img src=x onerror="alert(2)"><img src="https://cdn.example.com/a.png" onerror="x()">' +
      '<a href="javascript:alert(3)">坏</a><a href="https://example.com" onmouseover="x()">好</a>' +
      '<img src="data:image/png;base64,AAAA"><span style="color:red;background:url(javascript:x)">色</span></p>' +
      '<table><tr><td colspan="2">格</td></tr></table><iframe src="https://evil.example"></iframe>';
    const saved = await publish({ title: '净化', content: hostile });
    const { content } = expectOk(await t.get(`${NOTICE}/detail?id=${saved.id}`, admin));
    for (const bad of [
      '<script',
      'alert(1)',
      'onerror',
      'onclick',
      'onmouseover',
      'javascript:',
      'data:',
      'iframe',
      'color',
    ])
      expect(content, bad).not.toContain(bad);
    for (const kept of ['<h2>标题</h2>', '<strong>粗</strong>', '<em>斜</em>', '<u>下</u>', '<s>删</s>', 'colspan="2"'])
      expect(content, kept).toContain(kept);
    // An image from elsewhere goes with the inline ones: only the tenant's object store serves a notice's images.
    expect(content).not.toContain('<img');
    expect(content).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">好</a>');
    // An update is cleaned the same way.
    expectOk(
      await t.post(`${NOTICE}/update`, admin, { ...saved, content: '<p onclick="x()">再</p><script>y()</script>' }),
    );
    expect(expectOk(await t.get(`${NOTICE}/detail?id=${saved.id}`, admin)).content).toBe('<p>再</p>');
  });

  it("keeps images of the tenant's object store only, and their links work for any reader later", async () => {
    const stored = expectOk(
      await upload(t, ann, '/api/blade-resource/oss/endpoint/put-file', PNG, '图.png', 'image/png'),
    );
    expect(stored.link).toMatch(/^\/oss\/000000\/0\/.+\?sign=/);
    const foreign = stored.link.replace('/oss/000000/', '/oss/123456/');
    const saved = await publish({
      title: '带图通知',
      content: `<p>图</p><img src="${stored.link}" onerror="x()"><img src="${foreign}"><img src="https://x.example/a.png">`,
    });
    const { content } = expectOk(await t.get(`${NOTICE}/detail?id=${saved.id}`, bob));
    expect(content).toBe(`<p>图</p><img src="${stored.link}" />`);
    // The lasting link signs a short-lived one on each reading: the image loads without a token.
    const lasting = await t.app.inject({ method: 'GET', url: stored.link });
    expect(lasting.statusCode).toBe(302);
    const image = await t.app.inject({ method: 'GET', url: String(lasting.headers.location) });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('shows a reader the released notices published to his department, his roles or the whole tenant', async () => {
    await publish({ title: '全员通知' });
    await publish({ title: '销售部通知', deptIds: sales });
    await publish({ title: '生产部通知', deptIds: plant });
    await publish({ title: '文员通知', roleIds: clerkRole });
    await publish({ title: '未来通知', releaseTime: '2099-01-01 09:00:00' });
    const annSees = await titlesOf(ann);
    expect(annSees).toEqual(expect.arrayContaining(['全员通知', '销售部通知']));
    for (const hidden of ['生产部通知', '文员通知', '未来通知']) expect(annSees).not.toContain(hidden);
    expect(await titlesOf(bob)).toContain('生产部通知');
    expect(await titlesOf(bob)).not.toContain('销售部通知');
    // The managers see every notice of the tenant, the unreleased too.
    expect(await titlesOf(admin)).toEqual(expect.arrayContaining(['生产部通知', '文员通知', '未来通知']));
    // Out of his audience, the detail is nothing and an id in the feed never appears.
    const other = (await titlesOf(admin, '&title=生产部')).length;
    expect(other).toBe(1);
    const hidden = expectOk(await t.get(`${NOTICE}/list?title=生产部`, admin)).records[0];
    expect((await t.get(`${NOTICE}/detail?id=${hidden.id}`, ann)).json().data).toBeNull();
    const feed = expectOk(await t.get(`${NOTICE}/feed?size=50`, ann));
    expect(feed.records.map((n: { title: string }) => n.title)).not.toContain('生产部通知');
    expect(feed.records.map((n: { title: string }) => n.title)).toContain('销售部通知');
  });

  it('reaches a member of a chosen role in another department', async () => {
    await createUser(t, {
      tenantId: '000000',
      account: 'cleo',
      password: 'pw',
      roleId: clerkRole,
      deptId: plant,
    });
    const cleo = await t.tokenOf('cleo', 'pw');
    expect(await titlesOf(cleo)).toContain('文员通知');
    expect(await titlesOf(ann)).not.toContain('文员通知');
  });

  it('records who read a notice and when, once, and shows read and unread to the reader', async () => {
    const notice = await publish({ title: '回执通知', deptIds: `${sales},${plant}` });
    const before = expectOk(await t.get(`${NOTICE}/feed`, ann));
    expect(before.records.find((n: { id: string }) => n.id === notice.id)).toMatchObject({ read: false });
    const opened = expectOk(await t.get(`${NOTICE}/detail?id=${notice.id}`, ann));
    expect(opened).toMatchObject({ title: '回执通知', read: true, categoryName: '发布通知' });
    expectOk(await t.get(`${NOTICE}/detail?id=${notice.id}`, ann));
    const after = expectOk(await t.get(`${NOTICE}/feed`, ann));
    expect(after.records.find((n: { id: string }) => n.id === notice.id)).toMatchObject({ read: true });
    expect(after.unread).toBe(before.unread - 1);
    const listed = expectOk(await t.get(`${NOTICE}/list?title=回执`, ann)).records;
    expect(listed).toMatchObject([{ id: notice.id, read: true }]);
    expect(expectOk(await t.get(`${NOTICE}/list?title=回执`, bob)).records).toMatchObject([{ read: false }]);

    const receipts = expectOk(await t.get(`${NOTICE}/receipts?id=${notice.id}`, admin));
    expect(receipts).toEqual([{ userId: annId, realName: 'ann', account: 'ann', readTime: expect.any(String) }]);
    expect(receipts[0].readTime <= formatDateTime()).toBe(true);
    expect(expectOk(await t.get(`${NOTICE}/list?title=回执`, admin)).records[0].readCount).toBe(1);
    expectError(await t.get(`${NOTICE}/receipts?id=${notice.id}`, ann), 403);
  });

  it('lets the `user` role publish, and only the author or an administrator change or remove a notice', async () => {
    const mine = expectOk(
      await t.post(`${NOTICE}/submit`, ann, { title: '安的通知', category: 1, releaseTime: PAST, content: '<p>a</p>' }),
    );
    const unreleased = expectOk(
      await t.post(`${NOTICE}/submit`, ann, { title: '安的草稿', category: 1, releaseTime: '2099-01-01 09:00:00' }),
    );
    // The author sees his unreleased notice, the others do not until its release time.
    expect(await titlesOf(ann)).toEqual(expect.arrayContaining(['安的通知', '安的草稿']));
    expect(await titlesOf(bob)).toContain('安的通知');
    expect(await titlesOf(bob)).not.toContain('安的草稿');
    const bobSees = expectOk(await t.get(`${NOTICE}/detail?id=${mine.id}`, bob));
    expect(bobSees.editable).toBe(false);
    expect(expectOk(await t.get(`${NOTICE}/detail?id=${mine.id}`, ann)).editable).toBe(true);
    expect(expectOk(await t.get(`${NOTICE}/detail?id=${mine.id}`, admin)).editable).toBe(true);

    // Another reader may neither change nor remove it, nor read its receipts: a 403 in his language.
    expectError(await t.post(`${NOTICE}/submit`, bob, { ...mine, title: '改' }), 403, '只能修改或删除本人发布的通知');
    const english = await t.post(`${NOTICE}/remove?ids=${mine.id}`, bob, undefined, { 'accept-language': 'en' });
    expectError(english, 403, 'You can only change or remove the notices you published');
    expectError(await t.get(`${NOTICE}/receipts?id=${mine.id}`, bob), 403, '只能修改或删除本人发布的通知');
    // A batch with another's notice removes nothing.
    expectError(await t.post(`${NOTICE}/remove?ids=${unreleased.id},${mine.id}`, bob), 403);
    expect(await titlesOf(ann)).toEqual(expect.arrayContaining(['安的通知', '安的草稿']));

    // The author changes his own and reads its receipts; an administrator changes and removes anyone's.
    expectOk(await t.post(`${NOTICE}/submit`, ann, { ...mine, title: '安的通知(改)' }));
    expect(expectOk(await t.get(`${NOTICE}/receipts?id=${mine.id}`, ann))).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: bobId })]),
    );
    expectOk(await t.post(`${NOTICE}/submit`, admin, { ...unreleased, title: '管理员改过' }));
    expectOk(await t.post(`${NOTICE}/remove?ids=${mine.id}`, admin));
    expectOk(await t.post(`${NOTICE}/remove?ids=${unreleased.id}`, ann));
    expect(await titlesOf(ann)).not.toEqual(expect.arrayContaining(['安的通知(改)']));
    expect(await titlesOf(admin)).not.toContain('管理员改过');
  });

  it('reaches the sub-departments of a chosen department, not the departments above it', async () => {
    await createUser(t, {
      tenantId: '000000',
      account: 'dan',
      password: 'pw',
      roleId: SEED.roleUser,
      deptId: salesEast,
    });
    const dan = await t.tokenOf('dan', 'pw');
    await publish({ title: '销售条线通知', deptIds: sales });
    await publish({ title: '华东销售通知', deptIds: salesEast });
    expect(await titlesOf(dan)).toEqual(expect.arrayContaining(['销售条线通知', '华东销售通知']));
    expect(await titlesOf(ann)).toContain('销售条线通知');
    expect(await titlesOf(ann)).not.toContain('华东销售通知');
    expect(await titlesOf(bob)).not.toContain('销售条线通知');
    const feed = expectOk(await t.get(`${NOTICE}/feed?size=50`, dan));
    expect(feed.records.map((n: { title: string }) => n.title)).toContain('销售条线通知');
  });

  it('gives the notice buttons back to the `user` role of a database seeded before (0068), once', async () => {
    const { db } = t.services;
    const buttons = ['notice_add', 'notice_edit', 'notice_delete'].map((code) => menuIdOf(code));
    const held = async () =>
      (
        await db
          .selectFrom('blade_role_menu')
          .select('menu_id')
          .where('role_id', '=', SEED.roleUser)
          .where('menu_id', 'in', buttons)
          .execute()
      ).length;
    expect(await held()).toBe(3);
    await db
      .deleteFrom('blade_role_menu')
      .where('role_id', '=', SEED.roleUser)
      .where('menu_id', 'in', buttons)
      .execute();
    const migration = readFileSync(serverFile('db', 'migrations', '0068_notice_user_buttons.sql'), 'utf8');
    const apply = async () => {
      for (const statement of splitStatements(migration)) await sql.raw(statement).execute(db);
    };
    await apply();
    expect(await held()).toBe(3);
    await apply();
    expect(await held()).toBe(3);
  });

  it('filters by category, title and release time', async () => {
    await publish({ title: '人事任免', category: 5, releaseTime: '2026-02-10 10:00:00' });
    expect(await titlesOf(admin, '&category=5')).toEqual(['人事任免']);
    const between = await titlesOf(
      admin,
      '&releaseTime_dategt=2026-02-01 00:00:00&releaseTime_datelt=2026-02-28 00:00:00',
    );
    expect(between).toEqual(['人事任免']);
    expectError(await t.post(`${NOTICE}/submit`, admin, { category: 1, releaseTime: PAST }), 400, '请输入通知标题');
  });
});

describe('the demo notices', () => {
  it('reach their audiences once, the picture from the object store, the draft its author only', async () => {
    await seedDemo(t.services.db);
    expect(await seedNoticeDemo(t.services.db, t.services.config)).toEqual(['4 notices']);
    expect(await seedNoticeDemo(t.services.db, t.services.config)).toEqual(['0 notices']);
    const [zhangsan, lisi, wangrs] = await Promise.all(
      ['zhangsan', 'lisi', 'wangrs'].map((account) => t.tokenOf(account, DEMO_PASSWORD)),
    );
    const everyone = ['关于元旦放假安排的通知', '新版费用报销流程'];
    expect(await titlesOf(zhangsan)).toEqual(
      expect.arrayContaining([...everyone, '常州分公司安全生产检查', '年度表彰大会筹备(草稿)']),
    );
    expect(await titlesOf(lisi)).toEqual(expect.arrayContaining([...everyone, '常州分公司安全生产检查']));
    expect(await titlesOf(lisi)).not.toContain('年度表彰大会筹备(草稿)');
    expect(await titlesOf(wangrs)).toEqual(expect.arrayContaining(everyone));
    expect(await titlesOf(wangrs)).not.toContain('常州分公司安全生产检查');
    const [withPicture] = expectOk(await t.get(`${NOTICE}/list?title=新版费用报销`, lisi)).records;
    const { content } = expectOk(await t.get(`${NOTICE}/detail?id=${withPicture.id}`, lisi));
    const src = /<img src="([^"]+)"/.exec(content)?.[1] ?? '';
    const lasting = await t.app.inject({ method: 'GET', url: src.replaceAll('&amp;', '&') });
    expect(lasting.statusCode).toBe(302);
    expect((await t.app.inject({ method: 'GET', url: String(lasting.headers.location) })).statusCode).toBe(200);
  });
});

describe('messages, bulk', () => {
  it('marks read and removes only the caller’s own messages', async () => {
    const send = async (userId: string, content: string) =>
      expectOk(await t.post(`${MESSAGE}/submit`, admin, { userId, content })).id as string;
    const annsA = await send(annId, 'A');
    const annsB = await send(annId, 'B');
    const bobs = await send(bobId, 'C');
    expectOk(await t.post(`${MESSAGE}/read?ids=${annsA},${bobs}`, ann));
    // Another's message in the batch refuses the whole batch: nothing removed.
    expectError(await t.post(`${MESSAGE}/remove?ids=${annsB},${bobs}`, ann), 400, '数据不存在或无权访问');
    expect(expectOk(await t.get(`${MESSAGE}/list`, ann)).total).toBe(2);
    expectOk(await t.post(`${MESSAGE}/remove?ids=${annsB}`, ann));
    const annsNow = expectOk(await t.get(`${MESSAGE}/list`, ann)).records;
    expect(annsNow.map((m: { id: string; status: number }) => [m.id, m.status])).toEqual([[annsA, 1]]);
    const bobsNow = expectOk(await t.get(`${MESSAGE}/list`, bob)).records;
    expect(bobsNow).toMatchObject([{ id: bobs, status: 0 }]);
  });
});
