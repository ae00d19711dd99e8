import type { Db } from '../../../db/connect.ts';
import { price } from '../../../../shared/entities/masterdata/price.ts';
import { computedValues } from '../../../platform/entity/derived.ts';
import { nextId } from '../../../platform/ids.ts';
import { insertRows } from '../../../db/insert-rows.ts';

/**
 * Demo prices of the group (domain/masterdata.md § price), valid from 2026-01-01 and open-ended: buying prices from
 * the demo suppliers for coil steel, fasteners, consumables and packaging, selling prices to each program's customer
 * for its finished parts in series production, a few subcontract prices, and the 2025 prices they replaced for some
 * parts (one with its annual price-down, 年降, noted). Left without a price on purpose, so BOM costing (the valid
 * buying price on 1 January of the cost year) finds most components but not all: the discontinued DX54D+Z coils,
 * the weld studs, and the finished parts still in development. Added once: a price of the same key and valid-from
 * date stays as it is.
 */

export const DEMO_PRICE_FROM = '2026-01-01';
const LAST_YEAR = ['2025-01-01', '2025-12-31'] as const;
const DOWN = '年降3%（2026年度价格协议）';

/** Coil steel by grade: the mill selling it, and its price per kg at 1.0 mm. */
const STEEL: Readonly<Record<string, readonly [supplier: string, perKg: number]>> = {
  DC01: ['S-BAOSTEEL', 4.85],
  DC04: ['S-BAOSTEEL', 5.1],
  HC340LA: ['S-BAOSTEEL', 5.65],
  HC420LA: ['S-ANSTEEL', 5.95],
  SAPH440: ['S-ANSTEEL', 4.6],
  QStE420TM: ['S-ANSTEEL', 5.05],
  HC340LADZ: ['S-SHOUGANG', 6.35],
  CR780DPZ: ['S-SHOUGANG', 7.9],
  '5182O': ['S-CHALCO', 23.5],
};

interface DemoPrice {
  type: '1' | '2' | '3';
  productNo: string;
  partner: string;
  unitPrice: number;
  from: string;
  to?: string;
  remark?: string;
}

/** Thin sheet costs a little more per kg than thick. */
const gaugeFactor = (thickness: number) => 1 + Math.max(0, 1.0 - thickness) * 0.15 - Math.max(0, thickness - 2) * 0.02;

/** The demo prices for the demo parts there are (`parts`: part number → type and status; `customers` by part). */
export function demoPrices(parts: ReadonlyArray<DemoPricedPart>): DemoPrice[] {
  const prices: DemoPrice[] = [];
  for (const part of parts) {
    const no = part.productNo;
    const steel = /^RM-([A-Za-z0-9]+)-(\d+)$/.exec(no);
    if (steel) {
      const grade = STEEL[steel[1]];
      if (!grade) continue; // DX54D+Z: discontinued coil, no current price
      const thickness = Number(steel[2]) / 10;
      const unitPrice = Number((grade[1] * gaugeFactor(thickness)).toFixed(4));
      prices.push({ type: '2', productNo: no, partner: grade[0], unitPrice, from: DEMO_PRICE_FROM });
      // The cold-rolled DC01 coils had a 2025 price, 3 % higher.
      if (steel[1] === 'DC01' && thickness <= 1.2)
        prices.push({ ...lastYear(prices.at(-1)!), unitPrice: Number((unitPrice / 0.97).toFixed(4)) });
      continue;
    }
    const bolt = /^PP-BLT-M(\d+)X(\d+)$/.exec(no);
    if (bolt) {
      const unitPrice = Number((0.06 * Number(bolt[1]) + 0.004 * Number(bolt[2])).toFixed(4));
      prices.push({ type: '2', productNo: no, partner: 'S-FASTENER', unitPrice, from: DEMO_PRICE_FROM });
      continue;
    }
    const nut = /^PP-NUT-M(\d+)$/.exec(no);
    if (nut) {
      const unitPrice = Number((0.05 + 0.015 * Number(nut[1])).toFixed(4));
      prices.push({ type: '2', productNo: no, partner: 'S-FASTENER', unitPrice, from: DEMO_PRICE_FROM });
      continue;
    }
    const bought = BOUGHT[no];
    if (bought) {
      prices.push({ type: '2', productNo: no, partner: bought[0], unitPrice: bought[1], from: DEMO_PRICE_FROM });
      continue;
    }
    // Finished parts in series production (or service only) are sold to their program's customer.
    if (part.productType === '1' && part.customer && part.productStatus !== '1') {
      const unitPrice = Number((38 + Number(part.netWeight ?? 4) * 21.5).toFixed(2));
      prices.push({ type: '1', productNo: no, partner: part.customer, unitPrice, from: DEMO_PRICE_FROM });
      // The first program's A-pillars had a 2025 price; one of them carries the price-down agreed for 2026.
      if (/^FG-5G0-01[LR]$/.test(no)) {
        prices.at(-1)!.remark = no.endsWith('L') ? DOWN : '';
        prices.push({ ...lastYear(prices.at(-1)!), unitPrice: Number((unitPrice / 0.97).toFixed(2)), remark: '' });
      }
    }
    // The first program's weld sub-assemblies are e-coated outside.
    if (/^SF-5G0-0[1-2]L-W\d$/.test(no))
      prices.push({ type: '3', productNo: no, partner: 'S-PAINT', unitPrice: 3.6, from: DEMO_PRICE_FROM });
  }
  return prices;
}

