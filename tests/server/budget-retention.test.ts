import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRetentionDemo } from '../../src/server/modules/budget/demo/retention-rates.ts';
import { seedFinanceStatDemo } from '../../src/server/modules/finance/demo/finance-stats.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import {
  DEMO_BUSINESS_UNITS,
  seedDemoBusinessUnits,
  seedDemoCompanies,
} from '../../src/server/modules/system/demo/organisation.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createDept, createTenantAdmin, crudCodes } from '../support/factories.ts';
import { tenantToday } from '../support/tenant-today.ts';

/** 集团管理费 (domain/budget.md §5.7) over HTTP: the rate as a fraction, the key, the business unit, the estimated fee. */
const SYS = '/api/blade-system';
const API = `${SYS}/retention`;
const STAT = `${SYS}/financestat`;
type Row = Record<string, unknown> & { id: string };
let t: TestApp;
let admin: string;

const RATE = { year: 2035, deptId: DEMO_BUSINESS_UNITS.body, orgId: '1010', totalAmount: 0.015 };
const page = async (query: string, token = admin) =>
  (expectOk(await t.get(`${API}/list?${query}`, token)) as { records: Row[] }).records;
const stat = (token: string, body: Record<string, unknown>) =>
  t.post(`${STAT}/submit`, token, { orgId: '1010', year: 2035, cost: 0, ...body });

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
}, 60_000);
afterAll(() => t?.stop());

