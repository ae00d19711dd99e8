import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_IMPORT } from '../../src/shared/entities/finance/ledger.ts';
import { SUBJECTBALANCE_IMPORT } from '../../src/shared/entities/finance/subject-balance.ts';
import { seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { BASIC_SABER, expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser, crudCodes, minimalBody } from '../support/factories.ts';
import { multipartFile, sheetOf } from '../support/uploads.ts';
import {
  bookWorkbook as workbook,
  u8BalanceSheet,
  u8LedgerTitle,
  U8_BALANCE_MERGES as MERGES,
  U8_LEDGER_MERGES,
} from '../support/book-workbooks.ts';
import { ENTITIES } from '../../src/server/modules/index.ts';

/**
 * Issue 35 over HTTP: a company's vouchers imported from the ledger export of 用友 or 金蝶 (`ledger/import-books`) — all
 * or nothing, every refused row named with its column as the sheet heads it, the ledger's rules (leaf and enabled
 * account, its auxiliary dimensions, one side, a foreign currency's rate) and numbers already taken refused, the
 * progress readable while it runs, the templates each program's columns; only with the button.
 */
const SYS = '/api/blade-system';
const LEDGER = `${SYS}/ledger`;

let t: TestApp;
let admin: string;
let importer: string;
let clerk: string;
let customerCode: string;

function importBooks(
  token: string,
  file: Buffer,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  book = LEDGER,
) {
  const body = multipartFile(file, fields, 'ledger.xlsx');
  return t.app.inject({
    method: 'POST',
    url: `${book}/import-books`,
    payload: body.payload,
    headers: { authorization: BASIC_SABER, 'blade-auth': `bearer ${token}`, ...body.headers, ...headers },
  });
}

const linesOf = async (orgId: string, month: number) =>
  expectOk(await t.get(`${LEDGER}/list?size=200&orgId_equal=${orgId}&month_equal=${month}&descs=id`, admin))
    .records as Array<Record<string, unknown>>;

const U8_TITLE = u8LedgerTitle();

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
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
  const expense = { subjectCategory: '6', balanceDirection: '1', parentId: await idOf('6602') };
  expectOk(await t.post(`${SYS}/subject/submit`, admin, { ...expense, subjectCode: '660201', subjectName: '办公费' }));
  expectOk(
    await t.post(`${SYS}/subject/submit`, admin, { ...expense, subjectCode: '660202', subjectName: '停用', status: 2 }),
  );
  const customer = ENTITIES.find((e) => e.name === 'customer')!;
  const saved = expectOk(await t.post(`${SYS}/customer/submit`, admin, minimalBody(customer, {}))) as { id: string };
  customerCode = String(
    (expectOk(await t.get(`${SYS}/customer/detail?id=${saved.id}`, admin)) as { customerCode: string }).customerCode,
  );
  const person = async (account: string, codes: string[]) => {
    const roleId = await createRole(t, '000000', account, codes);
    await createUser(t, { tenantId: '000000', account, password: 'pw', roleId, deptId: SEED.deptChangzhou });
    return t.tokenOf(account, 'pw');
  };
  importer = await person('bk_imp', ['ledger', LEDGER_IMPORT, 'subjectbalance', SUBJECTBALANCE_IMPORT]);
  clerk = await person('bk_clerk', crudCodes('ledger'));
}, 60_000);
afterAll(() => t?.stop());

