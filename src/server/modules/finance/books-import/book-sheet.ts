import { openFirstSheet, type XlsxRow, type XlsxValue } from '../../../platform/entity/xlsx-reader.ts';
import type { LocalText, MessageVars } from '../../../../shared/i18n/server-messages.ts';

/**
 * The books' exports of the companies' accounting software (用友 U8 / T+, 金蝶 K/3 / KIS) read as they come out of it
 * (docs/finance-import.md lists each one's columns): title rows above the header ("序时账", "单位：…", "期间：…",
 * merged across the sheet), a header of one row or two (a merged "期初余额" over 借方 | 贷方), the software's names
 * for the same column (科目编码 / 科目代码, 凭证字号 "记-15" / 凭证字 + 凭证号, 借方 / 借方金额), amounts as numbers or as text
 * with thousands separators, and subtotal rows (本月合计, 本年累计, 期初余额 …) between the lines. Nothing here reads the
 * database: what the rows name is checked when they are written (ledger-import.ts, balance-import.ts).
 */

/** A column the import understands and the names the four programs give it (compared without spaces or brackets). */
interface ColumnName {
  key: string;
  names: readonly string[];
}

export const LEDGER_COLUMNS = [
  { key: 'date', names: ['凭证日期', '制单日期', '日期', '记账日期', '业务日期', 'FDATE'] },
  { key: 'year', names: ['年', '年度', '会计年度'] },
  { key: 'period', names: ['月', '期间', '会计期间', 'FPERIOD'] },
  { key: 'day', names: ['日'] },
  { key: 'voucher', names: ['凭证字号', '凭证编号', '凭证号数'] },
  { key: 'voucherWord', names: ['凭证字', '凭证类别', '凭证类型', 'FGROUP'] },
  { key: 'voucherNo', names: ['凭证号', 'FNUM'] },
  { key: 'entryNo', names: ['分录号', '分录序号', '行号'] },
  // 金蝶's interchange numbers a voucher's lines from 0.
  { key: 'entryFromZero', names: ['FENTRYID'] },
  { key: 'summary', names: ['摘要', 'FEXP'] },
  { key: 'subjectCode', names: ['科目编码', '科目代码', '会计科目编码', '科目编号', 'FACCTID', 'FACCTNUM'] },
  { key: 'subjectName', names: ['科目名称', '会计科目', '科目全名', 'FACCTNAME'] },
  { key: 'debit', names: ['借方金额', '借方', '借方本币', '本币借方', '借方金额本位币', 'FDEBIT'] },
  { key: 'credit', names: ['贷方金额', '贷方', '贷方本币', '本币贷方', '贷方金额本位币', 'FCREDIT'] },
  { key: 'currency', names: ['币种', '币别', 'FCYID'] },
  { key: 'exchangeRate', names: ['汇率', 'FEXCHRATE'] },
  { key: 'originalAmount', names: ['原币金额', '外币金额', '原币', 'FFCYAMT'] },
  { key: 'customer', names: ['客户', '客户编码', '客户名称'] },
  { key: 'supplier', names: ['供应商', '供应商编码', '供应商名称'] },
  { key: 'dept', names: ['部门', '部门名称', '部门编码'] },
  { key: 'project', names: ['项目', '项目名称', '项目编码'] },
  { key: 'aux', names: ['核算项目', '辅助核算', '辅助项'] },
  // 金蝶's interchange: a line's 核算项目 as pairs of columns, the kind (客户) and the item's code.
  ...([1, 2, 3, 4] as const).flatMap((n) => [
    { key: `auxKind${n}`, names: [`FCLSNAME${n}`] } as const,
    { key: `auxCode${n}`, names: [`FOBJID${n}`] } as const,
  ]),
  { key: 'attachments', names: ['附件数', '附单据数', '附件张数', '附件', 'FATTCHMENT'] },
  { key: 'maker', names: ['制单人', '制单', 'FPREPARE'] },
] as const satisfies readonly ColumnName[];

