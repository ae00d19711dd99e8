import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** What the overlap rule compares: one price key and its validity period (`validTo` null: open-ended). */
export interface PricePeriod {
  tenantId: string;
  priceType: string;
  productId: string;
  partnerId: string;
  currency: string;
  validFrom: string;
  validTo: string | null;
  /** The row being changed: not compared with itself. */
  selfId?: string;
}

/**
 * Holds the price key (tenant, price type, part, counterparty, currency) until the transaction ends: two saves of the
 * same key, on any process, check and write one after the other (a transaction-scoped advisory lock, freed by its
 * commit or rollback). Keys that differ never wait on each other, but for a 32-bit hash collision.
 */
export async function lockPriceKey(trx: Db, period: PricePeriod): Promise<void> {
  const key = [period.tenantId, period.priceType, period.productId, period.partnerId, period.currency].join('|');
  await sql`select pg_advisory_xact_lock(hashtext('erp_price'), hashtext(${key}))`.execute(trx);
}

/** Whether another live price of the key has a period meeting [validFrom, validTo] (both days included). */
export async function overlapsPrice(trx: Db, period: PricePeriod): Promise<boolean> {
  let query = trx
    .selectFrom('erp_price')
    .select('id')
    .where('tenant_id', '=', period.tenantId)
    .where('is_deleted', '=', 0)
    .where('price_type', '=', period.priceType)
    .where('product_id', '=', period.productId)
    .where('partner_id', '=', period.partnerId)
    .where('currency', '=', period.currency)
    .where(sql<boolean>`coalesce(valid_to, 'infinity'::date) >= cast(${period.validFrom} as date)`);
  if (period.validTo) query = query.where('valid_from', '<=', period.validTo);
  if (period.selfId) query = query.where('id', '<>', period.selfId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
