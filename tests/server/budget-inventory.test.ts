import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createDept, createRole, createTenantAdmin, createUser, crudCodes } from '../support/factories.ts';

/**
 * 存货预算 (domain/budget.md §2, §3, §5.5) over HTTP: only totalstat, statlist, batchsave, batchupdate and batchcopy;
 * the product row's rules, the values worked out in SQL, the dimension search, the summaries, all-or-nothing batches.
 */
const API = '/api/blade-system/inventorybudget';
type Row = Record<string, unknown> & { id: string };
type Page = { records: Row[]; total: number; size: number; current: number; pages: number };
let t: TestApp;
let admin: string;

const months = (prefix: string, values: Array<number | string>) =>
  Object.fromEntries(values.map((value, i) => [`${prefix}${i + 1}`, value]));
const YEAR = 2030;
const PART = {
  year: YEAR,
  orgId: '1010',
  customerName: '上汽大众',
  project: 'ID.4',
  productNo: 'INV-100',
  productName: '前门内板',
  unit: '元',
};
const rowsOf = async (query: string, token = admin) =>
  expectOk(await t.get(`${API}/statlist?${query}`, token)) as Row[];
const pageOf = async (query: string) =>
  expectOk(await t.get(`${API}/statlist?current=1&size=50&${query}`, admin)) as Page;
const rowOf = async (productNo: string, year = YEAR) =>
  (await rowsOf(`year=${year}`)).find((row) => row.productNo === productNo)!;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
}, 60_000);
afterAll(() => t?.stop());

