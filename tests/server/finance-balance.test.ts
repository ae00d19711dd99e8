import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { seedFinanceDemo } from '../../src/server/modules/finance/demo/subjects.ts';
import { seedSubjectBalanceDemo } from '../../src/server/modules/finance/demo/subject-balances.ts';
import { seedLedgerDemo } from '../../src/server/modules/finance/demo/vouchers.ts';
import { seedMasterdataDemo } from '../../src/server/modules/masterdata/demo/partners-and-staff.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser, crudCodes } from '../support/factories.ts';
import { tenantToday } from '../support/tenant-today.ts';

/**
 * 科目余额表 and 生成余额 (domain/finance.md § subjectbalance, issue 35) over HTTP: the row's rules, the year to date
 * kept across months, the proposed opening, generation from the posted ledger lines, 账表核对, the level-1 view and
 * who may generate.
 */
const API = '/api/blade-system/subjectbalance';
type Row = Record<string, unknown> & { id: string };
type Page = { records: Row[]; total: number } & Record<string, unknown>;
let t: TestApp;
let admin: string;

const list = async (query: string) => expectOk(await t.get(`${API}/list?${query}&size=100`, admin)) as Page;
const submit = (body: Record<string, unknown>, token = admin) => t.post(`${API}/submit`, token, body);
const saved = async (body: Record<string, unknown>) => expectOk(await submit(body)) as Row;
const rowsOf = async (orgId: string, year: number, code: string) =>
  (await list(`orgId_equal=${orgId}&year_equal=${year}&subjectCode=${code}`)).records.filter(
    (r) => r.subjectCode === code,
  );

/** A voucher line written straight into the books (the ledger's own rules are tests/server/finance-ledger*). */
async function postLine(line: {
  orgId: string;
  year: number;
  month: number;
  subjectCode: string;
  debit?: number;
  credit?: number;
  status?: '0' | '1' | '2';
  tenantId?: string;
}) {
  await t.services.db
    .insertInto('erp_ledger')
    .values({
      id: nextId(),
      tenant_id: line.tenantId ?? '000000',
      org_id: line.orgId,
      voucher_date: `${line.year}-${String(line.month).padStart(2, '0')}-15`,
      year: line.year,
      month: line.month,
      voucher_word: '记',
      voucher_no: Math.floor(Math.random() * 1_000_000) + 1,
      entry_no: 1,
      summary: 'test',
      subject_code: line.subjectCode,
      debit_amount: line.debit ?? 0,
      credit_amount: line.credit ?? 0,
      voucher_status: line.status ?? '2',
      is_deleted: 0,
    })
    .execute();
}

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
  await seedFinanceDemo(t.services.db);
}, 60_000);
afterAll(() => t?.stop());

