import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openFirstSheet, type XlsxRow } from '../../src/server/platform/entity/xlsx-reader.ts';
import {
  BALANCE_COLUMNS,
  BALANCE_NEEDS,
  balanceLines,
  centsOf,
  dateOf,
  findHeader,
  LEDGER_COLUMNS,
  LEDGER_NEEDS,
  ledgerLines,
  voucherOf,
} from '../../src/server/modules/finance/books-import/book-sheet.ts';

/**
 * Issue 35: the books' exports of 用友 U8 / T+ and 金蝶 K/3 / KIS read as they come out of the programs — title rows and
 * merged title cells above the header, one- and two-row headers, each program's column names, amounts with thousands
 * separators, subtotal rows, lines that continue the voucher above — through the real .xlsx reader.
 */

type Cell = string | number | Date | null;

/** A workbook of `rows` (null: a blank cell), with `merges` ("A1:H1"), read back as the import reads it. */
async function sheetOf(rows: Cell[][], merges: string[] = []): Promise<XlsxRow[]> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row.map((c) => c ?? undefined));
  for (const range of merges) sheet.mergeCells(range);
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  const read = await openFirstSheet(file, 64 * 1024 * 1024);
  const out: XlsxRow[] = [];
  for await (const row of read.rows()) out.push(row);
  return out;
}

async function ledgerOf(rows: Cell[][], merges: string[] = [], year?: number) {
  const sheet = await sheetOf(rows, merges);
  const header = findHeader(sheet, LEDGER_COLUMNS, LEDGER_NEEDS);
  expect(header).toBeDefined();
  return { header: header!, ...(await ledgerLines(sheet, header!, year)) };
}

describe('cells as the programs print them', () => {
  it('reads amounts with thousands separators, currency signs, brackets and dashes, in cents', () => {
    expect(centsOf('1,234,567.89')).toBe(123456789);
    expect(centsOf('¥ 1 234.50')).toBe(123450);
    expect(centsOf('(1,000.00)')).toBe(-100000);
    expect(centsOf('-')).toBe(0);
    expect(centsOf('')).toBe(0);
    expect(centsOf(undefined)).toBe(0);
    expect(centsOf(0.1 + 0.2)).toBe(30);
    expect(centsOf('１，２００．００')).toBe(120000); // full-width
    expect(centsOf('12a')).toBeUndefined();
    expect(centsOf('1.2.3')).toBeUndefined();
  });

  it('reads dates in the forms the programs write, refusing days that do not exist', () => {
    expect(dateOf('2026-01-05')).toBe('2026-01-05');
    expect(dateOf('2026/1/5')).toBe('2026-01-05');
    expect(dateOf('2026.01.05')).toBe('2026-01-05');
    expect(dateOf('2026年1月5日')).toBe('2026-01-05');
    expect(dateOf('20260105')).toBe('2026-01-05');
    expect(dateOf(new Date(Date.UTC(2026, 2, 31)))).toBe('2026-03-31');
    expect(dateOf('2026-02-30')).toBeUndefined();
    expect(dateOf('next week')).toBeUndefined();
  });

  it('splits a voucher name into its word and number', () => {
    expect(voucherOf('记-0015')).toEqual({ word: '记', no: 15 });
    expect(voucherOf('记 - 15')).toEqual({ word: '记', no: 15 });
    expect(voucherOf('收字第3号')).toEqual({ word: '收', no: 3 });
    expect(voucherOf('转12')).toEqual({ word: '转', no: 12 });
    expect(voucherOf(7)).toEqual({ word: undefined, no: 7 });
    expect(voucherOf('')).toEqual({});
  });
});

