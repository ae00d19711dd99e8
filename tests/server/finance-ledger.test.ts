import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/server/modules/index.ts';
import { seedFinanceDemo } from '../../src/server/modules/finance/demo/subjects.ts';
import { seedLedgerDemo } from '../../src/server/modules/finance/demo/vouchers.ts';
import { seedMasterdataDemo } from '../../src/server/modules/masterdata/demo/partners-and-staff.ts';
import { seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { LEDGER_AUDIT, LEDGER_POST, LEDGER_UNAUDIT } from '../../src/shared/entities/finance/ledger.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser, crudCodes, minimalBody } from '../support/factories.ts';
import { tenantToday } from '../support/tenant-today.ts';

/**
 * 明细账 (domain/finance.md § ledger, issue 35) over HTTP: a voucher entered as one document (all lines or none), its
 * next number, each line's rules (one side, currency, leaf and enabled account, auxiliary dimensions, the tenant's
 * own customers), and the voucher's state machine 0 → 1 → 2 and 1 → 0, each move behind its button.
 */
const SYS = '/api/blade-system';
const LEDGER = `${SYS}/ledger`;
type Row = Record<string, unknown> & { id: string };
interface Voucher {
  voucherNo: number;
  year: number;
  month: number;
  voucherWord: string;
  orgId: string;
  voucherStatus: string;
  debitTotal: number;
  creditTotal: number;
  lines: Row[];
}

let t: TestApp;
let admin: string;
let clerk: string;
let supervisor: string;
let customerId: string;
let supplierId: string;
let foreignCustomerId: string;

async function tokenWith(account: string, codes: string[]): Promise<string> {
  const roleId = await createRole(t, '000000', account, codes);
  await createUser(t, {
    tenantId: '000000',
    account,
    password: 'pw',
    roleId,
    deptId: SEED.deptChangzhou,
    realName: `${account}名`,
  });
  return t.tokenOf(account, 'pw');
}

const entity = (name: string) => ENTITIES.find((e) => e.name === name)!;
async function saved(token: string, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  return expectOk(await t.post(`${SYS}/${name}/submit`, token, minimalBody(entity(name), extra))).id;
}

const debit = (subjectCode: string, amount: number, extra: Record<string, unknown> = {}) => ({
  summary: '测试分录',
  subjectCode,
  debitAmount: amount,
  creditAmount: 0,
  ...extra,
});
const credit = (subjectCode: string, amount: number, extra: Record<string, unknown> = {}) => ({
  summary: '测试分录',
  subjectCode,
  debitAmount: 0,
  creditAmount: amount,
  ...extra,
});
const header = { orgId: '1010', voucherDate: '2026-03-15', voucherWord: '记', attachmentCount: 2 };
const submitVoucher = (token: string, body: Record<string, unknown>) =>
  t.post(`${LEDGER}/voucher-submit`, token, { ...header, ...body });
const keyOf = (v: Voucher) => ({
  orgId: v.orgId,
  year: v.year,
  month: v.month,
  voucherWord: v.voucherWord,
  voucherNo: v.voucherNo,
});
const linesOf = async (voucherNo: number, month = 3): Promise<Row[]> =>
  expectOk(
    await t.get(`${LEDGER}/list?size=100&orgId_equal=1010&voucherNo_equal=${voucherNo}&month_equal=${month}`, admin),
  ).records;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
  // 1122 keeps customers, 2202 suppliers; 6602 gets children, so that it is no leaf; 660299 is disabled.
  const idOf = async (code: string) =>
    String(
      (
        await t.services.db
          .selectFrom('erp_subject')
          .select('id')
          .where('tenant_id', '=', '000000')
          .where('subject_code', '=', code)
          .executeTakeFirstOrThrow()
      ).id,
    );
  expectOk(await t.post(`${SYS}/subject/submit`, admin, { id: await idOf('1122'), auxTypes: 'customer' }));
  expectOk(await t.post(`${SYS}/subject/submit`, admin, { id: await idOf('2202'), auxTypes: 'supplier' }));
  const account = { subjectCategory: '6', balanceDirection: '1' };
  expectOk(
    await t.post(`${SYS}/subject/submit`, admin, {
      ...account,
      subjectCode: '660201',
      subjectName: '办公费',
      auxTypes: 'dept,project',
    }),
  );
  expectOk(
    await t.post(`${SYS}/subject/submit`, admin, { ...account, subjectCode: '660299', subjectName: '其他', status: 2 }),
  );
  customerId = await saved(admin, 'customer');
  supplierId = await saved(admin, 'supplier');
  const foreign = await createTenantAdmin(t, '246810', [...crudCodes('customer')], 'lg_boss');
  foreignCustomerId = await saved(foreign.token, 'customer');
  clerk = await tokenWith('lg_clerk', crudCodes('ledger'));
  supervisor = await tokenWith('lg_chief', ['ledger', LEDGER_AUDIT, LEDGER_UNAUDIT, LEDGER_POST]);
}, 60_000);
afterAll(() => t?.stop());

