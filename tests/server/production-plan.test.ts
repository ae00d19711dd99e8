import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createUser, crudCodes } from '../support/factories.ts';

/** 生产计划 (domain/production.md § prodplane) over HTTP: the product row, its status machine, the dimension search. */
const API = '/api/blade-system/prodplane';
let t: TestApp;
let admin: string;
/** Holds prodplane's add/edit/delete but not `prodplane_release`. */
let planner: string;

const months = (prefix: string, values: number[]) =>
  Object.fromEntries(values.map((value, i) => [`${prefix}${i + 1}`, value]));

const PLAN = {
  year: 2026,
  orgId: '1010',
  customerName: '上汽大众',
  project: 'ID.4 前门',
  productNo: 'P-100',
  productName: '前门内板',
  unit: '件',
};

const save = async (token: string, body: Record<string, unknown>) =>
  expectOk(await t.post(`${API}/submit`, token, body));
const list = async (query: string) => expectOk(await t.get(`${API}/list?${query}`, admin));

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  const { seedDemoCompanies } = await import('../../src/server/modules/system/demo/organisation.ts');
  await seedDemoCompanies(t.services.db);
  const roleId = await createRole(t, '000000', 'planner', crudCodes('prodplane'));
  await createUser(t, { tenantId: '000000', account: 'planner', password: 'pw', roleId });
  planner = await t.tokenOf('planner', 'pw');
}, 60_000);
afterAll(() => t?.stop());

describe('production plan rows', () => {
  it('are saved with months defaulting to 0, blank months as 0, stored totals and the attainment on read', async () => {
    const saved = await save(admin, { ...PLAN, ...months('amount', [100, 200.5]), amount3: '', actual1: 90 });
    expect(saved).toMatchObject({
      year: 2026,
      orgName: '常州布雷德',
      planStatus: '0',
      planStatusName: '草稿',
      amount1: 100,
      amount3: 0,
      amount12: 0,
      actual1: 90,
      totalAmount: 300.5,
      totalActual: 90,
      totalFinish: 0.2995,
    });
    const row = (await list('productNo=P-100')).records[0];
    expect(row).toMatchObject({ id: saved.id, totalAmount: 300.5, totalFinish: 0.2995 });
    // Derived values are the server's: totals sent are ignored and worked out again.
    const edited = await save(admin, { id: saved.id, amount2: 0, totalAmount: 9999, totalFinish: 1 });
    expect(edited).toMatchObject({ totalAmount: 100, totalActual: 90, totalFinish: 0.9 });
  });

  it('have no attainment without a plan (the zero-budget rule)', async () => {
    const saved = await save(admin, { ...PLAN, productNo: 'P-ZERO', actual1: 5 });
    expect(saved).toMatchObject({ totalAmount: 0, totalActual: 5, totalFinish: null });
  });

  it('refuse what the domain file refuses, each with its message', async () => {
    const bad = async (body: Record<string, unknown>, message: string) =>
      expectError(await t.post(`${API}/submit`, admin, { ...PLAN, productNo: 'P-BAD', ...body }), 400, message);
    await bad({ productNo: 'P-100' }, '该公司本年度已存在此零件号');
    await bad({ orgId: '' }, '请输入公司');
    await bad({ orgId: '9999' }, '公司不存在');
    await bad({ project: '' }, '请输入项目');
    await bad({ productNo: '' }, '请输入产品零件号');
    await bad({ productName: '' }, '请输入产品名称');
    await bad({ unit: '' }, '请输入单位');
    await bad({ amount4: -1 }, '4月计划不能小于0');
    await bad({ planStatus: '7' }, '请选择计划状态');
    // The same part number in another company or year is another plan.
    await save(admin, { ...PLAN, orgId: '1020' });
    await save(admin, { ...PLAN, year: 2027 });
  });
});