describe('inventory budget rows', () => {
  it('are added by batchsave, blank months as 0, with totals, averages and completion worked out by the server', async () => {
    expect(
      expectOk(
        await t.post(`${API}/batchsave`, admin, [
          {
            ...PART,
            ...months('amount', [1200, 600, '']),
            ...months('actual', [1000, 700]),
            // Derived values sent are never taken.
            totalAmount: 9999,
            avgAmount: 1,
            totalFinish: 5,
          },
        ]),
      ),
    ).toEqual({ saved: 1 });
    const page = await pageOf(`year=${YEAR}`);
    expect(page).toMatchObject({ total: 1, size: 50, current: 1, pages: 1 });
    expect(page.records[0]).toMatchObject({
      ...PART,
      orgName: '常州布雷德',
      amount1: 1200,
      amount3: 0,
      amount12: 0,
      actual2: 700,
      totalAmount: 1800,
      totalActual: 1700,
      // Σ budget / 12; Σ actual / the last month that has one (2).
      avgAmount: 150,
      avgActual: 850,
      totalFinish: 0.9444,
    });
    expect(typeof page.records[0].id).toBe('string');
  });

  it('have no completion without a budget, and no actual average without an actual', async () => {
    expectOk(await t.post(`${API}/batchsave`, admin, [{ ...PART, productNo: 'INV-ZERO', actual5: 10 }]));
    expect(await rowOf('INV-ZERO')).toMatchObject({ totalAmount: 0, avgAmount: 0, avgActual: 2, totalFinish: null });
    expectOk(await t.post(`${API}/batchsave`, admin, [{ ...PART, productNo: 'INV-NOACT', amount1: 100 }]));
    expect(await rowOf('INV-NOACT')).toMatchObject({ avgAmount: 8.33, avgActual: null, totalFinish: 0 });
  });

  it('refuse a batch with the row and message of its first refusal, writing nothing', async () => {
    const before = (await pageOf(`year=${YEAR}`)).total;
    const fine = { ...PART, productNo: 'INV-NEW' };
    const refused = async (second: Record<string, unknown>, message: string) =>
      expectError(await t.post(`${API}/batchsave`, admin, [fine, { ...PART, ...second }]), 400, message);
    await refused({ productNo: 'INV-B', amount4: -1 }, '第2行：存货预算不能为负数');
    await refused({ productNo: 'INV-B', actual4: '-0.01' }, '第2行：存货预算不能为负数');
    await refused({ productNo: 'INV-B', project: '' }, '第2行：请输入项目');
    await refused({ productNo: '' }, '第2行：请输入产品零件号');
    await refused({ productNo: 'INV-B', productName: '' }, '第2行：请输入产品名称');
    await refused({ productNo: 'INV-B', unit: '' }, '第2行：请输入单位');
    await refused({ productNo: 'INV-B', orgId: '' }, '第2行：请输入公司');
    await refused({ productNo: 'INV-B', orgId: '9999' }, '第2行：公司不存在');
    // The key against the database, and within the batch.
    await refused({}, '第2行：该公司本年度已存在此零件号');
    await refused({ productNo: 'INV-NEW' }, '第2行：该公司本年度已存在此零件号');
    const [saved] = (await pageOf(`year=${YEAR}`)).records;
    expectError(await t.post(`${API}/batchsave`, admin, [fine, saved]), 400, '批量新增不能包含已有记录');
    expectError(await t.post(`${API}/batchsave`, admin, []), 400, '消息不能读取');
    expect((await pageOf(`year=${YEAR}`)).total).toBe(before);
    // The same part number in another company or year is another row.
    expect(
      expectOk(
        await t.post(`${API}/batchsave`, admin, [
          { ...PART, orgId: '1020' },
          { ...PART, year: YEAR - 1 },
        ]),
      ),
    ).toEqual({ saved: 2 });
  });

  it('are changed by batchupdate in their values and descriptions, never their key, all or nothing', async () => {
    const row = await rowOf('INV-100');
    const other = await rowOf('INV-ZERO');
    expect(
      expectOk(
        await t.post(`${API}/batchupdate`, admin, [
          // The key sent unchanged is fine; the product link and derived values are not taken.
          {
            ...row,
            amount2: 0,
            actual1: '',
            productName: '前门内板 改',
            remark: '复核',
            productId: '123',
            totalAmount: 1,
          },
          { id: other.id, amount5: 20 },
        ]),
      ),
    ).toEqual({ updated: 2 });
    expect(await rowOf('INV-100')).toMatchObject({
      productName: '前门内板 改',
      remark: '复核',
      productId: null,
      actual1: 0,
      totalAmount: 1200,
      totalActual: 700,
      avgActual: 350,
      totalFinish: 0.5833,
    });
    expect(await rowOf('INV-ZERO')).toMatchObject({ amount5: 20, totalFinish: 0.5 });

    const refused = async (rows: unknown[], message: string) =>
      expectError(await t.post(`${API}/batchupdate`, admin, rows), 400, message);
    const change = { id: row.id, amount1: 5 };
    await refused([change, { id: other.id, year: YEAR + 1 }], '年度、公司、零件号不能修改');
    await refused([change, { id: other.id, orgId: '1020' }], '年度、公司、零件号不能修改');
    await refused([change, { id: other.id, productNo: 'INV-X' }], '年度、公司、零件号不能修改');
    await refused([change, { id: '12345', amount1: 1 }], '第2行记录不存在');
    await refused([change, { amount1: 1 }], '第2行记录不存在');
    await refused([change, { id: other.id, amount1: -5 }], '第2行：存货预算不能为负数');
    await refused([change, { id: other.id, project: '' }], '第2行：请输入项目');
    // Nothing of a refused batch was written.
    expect((await rowOf('INV-100')).amount1).toBe(1200);
  });

  it('are served by these routes only: no list, detail, submit or remove', async () => {
    for (const route of ['list', 'page', 'detail?id=1'])
      expect((await t.get(`${API}/${route}`, admin)).statusCode).toBe(404);
    for (const route of ['submit', 'save', 'update', 'remove'])
      expect((await t.post(`${API}/${route}`, admin, {})).statusCode).toBe(404);
  });
});

