import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createDataScope, createDept, createRole, createTenant, createUser } from '../support/factories.ts';

const POST = '/api/blade-system/post';
const POST_CODES = ['post', 'post_add', 'post_edit', 'post_delete', 'post_view'];

let t: TestApp;
let admin: string;
let tenantBAdmin: string;
let postA: { id: string };

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await createTenant(t, '200001');
  const roleB = await createRole(t, '200001', 'admin', POST_CODES);
  await createUser(t, { tenantId: '200001', account: 'boss', password: 'pw-b', roleId: roleB });
  tenantBAdmin = await t.tokenOf('boss', 'pw-b', '200001');
  postA = expectOk(
    await t.post(`${POST}/submit`, admin, { category: 2, postCode: 'qa', postName: '质量经理', sort: 9 }),
  );
});
afterAll(() => t?.stop());

const ids = (page: { records: Array<{ id: string }> }) => page.records.map((r) => r.id);

describe('tenant isolation', () => {
  it('fills tenant and audit columns from the token, never from the body', async () => {
    const created = expectOk(
      await t.post(`${POST}/submit`, tenantBAdmin, {
        category: 1,
        postCode: 'gm',
        postName: '总经理',
        sort: 1,
        tenantId: '000000',
        createUser: '1',
      }),
    );
    expect(created.tenantId).toBe('200001');
    expect(created.createUser).not.toBe('1');
    expect(created.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(created.categoryName).toBe('高层');
  });

  it('lists only the caller tenant rows', async () => {
    const pageB = expectOk(await t.get(`${POST}/list?size=100`, tenantBAdmin));
    expect(pageB.records.every((r: { tenantId: string }) => r.tenantId === '200001')).toBe(true);
    expect(ids(pageB)).not.toContain(postA.id);
    const pageA = expectOk(await t.get(`${POST}/list?size=100`, admin));
    expect(pageA.total).toBe(9);
  });

  it('refuses a tenant-B administrator reading, changing or deleting a tenant-A row by id', async () => {
    expect((await t.get(`${POST}/detail?id=${postA.id}`, tenantBAdmin)).json()).toMatchObject({
      code: 200,
      data: null,
    });
    expectError(
      await t.post(`${POST}/submit`, tenantBAdmin, { id: postA.id, postName: '被篡改' }),
      400,
      '数据不存在或无权访问',
    );
    expectError(await t.post(`${POST}/remove?ids=${postA.id}`, tenantBAdmin), 400, '数据不存在或无权访问');
    const stillThere = expectOk(await t.get(`${POST}/detail?id=${postA.id}`, admin));
    expect(stillThere.postName).toBe('质量经理');
  });

  it('lets only the super tenant pick another tenant in post/select', async () => {
    const own = expectOk(await t.get(`${POST}/select?tenantId=000000`, tenantBAdmin));
    expect(own.every((p: { tenantId: string }) => p.tenantId === '200001')).toBe(true);
    const other = expectOk(await t.get(`${POST}/select?tenantId=200001`, admin));
    expect(other.map((p: { postCode: string }) => p.postCode)).toEqual(['gm']);
  });

  it('deletes nothing when one of several ids is not visible', async () => {
    const mine = expectOk(
      await t.post(`${POST}/submit`, tenantBAdmin, { category: 3, postCode: 'op', postName: '操作员', sort: 2 }),
    );
    expectError(await t.post(`${POST}/remove?ids=${mine.id},${postA.id}`, tenantBAdmin), 400);
    expect(expectOk(await t.get(`${POST}/detail?id=${mine.id}`, tenantBAdmin))).not.toBeNull();
  });
});

describe('list queries', () => {
  it('matches exactly on a bare key of an entity-style list, LIKE on postName, and honours suffixes', async () => {
    expect(expectOk(await t.get(`${POST}/list?category=2`, admin)).total).toBe(3);
    expect(expectOk(await t.get(`${POST}/list?postName=经理`, admin)).total).toBe(3);
    expect(expectOk(await t.get(`${POST}/list?postCode_like=c`, admin)).total).toBe(5);
    // Letters match in either case (ilike); text without case (Chinese) goes through like, with the same rows.
    expect(expectOk(await t.get(`${POST}/list?postCode_like=C`, admin)).total).toBe(5);
    expect(expectOk(await t.get(`${POST}/list?postName_notlike=经理`, admin)).total).toBe(
      expectOk(await t.get(`${POST}/list`, admin)).total - 3,
    );
    expect(expectOk(await t.get(`${POST}/list?postCode_notequal=ceo&category_equal=1`, admin)).total).toBe(4);
    expect(expectOk(await t.get(`${POST}/list?sort_ge=8`, admin)).total).toBe(2);
    expect(expectOk(await t.get(`${POST}/list?createTime_dategt=2020-01-01 00:00:00`, admin)).total).toBe(1);
    expect(
      expectOk(
        await t.get(`${POST}/list?createTime_datelt=2020-01-01 00:00:00&createTime_dategt=2018-01-01 00:00:00`, admin),
      ).total,
    ).toBe(8);
    // LIKE metacharacters in a value are literal
    expect(expectOk(await t.get(`${POST}/list?postName=%25`, admin)).total).toBe(0);
  });

  it('ignores keys that name no field and reads sorts by column or field name', async () => {
    expect(expectOk(await t.get(`${POST}/list?nonsense=1&_t=123`, admin)).total).toBe(9);
    const byCode = expectOk(await t.get(`${POST}/list?ascs=post_code&size=3`, admin));
    expect(byCode.records.map((r: { postCode: string }) => r.postCode)).toEqual(['ceo', 'cfo', 'cio']);
    const bySort = expectOk(await t.get(`${POST}/list?descs=sort&size=1`, admin));
    expect(bySort.records[0].postCode).toBe('qa');
  });

  it('answers malformed paging and filters with 400 and a clear message', async () => {
    expectError(await t.get(`${POST}/list?current=abc`, admin), 400, '页码须为正整数');
    expectError(await t.get(`${POST}/list?size=0`, admin), 400, /每页条数/);
    expectError(await t.get(`${POST}/list?size=5000`, admin), 400, /每页条数/);
    // A page past the first 100,000 rows (OFFSET would read them all): the last one allowed, then the first refused.
    expectOk(await t.get(`${POST}/list?current=1000&size=100`, admin));
    expectError(
      await t.get(`${POST}/list?current=1001&size=100`, admin),
      400,
      '只能翻阅前 100000 条数据,请增加查询条件',
    );
    expectError(await t.get(`/api/blade-flow/work/todo-list?current=100001&size=1`, admin), 400, /只能翻阅前/);
    expectError(await t.get(`${POST}/list?category=abc`, admin), 400, '请求参数类型错误: category');
    expectError(
      await t.get(`${POST}/list?createTime_dategt=yesterday`, admin),
      400,
      '请求参数类型错误: createTime_dategt',
    );
    expectError(await t.get(`${POST}/list?ascs=1;drop table blade_post`, admin), 400, /排序字段不存在/);
    expectError(await t.get(`${POST}/detail?id=1 or 1=1`, admin), 400, '请求参数类型错误: id');
  });

  it('validates types and lengths on submit and writes nothing', async () => {
    expectError(
      await t.post(`${POST}/submit`, admin, { category: 'x', postCode: 'a', postName: 'b', sort: 1 }),
      400,
      '岗位类型格式不正确',
    );
    expectError(
      await t.post(`${POST}/submit`, admin, { category: 1, postCode: 'abcdefghijklm', postName: 'b', sort: 1 }),
      400,
      '岗位编号长度不能超过12',
    );
    expectError(
      await t.post(`${POST}/submit`, admin, { category: 1, postCode: 'ceo', postName: 'b', sort: 1 }),
      400,
      '岗位编号已存在',
    );
    expectError(await t.post(`${POST}/submit`, admin, [1, 2]), 400, '消息不能读取');
    expectError(await t.post(`${POST}/remove`, admin), 400, '请选择至少一条数据');
    expectError(await t.post(`${POST}/remove?ids=abc`, admin), 400, '请求参数类型错误: ids');
    expect(expectOk(await t.get(`${POST}/list`, admin)).total).toBe(9);
  });
});

describe('permissions and data scopes', () => {
  it('refuses a role without the code with 403, and allows it with the code', async () => {
    const viewer = await createRole(t, '000000', 'viewer', ['post']);
    await createUser(t, {
      tenantId: '000000',
      account: 'viewer',
      password: 'pw-v',
      roleId: viewer,
      deptId: SEED.deptRoot,
    });
    const token = await t.tokenOf('viewer', 'pw-v');
    expectOk(await t.get(`${POST}/list`, token));
    expectError(
      await t.post(`${POST}/submit`, token, { category: 1, postCode: 'x1', postName: 'x', sort: 1 }),
      403,
      '请求被拒绝,缺少权限: post_add',
    );
    expectError(
      await t.post(`${POST}/submit`, token, { id: postA.id, postName: 'x' }),
      403,
      '请求被拒绝,缺少权限: post_edit',
    );
    expectError(await t.post(`${POST}/remove?ids=${postA.id}`, token), 403, '请求被拒绝,缺少权限: post_delete');
    expectError(await t.get('/api/blade-system/param/list', token), 403);
  });

  it('shows a role with the "own" scope only the rows it created, and "own dept" the rows of its dept', async () => {
    const deptX = await createDept(t, '000000', '质量部', SEED.deptRoot, `0,${SEED.deptRoot}`);
    const own = await createDataScope(t, 'post', 2, 'create_user');
    const ownDept = await createDataScope(t, 'post', 3, 'create_dept');
    const ownRole = await createRole(t, '000000', 'own-poster', POST_CODES, [own]);
    const deptRole = await createRole(t, '000000', 'dept-poster', POST_CODES, [ownDept]);
    await createUser(t, { tenantId: '000000', account: 'own1', password: 'pw', roleId: ownRole, deptId: deptX });
    await createUser(t, { tenantId: '000000', account: 'dept1', password: 'pw', roleId: deptRole, deptId: deptX });
    const ownToken = await t.tokenOf('own1', 'pw');
    const deptToken = await t.tokenOf('dept1', 'pw');
    expect(expectOk(await t.get(`${POST}/list`, ownToken)).total).toBe(0);
    const mine = expectOk(
      await t.post(`${POST}/submit`, ownToken, { category: 4, postCode: 'own1', postName: '自建', sort: 20 }),
    );
    expect(ids(expectOk(await t.get(`${POST}/list`, ownToken)))).toEqual([mine.id]);
    expect(ids(expectOk(await t.get(`${POST}/list`, deptToken)))).toEqual([mine.id]);
    // a seed row (created by admin in the root dept) is neither own nor in dept X
    expectError(await t.post(`${POST}/submit`, ownToken, { id: postA.id, postName: 'x' }), 400, '数据不存在或无权访问');
    // the administrator is never filtered
    expect(expectOk(await t.get(`${POST}/list?size=100`, admin)).total).toBe(10);
  });
});
