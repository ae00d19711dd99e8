import { formatDateTime } from '../../../../shared/contract/time.ts';
import { requiredText } from '../../../../shared/entities/define.ts';
import { BOOK_CURRENCY, VOUCHER_STATUS, ledger } from '../../../../shared/entities/finance/ledger.ts';
import { subject } from '../../../../shared/entities/finance/subject.ts';
import type { LocalText, MessageVars } from '../../../../shared/i18n/server-messages.ts';
import { insertCopies } from '../../../db/insert-rows.ts';
import { auditColumns, type AuthUser } from '../../../platform/auth-context.ts';
import { EXCEL_MESSAGES } from '../../../platform/entity/excel.ts';
import { ImportErrors, importTurns, type RowError } from '../../../platform/entity/excel-import.ts';
import { fieldsOf } from '../../../platform/entity/fields.ts';
import type { EntityService } from '../../../platform/entity/service.ts';
import { ApiError, failWith } from '../../../platform/errors.ts';
import { nextId } from '../../../platform/ids.ts';
import type { Services } from '../../../services.ts';
import { RATE_POSITIVE, SUBJECT_DISABLED } from '../ledger.hooks.ts';
import {
  LEDGER_COLUMNS,
  LEDGER_NEEDS,
  MAX_BOOK_ROWS,
  ledgerLines,
  moneyOf,
  voucherName,
  type BookLine,
  type LedgerKey,
} from './book-sheet.ts';
import { BOOK_READ_MESSAGES, BooksProgress, openBookOrRefuse, refusedRows } from './book-import.ts';

export const LEDGER_IMPORT_MESSAGES = {
  notLedger: {
    zh: '未找到凭证的列（摘要、科目代码、借方金额、贷方金额）：请导入用友或金蝶导出的序时账或凭证列表，或下载导入模板',
    en: 'No voucher columns (description, account code, debit, credit) were found: import a ledger exported from 用友 or 金蝶, or download the template',
  },
  voucherTaken: { zh: '凭证 {name} 已存在', en: 'Voucher {name} already exists' },
  badStatus: { zh: '导入后的凭证状态不正确', en: 'The status to import the vouchers in is not valid' },
} satisfies Record<string, LocalText>;

/** How many lines one statement writes (as one JSON parameter: insertCopies). */
const WRITE_BATCH = 5000;

/** Currency names the programs print that the dictionary's labels do not say. */
const CURRENCY_ALIASES: Record<string, string> = { RMB: 'CNY', 人民币: 'CNY', 本位币: 'CNY', 美金: 'USD', 港元: 'HKD' };

export interface LedgerImportForm {
  orgId?: string;
  /** The year of a sheet that gives 月 | 日 only. */
  year?: string;
  /** The state the vouchers are written in: posted (2) by default — they were posted in the program they come from. */
  voucherStatus?: string;
  /** The client's name for this import, to ask its progress by. */
  importId?: string;
}

/**
 * A company's vouchers imported from the ledger export of its accounting software (book-sheet.ts reads it): every
 * line held to the ledger's rules as the voucher editor holds them (ledger.hooks.ts: one side, a leaf and enabled
 * account with the auxiliary dimensions it keeps, a foreign currency's rate and original amount), each voucher
 * balanced, no voucher number of the company's periods taken, then every line written in one transaction — or none,
 * with every refused row named (`第N行 借方金额: …`). Checked against the chart, the partners and the dictionaries read
 * once, and written a few thousand lines a statement: 100,000 lines in seconds, where the engine's line-by-line
 * path would ask the database several times a line.
 */
export async function importLedgerBook(
  services: Services,
  user: AuthUser,
  file: Buffer,
  form: LedgerImportForm,
): Promise<{ vouchers: number; lines: number }> {
  const service = services.entities.get(ledger.name)!;
  const progress = new BooksProgress(services.kv, user, form.importId);
  return importTurns.run(user.tenantId, async () => {
    const orgId = await companyOf(service, user, form.orgId);
    const status = form.voucherStatus?.trim() || VOUCHER_STATUS.posted;
    if (!(Object.values(VOUCHER_STATUS) as string[]).includes(status)) throw failWith(LEDGER_IMPORT_MESSAGES.badStatus);
    const year = Number(form.year) || undefined;
    await progress.say('read', 0);
    const book = await openBookOrRefuse(file, LEDGER_COLUMNS, LEDGER_NEEDS, LEDGER_IMPORT_MESSAGES.notLedger);
    const { lines, problems } = await ledgerLines(progress.counting(book.rows), book.header, year);
    if (lines.length + problems.length > MAX_BOOK_ROWS)
      throw failWith(EXCEL_MESSAGES.tooManyRows, { name: MAX_BOOK_ROWS });
    if (!lines.length && !problems.length) throw failWith(EXCEL_MESSAGES.noRows);
    await progress.say('check', lines.length);
    const at = book.header.columns;
    const resolved = await resolveNames(services, service, user, lines, (kind) => (at.has(kind) ? kind : 'aux'));
    const refused: RowError[] = [
      ...refusedRows(problems),
      ...resolved.refused,
      ...(await takenVouchers(services, user.tenantId, orgId, lines, resolved.named)),
    ];
    if (refused.length)
      throw new ImportErrors(
        refused.sort((a, b) => a.row - b.row),
        (key) => book.header.labels.get(key as LedgerKey),
      );
    const now = formatDateTime();
    const vouchers = new Set(lines.map(voucherName)).size;
    // Said before the transaction and, inside it, without waiting (sayLater): the key-value store of an embedded
    // database is a table of that database, whose one connection the transaction holds.
    await progress.say('write', lines.length);
    try {
      await services.db.transaction().execute(async (trx) => {
        for (let i = 0; i < lines.length; i += WRITE_BATCH) {
          const rows = lines
            .slice(i, i + WRITE_BATCH)
            .map((line) => rowOf(line, resolved.named.get(line)!, user, orgId, status, now));
          await insertCopies(trx, 'erp_ledger', rows);
          progress.sayLater('write', lines.length, i + rows.length);
        }
      });
    } finally {
      await progress.said();
    }
    await progress.say('done', lines.length, lines.length);
    return { vouchers, lines: lines.length };
  });
}