export const BALANCE_COLUMNS = [
  { key: 'subjectCode', names: ['科目编码', '科目代码', '会计科目编码', '科目编号'] },
  { key: 'subjectName', names: ['科目名称', '会计科目', '科目全名'] },
  { key: 'openingDebit', names: ['期初余额借方', '期初借方', '年初余额借方', '期初余额借方金额'] },
  { key: 'openingCredit', names: ['期初余额贷方', '期初贷方', '年初余额贷方', '期初余额贷方金额'] },
  { key: 'openingSide', names: ['期初余额方向', '期初方向'] },
  { key: 'opening', names: ['期初余额金额', '期初余额'] },
  { key: 'periodDebit', names: ['本期发生借方', '本期发生额借方', '本期借方', '本期发生借方金额'] },
  { key: 'periodCredit', names: ['本期发生贷方', '本期发生额贷方', '本期贷方', '本期发生贷方金额'] },
  { key: 'ytdDebit', names: ['本年累计借方', '本年累计发生借方', '累计借方'] },
  { key: 'ytdCredit', names: ['本年累计贷方', '本年累计发生贷方', '累计贷方'] },
  { key: 'closingDebit', names: ['期末余额借方', '期末借方', '期末余额借方金额'] },
  { key: 'closingCredit', names: ['期末余额贷方', '期末贷方', '期末余额贷方金额'] },
  { key: 'closingSide', names: ['期末余额方向', '期末方向'] },
  { key: 'closing', names: ['期末余额金额', '期末余额'] },
] as const satisfies readonly ColumnName[];

export type LedgerKey = (typeof LEDGER_COLUMNS)[number]['key'];
export type BalanceKey = (typeof BALANCE_COLUMNS)[number]['key'];

/** The columns a sheet must have to be read as that book; the first is what tells its header row. */
export const LEDGER_NEEDS: readonly LedgerKey[] = ['summary', 'subjectCode', 'debit', 'credit'];
export const BALANCE_NEEDS: readonly BalanceKey[] = ['subjectCode'];

/** Rows the programs put between the lines: totals and carried balances, never a voucher's line. */
const SUBTOTALS =
  /^(本月合计|本期合计|本年累计|本年合计|期初余额|上年结转|年初余额|合计|小计|总计|承前页|过次页|月计|累计)$/;

/**
 * A header cell as compared: no spaces, brackets, units or full-width forms ("借方金额（元）" → "借方金额"), Latin
 * letters in capitals (金蝶's interchange writes FDate as well as FDATE).
 */
export function headerName(value: unknown): string {
  return String(value ?? '')
    .normalize('NFKC')
    .replace(/[(（][^)）]*[)）]/g, '')
    .replace(/[\s_:：/\\\-—|·.]/g, '')
    .toUpperCase();
}

/** Where each known column stands in a header, by key (the first column a name matches). */
export type ColumnsAt<K extends string> = Map<K, number>;

/** How many header rows the tables above the lines may use at most before the header is given up on. */
const HEADER_SEARCH_ROWS = 30;

export interface BookHeader<K extends string> {
  /** The last header row (the lines start below it). */
  row: number;
  columns: ColumnsAt<K>;
  /** The header's text by key, as the sheet says it (for `第N行 借方金额: …`). */
  labels: Map<K, string>;
}

/**
 * The header among a sheet's first rows: the first row (with the one below it when that one holds sub-headers such as
 * 借方 | 贷方 under a merged 期初余额) in which every column of `needs` is found. Undefined: not this book.
 */
export function findHeader<K extends string>(
  rows: readonly XlsxRow[],
  known: readonly { key: K; names: readonly string[] }[],
  needs: readonly K[],
): BookHeader<K> | undefined {
  const byName = new Map<string, K>();
  for (const column of known) for (const name of column.names) if (!byName.has(name)) byName.set(name, column.key);
  const head = rows.slice(0, HEADER_SEARCH_ROWS);
  for (const [i, row] of head.entries()) {
    const below = head[i + 1];
    const twoRows = twoRowHeader(row, below);
    const candidates: Array<[HeaderNames, number]> = [[oneRowHeader(row), row.row]];
    if (twoRows) candidates.unshift([twoRows, below!.row]);
    for (const [names, last] of candidates) {
      const columns: ColumnsAt<K> = new Map();
      const labels = new Map<K, string>();
      for (const [column, { name, label }] of names) {
        const key = byName.get(name);
        if (key !== undefined && !columns.has(key)) {
          columns.set(key, column);
          labels.set(key, label);
        }
      }
      if (needs.every((key) => columns.has(key))) return { row: last, columns, labels };
    }
  }
  return undefined;
}