describe('the dimension search and the month range', () => {
  beforeAll(async () => {
    expectOk(
      await t.post(`${API}/batchsave`, admin, [
        {
          year: YEAR + 1,
          orgId: '1010',
          customerName: '一汽大众',
          project: 'VW316',
          productNo: 'DIM-1',
          productName: '后盖板',
          unit: '元',
          ...months('amount', [100, 100, 100, 100]),
          ...months('actual', [50, 150, 0, 0]),
        },
        {
          year: YEAR + 1,
          orgId: '1020',
          customerName: '上汽大众',
          project: 'ID.4',
          productNo: 'DIM-2',
          productName: '前门',
          unit: '元',
          ...months('amount', [10, 20, 30]),
          ...months('actual', [10]),
        },
        { year: YEAR + 1, orgId: '1020', project: '-', productNo: 'DIM-3', productName: '托架', unit: '件' },
      ]),
    );
  });
  const numbers = async (query: string) => (await rowsOf(`year=${YEAR + 1}&${query}`)).map((row) => row.productNo);

  it('finds rows by customer, project, part and factory; a blank content finds all', async () => {
    // Ordered by company, customer (none first), project and part.
    expect(await numbers('')).toEqual(['DIM-1', 'DIM-3', 'DIM-2']);
    expect(await numbers('orgId=1020')).toEqual(['DIM-3', 'DIM-2']);
    expect(await numbers('searchType=1&searchContent=一汽')).toEqual(['DIM-1']);
    expect(await numbers('searchType=2&searchContent=ID')).toEqual(['DIM-2']);
    expect(await numbers('searchType=3&searchContent=托架')).toEqual(['DIM-3']);
    expect(await numbers('searchType=3&searchContent=dim-1')).toEqual(['DIM-1']);
    expect(await numbers('searchType=4&searchContent=苏州')).toEqual(['DIM-3', 'DIM-2']);
    expect(await numbers('searchType=4&searchContent=1010')).toEqual(['DIM-1']);
    expect(await numbers('searchType=4&searchContent=nowhere')).toEqual([]);
    expect(await numbers('searchType=1&searchContent=%20')).toEqual(['DIM-1', 'DIM-3', 'DIM-2']);
    expectError(
      await t.get(`${API}/statlist?searchType=9&searchContent=x`, admin),
      400,
      '请求参数类型错误: searchType',
    );
  });

  it('takes the year of a month range and totals its months, in the rows and the 合计', async () => {
    // The range's year replaces the year asked for.
    const rows = await rowsOf(`year=${YEAR}&searchMonth=${YEAR + 1}-02,${YEAR + 1}-03`);
    expect(rows.map((row) => row.productNo)).toEqual(['DIM-1', 'DIM-3', 'DIM-2']);
    expect(rows[0]).toMatchObject({
      amount1: 100,
      totalAmount: 200,
      totalActual: 150,
      totalFinish: 0.75,
      avgAmount: 100,
      // The last month of the range with an actual is its first.
      avgActual: 150,
    });
    const total = expectOk(
      await t.get(`${API}/totalstat?searchMonth=${YEAR + 1}-02,${YEAR + 1}-03&orgId=1020`, admin),
    ) as Record<string, number>;
    expect(total).toMatchObject({
      amount1: 10,
      amount2: 20,
      actual1: 10,
      totalAmount: 50,
      totalActual: 0,
      rowCount: 2,
    });
    expect(Object.keys(total).sort()).toEqual(
      [
        ...Array.from({ length: 12 }, (_, i) => [`amount${i + 1}`, `actual${i + 1}`]).flat(),
        'totalAmount',
        'totalActual',
        'rowCount',
      ].sort(),
    );
    expectError(await t.get(`${API}/statlist?searchMonth=${YEAR}-11,${YEAR + 1}-02`, admin), 400, '月份区间不能跨年');
    expectError(await t.get(`${API}/totalstat?searchMonth=${YEAR}-11,${YEAR + 1}-02`, admin), 400, '月份区间不能跨年');
    expectError(await t.get(`${API}/statlist?year=20x0`, admin), 400, '请求参数类型错误: year');
  });

  it('sums every selected row in totalstat, the full year without a range', async () => {
    expect(
      expectOk(await t.get(`${API}/totalstat?year=${YEAR + 1}&searchType=2&searchContent=VW`, admin)),
    ).toMatchObject({ amount1: 100, actual2: 150, totalAmount: 400, totalActual: 200, rowCount: 1 });
    expect(expectOk(await t.get(`${API}/totalstat?year=2099`, admin))).toMatchObject({
      amount1: 0,
      totalAmount: 0,
      rowCount: 0,
    });
  });

  it('pages the rows with current and size, ordered by company, customer, project and part', async () => {
    const first = expectOk(await t.get(`${API}/statlist?year=${YEAR + 1}&current=1&size=2`, admin)) as Page;
    expect(first).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(first.records.map((row) => row.productNo)).toEqual(['DIM-1', 'DIM-3']);
    const second = expectOk(await t.get(`${API}/statlist?year=${YEAR + 1}&current=2&size=2`, admin)) as Page;
    expect(second.records.map((row) => row.productNo)).toEqual(['DIM-2']);
  });

  it('sums by company, customer or project with a last TOTAL row, completions from the sums', async () => {
    const org = await rowsOf(`year=${YEAR + 1}&groupBy=org`);
    expect(
      org.map((row) => [row.groupKey, row.groupName, row.amount1, row.actual1, row.finish1, row.totalAmount]),
    ).toEqual([
      ['1010', '常州布雷德', 100, 50, 0.5, 400],
      ['1020', '苏州布雷德', 10, 10, 1, 60],
      ['TOTAL', '合计', 110, 60, 0.5455, 460],
    ]);
    expect(org[2]).toMatchObject({ actual2: 150, finish2: 1.25, finish5: null, totalActual: 210, totalFinish: 0.4565 });
    expect(Object.keys(org[0]).sort()).toEqual(
      [
        'groupKey',
        'groupName',
        ...Array.from({ length: 12 }, (_, i) => [`amount${i + 1}`, `actual${i + 1}`, `finish${i + 1}`]).flat(),
        'totalAmount',
        'totalActual',
        'totalFinish',
      ].sort(),
    );
    const customers = await rowsOf(`year=${YEAR + 1}&groupBy=customer`);
    expect(customers.map((row) => [row.groupKey, row.groupName, row.totalAmount])).toEqual([
      ['', '', 0],
      ['一汽大众', '一汽大众', 400],
      ['上汽大众', '上汽大众', 60],
      ['TOTAL', '合计', 460],
    ]);
    const projects = await rowsOf(`year=${YEAR + 1}&groupBy=project&searchMonth=${YEAR + 1}-01,${YEAR + 1}-01`);
    expect(projects.map((row) => [row.groupKey, row.totalAmount, row.totalActual, row.totalFinish])).toEqual([
      ['-', 0, 0, null],
      ['ID.4', 10, 10, 1],
      ['VW316', 100, 50, 0.5],
      ['TOTAL', 110, 60, 0.5455],
    ]);
    expect(await rowsOf('year=2099&groupBy=org')).toEqual([
      expect.objectContaining({ groupKey: 'TOTAL', groupName: '合计', amount1: 0, totalAmount: 0, totalFinish: null }),
    ]);
    expectError(await t.get(`${API}/statlist?groupBy=part`, admin), 400, '请求参数类型错误: groupBy');
  });
});