describe('subjectbalance rows', () => {
  it('names the account from the chart and works out the closing and the year to date, whatever the client sends', async () => {
    const row = await saved({
      orgId: '1010',
      year: 2031,
      month: 1,
      subjectCode: '660202',
      subjectName: '别的名字',
      openingDebit: 100,
      periodDebit: 50.5,
      periodCredit: 200,
      ytdDebit: 9,
      closingDebit: 9,
      closingCredit: 9,
    });
    expect(row).toMatchObject({
      orgName: '常州布雷德',
      subjectName: '办公费',
      openingDebit: 100,
      openingCredit: 0,
      ytdDebit: 50.5,
      ytdCredit: 200,
      // 100 + 50.5 − 200 = −49.5: a credit balance.
      closingDebit: 0,
      closingCredit: 49.5,
    });
  });

  it('refuses an opening on both sides, a parent account, a second row of the period and month 13, saving nothing', async () => {
    const base = { orgId: '1010', year: 2032, month: 1, subjectCode: '660203' };
    expectError(await submit({ ...base, openingDebit: 10, openingCredit: 5 }), 400, '期初余额只能在一个方向');
    expectError(await submit({ ...base, subjectCode: '6602' }), 400, '请选择末级科目');
    expectError(await submit({ ...base, month: 13 }), 400, '期间不能大于12');
    expectError(await submit({ ...base, orgId: '9999' }), 400, '公司不存在');
    expect(await rowsOf('1010', 2032, '660203')).toEqual([]);
    const first = await saved({ ...base, openingDebit: 10 });
    expectError(await submit({ ...base, periodDebit: 1 }), 400, '该科目本期余额已存在');
    // An edit putting the opening on the other side too is refused as well.
    expectError(await submit({ id: first.id, openingCredit: 3 }), 400, '期初余额只能在一个方向');
    expect(await rowsOf('1010', 2032, '660203')).toMatchObject([{ openingDebit: 10, openingCredit: 0 }]);
  });

  it("refuses another tenant's account", async () => {
    const other = await createTenantAdmin(t, '300035', crudCodes('subject'));
    expectOk(
      await t.post('/api/blade-system/subject/submit', other.token, { subjectCode: '6699', subjectName: '外租户科目' }),
    );
    expectError(
      await submit({ orgId: '1010', year: 2032, month: 2, subjectCode: '6699' }),
      400,
      '科目代码不存在或无权访问',
    );
  });

  it('recomputes the year to date of the month saved and every later month, and after a delete', async () => {
    const base = { orgId: '1020', year: 2031, subjectCode: '660203' };
    const march = await saved({ ...base, month: 3, periodDebit: 300, periodCredit: 30 });
    expect(march).toMatchObject({ ytdDebit: 300, ytdCredit: 30 });
    const january = await saved({ ...base, month: 1, periodDebit: 100, periodCredit: 10 });
    const february = await saved({ ...base, month: 2, periodDebit: 200 });
    expect(february).toMatchObject({ ytdDebit: 300, ytdCredit: 10 });
    const ytd = async () => (await rowsOf('1020', 2031, '660203')).map((r) => [r.month, r.ytdDebit, r.ytdCredit]);
    expect(await ytd()).toEqual([
      [1, 100, 10],
      [2, 300, 10],
      [3, 600, 40],
    ]);
    expectOk(await submit({ id: january.id, periodDebit: 150.25 }));
    expect(await ytd()).toEqual([
      [1, 150.25, 10],
      [2, 350.25, 10],
      [3, 650.25, 40],
    ]);
    expectOk(await t.post(`${API}/remove?ids=${february.id}`, admin));
    expect(await ytd()).toEqual([
      [1, 150.25, 10],
      [3, 450.25, 40],
    ]);
    // Another year of the account is its own.
    expect(await saved({ ...base, year: 2030, month: 12, periodDebit: 7 })).toMatchObject({ ytdDebit: 7 });
  });

  it('keeps an account with balances from being deleted from the chart', async () => {
    const account = await t.services.db
      .selectFrom('erp_subject')
      .select('id')
      .where('tenant_id', '=', '000000')
      .where('subject_code', '=', '660203')
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    expectError(
      await t.post(`/api/blade-system/subject/remove?ids=${account.id}`, admin),
      400,
      '科目已被使用，不能删除',
    );
  });

  it('proposes the closing of the month before as the opening, December of the year before for January', async () => {
    const base = { orgId: '1010', subjectCode: '100202' };
    await saved({ ...base, year: 2033, month: 4, openingDebit: 1000, periodCredit: 1500 });
    await saved({ ...base, year: 2032, month: 12, openingDebit: 80, periodDebit: 20 });
    const opening = async (year: number, month: number) =>
      expectOk(
        await t.get(`${API}/opening?orgId=1010&year=${year}&month=${month}&subjectCode=100202`, admin),
      ) as Record<string, unknown>;
    expect(await opening(2033, 5)).toEqual({ found: true, openingDebit: 0, openingCredit: 500 });
    expect(await opening(2033, 1)).toEqual({ found: true, openingDebit: 100, openingCredit: 0 });
    expect(await opening(2033, 7)).toEqual({ found: false, openingDebit: 0, openingCredit: 0 });
    expectError(await t.get(`${API}/opening?orgId=1010&year=2033&month=13&subjectCode=100202`, admin), 400);
  });

  it('answers the column totals of the filtered rows for the footer', async () => {
    await saved({ orgId: '1020', year: 2034, month: 6, subjectCode: '100201', openingDebit: 500, periodDebit: 70 });
    await saved({ orgId: '1020', year: 2034, month: 6, subjectCode: '2202', openingCredit: 400, periodCredit: 70 });
    const page = await list('orgId_equal=1020&year_equal=2034&month_equal=6');
    expect(page).toMatchObject({
      total: 2,
      sumOpeningDebit: 500,
      sumOpeningCredit: 400,
      sumPeriodDebit: 70,
      sumPeriodCredit: 70,
      sumClosingDebit: 570,
      sumClosingCredit: 470,
    });
  });
});

