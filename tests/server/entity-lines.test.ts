import type { DynamicDb } from '../../src/server/db/connect.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createDept, createTenant } from '../support/factories.ts';
import { createDocumentTables, DOCUMENT_ENTITIES } from '../support/document-fixture.ts';

const DOC = '/api/blade-desk/test-doc';
const POST = '/api/blade-system/post';

let t: TestApp;
let admin: string;
let dept: string;
let ceo: string;
let clerk: string;
let foreignPost: string;

const liveLines = async (docId: string) =>
  (
    await (t.services.db as DynamicDb)
      .selectFrom('test_doc_line')
      .select(['id', 'is_deleted'])
      .where('doc_id', '=', docId)
      .execute()
  ).filter((l) => Number(l.is_deleted) === 0).length;

beforeAll(async () => {
  t = await startApp({}, undefined, { entities: DOCUMENT_ENTITIES });
  await createDocumentTables(t);
  admin = await t.tokenOf();
  dept = await createDept(t, '000000', '仓储部');
  ceo = expectOk(await t.post(`${POST}/submit`, admin, { category: 1, postCode: 'wh1', postName: '仓管', sort: 1 })).id;
  clerk = expectOk(
    await t.post(`${POST}/submit`, admin, { category: 1, postCode: 'wh2', postName: '记账员', sort: 2 }),
  ).id;
  await createTenant(t, '300001');
  foreignPost = nextId();
  await t.services.db
    .insertInto('blade_post')
    .values({
      id: foreignPost,
      tenant_id: '300001',
      category: 1,
      post_code: 'x',
      post_name: '别家岗位',
      sort: 1,
      is_deleted: 0,
    })
    .execute();
});
afterAll(() => t?.stop());

describe('a document with lines', () => {
  it('saves header and lines in one call and returns them together, names joined', async () => {
    const saved = expectOk(
      await t.post(`${DOC}/submit`, admin, {
        docNo: 'D-1',
        deptId: dept,
        handlerId: SEED.userAdmin,
        items: [
          { postId: ceo, qty: '2', sort: 1 },
          { postId: clerk, qty: 3.5, sort: 2 },
        ],
      }),
    );
    expect(saved).toMatchObject({ docNo: 'D-1', deptName: '仓储部', handlerName: '管理员' });
    expect(saved.items.map((l: { postName: string; qty: number }) => [l.postName, l.qty])).toEqual([
      ['仓管', 2],
      ['记账员', 3.5],
    ]);
    const detail = expectOk(await t.get(`${DOC}/detail?id=${saved.id}`, admin));
    expect(detail.items).toHaveLength(2);
    expect(detail.items[0]).toMatchObject({ docId: saved.id, postId: ceo, postName: '仓管' });
    const page = expectOk(await t.get(`${DOC}/list?docNo=D-1`, admin));
    expect(page.records[0]).toMatchObject({
      deptId: dept,
      deptName: '仓储部',
      handlerId: SEED.userAdmin,
      handlerName: '管理员',
    });
  });

  it('refuses a bad line with its number in the caller language, and saves nothing', async () => {
    const before = (await (t.services.db as DynamicDb).selectFrom('test_doc').select('id').execute()).length;
    const body = { docNo: 'D-2', items: [{ postId: ceo, qty: 1 }, { postId: ceo }] };
    expectError(await t.post(`${DOC}/submit`, admin, body), 400, '第2行: 请输入数量');
    expectError(
      await t.post(`${DOC}/submit`, admin, body, { 'accept-language': 'en' }),
      400,
      'Line 2: Please enter quantity',
    );
    expectError(await t.post(`${DOC}/submit`, admin, { docNo: 'D-2', items: [{ qty: 1 }] }), 400, '第1行: 请选择岗位');
    expect((await (t.services.db as DynamicDb).selectFrom('test_doc').select('id').execute()).length).toBe(before);
    expect(
      await (t.services.db as DynamicDb).selectFrom('test_doc_line').select('id').where('qty', '=', '1').execute(),
    ).toHaveLength(0);
  });

  it('updates kept lines, inserts new ones and deletes the lines left out', async () => {
    const doc = expectOk(
      await t.post(`${DOC}/submit`, admin, {
        docNo: 'D-3',
        items: [
          { postId: ceo, qty: 1, sort: 1 },
          { postId: clerk, qty: 2, sort: 2 },
        ],
      }),
    );
    const [first] = doc.items;
    const edited = expectOk(
      await t.post(`${DOC}/submit`, admin, {
        id: doc.id,
        items: [
          { id: first.id, qty: 9 },
          { postId: clerk, qty: 4, sort: 3 },
        ],
      }),
    );
    expect(edited.items.map((l: { id: string; qty: number }) => l.qty)).toEqual([9, 4]);
    expect(edited.items[0].id).toBe(first.id);
    expect(await liveLines(doc.id)).toBe(2);
    // A header edit without the array leaves the lines alone.
    expectOk(await t.post(`${DOC}/submit`, admin, { id: doc.id, docNo: 'D-3b' }));
    expect(await liveLines(doc.id)).toBe(2);
    expectOk(await t.post(`${DOC}/submit`, admin, { id: doc.id, items: [] }));
    expect(await liveLines(doc.id)).toBe(0);
  });

  it('refuses a line id of another document', async () => {
    const a = expectOk(await t.post(`${DOC}/submit`, admin, { docNo: 'D-4', items: [{ postId: ceo, qty: 1 }] }));
    const b = expectOk(await t.post(`${DOC}/submit`, admin, { docNo: 'D-5', items: [] }));
    expectError(
      await t.post(`${DOC}/submit`, admin, { id: b.id, items: [{ id: a.items[0].id, postId: ceo, qty: 1 }] }),
      400,
      '第1行: 数据不存在或无权访问',
    );
    expect(await liveLines(a.id)).toBe(1);
  });

  it('removes the lines with their document', async () => {
    const doc = expectOk(await t.post(`${DOC}/submit`, admin, { docNo: 'D-6', items: [{ postId: ceo, qty: 1 }] }));
    expectOk(await t.post(`${DOC}/remove?ids=${doc.id}`, admin));
    expect(await liveLines(doc.id)).toBe(0);
  });
});