describe('ledger exports of 用友 and 金蝶', () => {
  it('imports a 用友 U8 序时账 as it comes: title rows, thousands separators, subtotals, continued vouchers', async () => {
    const file = await workbook(
      [
        ...U8_TITLE,
        ['2026-06-05', '记-0001', '销售产品', '1122', '应收账款', '11,300.00', '', customerCode],
        [null, null, '销售产品', '6001', '主营业务收入', '', '10,000.00', null],
        [null, null, '销项税额', '2221', '应交税费', '', '1,300.00', null],
        ['2026-06-08', '记-0002', '购买办公用品', '660201', '管理费用-办公费', '1,250.50', '', null],
        ['2026-06-08', '记-0002', '购买办公用品', '1002', '银行存款', '', '1,250.50', null],
        [null, null, '本月合计', null, null, '12,550.50', '12,550.50', null],
      ],
      U8_LEDGER_MERGES,
    );
    const answer = expectOk(await importBooks(importer, file, { orgId: '1010', importId: 'u8-june' }));
    expect(answer).toEqual({ vouchers: 2, lines: 5 });
    const lines = await linesOf('1010', 6);
    expect(
      lines
        .map((l) => [
          l.voucherWord,
          l.voucherNo,
          l.entryNo,
          l.subjectCode,
          l.debitAmount,
          l.creditAmount,
          l.voucherStatus,
        ])
        .sort(),
    ).toEqual(
      [
        ['记', 1, 1, '1122', 11300, 0, '2'],
        ['记', 1, 2, '6001', 0, 10000, '2'],
        ['记', 1, 3, '2221', 0, 1300, '2'],
        ['记', 2, 1, '660201', 1250.5, 0, '2'],
        ['记', 2, 2, '1002', 0, 1250.5, '2'],
      ].sort(),
    );
    expect(lines.find((l) => l.subjectCode === '660201')).toMatchObject({
      voucherDate: '2026-06-08',
      maker: expect.any(String),
    });
    expect(lines.find((l) => l.subjectCode === '1122')!.customerId).toBeTruthy();
    // The progress of the caller's import, as its screen polls it.
    expect(expectOk(await t.get(`${LEDGER}/books-import-progress?importId=u8-june`, importer))).toEqual({
      phase: 'done',
      total: 5,
      done: 5,
    });
    expect(expectOk(await t.get(`${LEDGER}/books-import-progress?importId=other`, importer)).phase).toBe('none');
  });

  it('imports a 金蝶 KIS export unaudited when asked, 凭证字 and 凭证号 apart, 核算项目 naming the customer', async () => {
    const file = await workbook([
      ['日期', '凭证字', '凭证号', '摘要', '科目代码', '科目名称', '借方金额', '贷方金额', '核算项目'],
      ['2026/7/1', '收', '3', '收回货款', '1002', '银行存款', '5,000', '', ''],
      ['2026/7/1', '收', '3', '收回货款', '1122', '应收账款', '', '5,000', `客户---${customerCode} 客户名`],
    ]);
    expectOk(await importBooks(importer, file, { orgId: '1010', voucherStatus: '0' }));
    const lines = await linesOf('1010', 7);
    expect(lines.map((l) => [l.voucherWord, l.voucherNo, l.voucherStatus])).toEqual([
      ['收', 3, '0'],
      ['收', 3, '0'],
    ]);
  });

  it('refuses the whole file naming every bad row and its column, and writes nothing', async () => {
    const file = await workbook([
      ...U8_TITLE,
      ['2026-08-01', '记-1', '采购', '1403', '原材料', '1,000.00', '', null],
      ['2026-08-01', '记-1', '采购', '2202', '应付账款', '', '900.00', null],
      ['2026-08-02', '记-2', '非末级', '6602', '管理费用', '100', '', null],
      ['2026-08-02', '记-2', '停用', '660202', '停用', '', '100', null],
      ['2026-08-03', '记-3', '缺客户', '1122', '应收账款', '50', '', null],
      ['2026-08-03', '记-3', '两边', '1001', '库存现金', '50', '50', null],
      ['2026-08-04', '记-4', '没有的科目', '9999', '?', '1', '', null],
      ['2026-08-04', '记-4', '不认识的客户', '1122', '应收账款', '', '1', 'NO-SUCH'],
    ]);
    const res = await importBooks(importer, file, { orgId: '1010' });
    expectError(
      res,
      400,
      '第4行: 凭证借贷不平衡: 记-1 (2026-08) 借方合计 1000.00，贷方合计 900.00; ' +
        '第6行 科目编码: 请选择末级科目; ' +
        '第7行 科目编码: 科目已停用，不能使用; ' +
        '第8行 客户: 请选择客户; ' +
        '第9行 借方金额: 借方和贷方金额必须且只能填写一方; ' +
        '第10行 科目编码: 科目不存在: 9999; ' +
        '第11行 客户: 客户不存在: NO-SUCH',
    );
    expect(await linesOf('1010', 8)).toEqual([]);
    // In English, as the caller reads it.
    const en = await importBooks(importer, file, { orgId: '1010' }, { 'accept-language': 'en' });
    expect(JSON.parse(en.body).msg).toMatch(
      /^Row 4: The voucher does not balance: 记-1 \(2026-08\) debit 1000.00, credit 900.00/,
    );
  });

  it('refuses vouchers whose number the period already has, a sheet that is no ledger, and a company not of the tenant', async () => {
    const again = await workbook([
      ...U8_TITLE,
      ['2026-06-20', '记-0002', '重复的号', '1001', '库存现金', '10', '', null],
      ['2026-06-20', '记-0002', '重复的号', '1002', '银行存款', '', '10', null],
    ]);
    expectError(await importBooks(importer, again, { orgId: '1010' }), 400, '第4行: 凭证 记-2 (2026-06) 已存在');
    const other = await workbook([
      ['物料编码', '物料名称', '数量'],
      ['P1', '螺栓', 3],
    ]);
    expectError(
      await importBooks(importer, other, { orgId: '1010' }),
      400,
      '未找到凭证的列（摘要、科目代码、借方金额、贷方金额）：请导入用友或金蝶导出的序时账或凭证列表，或下载导入模板',
    );
    expectError(await importBooks(importer, again, { orgId: '9999' }), 400, '公司不存在: 9999');
    expectError(await importBooks(importer, again, {}), 400, /公司/);
    const notXlsx = await importBooks(importer, Buffer.from('not a workbook'), { orgId: '1010' });
    expectError(notXlsx, 400, '文件不是有效的Excel文件(.xlsx)');
  });

  it("is the importer's only: a clerk without the button, and another tenant cannot reach the company", async () => {
    const file = await workbook([
      ...U8_TITLE,
      ['2026-09-01', '记-1', '提现', '1001', '库存现金', '10', '', null],
      ['2026-09-01', '记-1', '提现', '1002', '银行存款', '', '10', null],
    ]);
    expect((await importBooks(clerk, file, { orgId: '1010' })).statusCode).toBe(403);
    expect((await t.get(`${LEDGER}/books-template?vendor=u8`, clerk)).statusCode).toBe(403);
    const foreign = await createTenantAdmin(t, '135790', ['ledger', LEDGER_IMPORT], 'bk_for');
    expectError(await importBooks(foreign.token, file, { orgId: '1010' }), 400, '公司不存在: 1010');
    expect(await linesOf('1010', 9)).toEqual([]);
  });

  it("gives each program's columns as its template, which the import reads back", async () => {
    for (const [vendor, first] of [
      ['u8', '制单日期'],
      ['tplus', '日期'],
      ['k3', '日期'],
      ['kis', '日期'],
      ['kingdee', 'FDATE'],
    ]) {
      const rows = await sheetOf(await t.get(`${LEDGER}/books-template?vendor=${vendor}`, importer));
      expect(rows[0][0]).toBe(first);
    }
    expectError(await t.get(`${LEDGER}/books-template?vendor=sap`, importer), 400, /vendor/);
  });
});