describe('生成余额 and 账表核对', () => {
  const ORG = '1020';
  const YEAR = 2035;
  const check = async (month: number) =>
    expectOk(await t.get(`${API}/check?orgId=${ORG}&year=${YEAR}&month=${month}`, admin)) as Array<
      Record<string, unknown> & { subjectCode: string; differs: boolean }
    >;
  const generate = async (month: number, overwrite?: string) =>
    t.post(`${API}/generate`, admin, { orgId: ORG, year: YEAR, month, ...(overwrite ? { overwrite } : {}) });

  beforeAll(async () => {
    // January: sales on credit and a collection, one unposted and one audited line that the books do not hold yet.
    await postLine({ orgId: ORG, year: YEAR, month: 1, subjectCode: '1122', debit: 1000 });
    await postLine({ orgId: ORG, year: YEAR, month: 1, subjectCode: '6001', credit: 1000 });
    await postLine({ orgId: ORG, year: YEAR, month: 1, subjectCode: '100201', debit: 600 });
    await postLine({ orgId: ORG, year: YEAR, month: 1, subjectCode: '1122', credit: 600 });
    await postLine({ orgId: ORG, year: YEAR, month: 1, subjectCode: '1122', debit: 5000, status: '0' });
    await postLine({ orgId: ORG, year: YEAR, month: 1, subjectCode: '6001', credit: 5000, status: '1' });
    // Another company and another tenant stay out.
    await postLine({ orgId: '1010', year: YEAR, month: 1, subjectCode: '1122', debit: 77 });
    await postLine({ orgId: ORG, year: YEAR, month: 1, subjectCode: '1122', debit: 88, tenantId: '300035' });
    // February.
    await postLine({ orgId: ORG, year: YEAR, month: 2, subjectCode: '100201', debit: 300 });
    await postLine({ orgId: ORG, year: YEAR, month: 2, subjectCode: '1122', credit: 300 });
    // March.
    await postLine({ orgId: ORG, year: YEAR, month: 3, subjectCode: '660202', debit: 45.5 });
    await postLine({ orgId: ORG, year: YEAR, month: 3, subjectCode: '100201', credit: 45.5 });
  });

  it('generates a month from its posted lines only, each leaf account once', async () => {
    // A typed opening of the company's first period stays the opening.
    await saved({ orgId: ORG, year: YEAR, month: 1, subjectCode: '100201', openingDebit: 2000 });
    // The typed row differs from the books (no period debit typed): kept until the user confirms it.
    expect(expectOk(await generate(1))).toEqual({ inserted: 2, updated: 0, kept: 1 });
    const differing = (await check(1)).filter((r) => r.differs);
    expect(differing).toMatchObject([
      {
        subjectCode: '100201',
        subjectName: '工商银行',
        stored: { openingDebit: 2000, periodDebit: 0, closingDebit: 2000 },
        books: { openingDebit: 2000, periodDebit: 600, closingDebit: 2600 },
        difference: { openingDebit: 0, periodDebit: -600, closingDebit: -600 },
      },
    ]);
    expect(expectOk(await generate(1, '100201'))).toEqual({ inserted: 0, updated: 1, kept: 0 });
    expect((await check(1)).filter((r) => r.differs)).toEqual([]);
    const january = (await list(`orgId_equal=${ORG}&year_equal=${YEAR}&month_equal=1`)).records;
    expect(
      january.map((r) => [
        r.subjectCode,
        r.openingDebit,
        r.periodDebit,
        r.periodCredit,
        r.closingDebit,
        r.closingCredit,
      ]),
    ).toEqual([
      ['100201', 2000, 600, 0, 2600, 0],
      ['1122', 0, 1000, 600, 400, 0],
      ['6001', 0, 0, 1000, 0, 1000],
    ]);
  });

  it('refuses a month whose previous month was not generated', async () => {
    expectError(await generate(3), 400, '请先生成上一期间的余额');
    expect((await list(`orgId_equal=${ORG}&year_equal=${YEAR}&month_equal=3`)).total).toBe(0);
    expectError(await generate(13), 400, '期间不能大于12');
    expectError(await t.post(`${API}/generate`, admin, { orgId: '9999', year: YEAR, month: 2 }), 400, '公司不存在');
  });

  it('opens each month with the stored closing of the month before and keeps the year to date running', async () => {
    expect(expectOk(await generate(2))).toEqual({ inserted: 3, updated: 0, kept: 0 });
    expect(expectOk(await generate(3))).toEqual({ inserted: 4, updated: 0, kept: 0 });
    const march = (await list(`orgId_equal=${ORG}&year_equal=${YEAR}&month_equal=3`)).records;
    expect(
      march.map((r) => [
        r.subjectCode,
        r.openingDebit,
        r.openingCredit,
        r.periodDebit,
        r.periodCredit,
        r.ytdDebit,
        r.ytdCredit,
        r.closingDebit,
        r.closingCredit,
      ]),
    ).toEqual([
      ['100201', 2900, 0, 0, 45.5, 900, 45.5, 2854.5, 0],
      ['1122', 100, 0, 0, 0, 1000, 900, 100, 0],
      ['6001', 0, 1000, 0, 0, 0, 1000, 0, 1000],
      ['660202', 0, 0, 45.5, 0, 45.5, 0, 45.5, 0],
    ]);
    // Generating again adds nothing: every row agrees with the books.
    expect(expectOk(await generate(3))).toEqual({ inserted: 0, updated: 0, kept: 0 });
  });

  it('shows a typed difference in 账表核对 and overwrites it only where confirmed', async () => {
    const [office] = await rowsOf(ORG, YEAR, '660202');
    expectOk(await submit({ id: office.id, periodDebit: 1325.5 }));
    const rows = await check(3);
    expect(rows.filter((r) => r.differs)).toMatchObject([
      { subjectCode: '660202', difference: { periodDebit: 1280, closingDebit: 1280 } },
    ]);
    expect(rows.find((r) => r.subjectCode === '1122')).toMatchObject({ differs: false, stored: { closingDebit: 100 } });
    expect(expectOk(await generate(3))).toEqual({ inserted: 0, updated: 0, kept: 1 });
    expect((await rowsOf(ORG, YEAR, '660202'))[0]).toMatchObject({ periodDebit: 1325.5 });
    // An account confirmed that agrees with the books is left alone; the differing one takes the books' figures.
    expect(expectOk(await generate(3, '1122,660202'))).toEqual({ inserted: 0, updated: 1, kept: 0 });
    expect((await rowsOf(ORG, YEAR, '660202'))[0]).toMatchObject({ periodDebit: 45.5, ytdDebit: 45.5 });
  });

  it('regenerating an earlier month moves the later year to date, and 账表核对 flags the later openings', async () => {
    await postLine({ orgId: ORG, year: YEAR, month: 2, subjectCode: '1122', debit: 50 });
    await postLine({ orgId: ORG, year: YEAR, month: 2, subjectCode: '6001', credit: 50 });
    expect(expectOk(await generate(2, '1122,6001'))).toEqual({ inserted: 0, updated: 2, kept: 0 });
    const receivables = await rowsOf(ORG, YEAR, '1122');
    expect(receivables.map((r) => [r.month, r.ytdDebit, r.closingDebit])).toEqual([
      [1, 1000, 400],
      [2, 1050, 150],
      [3, 1050, 100],
    ]);
    expect((await check(3)).filter((r) => r.differs).map((r) => r.subjectCode)).toEqual(['1122', '6001']);
  });

  it('shows level-1 accounts as the sums of their leaves', async () => {
    await saved({ orgId: ORG, year: YEAR, month: 3, subjectCode: '100202', openingCredit: 100, periodDebit: 20 });
    const summary = expectOk(await t.get(`${API}/summary?orgId=${ORG}&year=${YEAR}&month=3`, admin)) as Array<
      Record<string, unknown> & { children?: Array<Record<string, unknown>> }
    >;
    expect(summary.map((r) => r.subjectCode)).toEqual(['1002', '1122', '6001', '6602']);
    expect(summary[0]).toMatchObject({
      subjectName: '银行存款',
      // 2,900 debit and 100 credit open as one debit balance of 2,800.
      openingDebit: 2800,
      openingCredit: 0,
      periodDebit: 20,
      periodCredit: 45.5,
      closingDebit: 2774.5,
      closingCredit: 0,
    });
    expect(summary[0].children!.map((c) => c.subjectCode)).toEqual(['100201', '100202']);
    // A level-1 account that is its own leaf is one row.
    expect(summary[1].children).toBeUndefined();
    expect(summary[3]).toMatchObject({ subjectName: '管理费用', periodDebit: 45.5 });
  });

  it('lets only holders of 生成余额 generate', async () => {
    const roleId = await createRole(t, '000000', 'tbreader', ['subjectbalance', 'subjectbalance_view']);
    await createUser(t, { tenantId: '000000', account: 'tbreader', password: 'pw', roleId });
    const reader = await t.tokenOf('tbreader', 'pw');
    expectError(
      await t.post(`${API}/generate`, reader, { orgId: ORG, year: YEAR, month: 1 }),
      403,
      '请求被拒绝,缺少权限: subjectbalance_generate',
    );
    expectOk(await t.get(`${API}/check?orgId=${ORG}&year=${YEAR}&month=1`, reader));
    const granted = await createRole(t, '000000', 'tbwriter', ['subjectbalance', 'subjectbalance_generate']);
    await createUser(t, { tenantId: '000000', account: 'tbwriter', password: 'pw', roleId: granted });
    const generator = await t.tokenOf('tbwriter', 'pw');
    expect(expectOk(await t.post(`${API}/generate`, generator, { orgId: ORG, year: YEAR, month: 1 }))).toEqual({
      inserted: 0,
      updated: 0,
      kept: 0,
    });
  });
});

