import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { seedCashAgingRelatedDemo } from '../../src/server/modules/finance/demo/cash-aging-related.ts';
import { seedFinanceDemo } from '../../src/server/modules/finance/demo/subjects.ts';
import { seedMasterdataDemo } from '../../src/server/modules/masterdata/demo/partners-and-staff.ts';
import { seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { SCOPE } from '../../src/server/platform/entity/data-scope.ts';
import { createDataScope, createRole, createTenantAdmin, createUser, crudCodes } from '../support/factories.ts';

/**
 * 收支流水, 逾期统计 and 关联交易统计 (domain/finance.md § incomeexpense, § overduestat, § relatedstat) over HTTP: their
 * rules and messages, the footers, the year to date, the counterparty check, the charts of these screens and of
 * 财务统计, the demo rows, and who may do what.
 */
const SYS = '/api/blade-system';
type Row = Record<string, unknown> & { id: string };
type Page = { records: Row[]; total: number } & Record<string, unknown>;

let t: TestApp;
let admin: string;

const list = async (entity: string, query: string, token = admin) =>
  expectOk(await t.get(`${SYS}/${entity}/list?size=100&${query}`, token)) as Page;
const submit = (entity: string, body: Record<string, unknown>, token = admin) =>
  t.post(`${SYS}/${entity}/submit`, token, body);
const saved = async (entity: string, body: Record<string, unknown>) => expectOk(await submit(entity, body)) as Row;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
  // The demo chart: 1002 银行存款 has sub-accounts (100201 …), so it is no leaf.
  await seedFinanceDemo(t.services.db);
}, 60_000);
afterAll(() => t?.stop());

describe('incomeexpense', () => {
  const ENTRY = {
    orgId: '1010',
    bizDate: '2031-03-05',
    ioType: '1',
    category: '101',
    amount: 1000,
    fundAccount: '测试账户甲',
    summary: '收到货款',
  };

  it('signs the amount by its type on the server, and names the contra account', async () => {
    const receipt = await saved('incomeexpense', { ...ENTRY, subjectCode: '100201', signedAmount: -1 });
    expect(receipt).toMatchObject({
      signedAmount: 1000,
      ioTypeName: '收入',
      categoryName: '销售回款',
      orgName: '常州布雷德',
      subjectName: '工商银行',
    });
    const payment = await saved('incomeexpense', { id: receipt.id, ioType: '2', category: '201' });
    expect(payment).toMatchObject({ signedAmount: -1000, ioTypeName: '支出' });
  });

  it('refuses a category of the other type, an amount of 0 and a summary left out, writing nothing', async () => {
    const before = (await list('incomeexpense', '')).total;
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ ...ENTRY, category: '201' }, '收支类别与收支类型不一致'],
      [{ ...ENTRY, ioType: '2', category: '102' }, '收支类别与收支类型不一致'],
      [{ ...ENTRY, amount: 0 }, '金额必须大于0'],
      [{ ...ENTRY, amount: -5 }, '金额必须大于0'],
      [{ ...ENTRY, summary: '' }, '请输入摘要'],
      [{ ...ENTRY, fundAccount: '' }, '请输入资金账户'],
      [{ ...ENTRY, category: '999' }, '请选择收支类别'],
      [{ ...ENTRY, orgId: '9999' }, '公司不存在'],
      [{ ...ENTRY, subjectCode: '1002' }, '请选择末级科目'],
    ];
    for (const [body, message] of refused) expectError(await submit('incomeexpense', body), 400, message);
    expectError(
      await t.post(`${SYS}/incomeexpense/submit`, admin, { ...ENTRY, category: '201' }, { 'accept-language': 'en' }),
      400,
      'The category does not match the receipt / payment type',
    );
    // An edit that changes the type alone is checked on the row as it would be saved.
    const entry = await saved('incomeexpense', ENTRY);
    expectError(await submit('incomeexpense', { id: entry.id, ioType: '2' }), 400, '收支类别与收支类型不一致');
    expect((await list('incomeexpense', '')).total).toBe(before + 1);
  });

  it('answers Σ receipts, Σ payments and the net of the filtered rows, and their months for the chart', async () => {
    const account = '测试账户乙';
    const entries = [
      { bizDate: '2032-01-10', ioType: '1', category: '101', amount: 500.5 },
      { bizDate: '2032-01-20', ioType: '2', category: '202', amount: 200.25 },
      { bizDate: '2032-02-03', ioType: '1', category: '103', amount: 1000 },
      { bizDate: '2032-02-28', ioType: '2', category: '203', amount: 300 },
      { bizDate: '2032-02-28', ioType: '2', category: '207', amount: 50, orgId: '1020' },
    ];
    for (const entry of entries) await saved('incomeexpense', { ...ENTRY, fundAccount: account, ...entry });
    const page = await list('incomeexpense', `fundAccount=${encodeURIComponent(account)}&orgId_equal=1010&size=2`);
    expect(page).toMatchObject({ total: 4, sumReceipts: 1500.5, sumPayments: 500.25, sumSignedAmount: 1000.25 });
    const payments = await list('incomeexpense', `fundAccount=${encodeURIComponent(account)}&ioType_equal=2`);
    expect(payments).toMatchObject({ total: 3, sumReceipts: 0, sumPayments: 550.25, sumSignedAmount: -550.25 });
    const february = await list(
      'incomeexpense',
      `fundAccount=${encodeURIComponent(account)}&bizDate_dategt=2032-02-01&bizDate_datelt=2032-03-01`,
    );
    expect(february).toMatchObject({ total: 3, sumReceipts: 1000, sumPayments: 350, sumSignedAmount: 650 });

    const chart = expectOk(
      await t.get(`${SYS}/incomeexpense/chart?fundAccount=${encodeURIComponent(account)}&orgId_equal=1010`, admin),
    );
    expect(chart).toEqual([
      { period: '2032-01', receipts: 500.5, payments: 200.25, net: 300.25 },
      { period: '2032-02', receipts: 1000, payments: 300, net: 700 },
    ]);
  });
});

