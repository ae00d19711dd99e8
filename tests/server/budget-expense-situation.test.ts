import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFinanceDemo } from '../../src/server/modules/finance/demo/subjects.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { seedExpenseSituationDemo } from '../../src/server/modules/budget/demo/budgets.ts';
import { insertRows } from '../../src/server/db/insert-rows.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { multipartFile, sheetOf, workbookOf } from '../support/uploads.ts';
import { tenantToday } from '../support/tenant-today.ts';

/**
 * 费用预算执行 (domain/budget.md §5.3) over HTTP: a department's expense budget row (expense accounts only, amounts
 * and actuals ≥ 0, its key), the values the server works out, the list's `sum` over every filtered row, and the year's
 * approved and paid claims beside each row (`claimTotal`).
 */
const API = '/api/blade-system/expensesituation';
type Row = Record<string, unknown> & { id: string };
let t: TestApp;
let admin: string;

const CHANGZHOU = SEED.deptChangzhou;
const SUZHOU = SEED.deptSuzhou;
const months = (prefix: string, values: number[]) =>
  Object.fromEntries(values.map((value, i) => [`${prefix}${i + 1}`, value]));
const ROW = {
  year: 2041,
  orgId: '1010',
  deptId: CHANGZHOU,
  subject: '660202',
  ...months('amount', Array(12).fill(100)),
};
const submit = (body: Record<string, unknown>, token = admin, headers?: Record<string, string>) =>
  t.post(`${API}/submit`, token, body, headers);
const listOf = async (query: string, token = admin) =>
  expectOk(await t.get(`${API}/list?${query}`, token)) as {
    records: Row[];
    total: number;
    sum: Record<string, number | null>;
  };

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
  await seedFinanceDemo(t.services.db);
}, 60_000);
afterAll(() => t?.stop());