describe('the plan status', () => {
  let id: string;
  beforeAll(async () => {
    id = (await save(planner, { ...PLAN, productNo: 'P-FLOW', ...months('amount', [10, 10, 10]) })).id;
  });

  it('is released and taken back only with prodplane_release', async () => {
    const noRight = '请求被拒绝,缺少权限: prodplane_release';
    expectError(await t.post(`${API}/submit`, planner, { id, planStatus: '1' }), 403, noRight);
    // A new plan starts as a draft.
    expectError(
      await t.post(`${API}/submit`, admin, { ...PLAN, productNo: 'P-NEW', planStatus: '1' }),
      400,
      '新记录的计划状态不能是“已下达”',
    );
    expectError(await t.post(`${API}/submit`, admin, { id, planStatus: '2' }), 400, '计划状态不能从“草稿”变为“已关闭”');
    expect(await save(admin, { id, planStatus: '1' })).toMatchObject({ planStatus: '1', planStatusName: '已下达' });
    expectError(await t.post(`${API}/submit`, planner, { id, planStatus: '0' }), 403, noRight);
    expect(await save(admin, { id, planStatus: '0', amount1: 20 })).toMatchObject({ planStatus: '0', totalAmount: 40 });
    await save(admin, { id, planStatus: '1' });
  });

  it('keeps a released plan to its actuals and remarks', async () => {
    const message = '已下达的计划只能修改实际数量和备注';
    expectError(await t.post(`${API}/submit`, planner, { id, amount1: 21 }), 400, message);
    expectError(await t.post(`${API}/submit`, planner, { id, productName: '改名' }), 400, message);
    expectError(await t.post(`${API}/submit`, planner, { id, year: 2025 }), 400, message);
    const row = await save(planner, { id, ...months('actual', [19, 22]), remark: '二月加班' });
    expect(row).toMatchObject({ totalAmount: 40, totalActual: 41, totalFinish: 1.025, remark: '二月加班' });
    // The whole row sent back unchanged (what the edit dialog does) passes.
    const { id: _id, ...unchanged } = row;
    expect(await save(planner, { id, ...unchanged, actual3: 8 })).toMatchObject({ totalActual: 49 });
  });

  it('closes a released plan for good: nothing changes and it cannot be deleted', async () => {
    expect(await save(planner, { id, planStatus: '2' })).toMatchObject({ planStatusName: '已关闭' });
    expectError(await t.post(`${API}/submit`, admin, { id, actual4: 1 }), 400, '已关闭的计划不能修改');
    expectError(
      await t.post(`${API}/submit`, admin, { id, planStatus: '1' }),
      400,
      '计划状态不能从“已关闭”变为“已下达”',
    );
    const draft = await save(admin, { ...PLAN, productNo: 'P-DRAFT' });
    expectError(await t.post(`${API}/remove?ids=${draft.id},${id}`, admin), 400, '已关闭的计划不能删除');
    expect((await list('productNo=P-DRAFT')).total).toBe(1);
    expectOk(await t.post(`${API}/remove?ids=${draft.id}`, admin));
    expect((await list('productNo=P-DRAFT')).total).toBe(0);
  });
});