describe('overduestat', () => {
  let customerId: string;
  const AGING = {
    orgId: '1010',
    statMonth: '2031-06',
    notDueAmount: 1000,
    overdue1to30: 100,
    overdue31to60: 50,
    overdue61to90: 25,
    overdue91to180: 12.5,
    overdue181to365: 7.5,
    overdueOver365: 5,
  };

  beforeAll(async () => {
    const customer = expectOk(
      await t.post(`${SYS}/customer/submit`, admin, {
        customerCode: 'C-AGING',
        customerName: '账龄测试客户有限公司',
        shortName: '账龄测试',
        customerType: '1',
        creditDays: 90,
      }),
    ) as Row;
    customerId = customer.id;
  });

  it("copies the customer's name and credit days at save time and works out the totals and the ratio", async () => {
    const row = await saved('overduestat', {
      ...AGING,
      customerId,
      customerName: '别的名字',
      creditDays: 1,
      overdueTotal: 1,
      overdueRate: 0.5,
    });
    expect(row).toMatchObject({
      customerName: '账龄测试客户有限公司',
      creditDays: 90,
      overdueTotal: 200,
      receivableAmount: 1200,
      overdueRate: 0.166667,
    });
    // The customer's terms change later: the saved month keeps what it was saved with, until it is saved again.
    expectOk(await t.post(`${SYS}/customer/submit`, admin, { id: customerId, creditDays: 30 }));
    expect(expectOk(await t.get(`${SYS}/overduestat/detail?id=${row.id}`, admin))).toMatchObject({ creditDays: 90 });
    const again = await saved('overduestat', { id: row.id, notDueAmount: 0, overdue1to30: 0 });
    expect(again).toMatchObject({ creditDays: 30, overdueTotal: 100, receivableAmount: 100, overdueRate: 1 });
    // Nothing receivable: no ratio.
    const empty = await saved('overduestat', {
      ...AGING,
      statMonth: '2031-07',
      customerId,
      notDueAmount: 0,
      ...Object.fromEntries(
        ['1to30', '31to60', '61to90', '91to180', '181to365', 'Over365'].map((b) => [`overdue${b}`, 0]),
      ),
    });
    expect(empty).toMatchObject({ overdueTotal: 0, receivableAmount: 0, overdueRate: null });
  });

  it('refuses a second row of the key, bad months and amounts, and a customer of another tenant', async () => {
    await saved('overduestat', { ...AGING, statMonth: '2031-08', customerId });
    const before = (await list('overduestat', '')).total;
    const { token: foreign } = await createTenantAdmin(t, '735001', crudCodes('customer'), 'aging_boss');
    const theirs = expectOk(
      await t.post(`${SYS}/customer/submit`, foreign, {
        customerCode: 'C-THEIRS',
        customerName: '他人的客户',
        shortName: '他人',
        customerType: '1',
      }),
    ) as Row;
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ ...AGING, statMonth: '2031-08', customerId }, '该客户本月逾期统计已存在'],
      [{ ...AGING, statMonth: '2031-13', customerId }, '统计月份格式应为yyyy-MM'],
      [{ ...AGING, statMonth: '', customerId }, '请输入统计月份'],
      [{ ...AGING, statMonth: '2031-09', customerId: '' }, '请选择客户'],
      [{ ...AGING, statMonth: '2031-09', customerId: theirs.id }, '客户不存在或无权访问'],
      [{ ...AGING, statMonth: '2031-09', customerId, overdue31to60: -1 }, '逾期31-60天不能小于0'],
      [{ ...AGING, statMonth: '2031-09', customerId, notDueAmount: '' }, '请输入未到期金额'],
    ];
    for (const [body, message] of refused) expectError(await submit('overduestat', body), 400, message);
    // Another company or month is no clash.
    await saved('overduestat', { ...AGING, orgId: '1020', statMonth: '2031-08', customerId });
    expect((await list('overduestat', '')).total).toBe(before + 1);
  });

  it('totals the filtered rows in the footer with the ratio of the totals, and filters the overdue ones', async () => {
    const other = expectOk(
      await t.post(`${SYS}/customer/submit`, admin, {
        customerCode: 'C-AGING-2',
        customerName: '账龄测试二厂',
        shortName: '账龄二',
        customerType: '1',
      }),
    ) as Row;
    const zero = {
      overdue1to30: 0,
      overdue31to60: 0,
      overdue61to90: 0,
      overdue91to180: 0,
      overdue181to365: 0,
      overdueOver365: 0,
    };
    // One row all current (ratio 0), one all overdue (ratio 1): the footer's ratio is 50 / 150, neither their sum
    // nor their average.
    await saved('overduestat', { ...AGING, ...zero, statMonth: '2033-01', customerId, notDueAmount: 100 });
    await saved('overduestat', {
      ...AGING,
      ...zero,
      statMonth: '2033-01',
      customerId: other.id,
      notDueAmount: 0,
      overdue61to90: 30,
      overdueOver365: 20,
    });
    const page = await list('overduestat', 'statMonth_equal=2033-01');
    expect(page).toMatchObject({
      total: 2,
      sumNotDueAmount: 100,
      sumOverdue61to90: 30,
      sumOverdueOver365: 20,
      sumOverdueTotal: 50,
      sumReceivableAmount: 150,
      sumOverdueRate: 0.333333,
    });
    const overdue = await list('overduestat', 'statMonth_equal=2033-01&overdueTotal_gt=0');
    expect(overdue.records.map((r) => r.customerName)).toEqual(['账龄测试二厂']);
    expect(overdue).toMatchObject({ sumOverdueRate: 1 });
    expect(await list('overduestat', 'statMonth_equal=2099-01')).toMatchObject({ total: 0, sumOverdueRate: null });
    expect((await list('overduestat', 'statMonth_equal=2033-01&customerName=二厂')).total).toBe(1);

    const chart = expectOk(await t.get(`${SYS}/overduestat/chart?statMonth_equal=2033-01`, admin));
    expect(chart).toEqual([
      {
        statMonth: '2033-01',
        notDueAmount: 100,
        overdue1to30: 0,
        overdue31to60: 0,
        overdue61to90: 30,
        overdue91to180: 0,
        overdue181to365: 0,
        overdueOver365: 20,
      },
    ]);
  });
});