describe('expensesituation', () => {
  it('works out completions and the year on the server, captioned by the account, whatever the client sent', async () => {
    const saved = expectOk(
      await submit({
        ...ROW,
        expenseType: '3',
        ...months('actual', [50, 130, 0]),
        amount3: 0,
        actual3: 20,
        // Sent, never taken.
        finish1: 9,
        totalAmount: 1,
        totalActual: 2,
        totalFinish: 3,
        claimTotal: 999,
      }),
    ) as Row;
    expect(saved).toMatchObject({
      title: '管理费用-办公费',
      deptId: CHANGZHOU,
      deptName: '常州布雷德',
      expenseType: '3',
      expenseTypeName: '办公费',
      orgName: expect.any(String),
      finish1: 0.5,
      finish2: 1.3,
      // The zero-budget rule.
      finish3: null,
      finish4: 0,
      totalAmount: 1100,
      totalActual: 200,
      totalFinish: 0.1818,
      claimTotal: 0,
    });
    const [listed] = (await listOf('year_equal=2041')).records;
    expect(listed).toMatchObject({ id: saved.id, totalAmount: 1100, claimTotal: 0 });

    // An edit works them out again.
    const edited = expectOk(await submit({ id: saved.id, actual4: 100, totalActual: 0 })) as Row;
    expect(edited).toMatchObject({ finish4: 1, totalActual: 300, totalFinish: 0.2727 });
  });

  it('refuses what the spec refuses, with its messages', async () => {
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ ...ROW, year: '' }, '请选择年度'],
      [{ ...ROW, orgId: '' }, '请输入公司'],
      [{ ...ROW, orgId: 'NOPE' }, '公司不存在'],
      [{ ...ROW, deptId: '' }, '请选择部门'],
      [{ ...ROW, subject: '' }, '请选择科目'],
      // Not an expense account (a leaf all the same), and an expense account with sub-accounts.
      [{ ...ROW, subject: '6001' }, '请选择费用类科目'],
      [{ ...ROW, subject: '1001' }, '请选择费用类科目'],
      [{ ...ROW, subject: '6602' }, '请选择末级科目'],
      [{ ...ROW, subject: '660299', title: '未知' }, '费用科目不存在或无权访问'],
      [{ ...ROW, subject: '660203', amount5: -1 }, '5月预算不能小于0'],
      [{ ...ROW, subject: '660203', actual2: -0.01 }, '2月实际不能小于0'],
      [{ ...ROW, subject: '660203', expenseType: '99' }, '请选择费用类型'],
    ];
    for (const [body, message] of refused) expectError(await submit(body), 400, message);
    expectError(
      await submit({ ...ROW, subject: '6001' }, admin, { 'accept-language': 'en' }),
      400,
      'Please select an expense account',
    );
    expect((await listOf('year_equal=2041&subject=660203')).total).toBe(0);
  });

  it('takes every expense account: 制造费用, 销售费用, 管理费用, 财务费用 and 研发费用', async () => {
    for (const subject of ['510103', '660104', '660203', '660302', '660401'])
      expectOk(await submit({ ...ROW, year: 2042, subject }));
    expect((await listOf('year_equal=2042&size=100')).records.map((r) => r.subject)).toEqual([
      '510103',
      '660104',
      '660203',
      '660302',
      '660401',
    ]);
  });

  it('keeps one row per year, company, department, account and caption', async () => {
    const taken = '该部门本年度已存在此科目和名称的费用预算';
    const first = expectOk(await submit({ ...ROW, year: 2043, title: '办公用品' })) as Row;
    expectError(await submit({ ...ROW, year: 2043, title: '办公用品' }), 400, taken);
    // Another caption, department, company or year: another row.
    expectOk(await submit({ ...ROW, year: 2043, title: '打印耗材' }));
    expectOk(await submit({ ...ROW, year: 2043, title: '办公用品', deptId: SUZHOU }));
    expectOk(await submit({ ...ROW, year: 2043, title: '办公用品', orgId: '1020' }));
    expectOk(await submit({ ...ROW, year: 2044, title: '办公用品' }));
    // Renaming onto a taken key is refused too; a deleted row frees its key.
    const other = (await listOf('year_equal=2043&title=打印耗材')).records[0];
    expectError(await submit({ id: other.id, title: '办公用品' }), 400, taken);
    expectOk(await t.post(`${API}/remove?ids=${first.id}`, admin));
    expectOk(await submit({ id: other.id, title: '办公用品' }));
  });

  it('answers the 合计 of every filtered row beside the page, as budgetsituation/stat does', async () => {
    const year = 2045;
    expectOk(await submit({ ...ROW, year, subject: '660202', ...months('actual', [50, 100]) }));
    expectOk(
      await submit({
        ...ROW,
        year,
        subject: '660203',
        ...months('amount', [300, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        ...months('actual', [0, 40]),
      }),
    );
    expectOk(await submit({ ...ROW, year, subject: '660104', deptId: SUZHOU, ...months('actual', [1000]) }));

    const one = await listOf(`year_equal=${year}&deptId_equal=${CHANGZHOU}&size=1`);
    expect(one.records).toHaveLength(1);
    expect(one.total).toBe(2);
    expect(one.sum).toMatchObject({
      amount1: 400,
      actual1: 50,
      finish1: 0.125,
      amount2: 100,
      actual2: 140,
      finish2: 1.4,
      amount3: 100,
      actual3: 0,
      finish3: 0,
      totalAmount: 1500,
      totalActual: 190,
      totalFinish: 0.1267,
      rowCount: 2,
    });
    // The same object as the budget situation's stat: its keys, no more, no fewer.
    const stat = expectOk(await t.get('/api/blade-system/budgetsituation/stat?year_equal=2099', admin));
    expect(Object.keys(one.sum).sort()).toEqual(Object.keys(stat).sort());
    // Every department's rows; a filter nothing matches sums nothing.
    expect((await listOf(`year_equal=${year}&size=1`)).sum).toMatchObject({ actual1: 1050, rowCount: 3 });
    expect((await listOf(`year_equal=${year}&subject=660101`)).sum).toMatchObject({
      amount1: 0,
      totalAmount: 0,
      totalFinish: null,
      rowCount: 0,
    });
  });

  it("adds the year's approved and paid claims of the row's company, department and account", async () => {
    const year = 2046;
    const travel = expectOk(await submit({ ...ROW, year, subject: '660203' })) as Row;
    const office = expectOk(await submit({ ...ROW, year, subject: '660202' })) as Row;
    const suzhou = expectOk(await submit({ ...ROW, year, subject: '660203', deptId: SUZHOU })) as Row;
    const none = expectOk(await submit({ ...ROW, year, subject: '660104' })) as Row;
    let seq = 0;
    const claim = (amount: number, status: string, values: Record<string, unknown> = {}) => ({
      id: nextId(),
      tenant_id: '000000',
      expense_no: `BX-T${++seq}`,
      applicant_id: nextId(),
      dept_id: CHANGZHOU,
      org_id: '1010',
      expense_type: '1',
      subject_code: '660203',
      expense_date: `${year}-03-15`,
      amount,
      expense_status: status,
      ...values,
    });
    await insertRows(t.services.db, 'erp_expense', [
      // Counted: approved (2) and paid (4), the first and the last day of the year.
      claim(1200.5, '2', { expense_date: `${year}-01-01` }),
      claim(300, '4', { expense_date: `${year}-12-31` }),
      claim(99.5, '4'),
      // Not counted: a draft, one in approval, a rejected one, a deleted one, other years.
      claim(10_000, '0'),
      claim(10_000, '1'),
      claim(10_000, '3'),
      claim(10_000, '2', { is_deleted: 1 }),
      claim(10_000, '2', { expense_date: `${year - 1}-12-31` }),
      claim(10_000, '4', { expense_date: `${year + 1}-01-01` }),
      // Another account, department, company or tenant.
      claim(40, '2', { subject_code: '660202' }),
      claim(70, '4', { dept_id: SUZHOU }),
      claim(10_000, '2', { org_id: '1020' }),
      claim(10_000, '2', { tenant_id: '600046' }),
    ]);
    const totals = async (query = '') =>
      Object.fromEntries(
        (await listOf(`year_equal=${year}&size=100${query}`)).records.map((r) => [r.id, r.claimTotal]),
      );
    expect(await totals()).toEqual({
      [travel.id]: 1600,
      [office.id]: 40,
      [suzhou.id]: 70,
      [none.id]: 0,
    });
    // Read on every list, never stored: a new claim shows at once, a row that moves follows its claims.
    await insertRows(t.services.db, 'erp_expense', [claim(0.5, '2')]);
    expectOk(await submit({ id: office.id, subject: '660101', title: '销售费用-职工薪酬' }));
    expect(await totals(`&deptId_equal=${CHANGZHOU}`)).toEqual({ [travel.id]: 1600.5, [office.id]: 0, [none.id]: 0 });
    const stored = await t.services.db
      .selectFrom('erp_expense_situation')
      .selectAll()
      .where('id', '=', travel.id)
      .executeTakeFirstOrThrow();
    expect(stored).not.toHaveProperty('claim_total');
  });
  it('exports the grid’s columns with the claims, and imports rows without them, each refusal named by its cell', async () => {
    const year = 2048;
    expectOk(await submit({ ...ROW, year, subject: '660203', expenseType: '1', ...months('actual', [80]) }));
    await insertRows(t.services.db, 'erp_expense', [
      {
        id: nextId(),
        tenant_id: '000000',
        expense_no: 'BX-X1',
        applicant_id: nextId(),
        dept_id: CHANGZHOU,
        org_id: '1010',
        expense_type: '1',
        subject_code: '660203',
        expense_date: `${year}-06-01`,
        amount: 66.6,
        expense_status: '4',
      },
    ]);
    const rows = await sheetOf(await t.get(`${API}/export-expensesituation?year_equal=${year}`, admin));
    expect(rows[0].slice(0, 8)).toEqual([
      '费用科目',
      '科目名称',
      '公司',
      '预算年度',
      '部门',
      '费用类型',
      '1月预算',
      '1月实际',
    ]);
    expect(rows[0].slice(-6)).toEqual(['全年预算', '全年实际', '全年完成率', '已报销金额', '排序', '备注']);
    const record = Object.fromEntries(rows[0].map((header, i) => [header, rows[1][i]]));
    expect(record).toMatchObject({
      费用科目: '660203',
      部门: '常州布雷德',
      费用类型: '差旅费',
      '1月完成率': '0.8',
      已报销金额: '66.6',
    });
    const template = await sheetOf(await t.get(`${API}/export-template`, admin));
    expect(template[0]).not.toContain('已报销金额');
    expect(template[0]).not.toContain('全年预算');

    const upload = async (sheet: unknown[][]) => {
      const body = multipartFile(await workbookOf(sheet), { isCovered: '0' }, 'expensesituation.xlsx');
      return t.post(`${API}/import-expensesituation`, admin, body.payload, body.headers);
    };
    const HEADERS = ['费用科目', '科目名称', '公司', '预算年度', '部门', '费用类型', '3月预算'];
    expectError(
      await upload([
        HEADERS,
        ['660202', '', '1010', year, '常州布雷德', '办公费', 10],
        ['6001', '收入', '1010', year, '常州布雷德', '', 5],
      ]),
      400,
      '第3行 费用科目: 请选择费用类科目',
    );
    expect(expectOk(await upload([HEADERS, ['660202', '', '1010', year, '常州布雷德', '办公费', 10]]))).toBe(1);
    const [office] = (await listOf(`year_equal=${year}&subject=660202`)).records;
    expect(office).toMatchObject({ title: '管理费用-办公费', expenseType: '3', amount3: 10, totalAmount: 10 });
  });
});

