import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/server/db/seed/seed.ts';
import { MODULES } from '../../src/server/modules/index.ts';
import { seedFinanceDemo } from '../../src/server/modules/finance/demo/subjects.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createTenant } from '../support/factories.ts';

/** Issue 14: the chart of accounts (domain/finance.md subject), a tree by code, over HTTP. */
const SUBJECT = '/api/blade-system/subject';
type Row = Record<string, unknown> & { id: string };
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
}, 60_000);
afterAll(() => t?.stop());

const add = (body: Record<string, unknown>) =>
  t.post(`${SUBJECT}/submit`, admin, { subjectName: '科目', subjectCategory: '1', ...body });
const byCode = async (code: string): Promise<Row> => {
  const page = expectOk(await t.get(`${SUBJECT}/page?subjectCode=${code}&size=100`, admin)) as { records: Row[] };
  return page.records.find((r) => r.subjectCode === code)!;
};

describe('subject', () => {
  it('starts every tenant with the first-level chart of China Accounting Standards', async () => {
    const tree = expectOk(await t.get(`${SUBJECT}/list`, admin)) as Row[];
    expect(tree.map((r) => r.subjectCode)).toEqual([
      '1001', '1002', '1122', '1123', '1221', '1403', '1405', '1601', '1602', '2202', '2211', '2221', '4001', '4103',
      '4104', '5001', '5101', '6001', '6051', '6401', '6403', '6601', '6602', '6603', '6604', '6801',
    ]); // prettier-ignore
    const pick = (code: string) => tree.find((r) => r.subjectCode === code)!;
    expect(pick('1002')).toMatchObject({
      subjectName: '银行存款',
      level: 1,
      fullName: '银行存款',
      subjectCategoryName: '资产',
      balanceDirectionName: '借',
      isLeaf: 1,
      isCash: 1,
    });
    expect(pick('2202')).toMatchObject({ subjectCategory: '2', balanceDirection: '2', isCash: 0 });
    expect(pick('6001')).toMatchObject({ subjectCategory: '6', balanceDirection: '2' });
    expect(pick('6602')).toMatchObject({ subjectCategory: '6', balanceDirection: '1' });
  });

  it('places an account under the code without its last two digits, with its full name and level', async () => {
    const admin6602 = await byCode('6602');
    // The body's parent and category are not taken: the code decides.
    const office = expectOk(
      await add({ subjectCode: '660201', subjectName: '办公费', parentId: '0', subjectCategory: '1' }),
    ) as Row;
    expect(office).toMatchObject({
      parentId: admin6602.id,
      parentCode: '6602',
      level: 2,
      fullName: '管理费用-办公费',
      subjectCategory: '6',
      balanceDirection: '1',
      isLeaf: 1,
      isCash: 0,
    });
    const paper = expectOk(await add({ subjectCode: '66020101', subjectName: '纸张' })) as Row;
    expect(paper).toMatchObject({ parentCode: '660201', level: 3, fullName: '管理费用-办公费-纸张' });
    expect(await byCode('6602')).toMatchObject({ isLeaf: 0 });
    expect(await byCode('660201')).toMatchObject({ isLeaf: 0 });
    // Auxiliary dimensions: a list of the tenant's aux_type keys.
    const receivable = expectOk(
      await add({ subjectCode: '112201', subjectName: '国内客户', auxTypes: 'customer, project' }),
    ) as Row;
    expect(receivable).toMatchObject({ auxTypes: 'customer,project', auxTypesName: '客户,项目' });
    expectError(
      await add({ subjectCode: '112202', subjectName: '海外客户', auxTypes: 'customer,planet' }),
      400,
      '请选择辅助核算',
    );
    // Income accounts under 60xx keep the credit side.
    expect(expectOk(await add({ subjectCode: '600101', subjectName: '产品销售收入' }))).toMatchObject({
      balanceDirection: '2',
    });
  });

  it('refuses a malformed code, a missing parent and a code in use, writing nothing', async () => {
    const count = async () => (expectOk(await t.get(`${SUBJECT}/page?size=200`, admin)) as { total: number }).total;
    const before = await count();
    expectError(await add({ subjectCode: '66021' }), 400, '科目代码须为数字：一级4位，以下每级2位');
    expectError(await add({ subjectCode: '66A2' }), 400, '科目代码须为数字：一级4位，以下每级2位');
    expectError(await add({ subjectCode: '669901' }), 400, '上级科目不存在');
    expectError(await add({ subjectCode: '1002' }), 400, '科目代码已存在');
    expect(await count()).toBe(before);
  });

  it('keeps the code, follows a rename down the tree and refuses deleting an account with children', async () => {
    const office = await byCode('660201');
    const renamed = expectOk(
      await t.post(`${SUBJECT}/submit`, admin, { ...office, subjectCode: '660299', subjectName: '办公用品' }),
    ) as Row;
    expect(renamed).toMatchObject({ subjectCode: '660201', fullName: '管理费用-办公用品' });
    expect(await byCode('66020101')).toMatchObject({ fullName: '管理费用-办公用品-纸张' });
    const paper = await byCode('66020101');
    expectError(await t.post(`${SUBJECT}/remove?ids=${office.id}`, admin), 400, '科目已被使用，不能删除');
    expectOk(await t.post(`${SUBJECT}/remove?ids=${paper.id}`, admin));
    expect(await byCode('660201')).toMatchObject({ isLeaf: 1 });
  });

  it('finds an account in the picker by its code as well as by its name (issue 31)', async () => {
    const titles = async (keyword: string) =>
      (
        expectOk(await t.get(`${SUBJECT}/picker?keyword=${encodeURIComponent(keyword)}&size=50`, admin))
          .records as Row[]
      ).map((r) => r.title);
    expect(await titles('6602')).toContain('管理费用');
    expect(await titles('管理费')).toContain('管理费用');
    expect(await titles('6602')).not.toContain('销售费用');
    // The picker tree's nodes carry the code as their value: the forms show and search it beside the name.
    const tree = expectOk(await t.get(`${SUBJECT}/tree`, admin)) as Array<{ value: string; title: string }>;
    expect(tree.find((node) => node.value === '6602')).toMatchObject({ title: '管理费用' });
  });

  it('hides disabled accounts from the picker tree', async () => {
    const office = await byCode('660201');
    expectOk(await t.post(`${SUBJECT}/submit`, admin, { ...office, status: 2 }));
    const nodes = JSON.stringify(expectOk(await t.get(`${SUBJECT}/tree`, admin)));
    expect(nodes).toContain('管理费用');
    expect(nodes).not.toContain('办公用品');
  });

  it('is given to a new tenant, and to a tenant without accounts on the next start, never twice', async () => {
    const tenant = expectOk(
      await t.post('/api/blade-system/tenant/submit', admin, {
        tenantName: '科目租户',
        linkman: '王',
        contactNumber: '13800000000',
      }),
    );
    const boss = await t.tokenOf('admin', 'admin', tenant.tenantId);
    expect((expectOk(await t.get(`${SUBJECT}/list`, boss)) as Row[]).length).toBe(26);
    await createTenant(t, '567890');
    await seed(t.services.db, MODULES);
    await seed(t.services.db, MODULES);
    const rows = await t.services.db
      .selectFrom('erp_subject')
      .select('subject_code')
      .where('tenant_id', '=', '567890')
      .execute();
    expect(rows).toHaveLength(26);
  });

  it('adds second-level accounts in the demo, once', async () => {
    const [added] = await seedFinanceDemo(t.services.db);
    expect(added).toMatch(/^\d+ second-level accounts$/);
    expect(Number(added.split(' ')[0])).toBeGreaterThan(20);
    expect(await seedFinanceDemo(t.services.db)).toEqual(['0 second-level accounts']);
    expect(await byCode('660203')).toMatchObject({ fullName: '管理费用-差旅费', level: 2, isLeaf: 1 });
    expect(await byCode('1002')).toMatchObject({ isLeaf: 0 });
    expect(await byCode('100201')).toMatchObject({ isCash: 1, balanceDirection: '1' });
  });
});