/** What a line names, resolved: the account's full name and the ids and keys of its partners, department, words. */
interface Named {
  subjectName: string;
  currency: string;
  voucherWord: string;
  customerId: string | null;
  supplierId: string | null;
  deptId: string | null;
}

function rowOf(line: BookLine, names: Named, user: AuthUser, orgId: string, status: string, now: string) {
  return {
    id: nextId(),
    tenant_id: user.tenantId,
    org_id: orgId,
    voucher_date: line.voucherDate,
    year: line.year,
    month: line.month,
    voucher_word: names.voucherWord,
    voucher_no: line.voucherNo,
    entry_no: line.entryNo,
    summary: line.summary.slice(0, 255),
    subject_code: line.subjectCode,
    subject_name: names.subjectName.slice(0, 255),
    debit_amount: moneyOf(line.debit),
    credit_amount: moneyOf(line.credit),
    currency: names.currency,
    exchange_rate: line.exchangeRate || null,
    original_amount: line.originalAmount === undefined ? null : moneyOf(line.originalAmount),
    customer_id: names.customerId,
    supplier_id: names.supplierId,
    dept_id: names.deptId,
    project: line.project.slice(0, 64),
    attachment_count: line.attachments ?? 0,
    maker: (line.maker || user.realName).slice(0, 32),
    voucher_status: status,
    ...auditColumns(user, now),
    status: 1,
    is_deleted: 0,
  };
}

/** The company the lines go to: one of the caller's tenant's, by code or name. */
async function companyOf(service: EntityService, user: AuthUser, text: string | undefined): Promise<string> {
  const wanted = text?.trim() ?? '';
  if (!wanted) throw failWith(requiredText(ledger.fields.orgId));
  const codes = (await service.companyCodesByText(user, [wanted])).get(wanted) ?? [];
  if (codes.length !== 1) throw failWith(BOOK_READ_MESSAGES.notFound, { label: '公司', name: wanted });
  return codes[0];
}

type AuxKind = 'customer' | 'supplier' | 'dept';
const AUX_FIELD = { customer: 'customerId', supplier: 'supplierId', dept: 'deptId' } as const;
/** The auxiliary dimension a subject's `auxTypes` names, and the line's field that carries it. */
const AUX_OF = { customer: 'customer', supplier: 'supplier', dept: 'dept', project: 'project' } as const;

/**
 * Every line's names against the tenant's chart (leaf, enabled, its auxiliary dimensions), partners and departments
 * (by code or name, as the caller sees them) and the currency and voucher-word dictionaries (by key or label); the
 * refusals, each about the column the name came from.
 */
