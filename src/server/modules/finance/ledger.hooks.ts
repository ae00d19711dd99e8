import { sql, type SqlBool } from 'kysely';
import {
  BOOK_CURRENCY,
  LEDGER_LOCKED,
  ONE_SIDE,
  VOUCHER_STATUS,
  VOUCHER_UNBALANCED,
  ledger,
} from '../../../shared/entities/finance/ledger.ts';
import { requiredText } from '../../../shared/entities/define.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { failWith } from '../../platform/errors.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import type { Row } from '../../platform/entity/types.ts';
import type { Services } from '../../services.ts';
import { accountCodesContaining, makerOf, voucherLines, type VoucherKey } from './ledger.queries.ts';

export const SUBJECT_DISABLED: LocalText = { zh: '科目已停用，不能使用', en: 'The account is disabled' };
export const RATE_POSITIVE: LocalText = { zh: '汇率必须大于0', en: 'The exchange rate must be greater than 0' };

/** The auxiliary dimension a subject's `auxTypes` names, and the line's field that carries it. */
const AUX_FIELDS = { customer: 'customerId', supplier: 'supplierId', dept: 'deptId', project: 'project' } as const;
const AUX_COLUMNS = { customer: 'customer_id', supplier: 'supplier_id', dept: 'dept_id', project: 'project' } as const;

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
const amount = (value: unknown) => (blank(value) ? 0 : Number(value));

/** The voucher of a line as it will be saved (column names), its period from the voucher date. */
export function voucherOf(row: Row): VoucherKey {
  const date = String(row.voucher_date ?? '');
  return {
    orgId: String(row.org_id ?? ''),
    year: Number(date.slice(0, 4)),
    month: Number(date.slice(5, 7)),
    voucherWord: String(row.voucher_word ?? ''),
    voucherNo: Number(row.voucher_no),
  };
}

const sameVoucher = (a: VoucherKey, b: VoucherKey) =>
  a.orgId === b.orgId &&
  a.year === b.year &&
  a.month === b.month &&
  a.voucherWord === b.voucherWord &&
  a.voucherNo === b.voucherNo;

/** Exactly one side of a line carries its amount; a foreign currency its rate and original amount. */
function checkAmounts(row: Row): void {
  const debit = amount(row.debit_amount);
  const credit = amount(row.credit_amount);
  if (debit > 0 === credit > 0) throw failWith(ONE_SIDE).about(debit > 0 ? 'creditAmount' : 'debitAmount');
  if (String(row.currency ?? BOOK_CURRENCY) === BOOK_CURRENCY) return;
  if (blank(row.exchange_rate)) throw failWith(requiredText(ledger.fields.exchangeRate)).about('exchangeRate');
  if (amount(row.exchange_rate) <= 0) throw failWith(RATE_POSITIVE).about('exchangeRate');
  if (blank(row.original_amount)) throw failWith(requiredText(ledger.fields.originalAmount)).about('originalAmount');
}

/**
 * The account is enabled, and the line carries every auxiliary dimension it keeps (its `auxTypes`). That it is a leaf
 * of the tenant's chart the engine checks (`请选择末级科目`).
 */
async function checkAccount(trx: Db, tenantId: string, row: Row): Promise<void> {
  const account = await trx
    .selectFrom('erp_subject')
    .select(['status', 'aux_types'])
    .where('tenant_id', '=', tenantId)
    .where('subject_code', '=', String(row.subject_code))
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!account) return; // the engine has refused it
  if (Number(account.status) !== 1) throw failWith(SUBJECT_DISABLED).about('subjectCode');
  for (const type of String(account.aux_types ?? '').split(',')) {
    const aux = type.trim() as keyof typeof AUX_FIELDS;
    if (!(aux in AUX_FIELDS) || !blank(row[AUX_COLUMNS[aux]])) continue;
    throw failWith(requiredText(ledger.fields[AUX_FIELDS[aux]])).about(AUX_FIELDS[aux]);
  }
}

/** Σdebit = Σcredit over the voucher's lines, this one as it will be saved. */
async function checkBalanced(trx: Db, tenantId: string, key: VoucherKey, id: string, row: Row): Promise<void> {
  const others = await voucherLines(trx, tenantId, key)
    .where('id', '<>', id)
    .select(['debit_amount', 'credit_amount'])
    .execute();
  // In cents: sums of two-decimal amounts compared exactly.
  const cents = (value: unknown) => Math.round(amount(value) * 100);
  let difference = cents(row.debit_amount) - cents(row.credit_amount);
  for (const line of others) difference += cents(line.debit_amount) - cents(line.credit_amount);
  if (difference !== 0) throw failWith(VOUCHER_UNBALANCED).about('voucherStatus');
}