type HeaderNames = Map<number, { name: string; label: string }>;

function oneRowHeader(row: XlsxRow): HeaderNames {
  const names: HeaderNames = new Map();
  for (const [column, value] of row.cells)
    if (typeof value === 'string') names.set(column, { name: headerName(value), label: value.trim() });
  return names;
}

/**
 * A header of two rows: a cell of the lower row under a group of the upper one (a merged cell shows its text in its
 * first column only, so a group runs to the next text on the upper row) is named group + its own text
 * (期初余额 + 借方 = 期初余额借方); a cell with nothing below is named by the upper row alone (科目编码 spanning both rows).
 */
function twoRowHeader(upper: XlsxRow, lower: XlsxRow | undefined): HeaderNames | undefined {
  if (!lower || lower.row !== upper.row + 1) return undefined;
  const subs = [...lower.cells].filter(
    ([, v]) => typeof v === 'string' && /^(借方|贷方|方向|金额|余额)/.test(headerName(v)),
  );
  if (subs.length < 2) return undefined;
  const names: HeaderNames = new Map();
  const last = Math.max(...upper.cells.keys(), ...lower.cells.keys());
  let group = '';
  let groupLabel = '';
  for (let column = 1; column <= last; column++) {
    const top = upper.cells.get(column);
    if (typeof top === 'string' && top.trim()) {
      group = headerName(top);
      groupLabel = top.trim();
    }
    const bottom = lower.cells.get(column);
    if (typeof bottom === 'string' && bottom.trim())
      names.set(column, { name: group + headerName(bottom), label: `${groupLabel} ${bottom.trim()}`.trim() });
    else if (typeof top === 'string' && top.trim()) names.set(column, { name: group, label: groupLabel });
  }
  return names;
}

// ---- cells ----