describe('copying a year', () => {
  it('copies the budgets with no actuals to the next year, and skips the parts the next year has', async () => {
    expectError(await t.post(`${API}/batchcopy`, admin, {}), 400, '请选择年度');
    const source = await rowsOf(`year=${YEAR}&orgId=1010`);
    const copied = expectOk(await t.post(`${API}/batchcopy`, admin, { year: YEAR, orgId: '1010' }));
    // DIM-* rows of YEAR + 1 are other parts: nothing of YEAR's is there yet.
    expect(copied).toEqual({ copied: source.length, skipped: 0 });
    const copy = await rowOf('INV-100', YEAR + 1);
    expect(copy).toMatchObject({
      orgId: '1010',
      productName: '前门内板 改',
      amount1: 1200,
      actual1: 0,
      actual2: 0,
      totalAmount: 1200,
      totalActual: 0,
      avgActual: null,
      totalFinish: 0,
    });
    // Twice copies nothing twice.
    expect(expectOk(await t.post(`${API}/batchcopy`, admin, { year: YEAR, orgId: '1010' }))).toEqual({
      copied: 0,
      skipped: source.length,
    });
    expect((await rowsOf(`year=${YEAR + 1}&orgId=1010`)).filter((row) => row.productNo === 'INV-100')).toHaveLength(1);
    // Restricted to ids: one row of 1020's.
    const [one] = await rowsOf(`year=${YEAR}&orgId=1020`);
    expect(expectOk(await t.post(`${API}/batchcopy`, admin, { year: YEAR, ids: one.id }))).toEqual({
      copied: 1,
      skipped: 0,
    });
  });
});

