import ExcelJS from 'exceljs';

/**
 * Workbooks shaped like the books 用友 and 金蝶 export (docs/finance-import.md), for the imports' HTTP and browser
 * tests: title rows merged across the sheet above the header, amounts as text with thousands separators.
 */

/** A cell: text, a number, or blank (null). */
export type BookCell = string | number | null;

/** An .xlsx of `rows` (null: a blank cell) with `merges` ("A1:H1"), on one sheet named `sheet`. */
export async function bookWorkbook(rows: BookCell[][], merges: string[] = [], sheet = '序时账'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const worksheet = book.addWorksheet(sheet);
  for (const row of rows) worksheet.addRow(row.map((c) => c ?? undefined));
  for (const range of merges) worksheet.mergeCells(range);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** 用友 U8's 序时账 above its lines: the title, the company and period, the header (with a 客户 column). */
export const u8LedgerTitle = (company = '常州工厂', period = '2026.06'): BookCell[][] => [
  ['序时账', null, null, null, null, null, null, null],
  [`核算单位：${company}`, null, null, null, `期间：${period}`, null, null, null],
  ['制单日期', '凭证编号', '摘要', '科目编码', '科目名称', '借方金额', '贷方金额', '客户'],
];
/** The merged cells of `u8LedgerTitle`'s title rows. */
export const U8_LEDGER_MERGES = ['A1:H1', 'A2:D2', 'E2:H2'];

/**
 * 用友 U8's 发生额及余额表 of `rows` (科目编码, 科目名称, then opening, period and closing debit | credit): the title
 * and its two-row header, merged as exported.
 */
export const u8BalanceSheet = (rows: BookCell[][]): BookCell[][] => [
  ['发生额及余额表', null, null, null, null, null, null, null],
  ['科目编码', '科目名称', '期初余额', null, '本期发生', null, '期末余额', null],
  [null, null, '借方', '贷方', '借方', '贷方', '借方', '贷方'],
  ...rows,
];
/** The merged cells of `u8BalanceSheet`'s title and header. */
export const U8_BALANCE_MERGES = ['A1:H1', 'A2:A3', 'B2:B3', 'C2:D2', 'E2:F2', 'G2:H2'];