/**
 * 明细账 (domain/finance.md § ledger): a line keeps to one side, to its currency's rate and to its account's rules;
 * the maker is whoever enters it. A voucher moves as one: auditing a line needs its whole voucher balanced and audits
 * its other lines with it, as 反审核 and 记账 take them along; an audited or posted voucher takes no new line.
 */
export function ledgerHooks({ db }: Services): EntityHooks {
  return {
    listFilter: (user, query) => accountSearch(db, user, query),
    async beforeWrite(trx, user, values, before) {
      const row: Row = { ...before, ...values };
      // The voucher's maker: whoever entered it, also on a line added to it later.
      if (!before) values.maker = (await makerOf(trx, user.tenantId, voucherOf(row))) ?? user.realName.slice(0, 32);
      checkAmounts(row);
      if (!before || 'subject_code' in values || aboutAux(values)) await checkAccount(trx, user.tenantId, row);
      const key = voucherOf(row);
      const id = String(before?.id ?? '');
      if (!before || !sameVoucher(key, voucherOf(before))) await refuseClosedVoucher(trx, user.tenantId, key, id);
      const from = before ? String(before.voucher_status) : VOUCHER_STATUS.unaudited;
      const to = values.voucher_status === undefined ? from : String(values.voucher_status);
      if (!before || from === to) return;
      if (to === VOUCHER_STATUS.audited && from === VOUCHER_STATUS.unaudited)
        await checkBalanced(trx, user.tenantId, key, id, row);
      await moveVoucher(trx, user, key, id, from, to);
    },
  };
}

/** The account search's keys: the bare key (the search bar's, like by the definition) and its explicit like. */
const ACCOUNT_SEARCH = ['subjectCode', 'subjectCode_like'] as const;

/**
 * The account search (`subjectCode`, like `%…%`) as the chart's codes that contain the text: the lines of those codes
 * are found by the (account, date) index (migration 0060), where a like on the lines' own column reads every line of
 * the period (61,000 lines of a month for 1,028 of one account, bench/finance). The same lines: every live line's
 * account is a live account of the chart. A text too long for the column is left to the engine, which refuses it.
 */
async function accountSearch(db: Db, user: AuthUser, query: Record<string, unknown>) {
  const key = ACCOUNT_SEARCH.find((name) => !blank(query[name]));
  if (!key) return { query };
  const raw = query[key];
  const text = String(Array.isArray(raw) ? raw[raw.length - 1] : raw).trim();
  if ([...text].length > (ledger.fields.subjectCode.max ?? 32)) return { query };
  const rest = Object.fromEntries(Object.entries(query).filter(([name]) => name !== key));
  const codes = await accountCodesContaining(db, user.tenantId, text);
  return {
    query: rest,
    where: codes.length ? sql<SqlBool>`subject_code in (${sql.join(codes)})` : sql<SqlBool>`false`,
  };
}

/** A write that touches an auxiliary dimension re-checks the account's (clearing a required customer). */
const aboutAux = (values: Row) => Object.values(AUX_COLUMNS).some((column) => column in values);

/** A line joins only a voucher still unaudited. */
async function refuseClosedVoucher(trx: Db, tenantId: string, key: VoucherKey, id: string): Promise<void> {
  const closed = await voucherLines(trx, tenantId, key)
    .where('id', '<>', id || '0')
    .where('voucher_status', '<>', VOUCHER_STATUS.unaudited)
    .select('id')
    .limit(1)
    .executeTakeFirst();
  if (closed) throw failWith(LEDGER_LOCKED).about('voucherNo');
}

/** The voucher's other lines follow the line's move (audit, unaudit, post). */
async function moveVoucher(trx: Db, user: AuthUser, key: VoucherKey, id: string, from: string, to: string) {
  await trx
    .updateTable('erp_ledger')
    .set({ voucher_status: to, update_user: user.userId, update_time: formatDateTime() })
    .where('tenant_id', '=', user.tenantId)
    .where('org_id', '=', key.orgId)
    .where('year', '=', key.year)
    .where('month', '=', key.month)
    .where('voucher_word', '=', key.voucherWord)
    .where('voucher_no', '=', key.voucherNo)
    .where('is_deleted', '=', 0)
    .where('id', '<>', id)
    .where('voucher_status', '=', from)
    .execute();
}