describe('the demo command', () => {
  let demo: TestApp;
  afterAll(() => demo?.stop());

  it("adds this year's expense lines of both demo departments, with the actuals of the months gone, once", async () => {
    demo = await startApp();
    await seedDemoCompanies(demo.services.db);
    await seedFinanceDemo(demo.services.db);
    expect(await seedExpenseSituationDemo(demo.services.db)).toEqual(['16 expense situation rows']);
    expect(await seedExpenseSituationDemo(demo.services.db)).toEqual([]);
    const { year, month: thisMonth } = tenantToday();
    const { records, sum } = expectOk(
      await demo.get(`${API}/list?year_equal=${year}&deptId_equal=${CHANGZHOU}&size=100`, await demo.tokenOf()),
    ) as { records: Row[]; sum: Record<string, number> };
    expect(records.map((r) => [r.orgId, r.subject])).toEqual(
      ['660202', '660203', '660204', '660104', '660102', '510103', '510104', '660401'].map((s) => ['1010', s]),
    );
    expect(records[1]).toMatchObject({ title: '管理费用-差旅费', expenseTypeName: '差旅费', totalAmount: 150_000 });
    for (const row of records)
      for (let month = 1; month <= 12; month++)
        if (month < thisMonth) expect(Number(row[`actual${month}`])).toBeGreaterThan(0);
        else expect(row[`actual${month}`]).toBe(0);
    expect(sum).toMatchObject({ totalAmount: 1_140_000, rowCount: 8 });
  }, 60_000);
});