async function resolveNames(
  services: Services,
  service: EntityService,
  user: AuthUser,
  lines: BookLine[],
  columnOf: (kind: AuxKind | 'project') => LedgerKey,
): Promise<{ refused: RowError[]; named: Map<BookLine, Named> }> {
  const refused: RowError[] = [];
  const named = new Map<BookLine, Named>();
  const refuse = (line: BookLine, key: LedgerKey, message: LocalText, vars?: MessageVars) =>
    refused.push({ row: line.row, error: failWith(message, vars).about(key) });
  const db = services.db;
  const chart = new Map(
    (
      await db
        .selectFrom('erp_subject')
        .select(['subject_code', 'full_name', 'subject_name', 'is_leaf', 'status', 'aux_types'])
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((s) => [s.subject_code, s]),
  );
  const fields = fieldsOf(ledger);
  const ids = new Map<AuxKind, Map<string, string[]>>();
  for (const kind of ['customer', 'supplier', 'dept'] as const) {
    const texts = [...new Set(lines.map((l) => l[kind]).filter(Boolean))];
    ids.set(kind, await service.refIdsByText(user, fields.get(AUX_FIELD[kind])!, texts));
  }
  const dictionary = async (code: string, aliases: Record<string, string> = {}) => {
    const labels = await service.bizDictLabels(user, code);
    const keys = new Map<string, string>([...labels.values()].map((key) => [key, key]));
    for (const [label, key] of labels) keys.set(label, key);
    for (const [alias, key] of Object.entries(aliases)) if (keys.has(key)) keys.set(alias, key);
    return keys;
  };
  const currencies = await dictionary('currency', CURRENCY_ALIASES);
  const words = await dictionary('voucher_word');
  const leafOnly = subject.tree!.leavesOnly!.message;

  for (const line of lines) {
    const before = refused.length;
    const account = chart.get(line.subjectCode);
    if (!account) refuse(line, 'subjectCode', BOOK_READ_MESSAGES.notFound, { label: '科目', name: line.subjectCode });
    else if (Number(account.is_leaf) !== 1) refuse(line, 'subjectCode', leafOnly);
    else if (Number(account.status) !== 1) refuse(line, 'subjectCode', SUBJECT_DISABLED);
    const word = words.get(line.voucherWord);
    if (!word)
      refuse(line, 'voucher', EXCEL_MESSAGES.dictValue, {
        label: ledger.fields.voucherWord.label.zh,
        name: line.voucherWord,
      });
    const currency = line.currency
      ? (currencies.get(line.currency.toUpperCase()) ?? currencies.get(line.currency))
      : BOOK_CURRENCY;
    if (!currency)
      refuse(line, 'currency', EXCEL_MESSAGES.dictValue, {
        label: ledger.fields.currency.label.zh,
        name: line.currency,
      });
    else if (currency !== BOOK_CURRENCY) {
      if (!line.exchangeRate) refuse(line, 'exchangeRate', requiredText(ledger.fields.exchangeRate));
      else if (!(Number(line.exchangeRate) > 0)) refuse(line, 'exchangeRate', RATE_POSITIVE);
      if (line.originalAmount === undefined) refuse(line, 'originalAmount', requiredText(ledger.fields.originalAmount));
    }
    const found: Partial<Record<AuxKind, string>> = {};
    for (const kind of ['customer', 'supplier', 'dept'] as const) {
      if (!line[kind]) continue;
      const matches = ids.get(kind)!.get(line[kind]) ?? [];
      const label = ledger.fields[AUX_FIELD[kind]].label.zh;
      if (matches.length === 1) found[kind] = matches[0];
      else if (matches.length > 1) refuse(line, columnOf(kind), EXCEL_MESSAGES.ambiguous, { label, name: line[kind] });
      else refuse(line, columnOf(kind), BOOK_READ_MESSAGES.notFound, { label, name: line[kind] });
    }
    for (const type of String(account?.aux_types ?? '').split(',')) {
      const aux = AUX_OF[type.trim() as keyof typeof AUX_OF];
      if (!aux || line[aux]) continue;
      const field = aux === 'project' ? ledger.fields.project : ledger.fields[AUX_FIELD[aux]];
      refuse(line, columnOf(aux), requiredText(field));
    }
    if (refused.length > before) continue;
    named.set(line, {
      subjectName: account!.full_name || account!.subject_name,
      currency: currency!,
      voucherWord: word!,
      customerId: found.customer ?? null,
      supplierId: found.supplier ?? null,
      deptId: found.dept ?? null,
    });
  }
  return { refused, named };
}

/** A voucher of the import whose number the company's period has already: refused on its first row. */
async function takenVouchers(
  services: Services,
  tenantId: string,
  orgId: string,
  lines: BookLine[],
  named: ReadonlyMap<BookLine, Named>,
) {
  const periods = [...new Set(lines.map((l) => l.year * 100 + l.month))];
  if (!periods.length) return [];
  const taken = new Set(
    (
      await services.db
        .selectFrom('erp_ledger')
        .select(['year', 'month', 'voucher_word', 'voucher_no'])
        .distinct()
        .where('tenant_id', '=', tenantId)
        .where('org_id', '=', orgId)
        .where('is_deleted', '=', 0)
        .where((eb) => eb(eb('year', '*', 100), '+', eb.ref('month')), 'in', periods)
        .execute()
    ).map((v) => voucherName({ voucherWord: v.voucher_word, voucherNo: v.voucher_no, year: v.year, month: v.month })),
  );
  const refused: RowError[] = [];
  const said = new Set<string>();
  for (const line of lines) {
    const word = named.get(line)?.voucherWord ?? line.voucherWord;
    const name = voucherName({ ...line, voucherWord: word });
    if (!taken.has(name) || said.has(name)) continue;
    said.add(name);
    refused.push({ row: line.row, error: new ApiError(400, LEDGER_IMPORT_MESSAGES.voucherTaken, { name }) });
  }
  return refused;
}