describe('references', () => {
  it("refuses another tenant's row, on the header and on a line", async () => {
    const foreignDept = await createDept(t, '300001', '别家部门');
    expectError(
      await t.post(`${DOC}/submit`, admin, { docNo: 'D-7', deptId: foreignDept }),
      400,
      '所属部门不存在或无权访问',
    );
    expectError(
      await t.post(`${DOC}/submit`, admin, { docNo: 'D-7', items: [{ postId: foreignPost, qty: 1 }] }),
      400,
      '第1行: 岗位不存在或无权访问',
    );
    expectError(
      await t.post(`${DOC}/submit`, admin, { docNo: 'D-7', deptId: foreignDept }, { 'accept-language': 'en' }),
      400,
      'Department: the record does not exist or is not accessible',
    );
  });

  it('refuses deleting a row that live rows point at, until they are gone', async () => {
    const post = expectOk(
      await t.post(`${POST}/submit`, admin, { category: 1, postCode: 'wh9', postName: '临时岗', sort: 9 }),
    );
    const used = await createDept(t, '000000', '临时部');
    const doc = expectOk(
      await t.post(`${DOC}/submit`, admin, { docNo: 'D-8', deptId: used, items: [{ postId: post.id, qty: 1 }] }),
    );
    expectError(await t.post(`${POST}/remove?ids=${post.id}`, admin), 400, '已被测试单据明细引用，不能删除');
    expectError(
      await t.post('/api/blade-system/dept/remove?ids=' + used, admin, undefined, { 'accept-language': 'en' }),
      400,
      'It is referenced by Test document and cannot be deleted',
    );
    expectOk(await t.post(`${DOC}/remove?ids=${doc.id}`, admin));
    expectOk(await t.post(`${POST}/remove?ids=${post.id}`, admin));
    expectOk(await t.post(`/api/blade-system/dept/remove?ids=${used}`, admin));
  });

  it('serves a picker search per entity: keyword, paging, own tenant only, ids', async () => {
    const found = expectOk(await t.get(`${POST}/picker?keyword=${encodeURIComponent('仓')}`, admin));
    expect(found.records).toEqual([{ id: ceo, title: '仓管' }]);
    const all = expectOk(await t.get(`${POST}/picker?size=1&current=2`, admin));
    expect(all).toMatchObject({ size: 1, current: 2 });
    expect(all.total).toBeGreaterThan(2);
    const everyTitle = expectOk(await t.get(`${POST}/picker?size=100`, admin)).records.map(
      (r: { title: string }) => r.title,
    );
    expect(everyTitle).not.toContain('别家岗位');
    expect(expectOk(await t.get(`${POST}/picker?ids=${clerk},${foreignPost}`, admin)).records).toEqual([
      { id: clerk, title: '记账员' },
    ]);
    const depts = expectOk(await t.get(`/api/blade-system/dept/picker?keyword=${encodeURIComponent('仓储')}`, admin));
    expect(depts.records).toEqual([{ id: dept, title: '仓储部', parentId: '0' }]);
  });
});