describe('relatedstat', () => {
  const SALE = {
    orgId: '1010',
    year: 2031,
    relatedParty: '苏州布雷德',
    relatedOrgId: '1020',
    relationType: '3',
    transType: '1',
  };
  const ytdOf = async (query: string) =>
    Object.fromEntries(
      (await list('relatedstat', query)).records.map((r) => [`${r.month}/${r.transType}`, r.ytdAmount]),
    );

  it('keeps the year to date of every month of a party and type, when a month is saved, changed or deleted', async () => {
    const query = 'orgId_equal=1010&year_equal=2031&relatedParty=苏州布雷德';
    // Entered out of order: the later month first.
    const march = await saved('relatedstat', { ...SALE, month: 3, amount: 300, ytdAmount: 1 });
    expect(march.ytdAmount).toBe(300);
    const january = await saved('relatedstat', { ...SALE, month: 1, amount: 100 });
    const february = await saved('relatedstat', { ...SALE, month: 2, amount: 200 });
    expect(february.ytdAmount).toBe(300);
    await saved('relatedstat', { ...SALE, month: 2, amount: 999, transType: '8' });
    expect(await ytdOf(query)).toEqual({ '1/1': 100, '2/1': 300, '3/1': 600, '2/8': 999 });

    await saved('relatedstat', { id: january.id, amount: 150 });
    expect(await ytdOf(query)).toEqual({ '1/1': 150, '2/1': 350, '3/1': 650, '2/8': 999 });
    expectOk(await t.post(`${SYS}/relatedstat/remove?ids=${february.id}`, admin));
    expect(await ytdOf(query)).toEqual({ '1/1': 150, '3/1': 450, '2/8': 999 });
    // A month moved to another type leaves its old months behind and joins the new ones.
    await saved('relatedstat', { id: january.id, transType: '8' });
    expect(await ytdOf(query)).toEqual({ '1/8': 150, '2/8': 1149, '3/1': 300 });
  });

  it('refuses a second row of the key and bad values, writing nothing', async () => {
    const body = { ...SALE, year: 2034, month: 5, amount: 10 };
    await saved('relatedstat', body);
    const before = (await list('relatedstat', '')).total;
    const refused: Array<[Record<string, unknown>, string]> = [
      [body, '该关联方本月此类交易已存在'],
      [{ ...body, month: 13 }, '月份不能大于12'],
      [{ ...body, month: 6, amount: -1 }, '本期发生额不能小于0'],
      [{ ...body, month: 6, relatedParty: '' }, '请输入关联方'],
      [{ ...body, month: 6, transType: '' }, '请选择交易类型'],
      [{ ...body, month: 6, relationType: '9' }, '请选择关联关系'],
      [{ ...body, month: 6, relatedOrgId: '9999' }, '公司不存在'],
      [{ ...body, month: 6, relatedOrgId: '1010' }, '关联方公司不能是本公司'],
    ];
    for (const [sent, message] of refused) expectError(await submit('relatedstat', sent), 400, message);
    expect((await list('relatedstat', '')).total).toBe(before);
    // The same month with another party, or another type, is no clash.
    await saved('relatedstat', { ...body, relatedParty: '本集团常州零部件有限公司', relatedOrgId: '' });
    await saved('relatedstat', { ...body, transType: '2' });
  });

  it('flags a row whose group counterparty reports another amount under the opposite type', async () => {
    const month = { year: 2035, month: 4, relationType: '3' };
    const sale = await saved('relatedstat', {
      ...month,
      orgId: '1010',
      relatedParty: '苏州布雷德',
      relatedOrgId: '1020',
      transType: '1',
      amount: 1000,
    });
    const purchase = await saved('relatedstat', {
      ...month,
      orgId: '1020',
      relatedParty: '常州布雷德',
      relatedOrgId: '1010',
      transType: '2',
      amount: 1000,
    });
    const fee = await saved('relatedstat', {
      ...month,
      orgId: '1010',
      relatedParty: '苏州布雷德',
      relatedOrgId: '1020',
      transType: '8',
      amount: 50,
    });
    const outside = await saved('relatedstat', {
      ...month,
      orgId: '1010',
      relatedParty: '本集团常州零部件有限公司',
      transType: '1',
      amount: 70,
    });
    const checks = async () =>
      Object.fromEntries(
        (await list('relatedstat', 'year_equal=2035&month_equal=4')).records.map((r) => [r.id, r.counterpartyCheck]),
      );
    // The fee has no mirror yet (the other side reports 0).
    expect(await checks()).toEqual({ [sale.id]: 0, [purchase.id]: 0, [fee.id]: 1, [outside.id]: null });
    // The other company reports the fee under the same type; its purchase falls short.
    const feeMirror = await saved('relatedstat', {
      ...month,
      orgId: '1020',
      relatedParty: '常州布雷德',
      relatedOrgId: '1010',
      transType: '8',
      amount: 50,
    });
    await saved('relatedstat', { id: purchase.id, amount: 900 });
    expect(await checks()).toEqual({
      [sale.id]: 1,
      [purchase.id]: 1,
      [fee.id]: 0,
      [feeMirror.id]: 0,
      [outside.id]: null,
    });
    expect(expectOk(await t.get(`${SYS}/relatedstat/detail?id=${sale.id}`, admin))).toMatchObject({
      counterpartyCheck: 1,
    });
    // A group company typed as free text is matched by its name: the row takes its code and is checked.
    const typed = await saved('relatedstat', {
      ...month,
      orgId: '1020',
      relatedParty: '常州布雷德',
      transType: '2',
      amount: 70,
      month: 5,
    });
    expect(typed).toMatchObject({ relatedOrgId: '1010', counterpartyCheck: 1 });
    expectError(
      await submit('relatedstat', { ...month, orgId: '1010', relatedParty: '常州布雷德', transType: '1', amount: 1 }),
      400,
      '关联方公司不能是本公司',
    );
    // A mirror of the same type (a sale reported by both) is no mirror of a sale.
    await saved('relatedstat', { id: purchase.id, amount: 1000, transType: '1' });
    expect((await checks())[sale.id]).toBe(1);
  });

  it('offers the group companies and the related customers and suppliers as parties', async () => {
    await seedMasterdataDemo(t.services.db);
    const parties = expectOk(await t.get(`${SYS}/relatedstat/parties`, admin)) as Array<Record<string, string>>;
    expect(parties).toEqual(
      expect.arrayContaining([
        { name: '常州布雷德', kind: 'company', orgId: '1010' },
        { name: '苏州布雷德', kind: 'company', orgId: '1020' },
        { name: '本集团常州零部件有限公司', kind: 'customer', orgId: '' },
      ]),
    );
    expect(parties.some((p) => p.name === '一汽-大众汽车有限公司')).toBe(false);
  });
});

