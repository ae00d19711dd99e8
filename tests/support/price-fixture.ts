import { sql } from 'kysely';
import { ENTITIES } from '../../src/server/modules/index.ts';
import type { Db } from '../../src/server/db/connect.ts';
import { defineEntity, type EntityDef } from '../../src/shared/entities/define.ts';

/**
 * Prices (domain/masterdata.md § price, table `erp_price`) for tests of what reads them (BOM cost roll-up, stale
 * marks), while the master data's price entity is not in this build: a minimal stand-in with the domain file's
 * columns, and its table when no migration made it. Once the real entity is served, tests use it and this adds
 * nothing.
 */
export const PRICE_SERVED = ENTITIES.some((e) => e.name === 'price');

const standIn = defineEntity({
  name: 'price',
  service: 'blade-system',
  table: 'erp_price',
  label: { zh: '价格', en: 'Price' },
  code: 'price',
  tenant: true,
  audit: true,
  fields: {
    priceType: { type: 'string', max: 32, label: { zh: '价格类型', en: 'Price type' }, required: true },
    productId: { type: 'id', ref: 'product', shows: 'pricePartNo', label: { zh: '产品零件号', en: 'Part' } },
    partnerId: { type: 'id', label: { zh: '客户/供应商', en: 'Partner' }, required: true },
    currency: { type: 'string', max: 32, default: 'CNY', label: { zh: '币种', en: 'Currency' } },
    unit: { type: 'string', max: 32, default: 'PCS', label: { zh: '计价单位', en: 'Unit' } },
    unitPrice: { type: 'decimal', label: { zh: '不含税单价', en: 'Net unit price' }, required: true },
    taxRate: { type: 'decimal', default: 0.13, label: { zh: '税率', en: 'Tax rate' } },
    validFrom: { type: 'date', label: { zh: '生效日期', en: 'Valid from' }, required: true },
    validTo: { type: 'date', nullable: true, label: { zh: '失效日期', en: 'Valid to' } },
  },
  defaultSort: [['validFrom', 'desc']],
});

/** What `startApp` adds: the stand-in price entity, unless the real one is served. */
export const priceEntities = (): EntityDef[] => (PRICE_SERVED ? [] : [standIn]);

/** The price table as the domain file has it, if no migration made it. */
export async function ensurePriceTable(db: Db): Promise<void> {
  if (PRICE_SERVED) return;
  const statements = [
    `create table if not exists erp_price (id bigint primary key, tenant_id varchar(12) not null default '000000',
      price_type varchar(32) not null, product_id bigint not null, partner_id bigint not null,
      currency varchar(32) not null default 'CNY', unit varchar(32) not null default 'PCS',
      unit_price numeric(18,6) not null, tax_rate numeric(9,6) not null default 0.13, valid_from date not null,
      valid_to date, create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint,
      update_time timestamp(0), status int not null default 1, is_deleted int not null default 0)`,
    `select tenon_isolate_tenant_rows('erp_price')`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