describe('trial balance exports of 用友 and 金蝶', () => {
  const BALANCE = `${SYS}/subjectbalance`;
  const importBalance = (file: Buffer, fields: Record<string, string>) =>
    importBooks(importer, file, { orgId: '1010', year: '2026', ...fields }, {}, BALANCE);
  const rowsOf = async (month: number) =>
    (
      expectOk(await t.get(`${BALANCE}/list?size=100&orgId_equal=1010&year_equal=2026&month_equal=${month}`, admin))
        .records as Array<Record<string, unknown>>
    )
      .map((r) => [
        r.subjectCode,
        r.openingDebit,
        r.openingCredit,
        r.periodDebit,
        r.periodCredit,
        r.closingDebit,
        r.closingCredit,
        r.ytdDebit,
      ])
      .sort();
  const U8_BALANCE = (cash: string, closing: string) =>
    u8BalanceSheet([
      ['1001', '库存现金', '2,000.00', '', cash, '1,500.00', closing, ''],
      ['6602', '管理费用', '', '', '800.00', '', '800.00', ''],
      ['660201', '管理费用-办公费', '', '', '800.00', '', '800.00', ''],
      ['合计', null, '2,000.00', '', '5,800.00', '1,500.00', '', ''],
    ]);

  it('imports a period of a 用友 发生额及余额表: leaves written, parents and totals passed over, year to date recomputed', async () => {
    expectOk(await importBalance(await workbook(U8_BALANCE('5,000.00', '5,500.00'), MERGES), { month: '5' }));
    const answer = expectOk(
      await importBalance(await workbook(U8_BALANCE('1,000.00', '1,500.00'), MERGES), { month: '6' }),
    );
    expect(answer).toEqual({ rows: 2, replaced: 0 });
    expect(await rowsOf(6)).toEqual([
      ['1001', 2000, 0, 1000, 1500, 1500, 0, 6000],
      ['660201', 0, 0, 800, 0, 800, 0, 1600],
    ]);
    // A period already there is refused row by row, unless the import covers it; the later months' ytd follow.
    expectError(
      await importBalance(await workbook(U8_BALANCE('3,000.00', '3,500.00'), MERGES), { month: '5' }),
      400,
      '第4行 科目编码: 该科目本期余额已存在; 第6行 科目编码: 该科目本期余额已存在',
    );
    expect(
      expectOk(
        await importBalance(await workbook(U8_BALANCE('3,000.00', '3,500.00'), MERGES), { month: '5', isCovered: '1' }),
      ),
    ).toEqual({ rows: 2, replaced: 2 });
    expect((await rowsOf(6))[0]).toEqual(['1001', 2000, 0, 1000, 1500, 1500, 0, 4000]);
  });

  it('refuses a 金蝶 科目余额表 whose closing is not opening + movements, naming account and period, and writes nothing', async () => {
    const file = await workbook([
      ['科目代码', '科目名称', '期初方向', '期初余额', '本期借方', '本期贷方', '期末方向', '期末余额'],
      ['1002', '银行存款', '借', '10,000.00', '5,000.00', '3,000.00', '借', '12,000.00'],
      ['2221', '应交税费', '贷', '800.00', '0', '200.00', '贷', '900.00'],
      ['9999', '没有的科目', '借', '1', '0', '0', '借', '1'],
    ]);
    expectError(
      await importBalance(file, { month: '7' }),
      400,
      '第3行: 科目 2221 2026-07 期末余额 贷 900.00 不等于期初余额加本期发生 贷 1000.00; 第4行 科目代码: 科目不存在: 9999',
    );
    expect(await rowsOf(7)).toEqual([]);
    expectError(await importBalance(file, { month: '13' }), 400, /期间/);
    expect((await importBooks(clerk, file, { orgId: '1010', year: '2026', month: '7' }, {}, BALANCE)).statusCode).toBe(
      403,
    );
  });
});