describe('financestat chart', () => {
  it("draws each company's revenue, cost and net profit by month of the rows the filters match", async () => {
    for (const [orgId, month, revenue, cost] of [
      ['1010', 1, 1000, 600],
      ['1010', 2, 2000, 1500],
      ['1020', 1, 500, 400],
    ] as const)
      await saved('financestat', { orgId, year: 2036, month, revenue, cost, incomeTax: 10 });
    await saved('financestat', { orgId: '1010', year: 2037, month: 1, revenue: 9, cost: 1 });
    const chart = expectOk(await t.get(`${SYS}/financestat/chart?year_equal=2036`, admin));
    expect(chart).toEqual([
      { orgId: '1010', orgName: '常州布雷德', period: '2036-01', revenue: 1000, cost: 600, netProfit: 390 },
      { orgId: '1010', orgName: '常州布雷德', period: '2036-02', revenue: 2000, cost: 1500, netProfit: 490 },
      { orgId: '1020', orgName: '苏州布雷德', period: '2036-01', revenue: 500, cost: 400, netProfit: 90 },
    ]);
    expect(expectOk(await t.get(`${SYS}/financestat/chart?year_equal=2036&orgId_equal=1020`, admin))).toHaveLength(1);
  });
});

describe('access to the three screens and their charts', () => {
  it('takes the menu to read and chart, its buttons to write; another tenant sees none of the rows', async () => {
    const roleId = await createRole(t, '000000', 'cashreader', ['incomeexpense', 'overduestat']);
    await createUser(t, { tenantId: '000000', account: 'cash_reader', password: 'pw', roleId, realName: '出纳' });
    const reader = await t.tokenOf('cash_reader', 'pw');
    expectOk(await t.get(`${SYS}/incomeexpense/list`, reader));
    expectOk(await t.get(`${SYS}/incomeexpense/chart`, reader));
    expectOk(await t.get(`${SYS}/overduestat/chart`, reader));
    expectError(
      await submit(
        'incomeexpense',
        {
          orgId: '1010',
          bizDate: '2031-01-01',
          ioType: '1',
          category: '101',
          amount: 1,
          fundAccount: 'x',
          summary: 'x',
        },
        reader,
      ),
      403,
    );
    for (const url of ['relatedstat/list', 'relatedstat/parties', 'financestat/chart'])
      expectError(await t.get(`${SYS}/${url}`, reader), 403);

    const { token: foreign } = await createTenantAdmin(
      t,
      '735002',
      [...crudCodes('incomeexpense'), ...crudCodes('overduestat'), ...crudCodes('relatedstat')],
      'cash_boss',
    );
    for (const entity of ['incomeexpense', 'overduestat', 'relatedstat'])
      expect((await list(entity, '', foreign)).total).toBe(0);
    expect(expectOk(await t.get(`${SYS}/incomeexpense/chart`, foreign))).toEqual([]);
    // A role that sees its own rows only charts its own rows only.
    const own = await createDataScope(t, 'incomeexpense', SCOPE.own, 'create_user');
    const ownRole = await createRole(t, '000000', 'cashown', ['incomeexpense'], [own]);
    await createUser(t, {
      tenantId: '000000',
      account: 'cash_own',
      password: 'pw',
      roleId: ownRole,
      realName: '出纳乙',
    });
    const owner = await t.tokenOf('cash_own', 'pw');
    expect(expectOk(await t.get(`${SYS}/incomeexpense/chart`, owner))).toEqual([]);
    expect(await list('incomeexpense', '', owner)).toMatchObject({ total: 0, sumReceipts: 0, sumPayments: 0 });

    const mine = await saved('incomeexpense', {
      orgId: '1010',
      bizDate: '2031-01-02',
      ioType: '2',
      category: '207',
      amount: 3,
      fundAccount: '现金',
      summary: '零星支出',
    });
    expectError(await submit('incomeexpense', { id: mine.id, amount: 5 }, foreign), 400, '数据不存在或无权访问');
  });
});