describe('ledger exports', () => {
  it('用友 U8 序时账: title rows and merged title cells, 凭证编号 记-0001, text amounts, subtotal rows, continued lines', async () => {
    const { header, lines, problems } = await ledgerOf(
      [
        ['序时账', null, null, null, null, null, null],
        ['核算单位：宁波精工机械有限公司', null, null, null, '期间：2026.01-2026.01', null, null],
        ['制单日期', '凭证编号', '摘要', '科目编码', '科目名称', '借方金额（元）', '贷方金额（元）'],
        ['2026-01-05', '记-0001', '销售产品', '112201', '应收账款-宁波海天', '11,300.00', ''],
        [null, null, '销售产品', '6001', '主营业务收入', '', '10,000.00'],
        [null, null, '销项税额', '222101', '应交税费-应交增值税', '', '1,300.00'],
        ['2026-01-08', '记-0002', '提现', '1001', '库存现金', 5000, null],
        ['2026-01-08', '记-0002', '提现', '1002', '银行存款', null, 5000],
        [null, null, '本月合计', null, null, '16,300.00', '16,300.00'],
        [null, null, '本年累计', null, null, '16,300.00', '16,300.00'],
      ],
      ['A1:G1', 'A2:D2', 'E2:G2'],
    );
    expect(header.row).toBe(3);
    expect(header.labels.get('debit')).toBe('借方金额（元）');
    expect(problems).toEqual([]);
    expect(
      lines.map((l) => [l.row, l.voucherDate, l.voucherWord, l.voucherNo, l.entryNo, l.subjectCode, l.debit, l.credit]),
    ).toEqual([
      [4, '2026-01-05', '记', 1, 1, '112201', 1130000, 0],
      [5, '2026-01-05', '记', 1, 2, '6001', 0, 1000000],
      [6, '2026-01-05', '记', 1, 3, '222101', 0, 130000],
      [7, '2026-01-08', '记', 2, 1, '1001', 500000, 0],
      [8, '2026-01-08', '记', 2, 2, '1002', 0, 500000],
    ]);
    expect(lines[2].summary).toBe('销项税额');
  });

  it('金蝶 K/3 凭证: 凭证字号 "记 - 1", 分录号, 币别 and 原币金额, 核算项目 "客户---C001 …"', async () => {
    const { lines, problems } = await ledgerOf([
      [
        '日期',
        '会计期间',
        '凭证字号',
        '分录号',
        '摘要',
        '科目代码',
        '科目名称',
        '币别',
        '汇率',
        '原币金额',
        '借方',
        '贷方',
        '核算项目',
      ],
      [
        '2026-02-10',
        '2026.2',
        '记 - 1',
        1,
        '出口销售',
        '1122',
        '应收账款',
        '美元',
        '7.1',
        '1,000.00',
        '7,100.00',
        '0',
        '客户---C001 宁波海天',
      ],
      ['2026-02-10', '2026.2', '记 - 1', 2, '出口销售', '6001', '主营业务收入', '人民币', '1', '', '0', '7,100.00', ''],
    ]);
    expect(problems).toEqual([]);
    expect(lines[0]).toMatchObject({
      voucherWord: '记',
      voucherNo: 1,
      entryNo: 1,
      currency: '美元',
      exchangeRate: '7.1',
      originalAmount: 100000,
      debit: 710000,
      customer: 'C001',
    });
    expect(lines[1]).toMatchObject({ entryNo: 2, credit: 710000, customer: '' });
  });

  it('金蝶 凭证引出 in the interchange format: F-field names in any case, lines from 0, 核算项目 as FCLSNAME1 + FOBJID1', async () => {
    const header = ['FDate', 'FTransDate', 'FPeriod', 'FGroup', 'FNum', 'FEntryID', 'FExp', 'FAcctID', 'FClsName1'];
    const rest = ['FObjID1', 'FObjName1', 'FCyID', 'FExchRate', 'FDC', 'FFCyAmt', 'FDebit', 'FCredit', 'FPrepare'];
    const { lines, problems } = await ledgerOf(
      [
        [...header, ...rest],
        ['2026/3/8', '2026/3/6', 3, '转', 12, 0, '销售商品', '1122.01', '客户', 'C001', '宁波海天', 'RMB', 1, 'D'],
        ['2026/3/8', '2026/3/6', 3, '转', 12, 1, '销售商品', '6001', '', '', '', 'RMB', 1, 'C'],
      ].map((row, i) =>
        i === 0 ? row : [...row, '11,300.00', ...(row[13] === 'D' ? ['11,300.00', 0] : [0, '11,300.00']), '赵财务'],
      ),
    );
    expect(problems).toEqual([]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      voucherDate: '2026-03-08',
      voucherWord: '转',
      voucherNo: 12,
      entryNo: 1,
      subjectCode: '112201',
      customer: 'C001',
      debit: 1130000,
      credit: 0,
      maker: '赵财务',
    });
    expect(lines[1]).toMatchObject({ entryNo: 2, subjectCode: '6001', customer: '', credit: 1130000 });
  });

  it("金蝶 KIS / 用友 T+: 凭证字 and 凭证号 in columns of their own; 月 | 日 with the import's year", async () => {
    const kis = await ledgerOf([
      ['日期', '凭证字', '凭证号', '摘要', '科目代码', '科目名称', '借方金额', '贷方金额'],
      ['2026/3/1', '付', '12', '付房租', '660201', '管理费用-房租', '3,000', ''],
      ['2026/3/1', '付', '12', '付房租', '1002', '银行存款', '', '3,000'],
    ]);
    expect(kis.problems).toEqual([]);
    expect(kis.lines.map((l) => `${l.voucherWord}-${l.voucherNo}/${l.entryNo}`)).toEqual(['付-12/1', '付-12/2']);

    const monthDay = [
      ['月', '日', '凭证号数', '摘要', '科目编码', '借方', '贷方'],
      [4, 2, '转-3', '计提折旧', '660203', '800', ''],
      [4, 2, '转-3', '计提折旧', '1602', '', '800'],
    ];
    expect((await ledgerOf(monthDay, [], 2026)).lines[0]).toMatchObject({
      voucherDate: '2026-04-02',
      year: 2026,
      month: 4,
    });
    const noYear = await ledgerOf(monthDay);
    expect(noYear.problems[0]).toMatchObject({
      row: 2,
      key: 'period',
      message: { zh: '表中没有年份，请在导入时选择年度' },
    });
  });

  it('names each refused row: an unbalanced voucher on its first row with both sums, both sides, bad amounts and dates', async () => {
    const { problems } = await ledgerOf([
      ['凭证日期', '凭证字号', '摘要', '科目代码', '借方金额', '贷方金额'],
      ['2026-05-01', '记-1', '采购', '1403', '1,000.00', ''],
      ['2026-05-01', '记-1', '采购', '2202', '', '900.00'],
      ['2026-05-02', '记-2', '两边都填', '1001', '10', '10'],
      ['2026-05-02', '记-2', '坏金额', '1002', '12a', ''],
      ['2026-05-31x', '记-3', '坏日期', '1002', '1', ''],
      ['2026-05-03', '记-4', '负数', '1002', '-5', ''],
    ]);
    const said = problems.map((p) => [p.row, p.key, p.message.zh, p.vars]);
    expect(said).toEqual([
      [4, 'debit', '借方和贷方金额必须且只能填写一方', undefined],
      [5, 'debit', '不是有效的金额: {name}', { name: '12a' }],
      [6, 'date', '不是有效的日期: {name}', { name: '2026-05-31x' }],
      [7, 'debit', '金额不能为负数（红字请改为反方向金额）', undefined],
      [
        2,
        undefined,
        '凭证借贷不平衡: {name} 借方合计 {from}，贷方合计 {to}',
        { name: '记-1 (2026-05)', from: '1000.00', to: '900.00' },
      ],
    ]);
  });

  it('is not a ledger without 摘要, 科目, 借方 and 贷方 columns', async () => {
    const sheet = await sheetOf([['物料编码', '物料名称', '数量']]);
    expect(findHeader(sheet, LEDGER_COLUMNS, LEDGER_NEEDS)).toBeUndefined();
  });
});