describe('who may do what', () => {
  let viewer: string;
  let summary: string;
  beforeAll(async () => {
    const viewerRole = await createRole(t, '000000', 'invview', ['inventorybudget', 'inventorybudget_view']);
    await createUser(t, { tenantId: '000000', account: 'invview', password: 'pw', roleId: viewerRole });
    viewer = await t.tokenOf('invview', 'pw');
    const summaryRole = await createRole(t, '000000', 'invsum', ['inventorybudgetstat']);
    await createUser(t, { tenantId: '000000', account: 'invsum', password: 'pw', roleId: summaryRole });
    summary = await t.tokenOf('invsum', 'pw');
  });

  it('lets the screen read, and the buttons write: add, edit and copy each their own', async () => {
    expect(await rowsOf(`year=${YEAR}`, viewer)).not.toHaveLength(0);
    expectOk(await t.get(`${API}/totalstat?year=${YEAR}`, viewer));
    const [row] = await rowsOf(`year=${YEAR}`, viewer);
    expect((await t.post(`${API}/batchsave`, viewer, [{ ...PART, productNo: 'V-1' }])).statusCode).toBe(403);
    expect((await t.post(`${API}/batchupdate`, viewer, [{ id: row.id, amount1: 1 }])).statusCode).toBe(403);
    expect((await t.post(`${API}/batchcopy`, viewer, { year: YEAR })).statusCode).toBe(403);
  });

  it('lets the summary screen read the summaries only', async () => {
    expect(await rowsOf(`year=${YEAR}&groupBy=org`, summary)).not.toHaveLength(0);
    expect((await t.get(`${API}/statlist?year=${YEAR}`, summary)).statusCode).toBe(403);
    expect((await t.get(`${API}/totalstat?year=${YEAR}`, summary)).statusCode).toBe(403);
  });

  it('keeps each tenant to its own rows, whatever the ids and codes sent', async () => {
    const codes = [...crudCodes('inventorybudget'), 'inventorybudget_batchcopy', 'inventorybudgetstat'];
    const { token: other } = await createTenantAdmin(t, '300001', codes, 'inv_boss');
    // A group of its own with a company of the same code as the platform tenant's 常州布雷德.
    const group = await createDept(t, '300001', '别家集团');
    const company = await createDept(t, '300001', '别家常州', group, `0,${group}`);
    await t.services.db.updateTable('blade_dept').set({ remark: '1010' }).where('id', '=', company).execute();

    expect(await rowsOf(`year=${YEAR}`, other)).toEqual([]);
    expect(expectOk(await t.get(`${API}/totalstat?year=${YEAR}`, other))).toMatchObject({ rowCount: 0 });
    // The same key is free in another tenant.
    expect(expectOk(await t.post(`${API}/batchsave`, other, [{ ...PART, amount1: 7 }]))).toEqual({ saved: 1 });
    const mine = await rowsOf(`year=${YEAR}`, other);
    expect(mine.map((row) => [row.productNo, row.orgName, row.amount1])).toEqual([['INV-100', '别家常州', 7]]);
    const [foreign] = await rowsOf(`year=${YEAR}&orgId=1010`);
    expectError(await t.post(`${API}/batchupdate`, other, [{ id: foreign.id, amount1: 1 }]), 400, '第1行记录不存在');
    expect(expectOk(await t.post(`${API}/batchcopy`, other, { year: YEAR, ids: foreign.id }))).toEqual({
      copied: 0,
      skipped: 0,
    });
    expect(await rowsOf(`year=${YEAR}&groupBy=org`, other)).toEqual([
      expect.objectContaining({ groupKey: '1010', groupName: '别家常州', amount1: 7 }),
      expect.objectContaining({ groupKey: 'TOTAL', amount1: 7 }),
    ]);
    expect((await rowOf('INV-100')).amount1).toBe(1200);
  });
});

describe('the inventory budget demo', () => {
  it('budgets the finished parts of both companies for last year and this, once; this year is the default', async () => {
    const { seedMasterdataDemo } = await import('../../src/server/modules/masterdata/demo/partners-and-staff.ts');
    const { seedInventoryBudgetDemo } = await import('../../src/server/modules/budget/demo/inventory-budgets.ts');
    await seedMasterdataDemo(t.services.db);
    expect(await seedInventoryBudgetDemo(t.services.db)).toEqual(['48 inventory budget rows']);
    expect(await seedInventoryBudgetDemo(t.services.db)).toEqual([]);
    const thisYear = Number(formatDateTime().slice(0, 4));
    const rows = await rowsOf('');
    expect(rows).toHaveLength(24);
    expect(rows.every((row) => row.year === thisYear && Number(row.totalAmount) > 0)).toBe(true);
    const lastYear = await rowsOf(`year=${thisYear - 1}`);
    // Last year's actuals are all in: every month has one.
    expect(lastYear.every((row) => Number(row.actual12) > 0 && Number(row.avgActual) > 0)).toBe(true);
    expect((await rowsOf('groupBy=customer')).at(-1)).toMatchObject({ groupKey: 'TOTAL' });
  });
});