describe('demo rows', () => {
  it('adds a cash journal, aging rows and related rows with exactly one disagreeing pair, once', async () => {
    const first = await seedCashAgingRelatedDemo(t.services.db);
    expect(first.every((line) => !line.startsWith('0 '))).toBe(true);
    expect(await seedCashAgingRelatedDemo(t.services.db)).toEqual([
      '0 cash journal entries',
      '0 receivable aging rows',
      '0 related-party rows',
    ]);
    const demoAccount = encodeURIComponent('工商银行常州分行');
    const journal = await list('incomeexpense', `fundAccount=${demoAccount}&size=1`);
    expect(journal.total).toBeGreaterThan(0);
    expect(journal.sumReceipts as number).toBeGreaterThan(0);
    // The demo's year: this one's closed months (last year's in January); the tests above use years to come.
    const today = formatDateTime().slice(0, 10);
    const year = Number(today.slice(5, 7)) > 1 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
    const related = await list('relatedstat', `year_equal=${year}&size=200`);
    const flagged = related.records.filter((r) => r.counterpartyCheck === 1);
    // One pair: the seller's row and the buyer's, of the same month.
    expect(flagged).toHaveLength(2);
    expect(new Set(flagged.map((r) => `${r.year}-${r.month}`)).size).toBe(1);
    expect(flagged.map((r) => r.transType).sort()).toEqual(['1', '2']);
  });
});