/** A cell's text, trimmed ('' when blank). */
export function cellText(value: XlsxValue | undefined): string {
  if (value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

/**
 * An amount in cents: a number, or text as the programs print it ("1,234.50", "¥1 234.50", "(1,234.50)" or
 * "-1,234.50" negative, "" or "-" none). Undefined: not an amount. Cents, so that sums over 100,000 lines are exact.
 */
export function centsOf(value: XlsxValue | undefined): number | undefined {
  if (value === undefined) return 0;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : undefined;
  if (typeof value !== 'string') return undefined;
  let text = value.normalize('NFKC').replace(/[\s,¥￥元]/g, '');
  if (text === '' || text === '-' || text === '—') return 0;
  let sign = 1;
  const bracketed = /^\((.*)\)$/.exec(text);
  if (bracketed) {
    sign = -1;
    text = bracketed[1];
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return undefined;
  return sign * Math.round(Number(text) * 100);
}

/** Cents as the wire writes money: "1234.50". */
export function moneyOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Text dates as the programs write them: 2026-01-05, 2026/1/5, 2026.01.05, 2026年1月5日, 20260105. */
export function dateOf(value: XlsxValue | undefined): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  const text = cellText(value).normalize('NFKC');
  const match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!match) return undefined;
  return ymd(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** yyyy-MM-dd of a real calendar day, else undefined (2026-02-30). */
export function ymd(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** A voucher as the programs name it: "记-15", "记 - 0015", "记字第15号", "记15"; a word alone or a number alone. */
export function voucherOf(value: XlsxValue | undefined): { word?: string; no?: number } {
  const text = cellText(value).normalize('NFKC').replace(/\s/g, '');
  if (!text) return {};
  const match = /^([^\d-]*?)字?(?:第)?-?0*(\d+)号?$/.exec(text);
  if (!match) return { word: text };
  return { word: match[1] || undefined, no: Number(match[2]) };
}

/** An account code as Tenon writes it: 金蝶's levels are dotted (1122.01 → 112201). */
const codeOf = (text: string) => text.replace(/[\s.]/g, '');

/** A subtotal row (its summary or first text cell is 本月合计, 本年累计 …), which is no line. */
export function isSubtotal(summary: string): boolean {
  return SUBTOTALS.test(headerName(summary));
}

/**
 * 金蝶's 核算项目 cell: "客户---C001 宁波海天; 部门---01 财务部" (also "客户:C001", one item per line) as kind → what it
 * names (the code, else the name).
 */
export function auxItems(value: XlsxValue | undefined): Map<string, string> {
  const items = new Map<string, string>();
  for (const part of cellText(value).split(/[;；\n]/)) {
    const match = /^\s*([^-:：]+?)\s*(?:-{2,}|[:：])\s*(.+?)\s*$/.exec(part);
    if (match) items.set(match[1], match[2].split(/\s+/)[0]);
  }
  return items;
}

// ---- lines ----

/** Why a row is refused, about a column (its key) or the row as a whole. */
export interface RowProblem<K extends string> {
  row: number;
  key?: K;
  message: LocalText;
  vars?: MessageVars;
}

export const BOOK_MESSAGES = {
  notAmount: { zh: '不是有效的金额: {name}', en: 'not an amount: {name}' },
  negative: {
    zh: '金额不能为负数（红字请改为反方向金额）',
    en: 'an amount cannot be negative (enter a red-ink reversal on the other side)',
  },
  bothSides: { zh: '借方和贷方金额必须且只能填写一方', en: 'Fill in exactly one of debit and credit' },
  notDate: { zh: '不是有效的日期: {name}', en: 'not a date: {name}' },
  noYear: {
    zh: '表中没有年份，请在导入时选择年度',
    en: 'the sheet gives no year: choose the year when importing',
  },
  noVoucher: { zh: '缺少凭证号', en: 'the voucher number is missing' },
  noSubject: { zh: '缺少科目代码', en: 'the account code is missing' },
  noSummary: { zh: '缺少摘要', en: 'the description is missing' },
  entryTaken: { zh: '凭证 {name} 的分录号 {label} 重复', en: 'voucher {name} has line number {label} twice' },
  unbalanced: {
    zh: '凭证借贷不平衡: {name} 借方合计 {from}，贷方合计 {to}',
    en: 'The voucher does not balance: {name} debit {from}, credit {to}',
  },
  notClosing: {
    zh: '科目 {name} {label} 期末余额 {from} 不等于期初余额加本期发生 {to}',
    en: 'account {name} {label}: closing balance {from} is not opening plus movements {to}',
  },
} satisfies Record<string, LocalText>;

/** One line of a voucher as the sheet gives it, amounts in cents, what it names still as text. */
export interface BookLine {
  row: number;
  voucherDate: string;
  year: number;
  month: number;
  voucherWord: string;
  voucherNo: number;
  entryNo: number;
  summary: string;
  subjectCode: string;
  subjectName: string;
  debit: number;
  credit: number;
  currency: string;
  exchangeRate: string;
  originalAmount: number | undefined;
  customer: string;
  supplier: string;
  dept: string;
  project: string;
  attachments: number | undefined;
  maker: string;
}

/** A voucher's name as the programs print it: 记-15 (2026-03). */
export const voucherName = (line: Pick<BookLine, 'voucherWord' | 'voucherNo' | 'year' | 'month'>) =>
  `${line.voucherWord}-${line.voucherNo} (${line.year}-${String(line.month).padStart(2, '0')})`;

/**
 * The voucher lines below a ledger header, with every row's problems. A line that leaves date or voucher blank
 * continues the voucher above it (the programs print them once a voucher, or merge the cells); subtotal rows and
 * blank rows are passed over. `year` is the import's year for sheets of 月 | 日 without one.
 */
export async function ledgerLines(
  rows: AsyncIterable<XlsxRow> | Iterable<XlsxRow>,
  header: BookHeader<LedgerKey>,
  year?: number,
): Promise<{ lines: BookLine[]; problems: Array<RowProblem<LedgerKey>> }> {
  const lines: BookLine[] = [];
  const problems: Array<RowProblem<LedgerKey>> = [];
  const at = header.columns;
  let previous: BookLine | undefined;
  /** Vouchers with a refused row: their balance is not checked. */
  const incomplete = new Set<string>();
  for await (const row of rows) {
    if (row.row <= header.row) continue;
    const cell = (key: LedgerKey) => (at.has(key) ? row.cells.get(at.get(key)!) : undefined);
    const text = (key: LedgerKey) => cellText(cell(key));
    const summary = text('summary');
    const subjectCode = codeOf(text('subjectCode'));
    if (!subjectCode && (isSubtotal(summary) || !summary)) continue;
    if (isSubtotal(summary) && !text('voucher') && !text('voucherNo')) continue;
    const refuse = (message: LocalText, key?: LedgerKey, vars?: MessageVars) =>
      problems.push({ row: row.row, key, message, vars });
    const before = problems.length;

    let date = dateOf(cell('date'));
    if (!date && text('date')) refuse(BOOK_MESSAGES.notDate, 'date', { name: text('date') });
    if (!date && !text('date') && (text('period') || text('day'))) {
      const y = Number(text('year')) || year;
      const m = Number(text('period').replace(/\D/g, ''));
      const d = Number(text('day').replace(/\D/g, ''));
      if (!y) refuse(BOOK_MESSAGES.noYear, 'period');
      else {
        date = ymd(y, m, d);
        if (!date) refuse(BOOK_MESSAGES.notDate, 'day', { name: `${y}-${m}-${d}` });
      }
    }
    const named = voucherOf(cell('voucher'));
    const word = named.word ?? (text('voucherWord') || undefined);
    const no = named.no ?? (text('voucherNo') ? Number(text('voucherNo').replace(/\D/g, '')) || undefined : undefined);
    // A line without its own date and voucher continues the voucher above (printed once, or merged cells).
    const continues = !text('date') && !text('voucher') && !text('voucherNo') && !text('day') && previous;
    const debit = centsOf(cell('debit'));
    const credit = centsOf(cell('credit'));
    if (debit === undefined) refuse(BOOK_MESSAGES.notAmount, 'debit', { name: text('debit') });
    if (credit === undefined) refuse(BOOK_MESSAGES.notAmount, 'credit', { name: text('credit') });
    if ((debit ?? 0) < 0 || (credit ?? 0) < 0) refuse(BOOK_MESSAGES.negative, (debit ?? 0) < 0 ? 'debit' : 'credit');
    else if (debit !== undefined && credit !== undefined && debit > 0 === credit > 0)
      refuse(BOOK_MESSAGES.bothSides, 'debit');
    if (!subjectCode) refuse(BOOK_MESSAGES.noSubject, 'subjectCode');
    if (!summary && !continues) refuse(BOOK_MESSAGES.noSummary, 'summary');
    if (!continues && !date && !text('date') && !text('period')) refuse(BOOK_MESSAGES.notDate, 'date', { name: '' });
    if (!continues && no === undefined) refuse(BOOK_MESSAGES.noVoucher, at.has('voucher') ? 'voucher' : 'voucherNo');
    const original = at.has('originalAmount') && text('originalAmount') ? centsOf(cell('originalAmount')) : undefined;
    if (original === undefined && text('originalAmount'))
      refuse(BOOK_MESSAGES.notAmount, 'originalAmount', { name: text('originalAmount') });
    if (problems.length > before) {
      // Its voucher cannot be checked for balance without it: that is said once the row is right.
      const known = continues
        ? previous
        : date && no !== undefined
          ? {
              year: Number(date.slice(0, 4)),
              month: Number(date.slice(5, 7)),
              voucherWord: word ?? '记',
              voucherNo: no,
            }
          : undefined;
      if (known) incomplete.add(voucherName(known));
      continue;
    }

    const base: Pick<BookLine, 'voucherDate' | 'year' | 'month' | 'voucherWord' | 'voucherNo' | 'summary'> = continues
      ? previous!
      : {
          voucherDate: date!,
          year: Number(date!.slice(0, 4)),
          month: Number(date!.slice(5, 7)),
          voucherWord: word ?? '记',
          voucherNo: no!,
          summary,
        };
    const aux = auxItems(cell('aux'));
    for (const n of [1, 2, 3, 4] as const)
      if (text(`auxKind${n}`) && text(`auxCode${n}`)) aux.set(text(`auxKind${n}`), text(`auxCode${n}`));
    const line: BookLine = {
      row: row.row,
      voucherDate: base.voucherDate,
      year: base.year,
      month: base.month,
      voucherWord: base.voucherWord,
      voucherNo: base.voucherNo,
      entryNo: entryNoOf(text('entryNo'), text('entryFromZero')),
      summary: summary || base.summary,
      subjectCode,
      subjectName: text('subjectName'),
      debit: debit!,
      credit: credit!,
      currency: text('currency'),
      exchangeRate: text('exchangeRate').replace(/,/g, ''),
      originalAmount: original,
      customer: text('customer') || aux.get('客户') || '',
      supplier: text('supplier') || aux.get('供应商') || '',
      dept: text('dept') || aux.get('部门') || '',
      project: text('project') || aux.get('项目') || '',
      attachments: text('attachments') ? Number(text('attachments')) || 0 : undefined,
      maker: text('maker'),
    };
    lines.push(line);
    previous = line;
  }
  return { lines, problems: [...problems, ...voucherProblems(lines, incomplete)] };
}

/**
 * The vouchers the lines make, each checked: debit = credit (`凭证借贷不平衡`, on the voucher's first row, with both sums)
 * and line numbers given once; lines without a number are numbered in the sheet's order after the given ones.
 */
function voucherProblems(lines: BookLine[], incomplete: Set<string>): Array<RowProblem<LedgerKey>> {
  const vouchers = new Map<string, BookLine[]>();
  for (const line of lines) {
    const key = voucherName(line);
    const voucher = vouchers.get(key);
    if (voucher) voucher.push(line);
    else vouchers.set(key, [line]);
  }
  const problems: Array<RowProblem<LedgerKey>> = [];
  for (const [name, voucher] of vouchers) {
    const debit = voucher.reduce((sum, l) => sum + l.debit, 0);
    const credit = voucher.reduce((sum, l) => sum + l.credit, 0);
    if (debit !== credit && !incomplete.has(name))
      problems.push({
        row: voucher[0].row,
        message: BOOK_MESSAGES.unbalanced,
        vars: { name, from: moneyOf(debit), to: moneyOf(credit) },
      });
    const taken = new Set<number>();
    for (const line of voucher) {
      if (!line.entryNo) continue;
      if (taken.has(line.entryNo))
        problems.push({
          row: line.row,
          key: 'entryNo',
          message: BOOK_MESSAGES.entryTaken,
          vars: { name, label: String(line.entryNo) },
        });
      taken.add(line.entryNo);
    }
    let next = Math.max(0, ...taken);
    for (const line of voucher) if (!line.entryNo) line.entryNo = ++next;
  }
  return problems;
}

/** A line's number: as given, or 金蝶's interchange FENTRYID counted from 0; 0 when none is given (numbered later). */
function entryNoOf(given: string, fromZero: string): number {
  if (given) return Number(given.replace(/\D/g, '')) || 0;
  return /^\d+$/.test(fromZero) ? Number(fromZero) + 1 : 0;
}

/** One account's row of a trial balance export, amounts in cents, each opening and closing on one side. */
export interface BalanceLine {
  row: number;
  subjectCode: string;
  subjectName: string;
  openingDebit: number;
  openingCredit: number;
  periodDebit: number;
  periodCredit: number;
}

/**
 * The account rows below a balance header: opening and closing from 借方 | 贷方 columns or from a 方向 and an amount
 * (a negative amount on one side is a balance on the other), period movements as given; a closing given in the sheet
 * must equal opening + movements (`notClosing`, naming the account and `period`). Subtotal rows are passed over.
 */
export async function balanceLines(
  rows: AsyncIterable<XlsxRow> | Iterable<XlsxRow>,
  header: BookHeader<BalanceKey>,
  period: string,
): Promise<{ lines: BalanceLine[]; problems: Array<RowProblem<BalanceKey>> }> {
  const lines: BalanceLine[] = [];
  const problems: Array<RowProblem<BalanceKey>> = [];
  const at = header.columns;
  for await (const row of rows) {
    if (row.row <= header.row) continue;
    const cell = (key: BalanceKey) => (at.has(key) ? row.cells.get(at.get(key)!) : undefined);
    const subjectCode = codeOf(cellText(cell('subjectCode')));
    if (!/^\d+$/.test(subjectCode)) continue; // 合计, 损益类合计, blank: no account's row
    const before = problems.length;
    const amount = (key: BalanceKey) => {
      const cents = centsOf(cell(key));
      if (cents === undefined)
        problems.push({ row: row.row, key, message: BOOK_MESSAGES.notAmount, vars: { name: cellText(cell(key)) } });
      return cents ?? 0;
    };
    /** A balance as debit minus credit: from its two sides, or from a side (借 / 贷 / 平) and an amount. */
    const net = (debit: BalanceKey, credit: BalanceKey, side: BalanceKey, total: BalanceKey) => {
      if (at.has(debit) || at.has(credit)) return amount(debit) - amount(credit);
      if (!at.has(total)) return undefined;
      const value = amount(total);
      return cellText(cell(side)).startsWith('贷') ? -value : value;
    };
    const opening = net('openingDebit', 'openingCredit', 'openingSide', 'opening') ?? 0;
    const periodDebit = amount('periodDebit');
    const periodCredit = amount('periodCredit');
    const closing = net('closingDebit', 'closingCredit', 'closingSide', 'closing');
    if (problems.length > before) continue;
    const computed = opening + periodDebit - periodCredit;
    if (closing !== undefined && closing !== computed) {
      const signed = (cents: number) => `${cents < 0 ? '贷' : '借'} ${moneyOf(Math.abs(cents))}`;
      problems.push({
        row: row.row,
        message: BOOK_MESSAGES.notClosing,
        vars: { name: subjectCode, label: period, from: signed(closing), to: signed(computed) },
      });
      continue;
    }
    lines.push({
      row: row.row,
      subjectCode,
      subjectName: cellText(cell('subjectName')),
      openingDebit: Math.max(opening, 0),
      openingCredit: Math.max(-opening, 0),
      periodDebit,
      periodCredit,
    });
  }
  return { lines, problems };
}

/** More rows than a books import takes (a company's year of vouchers is tens of thousands of lines). */
export const MAX_BOOK_ROWS = 200_000;
/** The unpacked XML a books import reads at most: 200,000 rows of about ten cells. */
export const MAX_BOOK_UNPACKED = 256 * 1024 * 1024;

/**
 * A books workbook's header (found among its first rows) and its rows as they stream, the first ones again: the
 * lines are read once, not held as a sheet. Undefined when no header of the book is there.
 */
export async function openBook<K extends string>(
  file: Buffer,
  known: readonly { key: K; names: readonly string[] }[],
  needs: readonly K[],
): Promise<{ header: BookHeader<K>; rows: AsyncGenerator<XlsxRow> } | undefined> {
  const sheet = await openFirstSheet(file, MAX_BOOK_UNPACKED);
  const stream = sheet.rows();
  const head: XlsxRow[] = [];
  for (let next = await stream.next(); !next.done; next = await stream.next()) {
    head.push(next.value);
    if (head.length >= HEADER_SEARCH_ROWS + 1) break;
  }
  const header = findHeader(head, known, needs);
  if (!header) return undefined;
  async function* rows() {
    yield* head;
    yield* stream;
  }
  return { header, rows: rows() };
}