describe('a voucher entered as one document', () => {
  let voucher: Voucher;

  it('proposes the next number of the company, period and word', async () => {
    const next = (query: string) => t.get(`${LEDGER}/next-voucher-no?${query}`, clerk);
    expect(expectOk(await next('orgId=1010&year=2026&month=3&voucherWord=记')).voucherNo).toBe(1);
    voucher = expectOk(
      await submitVoucher(clerk, {
        lines: [debit('1122', 1130, { customerId }), credit('6001', 1000), credit('2221', 130)],
      }),
    );
    expect(voucher.voucherNo).toBe(1);
    expect(expectOk(await next('orgId=1010&year=2026&month=3&voucherWord=记')).voucherNo).toBe(2);
    // Another word, another month, another company: each counts apart.
    expect(expectOk(await next('orgId=1010&year=2026&month=3&voucherWord=收')).voucherNo).toBe(1);
    expect(expectOk(await next('orgId=1010&year=2026&month=4&voucherWord=记')).voucherNo).toBe(1);
  });

  it('numbers its lines, derives period, names and maker, and sums both sides', async () => {
    expect(voucher).toMatchObject({ year: 2026, month: 3, voucherStatus: '0', debitTotal: 1130, creditTotal: 1130 });
    expect(voucher.lines.map((l) => l.entryNo)).toEqual([1, 2, 3]);
    expect(voucher.lines[0]).toMatchObject({
      subjectName: '应收账款',
      maker: 'lg_clerk名',
      attachmentCount: 2,
      currency: 'CNY',
      customerId,
      voucherDate: '2026-03-15',
    });
    const read = expectOk(await t.get(`${LEDGER}/voucher?${new URLSearchParams(keyOf(voucher) as never)}`, clerk));
    expect(read.lines.map((l: Row) => l.id)).toEqual(voucher.lines.map((l) => l.id));
  });

  it('edits the voucher whole: lines changed, added, dropped and renumbered', async () => {
    const [receivable, , tax] = voucher.lines;
    const edited: Voucher = expectOk(
      await submitVoucher(admin, {
        original: keyOf(voucher),
        voucherNo: voucher.voucherNo,
        lines: [{ ...tax, creditAmount: 260 }, { ...receivable, debitAmount: 1260 }, credit('6051', 1000)],
      }),
    );
    expect(edited.lines.map((l) => [l.entryNo, l.subjectCode])).toEqual([
      [1, '2221'],
      [2, '1122'],
      [3, '6051'],
    ]);
    expect(edited.lines[0].id).toBe(tax.id);
    // A line added later, by another, keeps the voucher's maker.
    expect(edited.lines[2].maker).toBe('lg_clerk名');
    expect(edited).toMatchObject({ debitTotal: 1260, creditTotal: 1260 });
    expect(await linesOf(voucher.voucherNo)).toHaveLength(3);
    voucher = edited;
  });

  it('writes nothing when one line is refused, and names the line', async () => {
    const before = expectOk(await t.get(`${LEDGER}/list?size=1`, admin)).total;
    const res = await submitVoucher(clerk, {
      lines: [debit('1001', 100), credit('1002', 50), credit('1002', 50, { debitAmount: 10 })],
    });
    expectError(res, 400, '第3行：借方和贷方金额必须且只能填写一方');
    expect(expectOk(await t.get(`${LEDGER}/list?size=1`, admin)).total).toBe(before);
    // An edit refused on a line leaves the voucher as it was.
    const res2 = await submitVoucher(clerk, {
      original: keyOf(voucher),
      voucherNo: voucher.voucherNo,
      lines: [voucher.lines[0], debit('6602', 100)],
    });
    expectError(res2, 400, '第2行：请选择末级科目');
    expect((await linesOf(voucher.voucherNo)).map((l) => l.subjectCode).sort()).toEqual(['1122', '2221', '6051']);
  });

  it('is entered by the holder of 新增 and edited by the holder of 修改 only', async () => {
    const lines = [debit('1001', 5), credit('1002', 5)];
    expect((await submitVoucher(supervisor, { lines })).statusCode).toBe(403);
    const edit = { original: keyOf(voucher), voucherNo: voucher.voucherNo, lines: voucher.lines };
    expect((await submitVoucher(supervisor, edit)).statusCode).toBe(403);
  });

  it('gives a number once when two clerks save vouchers at the same time', async () => {
    const body = { voucherDate: '2026-06-02', voucherNo: 5, lines: [debit('1001', 5), credit('6001', 5)] };
    const answers = await Promise.all([submitVoucher(clerk, body), submitVoucher(clerk, body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((res) => res.statusCode === 400)!.json().msg).toBe('凭证号已存在');
    expect(await linesOf(5, 6)).toHaveLength(2);
  });

  it('refuses a number another voucher of the period has', async () => {
    expectError(
      await submitVoucher(clerk, { voucherNo: 1, lines: [debit('1001', 5), credit('1002', 5)] }),
      400,
      '凭证号已存在',
    );
  });
});

describe("a line's rules", () => {
  const refused = async (line: Record<string, unknown>, message: string) =>
    expectError(await submitVoucher(clerk, { lines: [line] }), 400, `第1行：${message}`);

  it('takes exactly one side', async () => {
    await refused(debit('1001', 100, { creditAmount: 100 }), '借方和贷方金额必须且只能填写一方');
    await refused(debit('1001', 0), '借方和贷方金额必须且只能填写一方');
  });

  it('takes a foreign currency with its rate and original amount', async () => {
    await refused(debit('1002', 720, { currency: 'USD' }), '请输入汇率');
    await refused(debit('1002', 720, { currency: 'USD', exchangeRate: 0 }), '汇率必须大于0');
    await refused(debit('1002', 720, { currency: 'USD', exchangeRate: 7.2 }), '请输入原币金额');
    const ok: Voucher = expectOk(
      await submitVoucher(clerk, {
        lines: [debit('1002', 720, { currency: 'USD', exchangeRate: 7.2, originalAmount: 100 }), credit('6001', 720)],
      }),
    );
    expect(ok.lines[0]).toMatchObject({ currency: 'USD', exchangeRate: 7.2, originalAmount: 100 });
  });

  it('takes leaf, enabled accounts only', async () => {
    await refused(debit('6602', 100), '请选择末级科目');
    await refused(debit('660299', 100), '科目已停用，不能使用');
    await refused(debit('9999', 100), '科目代码不存在或无权访问');
  });

  it('asks for the dimensions the account keeps', async () => {
    await refused(debit('1122', 100), '请选择客户');
    await refused(credit('2202', 100), '请选择供应商');
    await refused(debit('660201', 100, { project: 'P1' }), '请选择部门');
    await refused(debit('660201', 100, { deptId: SEED.deptChangzhou }), '请输入项目');
    expectOk(
      await submitVoucher(clerk, {
        lines: [
          debit('660201', 100, { deptId: SEED.deptChangzhou, project: 'X01' }),
          credit('2202', 100, { supplierId }),
        ],
      }),
    );
  });

  it("refuses another tenant's customer", async () => {
    const res = await submitVoucher(clerk, { lines: [debit('1122', 100, { customerId: foreignCustomerId })] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^第1行：.*客户/);
  });

  it('refuses a line through the plain submit too', async () => {
    const body = { ...header, voucherNo: 90, entryNo: 1, ...debit('1001', 10, { creditAmount: 10 }) };
    expectError(await t.post(`${LEDGER}/submit`, clerk, body), 400, '借方和贷方金额必须且只能填写一方');
  });
});

describe('the voucher state machine', () => {
  let voucher: Voucher;
  const move = (token: string, route: string) => t.post(`${LEDGER}/${route}`, token, keyOf(voucher));

  beforeAll(async () => {
    voucher = expectOk(
      await submitVoucher(clerk, {
        voucherDate: '2026-05-20',
        lines: [debit('1001', 500), credit('1002', 400)],
      }),
    );
  });

  it('refuses auditing an unbalanced voucher, and writes nothing', async () => {
    expectError(await move(supervisor, 'voucher-audit'), 400, '凭证借贷不平衡');
    expect((await linesOf(voucher.voucherNo, 5)).map((l) => l.voucherStatus)).toEqual(['0', '0']);
  });

  it('audits a balanced voucher whole, by the holder of 审核 only', async () => {
    voucher = expectOk(
      await submitVoucher(clerk, {
        original: keyOf(voucher),
        voucherDate: '2026-05-20',
        voucherNo: voucher.voucherNo,
        lines: [voucher.lines[0], { ...voucher.lines[1], creditAmount: 500 }],
      }),
    );
    expect(voucher).toMatchObject({ debitTotal: 500, creditTotal: 500 });
    expect((await move(clerk, 'voucher-audit')).statusCode).toBe(403);
    expect(expectOk(await move(supervisor, 'voucher-audit')).voucherStatus).toBe('1');
    expect((await linesOf(voucher.voucherNo, 5)).map((l) => l.voucherStatus)).toEqual(['1', '1']);
  });

  it('keeps an audited voucher read-only and undeletable', async () => {
    const [line] = voucher.lines;
    expectError(
      await t.post(`${LEDGER}/submit`, clerk, { id: line.id, summary: '改摘要' }),
      400,
      '已审核或已记账的凭证不能修改或删除',
    );
    expectError(await t.post(`${LEDGER}/remove?ids=${line.id}`, clerk), 400, '已审核或已记账的凭证不能修改或删除');
    expectError(
      await submitVoucher(clerk, { original: keyOf(voucher), voucherNo: voucher.voucherNo, lines: voucher.lines }),
      400,
      '已审核或已记账的凭证不能修改或删除',
    );
    // No new line joins it either.
    const body = {
      ...header,
      voucherDate: '2026-05-20',
      voucherNo: voucher.voucherNo,
      entryNo: 3,
      ...debit('1001', 1),
    };
    expectError(await t.post(`${LEDGER}/submit`, clerk, body), 400, '已审核或已记账的凭证不能修改或删除');
  });

  it('unaudits (1 → 0) and audits again', async () => {
    expect((await move(clerk, 'voucher-unaudit')).statusCode).toBe(403);
    expect(expectOk(await move(supervisor, 'voucher-unaudit')).voucherStatus).toBe('0');
    expect((await linesOf(voucher.voucherNo, 5)).map((l) => l.voucherStatus)).toEqual(['0', '0']);
    expect(expectOk(await move(supervisor, 'voucher-audit')).voucherStatus).toBe('1');
  });

  it('posts (1 → 2), and a posted voucher never goes back', async () => {
    expect((await move(clerk, 'voucher-post')).statusCode).toBe(403);
    expect(expectOk(await move(supervisor, 'voucher-post')).voucherStatus).toBe('2');
    expectError(await move(supervisor, 'voucher-unaudit'), 400, /凭证状态不能从“已记账”变为“未审核”/);
    const [line] = voucher.lines;
    const back = await t.post(`${LEDGER}/submit`, admin, { id: line.id, voucherStatus: '1' });
    expectError(back, 400, /凭证状态不能从“已记账”变为“已审核”/);
    expectError(await t.post(`${LEDGER}/remove?ids=${line.id}`, admin), 400, '已审核或已记账的凭证不能修改或删除');
  });

  it('refuses posting an unaudited voucher', async () => {
    const draft: Voucher = expectOk(
      await submitVoucher(clerk, { voucherDate: '2026-05-21', lines: [debit('1001', 9), credit('1002', 9)] }),
    );
    const res = await t.post(`${LEDGER}/voucher-post`, supervisor, keyOf(draft));
    expectError(res, 400, /凭证状态不能从“未审核”变为“已记账”/);
  });
});

describe('the accounts a ledger uses', () => {
  it('cannot be deleted while a line names them', async () => {
    const id = String(
      (
        await t.services.db
          .selectFrom('erp_subject')
          .select('id')
          .where('tenant_id', '=', '000000')
          .where('subject_code', '=', '6051')
          .executeTakeFirstOrThrow()
      ).id,
    );
    expectError(await t.post(`${SYS}/subject/remove?ids=${id}`, admin), 400, '科目已被使用，不能删除');
  });

  it("refuses another tenant's company", async () => {
    const res = await submitVoucher(clerk, { orgId: 'NOPE', lines: [debit('1001', 5), credit('1002', 5)] });
    expectError(res, 400, '第1行：公司不存在');
  });
});

describe('the list', () => {
  it('searches by the domain keys and sums both sides of what it finds', async () => {
    const page = expectOk(
      await t.get(
        `${LEDGER}/list?size=100&orgId_equal=1010&voucherDate_dategt=2026-05-01&voucherDate_datelt=2026-05-31`,
        clerk,
      ),
    );
    expect(page.records.length).toBeGreaterThan(0);
    const sum = (name: string) => page.records.reduce((total: number, r: Row) => total + Number(r[name]), 0);
    expect(page.sumDebitAmount).toBe(sum('debitAmount'));
    expect(page.sumCreditAmount).toBe(sum('creditAmount'));
    const bySummary = expectOk(await t.get(`${LEDGER}/list?summary=测试&customerId_equal=${customerId}`, clerk));
    expect(bySummary.records.every((r: Row) => r.customerId === customerId)).toBe(true);
    const bySubject = expectOk(await t.get(`${LEDGER}/list?subjectCode=660`, clerk));
    expect(bySubject.records.every((r: Row) => String(r.subjectCode).startsWith('660'))).toBe(true);
  });

  it("finds by account the lines whose code contains the text anywhere, as the chart's codes name them", async () => {
    // The lines' own codes, counted in the table: the search (the chart's codes, ledger.hooks.ts) finds the same.
    const expected = async (text: string) =>
      Number(
        (
          await t.services.db
            .selectFrom('erp_ledger')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('tenant_id', '=', '000000')
            .where('is_deleted', '=', 0)
            .where('subject_code', 'like', `%${text}%`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const inMiddle = expectOk(await t.get(`${LEDGER}/list?size=100&subjectCode=0201`, clerk));
    expect(await expected('0201')).toBeGreaterThan(0);
    expect(inMiddle.total).toBe(await expected('0201'));
    expect(inMiddle.records.every((r: Row) => String(r.subjectCode).includes('0201'))).toBe(true);
    const explicit = expectOk(await t.get(`${LEDGER}/list?size=100&subjectCode_like=0201`, clerk));
    expect(explicit.total).toBe(inMiddle.total);
    const none = expectOk(await t.get(`${LEDGER}/list?subjectCode=8888`, clerk));
    expect(none).toMatchObject({ total: 0, records: [] });
    expectError(await t.get(`${LEDGER}/list?subjectCode=${'1'.repeat(33)}`, clerk), 400, /32/);
  });
});

describe('the demo ledger', () => {
  it('is a year of balanced vouchers of both companies, added once', async () => {
    const { db } = t.services;
    // The demo adds its ledger to a tenant without one.
    await db.deleteFrom('erp_ledger').where('tenant_id', '=', '000000').execute();
    await seedMasterdataDemo(db);
    await seedFinanceDemo(db);
    expect((await seedLedgerDemo(db))[0]).toMatch(/vouchers/);
    const vouchers = await db
      .selectFrom('erp_ledger')
      .select(['org_id', 'year', 'month', 'voucher_word', 'voucher_no'])
      .select((eb) => [
        eb.fn.sum<string>('debit_amount').as('debit'),
        eb.fn.sum<string>('credit_amount').as('credit'),
        eb.fn.count<string>('id').as('lines'),
        eb.fn.min<string>('voucher_status').as('lowest'),
        eb.fn.max<string>('voucher_status').as('highest'),
      ])
      .where('tenant_id', '=', '000000')
      .groupBy(['org_id', 'year', 'month', 'voucher_word', 'voucher_no'])
      .execute();
    expect(vouchers.every((v) => Number(v.debit) === Number(v.credit) && Number(v.debit) > 0)).toBe(true);
    expect(vouchers.every((v) => Number(v.lines) >= 2 && v.lowest === v.highest)).toBe(true);
    expect(new Set(vouchers.map((v) => v.org_id))).toEqual(new Set(['1010', '1020']));
    const perMonth = new Map<string, number>();
    for (const v of vouchers)
      perMonth.set(`${v.org_id}/${v.year}/${v.month}`, (perMonth.get(`${v.org_id}/${v.year}/${v.month}`) ?? 0) + 1);
    // Every month of the year before this one, for both; this month's where a voucher is dated by today (on its
    // first day there may be none).
    const { year, month } = tenantToday();
    for (const orgId of ['1010', '1020'])
      for (let back = 1; back <= 11; back++) {
        const index = year * 12 + month - 1 - back;
        expect(perMonth.has(`${orgId}/${Math.floor(index / 12)}/${(index % 12) + 1}`)).toBe(true);
      }
    expect(perMonth.size).toBeGreaterThanOrEqual(22);
    expect(perMonth.size).toBeLessThanOrEqual(24);
    // Whole months (all but the current one) hold 30 to 60 vouchers.
    const counts = [...perMonth.values()].sort((a, b) => a - b);
    expect(counts.slice(2).every((n) => n >= 30 && n <= 60)).toBe(true);
    for (const state of ['0', '1', '2']) expect(vouchers.some((v) => v.lowest === state)).toBe(true);
    // Receivable lines name their customer.
    const receivables = await db
      .selectFrom('erp_ledger')
      .select('customer_id')
      .where('tenant_id', '=', '000000')
      .where('subject_code', '=', '1122')
      .execute();
    expect(receivables.length).toBeGreaterThan(0);
    expect(receivables.every((r) => r.customer_id !== null)).toBe(true);
    const total = async () =>
      Number(
        (
          await db
            .selectFrom('erp_ledger')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await total();
    expect(await seedLedgerDemo(db)).toEqual([]);
    expect(await total()).toBe(before);
  }, 120_000);
});
