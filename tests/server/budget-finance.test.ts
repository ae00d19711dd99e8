import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFinanceDemo } from '../../src/server/modules/finance/demo/subjects.ts';
import { seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { tenantToday } from '../support/tenant-today.ts';

/** 财务预算 (domain/budget.md §1, §5.4) over HTTP: the monthly row, its derived values, batchsave and batchcopy. */
const API = '/api/blade-system/financebudget';
type Row = Record<string, unknown> & { id: string };
let t: TestApp;
let admin: string;

const months = (prefix: string, values: number[]) =>
  Object.fromEntries(values.map((value, i) => [`${prefix}${i + 1}`, value]));
const ROW = { year: 2026, orgId: '1010', subject: '660202', ...months('amount', Array(12).fill(1000)) };
const count = async (query = '') =>
  (expectOk(await t.get(`${API}/page?size=1${query}`, admin)) as { total: number }).total;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
  await seedFinanceDemo(t.services.db);
}, 60_000);
afterAll(() => t?.stop());

describe('financebudget', () => {
  it('works out completions and full-year figures on the server, captioned by the account', async () => {
    const saved = expectOk(
      await t.post(`${API}/submit`, admin, {
        ...ROW,
        ...months('actual', [500, 1200, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        amount3: 0,
        actual3: 80,
        // Sent, never taken.
        finish1: 9,
        totalAmount: 1,
        totalFinish: 5,
      }),
    ) as Row;
    expect(saved).toMatchObject({
      title: '管理费用-办公费',
      subjectName: '办公费',
      finish1: 0.5,
      finish2: 1.2,
      // The zero-budget rule: an actual without a budget is no percentage.
      finish3: null,
      finish4: 0,
      totalAmount: 11000,
      totalActual: 1780,
      totalFinish: 0.1618,
      orgName: expect.any(String),
    });
    // Amounts may be negative here (finance costs that are income).
    const income = expectOk(
      await t.post(`${API}/submit`, admin, { ...ROW, subject: '660301', amount1: -200, actual1: -100 }),
    ) as Row;
    expect(income).toMatchObject({ title: '财务费用-利息支出', finish1: 0.5, totalAmount: 10800 });
  });

  it('holds any rate two amounts make, and refuses a full-year total its column cannot hold by its label', async () => {
    // 1,000,000 done against a plan of 0.01: a rate of 10^8 (numeric(9,4) overflowed: a 500).
    const far = expectOk(
      await t.post(`${API}/submit`, admin, { ...ROW, subject: '660203', amount1: 0.01, actual1: 1_000_000 }),
    ) as Row;
    expect(far).toMatchObject({ finish1: 100_000_000, totalActual: 1_000_000 });
    const before = await count();
    expectError(
      await t.post(`${API}/submit`, admin, {
        ...ROW,
        subject: '660204',
        ...months('amount', Array(12).fill('9000000000000000')),
      }),
      400,
      '全年预算不能大于9999999999999999.99',
    );
    expect(await count()).toBe(before);
  });

  it('refuses an account that is not a leaf, an unknown one and a row whose key is taken, writing nothing', async () => {
    const before = await count();
    expectError(await t.post(`${API}/submit`, admin, { ...ROW, subject: '6602' }), 400, '请选择末级科目');
    expectError(
      await t.post(`${API}/submit`, admin, { ...ROW, subject: '669999', title: '未知' }),
      400,
      '科目代码不存在或无权访问',
    );
    expectError(await t.post(`${API}/submit`, admin, { ...ROW, subject: '' }), 400, '请选择科目');
    expectError(await t.post(`${API}/submit`, admin, ROW), 400, '该公司本年度已存在此科目和名称的预算');
    expectError(await t.post(`${API}/submit`, admin, { ...ROW, title: '', subject: '660203', amount1: 'x' }), 400);
    expect(await count()).toBe(before);
  });

  it('saves a batch all or nothing, naming the row refused', async () => {
    const before = await count('&year=2026');
    const [first] = (expectOk(await t.get(`${API}/page?year=2026&subject=660202`, admin)) as { records: Row[] })
      .records;
    const batch = [
      { ...ROW, subject: '660203', title: '差旅费-国内' },
      { ...ROW, subject: '660203', title: '差旅费-国外' },
      { ...first, amount12: 5000 },
    ];
    expectError(
      await t.post(`${API}/batchsave`, admin, [...batch, { ...ROW, subject: '6602', title: '管理费用' }]),
      400,
      '第4行：请选择末级科目',
    );
    expectError(
      await t.post(`${API}/batchsave`, admin, [...batch, { ...ROW, subject: '660203', title: '差旅费-国内' }]),
      400,
      '第4行：该公司本年度已存在此科目和名称的预算',
    );
    // A new row whose key the table holds (its keys are asked together once the batch has passed its other checks).
    expectError(
      await t.post(`${API}/batchsave`, admin, [batch[0], { ...ROW, amount1: 1 }, batch[1]]),
      400,
      '第2行：该公司本年度已存在此科目和名称的预算',
    );
    expect(await count('&year=2026')).toBe(before);
    expect(expectOk(await t.post(`${API}/batchsave`, admin, batch))).toEqual({ inserted: 2, updated: 1 });
    expect(await count('&year=2026')).toBe(before + 2);
    const updated = expectOk(await t.get(`${API}/detail?id=${first.id}`, admin)) as Row;
    expect(updated).toMatchObject({ amount12: 5000, totalAmount: 15000 });
    expectError(await t.post(`${API}/batchsave`, admin, []), 400, '消息不能读取');
  });

  it('copies a year to the next with the budgets, no actuals, and skips what the next year has', async () => {
    expectError(await t.post(`${API}/batchcopy`, admin, {}), 400, '请选择年度');
    const rows = await count('&year=2026');
    expect(expectOk(await t.post(`${API}/batchcopy`, admin, { year: 2026, orgId: '1010' }))).toEqual({
      copied: rows,
      skipped: 0,
    });
    const copied = (expectOk(await t.get(`${API}/page?year=2027&subject=660202`, admin)) as { records: Row[] })
      .records[0];
    expect(copied).toMatchObject({ amount1: 1000, actual1: 0, actual2: 0, finish1: 0, totalActual: 0, totalFinish: 0 });
    // Again: nothing doubles.
    expect(expectOk(await t.post(`${API}/batchcopy`, admin, { year: 2026 }))).toEqual({ copied: 0, skipped: rows });
    expect(await count('&year=2027')).toBe(rows);
  });

  it('sums each month’s budget and actual over every row the search selects, not the page alone (the chart)', async () => {
    const year = 2031;
    const zero = { ...months('amount', Array(12).fill(0)), ...months('actual', Array(12).fill(0)) };
    for (const row of [
      { orgId: '1010', subject: '660202', amount1: 100, actual1: 80, actual2: 50 },
      { orgId: '1010', subject: '660203', amount1: 200.1, actual1: 240.2, amount12: -30 },
      { orgId: '1020', subject: '660202', amount1: 1000, actual1: 1000 },
    ])
      expectOk(await t.post(`${API}/submit`, admin, { ...zero, year, ...row }));
    const page = async (query: string) =>
      expectOk(await t.get(`${API}/page?year=${year}&size=1${query}`, admin)) as Record<string, unknown>;

    const company = await page('&orgId=1010');
    expect(company.records).toHaveLength(1);
    expect(company).toMatchObject({ total: 2, sumAmount1: 300.1, sumActual1: 320.2, sumActual2: 50, sumAmount12: -30 });
    expect(company).toMatchObject({ sumAmount2: 0, sumActual12: 0 });
    expect(await page('&orgId=1010&subject=660202')).toMatchObject({ total: 1, sumAmount1: 100, sumActual1: 80 });
    expect(await page('&subject=660202')).toMatchObject({ total: 2, sumAmount1: 1100, sumActual1: 1080 });
    expect(await page('&exactTotal=1')).toMatchObject({ total: 3, sumAmount1: 1300.1, sumActual1: 1320.2 });
  });

  it('keeps the accounts its rows use', async () => {
    const office = (
      expectOk(await t.get('/api/blade-system/subject/page?subjectCode=660202', admin)) as { records: Row[] }
    ).records[0];
    expectError(
      await t.post(`/api/blade-system/subject/remove?ids=${office.id}`, admin),
      400,
      '科目已被使用，不能删除',
    );
  });
});

describe('the demo command', () => {
  let demo: TestApp;
  afterAll(() => demo?.stop());

  it('adds two years of both companies’ P&L budgets by account and material cost differences, once', async () => {
    demo = await startApp();
    const { seedBudgetDemo } = await import('../../src/server/modules/budget/demo/budgets.ts');
    await seedDemoCompanies(demo.services.db);
    await seedFinanceDemo(demo.services.db);
    // The module's other demos (budget lines, inventory budgets) follow: tests/server/budget-fill.test.ts and others.
    expect((await seedBudgetDemo(demo.services.db)).slice(0, 2)).toEqual([
      '72 financial budget rows',
      '20 material cost difference rows',
    ]);
    expect((await seedBudgetDemo(demo.services.db)).slice(0, 2)).toEqual([
      '0 financial budget rows',
      '0 material cost difference rows',
    ]);
    const token = await demo.tokenOf();
    const year = tenantToday().year;
    const page = expectOk(await demo.get(`${API}/page?year=${year - 1}&orgId=1010&subject=6001&size=50`, token)) as {
      records: Row[];
    };
    expect(page.records).toHaveLength(1);
    const revenue = page.records[0];
    expect(revenue).toMatchObject({ title: '主营业务收入', totalAmount: 36_000_000 });
    expect(Number(revenue.totalFinish)).toBeGreaterThan(0.85);
    expect(Number(revenue.totalFinish)).toBeLessThan(1.15);
    // Steel's price rose: last year's summary has an overspend to chart (材料成本差异汇总), whatever the year.
    const summary = expectOk(await demo.get(`/api/blade-system/differ/statlist?year=${year - 1}`, token)) as Row[];
    expect(Number(summary.find((row) => row.title === '钢材')?.totalDiffer)).toBeGreaterThan(0);
  }, 60_000);
});