const lastYear = (current: DemoPrice): DemoPrice => ({ ...current, from: LAST_YEAR[0], to: LAST_YEAR[1] });

/** Purchased consumables and packaging: supplier, price. Weld studs (PP-STUD-*) have none yet. */
const BOUGHT: Readonly<Record<string, readonly [supplier: string, unitPrice: number]>> = {
  'AUX-WIRE-10': ['S-BOSCH', 9.8],
  'AUX-WIRE-12': ['S-BOSCH', 9.6],
  'AUX-CO2': ['S-LOGI', 0.032],
  'AUX-OIL': ['S-PAINT', 21.5],
  'AUX-SEALER': ['S-BOSCH', 68],
  'PKG-BOX-1': ['S-LOGI', 46],
  'PKG-BOX-2': ['S-LOGI', 88],
  'PKG-RACK-1': ['S-LOGI', 1250],
  'PKG-CARTON': ['S-LOGI', 7.2],
};

export interface DemoPricedPart {
  productNo: string;
  productType: string;
  productStatus: string;
  /** The customer's code. */
  customer?: string;
  netWeight?: string;
}

/** Adds the demo prices of `tenant` that are missing; returns what was added. */
export async function seedDemoPrices(
  db: Db,
  tenant: string,
  parts: ReadonlyArray<DemoPricedPart>,
  audit: () => Record<string, unknown>,
): Promise<string[]> {
  const customers = new Map(
    (
      await db
        .selectFrom('erp_customer')
        .select(['id', 'customer_code', 'customer_name', 'currency'])
        .where('tenant_id', '=', tenant)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r) => [r.customer_code, { id: String(r.id), name: r.customer_name, currency: r.currency }]),
  );
  const suppliers = new Map(
    (
      await db
        .selectFrom('erp_supplier')
        .select(['id', 'supplier_code', 'supplier_name', 'currency'])
        .where('tenant_id', '=', tenant)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r) => [r.supplier_code, { id: String(r.id), name: r.supplier_name, currency: r.currency }]),
  );
  const products = new Map(
    (
      await db
        .selectFrom('erp_product')
        .select(['id', 'product_no', 'product_name', 'unit'])
        .where('tenant_id', '=', tenant)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r) => [r.product_no, { id: String(r.id), name: r.product_name, unit: r.unit }]),
  );
  const keyOf = (type: string, product: string, partner: string, currency: string, from: string) =>
    [type, product, partner, currency, from].join('|');
  const existing = new Set(
    (
      await db
        .selectFrom('erp_price')
        .select(['price_type', 'product_id', 'partner_id', 'currency', 'valid_from'])
        .where('tenant_id', '=', tenant)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r) =>
      keyOf(r.price_type, String(r.product_id), String(r.partner_id), r.currency, String(r.valid_from).slice(0, 10)),
    ),
  );
  const rows = [];
  for (const demo of demoPrices(parts)) {
    const product = products.get(demo.productNo);
    const partner = (demo.type === '1' ? customers : suppliers).get(demo.partner);
    if (!product || !partner) continue;
    const key = keyOf(demo.type, product.id, partner.id, partner.currency, demo.from);
    if (existing.has(key)) continue;
    existing.add(key);
    const row = {
      id: nextId(),
      tenant_id: tenant,
      price_type: demo.type,
      product_id: product.id,
      product_no: demo.productNo,
      product_name: product.name,
      partner_id: partner.id,
      partner_name: partner.name,
      currency: partner.currency,
      unit: product.unit,
      unit_price: String(demo.unitPrice),
      tax_rate: '0.13',
      valid_from: demo.from,
      valid_to: demo.to ?? null,
      remark: demo.remark ?? '',
    };
    rows.push({
      ...row,
      tax_included_price: String(computedValues(price, row).tax_included_price),
      ...audit(),
      status: 1,
      is_deleted: 0,
    });
  }
  await insertRows(db, 'erp_price', rows);
  return [`${rows.length} prices`];
}
