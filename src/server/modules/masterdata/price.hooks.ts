import { PRICE_OVERLAP } from '../../../shared/entities/masterdata/price.ts';
import { failWith } from '../../platform/errors.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import { lockPriceKey, overlapsPrice } from './price.queries.ts';

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value).slice(0, 10));

/**
 * Prices (domain/masterdata.md § price): for the same price type, part, counterparty and currency, validity periods
 * do not overlap (`该物料在此期间已有有效价格`; an empty valid-to runs for ever). Checked inside the write transaction
 * with the key locked, so two users saving overlapping prices at once cannot both succeed.
 */
export function priceHooks(): EntityHooks {
  return {
    beforeWrite: async (trx, user, values, before) => {
      const row = { ...before, ...values };
      const period = {
        tenantId: user.tenantId,
        priceType: String(row.price_type),
        productId: String(row.product_id),
        partnerId: String(row.partner_id),
        currency: String(row.currency),
        validFrom: text(row.valid_from),
        validTo: text(row.valid_to) || null,
        selfId: before ? String(before.id) : undefined,
      };
      await lockPriceKey(trx, period);
      if (await overlapsPrice(trx, period)) throw failWith(PRICE_OVERLAP);
    },
  };
}