describe('demo trial balances', () => {
  it('adds both companies once, with one difference against the books', async () => {
    // The books of the tests above are no demo's.
    await t.services.db.deleteFrom('erp_ledger').execute();
    await t.services.db.deleteFrom('erp_subject_balance').execute();
    const first = await seedSubjectBalanceDemo(t.services.db);
    expect(first[0]).toMatch(/trial balance rows/);
    expect(await seedSubjectBalanceDemo(t.services.db)).toEqual([]);
    const year = tenantToday().year;
    for (const orgId of ['1010', '1020'])
      expect((await list(`orgId_equal=${orgId}&year_equal=${year}`)).total).toBeGreaterThan(5);
    // The books hold no demo vouchers here: every typed row differs from them, the office costs by the double keying.
    const month = Math.max(tenantToday().month - 1, 1);
    const office = (await rowsOf('1010', year, '660202')).find((r) => r.month === month)!;
    const page = await list(`orgId_equal=1010&year_equal=${year}&month_equal=${month}`);
    expect(Number(page.sumClosingDebit) - Number(page.sumClosingCredit)).toBeCloseTo(1280, 2);
    expect(office.periodDebit).toBeGreaterThan(1280);
  });

  it('generates from the demo vouchers where the books have them, one account differing from them', async () => {
    await t.services.db
      .deleteFrom('erp_subject_balance')
      .where('year', '>=', tenantToday().year - 1)
      .execute();
    await seedMasterdataDemo(t.services.db);
    expect((await seedLedgerDemo(t.services.db))[0]).toMatch(/vouchers/);
    expect((await seedSubjectBalanceDemo(t.services.db))[0]).toMatch(/trial balance rows/);
    expect(await seedSubjectBalanceDemo(t.services.db)).toEqual([]);
    for (const orgId of ['1010', '1020']) {
      const periods = (
        await t.services.db
          .selectFrom('erp_subject_balance')
          .select(['year', 'month'])
          .distinct()
          .where('org_id', '=', orgId)
          .where('is_deleted', '=', 0)
          .orderBy('year', 'desc')
          .orderBy('month', 'desc')
          .execute()
      ).map((r) => ({ year: Number(r.year), month: Number(r.month) }));
      expect(periods.length).toBeGreaterThan(1);
      const [last] = periods;
      const rows = expectOk(
        await t.get(`${API}/check?orgId=${orgId}&year=${last.year}&month=${last.month}`, admin),
      ) as Array<{ subjectCode: string; differs: boolean; difference: Record<string, number> }>;
      const differing = rows.filter((r) => r.differs);
      if (orgId === '1010')
        expect(differing).toMatchObject([{ subjectCode: '660202', difference: { periodDebit: 1280 } }]);
      else expect(differing).toEqual([]);
    }
  });
});
