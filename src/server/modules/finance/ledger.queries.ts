import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** A voucher: its lines share company, period, word and number. */
export interface VoucherKey {
  orgId: string;
  year: number;
  month: number;
  voucherWord: string;
  voucherNo: number;
}

/** The live lines of one voucher of the caller's tenant. */
export function voucherLines(db: Db, tenantId: string, key: VoucherKey) {
  return db
    .selectFrom('erp_ledger')
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', key.orgId)
    .where('year', '=', key.year)
    .where('month', '=', key.month)
    .where('voucher_word', '=', key.voucherWord)
    .where('voucher_no', '=', key.voucherNo)
    .where('is_deleted', '=', 0);
}

/** The number a new voucher of the company, period and word takes: one past the highest used. */
export async function nextVoucherNo(db: Db, tenantId: string, key: Omit<VoucherKey, 'voucherNo'>): Promise<number> {
  const found = await db
    .selectFrom('erp_ledger')
    .select((eb) => eb.fn.max('voucher_no').as('last'))
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', key.orgId)
    .where('year', '=', key.year)
    .where('month', '=', key.month)
    .where('voucher_word', '=', key.voucherWord)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return Number(found?.last ?? 0) + 1;
}

/** The kept lines of a voucher being saved step out of its numbering (negative) first, so that lines change places. */
export async function stepOutOfNumbering(trx: Db, ids: string[]): Promise<void> {
  await trx
    .updateTable('erp_ledger')
    .set({ entry_no: sql<number>`-entry_no` })
    .where('id', 'in', ids)
    .execute();
}

/** Vouchers of one company, period and word are numbered one writer at a time (until the transaction ends). */
export async function lockVoucherPeriod(trx: Db, tenantId: string, key: VoucherKey): Promise<void> {
  const period = `erp_ledger:${tenantId}:${key.orgId}:${key.year}:${key.month}:${key.voucherWord}`;
  await sql`select pg_advisory_xact_lock(hashtext(${period}))`.execute(trx);
}

/** Who made a voucher: the maker of its first line, if it has any. */
export async function makerOf(db: Db, tenantId: string, key: VoucherKey): Promise<string | undefined> {
  const first = await voucherLines(db, tenantId, key).select('maker').orderBy('entry_no').limit(1).executeTakeFirst();
  return first?.maker || undefined;
}

/**
 * The codes of the tenant's live chart that contain `text` (as the list's like search of the account matches them,
 * `%text%`, the pattern characters of the text taken as they are). Every live line's account is one of them (an
 * account in use is not deleted), so the lines whose code is one of these are the lines the search matches.
 */
export async function accountCodesContaining(db: Db, tenantId: string, text: string): Promise<string[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Text without case (digits, the usual codes) is matched by like, as the engine's search does (conditions.ts).
  const like = pattern.toLowerCase() === pattern.toUpperCase() ? sql`like` : sql`ilike`;
  const rows = await db
    .selectFrom('erp_subject')
    .select('subject_code')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where(sql<boolean>`subject_code ${like} ${pattern}`)
    .execute();
  return rows.map((row) => row.subject_code);
}
