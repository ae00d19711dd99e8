import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFinanceDemo } from '../../src/server/modules/finance/demo/subjects.ts';
import { seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

/** 材料成本差异 (domain/budget.md §1.1, §5.6) over HTTP: the differences, and the summary across companies. */
const API = '/api/blade-system/differ';
type Row = Record<string, unknown> & { id: string };
let t: TestApp;
let admin: string;

const months = (prefix: string, values: number[]) =>
  Object.fromEntries(values.map((value, i) => [`${prefix}${i + 1}`, value]));

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
  await seedFinanceDemo(t.services.db);
}, 60_000);
afterAll(() => t?.stop());

describe('differ', () => {
  it('works out each month’s difference (actual − plan) and the year’s', async () => {
    const saved = expectOk(
      await t.post(`${API}/submit`, admin, {
        year: 2026,
        orgId: '1010',
        subject: '500101',
        title: '钢材',
        materialCategory: '钢材',
        ...months('amount', [100, 100, 0]),
        ...months('actual', [110, 90, 5]),
        differ1: 999,
      }),
    ) as Row;
    expect(saved).toMatchObject({
      title: '钢材',
      differ1: 10,
      differ2: -10,
      differ3: 5,
      finish1: 1.1,
      finish3: null,
      totalAmount: 200,
      totalActual: 205,
      totalDiffer: 5,
    });
    expectError(
      await t.post(`${API}/submit`, admin, {
        year: 2026,
        orgId: '1010',
        subject: '500101',
        title: '塑料',
        amount1: -1,
      }),
      400,
      '1月预算不能小于0',
    );
  });

  it('sums a year by account and item across companies, with a total row, in SQL', async () => {
    expectOk(
      await t.post(`${API}/submit`, admin, {
        year: 2026,
        orgId: '1020',
        subject: '500101',
        title: '钢材',
        ...months('amount', [50]),
        ...months('actual', [40]),
      }),
    );
    expectOk(
      await t.post(`${API}/submit`, admin, {
        year: 2026,
        orgId: '1020',
        subject: '500101',
        title: '塑料粒子',
        ...months('amount', [20]),
        ...months('actual', [30]),
      }),
    );
    expectError(await t.get(`${API}/statlist`, admin), 400, '请选择年度');
    const summary = expectOk(await t.get(`${API}/statlist?year=2026`, admin)) as Row[];
    expect(summary.map((r) => [r.subject, r.title, r.amount1, r.actual1, r.differ1, r.finish1])).toEqual([
      ['500101', '塑料粒子', 20, 30, 10, 1.5],
      ['500101', '钢材', 150, 150, 0, 1],
      ['', '合计', 170, 180, 10, 1.0588],
    ]);
    expect(summary[2]).toMatchObject({ totalAmount: 270, totalActual: 275, totalDiffer: 5, finish3: null });
    const one = expectOk(await t.get(`${API}/statlist?year=2026&orgId=1010`, admin)) as Row[];
    expect(one.map((r) => [r.title, r.totalDiffer])).toEqual([
      ['钢材', 5],
      ['合计', 5],
    ]);
    expect(expectOk(await t.get(`${API}/statlist?year=2030`, admin))).toEqual([
      expect.objectContaining({ subject: '', title: '合计', totalAmount: 0, totalFinish: null }),
    ]);
  });
});
