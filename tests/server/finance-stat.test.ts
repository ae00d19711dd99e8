import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFinanceStatDemo } from '../../src/server/modules/finance/demo/finance-stats.ts';
import { seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { tenantToday } from '../support/tenant-today.ts';

/** 财务统计 (domain/finance.md § financestat) over HTTP: the derived profits and margins, the key, the year to date. */
const API = '/api/blade-system/financestat';
type Row = Record<string, unknown> & { id: string };
type Page = { records: Row[]; total: number; ytd?: Record<string, number | null> | null };
let t: TestApp;
let admin: string;

const MONTH = { orgId: '1010', year: 2031, month: 1, revenue: 1000, cost: 600 };
const list = async (query: string) => expectOk(await t.get(`${API}/list?${query}`, admin)) as Page;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
}, 60_000);
afterAll(() => t?.stop());

describe('financestat', () => {
  it('works out profits and margins on the server, an empty line as 0, whatever the client sends', async () => {
    const saved = expectOk(
      await t.post(`${API}/submit`, admin, {
        ...MONTH,
        taxSurcharge: 10,
        sellingExpense: 50,
        adminExpense: '',
        rdExpense: 40,
        financeExpense: -5,
        otherGains: 15.5,
        incomeTax: 80,
        // Sent, never taken.
        grossProfit: 1,
        grossMargin: 0.9,
        totalProfit: 2,
        netProfit: 3,
        netMargin: 0.1,
      }),
    ) as Row;
    expect(saved).toMatchObject({
      orgName: '常州布雷德',
      adminExpense: null,
      grossProfit: 400,
      grossMargin: 0.4,
      // 400 − 10 − 50 − 0 − 40 − (−5) + 15.5
      totalProfit: 320.5,
      netProfit: 240.5,
      netMargin: 0.2405,
    });
    // An edit works them out again from the row as saved; a month without revenue has no margins.
    const edited = expectOk(
      await t.post(`${API}/submit`, admin, { id: saved.id, revenue: 0, cost: 100, grossMargin: 1 }),
    ) as Row;
    expect(edited).toMatchObject({
      grossProfit: -100,
      grossMargin: null,
      totalProfit: -179.5,
      netProfit: -259.5,
      netMargin: null,
    });
    expect(expectOk(await t.get(`${API}/detail?id=${saved.id}`, admin))).toMatchObject({ totalProfit: -179.5 });
  });

  it("refuses what the spec refuses, with its messages, and a second row of a company's month", async () => {
    const before = (await list('size=1')).total;
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ ...MONTH, orgId: '' }, '请选择公司'],
      [{ ...MONTH, orgId: '9999' }, '公司不存在'],
      [{ ...MONTH, year: '' }, '请选择年度'],
      [{ ...MONTH, month: '' }, '请输入月份'],
      [{ ...MONTH, month: 13 }, '月份不能大于12'],
      [{ ...MONTH, month: 0 }, '月份不能小于1'],
      [{ ...MONTH, revenue: '' }, '请输入营业收入'],
      [{ ...MONTH, revenue: -1 }, '营业收入不能小于0'],
      [{ ...MONTH, cost: -0.01 }, '营业成本不能小于0'],
      [MONTH, '该公司本月数据已存在'],
    ];
    for (const [body, message] of refused) expectError(await t.post(`${API}/submit`, admin, body), 400, message);
    expectError(
      await t.post(`${API}/submit`, admin, MONTH, { 'accept-language': 'en' }),
      400,
      'The company already has figures for this month',
    );
    // Another company, another month or year: no clash.
    for (const body of [
      { ...MONTH, orgId: '1020' },
      { ...MONTH, month: 2 },
      { ...MONTH, year: 2032 },
    ])
      expectOk(await t.post(`${API}/submit`, admin, body));
    // Moving a month onto a taken one is refused too.
    const [february] = (await list('orgId_equal=1010&year_equal=2031&month_equal=2')).records;
    expectError(await t.post(`${API}/submit`, admin, { id: february.id, month: 1 }), 400, '该公司本月数据已存在');
    expect((await list('size=1')).total).toBe(before + 3);
  });

  it('adds the year-to-date row to a year listed without a month: lines summed, balances of the latest month', async () => {
    const months = [
      { month: 1, revenue: 100, cost: 60, incomeTax: 5, receivableBalance: 300, cashBalance: 50 },
      { month: 2, revenue: 200, cost: 150, sellingExpense: 10, receivableBalance: 320 },
      { month: 3, revenue: 300, cost: 200, otherGains: -20, receivableBalance: 350, inventoryBalance: 90 },
    ];
    for (const month of months) expectOk(await t.post(`${API}/submit`, admin, { orgId: '1010', year: 2040, ...month }));
    expectOk(
      await t.post(`${API}/submit`, admin, {
        orgId: '1020',
        year: 2040,
        month: 2,
        revenue: 1000,
        cost: 900,
        receivableBalance: 1000,
      }),
    );
    // Another year is not counted.
    expectOk(await t.post(`${API}/submit`, admin, { orgId: '1010', year: 2041, month: 1, revenue: 999, cost: 1 }));

    const company = await list('orgId_equal=1010&year_equal=2040&size=1');
    // The year to date covers every month the filters match, not the page's.
    expect(company.records).toHaveLength(1);
    expect(company.ytd).toEqual({
      revenue: 600,
      cost: 410,
      taxSurcharge: null,
      sellingExpense: 10,
      adminExpense: null,
      rdExpense: null,
      financeExpense: null,
      otherGains: -20,
      incomeTax: 5,
      grossProfit: 190,
      grossMargin: 0.316667,
      totalProfit: 160,
      netProfit: 155,
      netMargin: 0.258333,
      receivableBalance: 350,
      // March's: none entered, though January had cash.
      cashBalance: null,
      inventoryBalance: 90,
    });
    // The group: each company's lines summed, and each company's latest balance.
    const group = await list('year=2040');
    expect(group.ytd).toMatchObject({ revenue: 1600, cost: 1310, grossProfit: 290, receivableBalance: 1350 });
    // A month, or no year: no year to date.
    expect(await list('year_equal=2040&month_equal=2')).not.toHaveProperty('ytd');
    expect(await list('orgId_equal=1010')).not.toHaveProperty('ytd');
    // A year nothing was entered for: none.
    expect((await list('year_equal=2050')).ytd).toBeNull();
  });

  it('adds each demo company’s closed months of last year and this year, once', async () => {
    const [added] = await seedFinanceStatDemo(t.services.db);
    const thisYear = tenantToday().year;
    const closed = tenantToday().month - 1;
    expect(added).toBe(`${2 * (12 + closed)} finance statistics rows`);
    expect(await seedFinanceStatDemo(t.services.db)).toEqual(['0 finance statistics rows']);
    const lastYear = await list(`orgId_equal=1010&year_equal=${thisYear - 1}&size=12`);
    expect(lastYear.records.map((r) => r.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // The scale of 常州's P&L budget (36 million a year), with its margins.
    const ytd = lastYear.ytd!;
    expect(ytd.revenue).toBeGreaterThan(30_000_000);
    expect(ytd.revenue).toBeLessThan(42_000_000);
    expect(ytd.netMargin).toBeGreaterThan(0.03);
    expect(ytd.netMargin).toBeLessThan(0.2);
    expect(ytd.receivableBalance).toBe(lastYear.records[11].receivableBalance);
    for (const record of lastYear.records)
      expect(record.grossProfit).toBeCloseTo(Number(record.revenue) - Number(record.cost), 2);
  });
});