describe('retention', () => {
  it('offers the business units below the group until a business-unit parent is set, then those below it', async () => {
    const units = async () => expectOk(await t.get(`${SYS}/dept/business-unit-select`, admin)) as unknown[];
    expect(await units()).toEqual([
      { value: SEED.deptChangzhou, label: '常州布雷德' },
      { value: SEED.deptSuzhou, label: '苏州布雷德' },
    ]);
    expect(await seedDemoBusinessUnits(t.services.db)).toEqual(['3 business-unit departments']);
    expect(await seedDemoBusinessUnits(t.services.db)).toEqual([]);
    expect(await units()).toEqual([
      { value: DEMO_BUSINESS_UNITS.body, label: '车身系统事业部' },
      { value: DEMO_BUSINESS_UNITS.interior, label: '内外饰事业部' },
    ]);
    // A company is no business unit once the parent is set.
    expectError(
      await t.post(`${API}/submit`, admin, { ...RATE, deptId: SEED.deptChangzhou, year: 2034 }),
      400,
      '事业部不存在',
    );
    expectError(
      await t.post(`${API}/submit`, admin, { ...RATE, deptId: SEED.deptRoot, year: 2034 }, { 'accept-language': 'en' }),
      400,
      'Unknown business unit',
    );
  });

  it('keeps the rate as the fraction typed in percent, with the base revenue by default, and lists the names', async () => {
    const saved = expectOk(await t.post(`${API}/submit`, admin, { ...RATE, feeAmount: 999 })) as Row;
    expect(saved).toMatchObject({
      totalAmount: 0.015,
      feeBase: '1',
      feeBaseName: '营业收入',
      deptName: '车身系统事业部',
      orgName: '常州布雷德',
      // No statistics for 2035 yet: no fee, whatever was sent.
      feeAmount: null,
    });
    // 12.3456 %: four decimals of a percentage are six of the fraction.
    const precise = expectOk(
      await t.post(`${API}/submit`, admin, { ...RATE, orgId: '1020', totalAmount: '0.123456', feeBase: '2' }),
    ) as Row;
    expect(precise).toMatchObject({ totalAmount: 0.123456, feeBaseName: '利润总额' });
    const [listed] = await page('year_equal=2035&orgId_equal=1010');
    expect(listed).toMatchObject({ id: saved.id, deptName: '车身系统事业部', orgName: '常州布雷德', feeAmount: null });
    expect(await page(`deptId_equal=${DEMO_BUSINESS_UNITS.interior}`)).toEqual([]);
    expect((await page(`deptId_equal=${DEMO_BUSINESS_UNITS.body}&year_equal=2035`)).length).toBe(2);
  });

  it('refuses what the spec refuses, with its messages, and a second rate of a company’s year', async () => {
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ ...RATE, year: '' }, '请选择年度'],
      [{ ...RATE, deptId: '' }, '请选择事业部'],
      [{ ...RATE, orgId: '' }, '请选择公司'],
      [{ ...RATE, totalAmount: '' }, '请输入管理费比例'],
      [{ ...RATE, totalAmount: 1.0001 }, '管理费比例不能大于100%'],
      [{ ...RATE, totalAmount: -0.01 }, '管理费比例不能小于0%'],
      [{ ...RATE, totalAmount: '0.0123456' }, '管理费比例格式不正确'],
      [{ ...RATE, feeBase: '3' }, '请选择计提基数'],
      [RATE, '该公司本年度管理费比例已设置'],
    ];
    for (const [body, message] of refused) expectError(await t.post(`${API}/submit`, admin, body), 400, message);
    expectError(
      await t.post(`${API}/submit`, admin, RATE, { 'accept-language': 'en' }),
      400,
      'The management fee rate of this company for the year is already set',
    );
    // The same company another year, another company the same year: set.
    expectOk(await t.post(`${API}/submit`, admin, { ...RATE, year: 2036, totalAmount: 1 }));
    expectOk(await t.post(`${API}/submit`, admin, { ...RATE, orgId: '1020', year: 2036, totalAmount: 0 }));
  });

  it("estimates the fee from the company's statistics of the year: revenue or total profit times the rate", async () => {
    // 2035 for 1010: revenue 3,000.00 and total profit 1,000.50 over two months.
    expectOk(await stat(admin, { month: 1, revenue: 1000, cost: 600 }));
    expectOk(await stat(admin, { month: 2, revenue: 2000, cost: 1300, sellingExpense: 99.5 }));
    const junk = expectOk(await stat(admin, { month: 3, revenue: 50_000 })) as Row;
    expectOk(await t.post(`${STAT}/remove?ids=${junk.id}`, admin));
    // Another year, another company: not this one's.
    expectOk(await stat(admin, { year: 2036, month: 1, revenue: 7777 }));
    expectOk(await stat(admin, { orgId: '1020', month: 1, revenue: 5000, cost: 1000 }));

    const [revenueBased] = await page('year_equal=2035&orgId_equal=1010');
    expect(revenueBased.feeAmount).toBe(45); // 3,000.00 × 1.5 %
    expectOk(await t.post(`${API}/submit`, admin, { id: revenueBased.id, feeBase: '2' }));
    const [profitBased] = await page('year_equal=2035&orgId_equal=1010');
    expect(profitBased.feeAmount).toBe(15.01); // 1,000.50 × 1.5 %, rounded half up
    // 1020's profit 4,000.00 × 12.3456 %; 2036's 1010 at 100 % of 7,777.00; 2036's 1020 without statistics.
    expect((await page('year_equal=2035&orgId_equal=1020'))[0].feeAmount).toBe(493.82);
    const nextYear = await page('year_equal=2036');
    expect(nextYear.map((r) => [r.orgId, r.feeAmount])).toEqual([
      ['1010', 7777],
      ['1020', null],
    ]);
    // The detail and the saved record carry it too.
    expect(expectOk(await t.get(`${API}/detail?id=${revenueBased.id}`, admin))).toMatchObject({ feeAmount: 15.01 });
  });

  it("estimates another tenant's fee from its own statistics only, though its company has the same code", async () => {
    const { token } = await createTenantAdmin(t, '700201', [...crudCodes('retention'), ...crudCodes('financestat')]);
    const group = await createDept(t, '700201', '乙集团');
    const company = await createDept(t, '700201', '乙公司', group, `0,${group}`);
    const unit = await createDept(t, '700201', '乙事业部', group, `0,${group}`);
    await t.services.db.updateTable('blade_dept').set({ remark: '1010' }).where('id', '=', company).execute();
    // Its business units: the children of its own top-level department (the parameter names another tenant's).
    expect(expectOk(await t.get(`${SYS}/dept/business-unit-select`, token))).toEqual([
      { value: company, label: '乙公司' },
      { value: unit, label: '乙事业部' },
    ]);
    // The platform tenant's business unit is none of its.
    expectError(
      await t.post(`${API}/submit`, token, { ...RATE, deptId: DEMO_BUSINESS_UNITS.body }),
      400,
      '事业部不存在或无权访问',
    );
    expectOk(await stat(token, { month: 1, revenue: 1_000_000 }));
    expectOk(await t.post(`${API}/submit`, token, { ...RATE, deptId: unit, totalAmount: 0.1 }));
    const [own] = await page('year_equal=2035', token);
    expect(own).toMatchObject({ orgName: '乙公司', deptName: '乙事业部', feeAmount: 100_000 });
    const [platform] = await page('year_equal=2035&orgId_equal=1010');
    expect(platform.feeAmount).toBe(15.01);
  });

  it('deletes the selected rates together, and asks for a selection first', async () => {
    expectError(await t.post(`${API}/remove?ids=`, admin), 400, '请选择至少一条数据');
    const rows = await page('year_equal=2036');
    expectOk(await t.post(`${API}/remove?ids=${rows.map((r) => r.id).join(',')}`, admin));
    expect(await page('year_equal=2036')).toEqual([]);
    // Its key is free again.
    expectOk(await t.post(`${API}/submit`, admin, { ...RATE, year: 2036 }));
  });

  it('adds both demo companies’ rates of last year and this year, once, with fees from the demo statistics', async () => {
    await seedFinanceStatDemo(t.services.db);
    expect(await seedRetentionDemo(t.services.db)).toEqual(['4 management fee rates']);
    expect(await seedRetentionDemo(t.services.db)).toEqual(['0 management fee rates']);
    const year = tenantToday().year - 1;
    const rates = await page(`year_equal=${year}`);
    expect(rates.map((r) => [r.orgId, r.deptName, r.totalAmount, r.feeBase])).toEqual([
      ['1010', '车身系统事业部', 0.02, '1'],
      ['1020', '内外饰事业部', 0.03, '2'],
    ]);
    const ytd = async (orgId: string) =>
      (
        expectOk(await t.get(`${STAT}/list?year_equal=${year}&orgId_equal=${orgId}`, admin)) as {
          ytd: Record<string, number>;
        }
      ).ytd;
    expect(rates[0].feeAmount).toBeCloseTo((await ytd('1010')).revenue * 0.02, 1);
    expect(rates[1].feeAmount).toBeCloseTo((await ytd('1020')).totalProfit * 0.03, 1);
  });
});