describe('trial balance exports', () => {
  it('用友 U8 发生额及余额表: a two-row header under merged 期初余额 | 本期发生 | 期末余额, subtotals passed over', async () => {
    const sheet = await sheetOf(
      [
        ['发生额及余额表', null, null, null, null, null, null, null],
        ['科目编码', '科目名称', '期初余额', null, '本期发生', null, '期末余额', null],
        [null, null, '借方', '贷方', '借方', '贷方', '借方', '贷方'],
        ['1001', '库存现金', '2,000.00', '', '5,000.00', '1,500.00', '5,500.00', ''],
        ['2202', '应付账款', '', '30,000.00', '10,000.00', '20,000.00', '', '40,000.00'],
        ['资产小计', null, '2,000.00', '', '5,000.00', '1,500.00', '5,500.00', ''],
        ['合计', null, '2,000.00', '30,000.00', '15,000.00', '21,500.00', '5,500.00', '40,000.00'],
      ],
      ['A1:H1', 'A2:A3', 'B2:B3', 'C2:D2', 'E2:F2', 'G2:H2'],
    );
    const header = findHeader(sheet, BALANCE_COLUMNS, BALANCE_NEEDS)!;
    expect(header.row).toBe(3);
    expect([...header.columns]).toEqual(
      expect.arrayContaining([
        ['subjectCode', 1],
        ['openingDebit', 3],
        ['openingCredit', 4],
        ['periodDebit', 5],
        ['periodCredit', 6],
        ['closingDebit', 7],
        ['closingCredit', 8],
      ]),
    );
    const { lines, problems } = await balanceLines(sheet, header, '2026-01');
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      {
        row: 4,
        subjectCode: '1001',
        subjectName: '库存现金',
        openingDebit: 200000,
        openingCredit: 0,
        periodDebit: 500000,
        periodCredit: 150000,
      },
      {
        row: 5,
        subjectCode: '2202',
        subjectName: '应付账款',
        openingDebit: 0,
        openingCredit: 3000000,
        periodDebit: 1000000,
        periodCredit: 2000000,
      },
    ]);
  });

  it('金蝶 K/3 科目余额表 with 方向 and 余额 columns; a closing that is not opening + movements names account and period', async () => {
    const sheet = await sheetOf([
      [
        '科目代码',
        '科目名称',
        '期初方向',
        '期初余额',
        '本期借方',
        '本期贷方',
        '本年累计借方',
        '本年累计贷方',
        '期末方向',
        '期末余额',
      ],
      [
        '1122.01',
        '应收账款-海天',
        '借',
        '10,000.00',
        '5,000.00',
        '3,000.00',
        '5,000.00',
        '3,000.00',
        '借',
        '12,000.00',
      ],
      ['2221', '应交税费', '贷', '800.00', '0', '200.00', '0', '200.00', '贷', '1,000.00'],
      ['6602', '管理费用', '平', '0', '700.00', '0', '700.00', '0', '借', '600.00'],
    ]);
    const header = findHeader(sheet, BALANCE_COLUMNS, BALANCE_NEEDS)!;
    const { lines, problems } = await balanceLines(sheet, header, '2026-03');
    expect(lines.map((l) => [l.subjectCode, l.openingDebit, l.openingCredit])).toEqual([
      ['112201', 1000000, 0],
      ['2221', 0, 80000],
    ]);
    expect(problems).toEqual([
      {
        row: 4,
        message: expect.objectContaining({
          zh: '科目 {name} {label} 期末余额 {from} 不等于期初余额加本期发生 {to}',
        }),
        vars: { name: '6602', label: '2026-03', from: '借 600.00', to: '借 700.00' },
      },
    ]);
  });
});
