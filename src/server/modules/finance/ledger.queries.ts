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