describe('the dimension search', () => {
  beforeAll(async () => {
    await save(admin, {
      ...PLAN,
      year: 2025,
      orgId: '1020',
      customerName: '一汽大众',
      project: '探岳 后盖',
      productNo: 'S-200',
      productName: '后盖外板',
      ...months('amount', [10, 20, 30, 40]),
      ...months('actual', [10, 25, 0, 0]),
    });
    await save(admin, { ...PLAN, year: 2025, productNo: 'S-300', productName: '侧围', customerName: '', project: 'X' });
  });
  const numbers = async (query: string) =>
    ((await list(`year_equal=2025&${query}`)).records as Array<{ productNo: string }>).map((r) => r.productNo).sort();

  it('finds rows by customer, project, product and factory', async () => {
    expect(await numbers('searchType=1&searchContent=一汽')).toEqual(['S-200']);
    expect(await numbers('searchType=1&searchContent=大众')).toEqual(['S-200']);
    expect(await numbers('searchType=2&searchContent=%20后盖%20')).toEqual(['S-200']);
    expect(await numbers('searchType=3&searchContent=S-3')).toEqual(['S-300']);
    expect(await numbers('searchType=3&searchContent=外板')).toEqual(['S-200']);
    expect(await numbers('searchType=4&searchContent=苏州')).toEqual(['S-200']);
    expect(await numbers('searchType=4&searchContent=1010')).toEqual(['S-300']);
    expect(await numbers('searchType=4&searchContent=无此工厂')).toEqual([]);
    // The type is ignored without content; a pattern character is a character.
    expect(await numbers('searchType=1&searchContent=')).toEqual(['S-200', 'S-300']);
    expect(await numbers('searchType=3&searchContent=%25')).toEqual([]);
    expect(await numbers('orgId_equal=1010&planStatus_equal=0')).toEqual(['S-300']);
    expectError(await t.get(`${API}/list?searchType=9&searchContent=x`, admin), 400, '请求参数类型错误: searchType');
  });

  it('with a month range sets the year and totals the months of the range', async () => {
    const page = await list('year_equal=2026&searchMonth=2025-02,2025-03&searchType=3&searchContent=S-200');
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({
      amount1: 10,
      amount4: 40,
      totalAmount: 50,
      totalActual: 25,
      totalFinish: 0.5,
    });
    const month = (await list('searchMonth=2025-04,2025-04&productNo=S-200')).records[0];
    expect(month).toMatchObject({ totalAmount: 40, totalActual: 0, totalFinish: 0 });
    // Stored full-year values are unchanged.
    expect((await list('year_equal=2025&productNo=S-200')).records[0]).toMatchObject({
      totalAmount: 100,
      totalActual: 35,
    });
    expectError(await t.get(`${API}/list?searchMonth=2025-11,2026-01`, admin), 400, '月份区间不能跨年');
    expectError(await t.get(`${API}/list?searchMonth=2025-05,2025-01`, admin), 400, '开始月份不能晚于结束月份');
    expectError(await t.get(`${API}/list?searchMonth=2025-13,2025-14`, admin), 400, '请求参数类型错误: searchMonth');
  });
});

describe('the production plan demo', () => {
  it('plans 2026 for the finished parts of both companies once, with actuals up to this month', async () => {
    const { seedMasterdataDemo } = await import('../../src/server/modules/masterdata/demo/partners-and-staff.ts');
    const { seedDemoPlan } = await import('../../src/server/modules/production/demo/plans.ts');
    await seedMasterdataDemo(t.services.db);
    expect(await seedDemoPlan(t.services.db)).toEqual(['48 production plans of 2026']);
    expect(await seedDemoPlan(t.services.db)).toEqual([]);
    const rows = (await list('year_equal=2026&size=100&searchType=3&searchContent=FG-')).records as Array<
      Record<string, unknown>
    >;
    expect(rows).toHaveLength(48);
    expect(new Set(rows.map((r) => r.orgId))).toEqual(new Set(['1010', '1020']));
    const today = formatDateTime().slice(0, 7);
    const done = today < '2026-01' ? 0 : today > '2026-12' ? 12 : Number(today.slice(5));
    for (const row of rows) {
      expect(row.customerName).not.toBe('');
      expect(row.totalAmount).toBeGreaterThan(0);
      expect(row[`actual${done + 1}`] ?? 0).toBe(0);
      if (done) expect(row[`actual${done}`]).toBeGreaterThan(0);
    }
    if (done) {
      // Some under plan, some over.
      const rates = rows.map((r) => Number(r[`actual${done}`]) / Number(r[`amount${done}`]));
      expect(rates.some((rate) => rate < 1)).toBe(true);
      expect(rates.some((rate) => rate > 1)).toBe(true);
    }
    expect(rows.filter((r) => r.planStatus === '0').length).toBeGreaterThan(0);
  }, 120_000);
});
