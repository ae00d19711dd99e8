import { defineEntity, greaterThanZero, type DerivedRow } from '../define.ts';

/** The rule of the domain file: for the same part, counterparty, price type and currency, periods do not overlap. */
export const PRICE_OVERLAP = {
  zh: '该物料在此期间已有有效价格',
  en: 'The part already has a valid price in this period',
};

/** A value of a `numeric(18,6)` or `numeric(9,6)` column in millionths, exactly. */
const millionths = (value: unknown): bigint => BigInt(Number(value).toFixed(6).replace('.', ''));

/**
 * `unitPrice × (1 + taxRate)` rounded half up to 6 decimals, in exact decimal arithmetic (floats would give
 * 14.124999… for 12.5 at 13 %); null while either is missing.
 */
export function grossPrice(row: DerivedRow): string | null {
  const { unitPrice, taxRate } = row;
  if (unitPrice === null || unitPrice === undefined || unitPrice === '' || taxRate === null || taxRate === undefined)
    return null;
  const units = millionths(unitPrice) * (1_000_000n + millionths(taxRate)); // in 10^-12
  const negative = units < 0n;
  const rounded = ((negative ? -units : units) + 500_000n) / 1_000_000n; // in 10^-6
  const text = rounded.toString().padStart(7, '0');
  return `${negative ? '-' : ''}${text.slice(0, -6)}.${text.slice(-6)}`;
}

/** Whether `today` lies within [validFrom, validTo]; an empty valid-to is open-ended. */
export const validOn = (row: DerivedRow, today: string): 0 | 1 => {
  const from = String(row.validFrom ?? '');
  const to = String(row.validTo ?? '');
  return from !== '' && from <= today && (to === '' || today <= to) ? 1 : 0;
};

/**
 * A price (价格, domain/masterdata.md): a selling price to a customer (价格类型 1), or a buying / subcontract price from
 * a supplier, for one part and a validity period. The counterparty is a customer or a supplier by the price type
 * (`refBy`); the part's number and name and the counterparty's name are copied on save, the gross price derived.
 * Periods of one part, counterparty, price type and currency never overlap (the masterdata module's hook).
 */
export const price = defineEntity({
  name: 'price',
  service: 'blade-system',
  table: 'erp_price',
  label: { zh: '价格', en: 'Price' },
  code: 'price',
  tenant: true,
  audit: true,
  dataScope: true,
  fields: {
    priceType: {
      type: 'string',
      max: 32,
      bizDict: 'price_type',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '价格类型', en: 'Price type' },
      required: true,
    },
    productId: {
      type: 'id',
      ref: 'product',
      // The stored productName is the part's name: the reference shows the part number under its own key.
      shows: 'productNo',
      inUse: {
        zh: '该物料已被BOM/库存/价格引用，不能删除',
        en: 'The part is used by BOMs, inventory or prices and cannot be deleted',
      },
      form: true,
      label: { zh: '产品零件号', en: 'Part number' },
      required: true,
    },
    productNo: {
      type: 'string',
      max: 64,
      readonly: true,
      copyFrom: { ref: 'productId', field: 'productNo' },
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '零件号', en: 'Part no.' },
    },
    productName: {
      type: 'string',
      max: 128,
      readonly: true,
      copyFrom: { ref: 'productId', field: 'productName' },
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '产品名称', en: 'Part name' },
    },
    partnerId: {
      type: 'id',
      ref: 'supplier',
      refBy: { field: 'priceType', targets: { '1': 'customer' } },
      form: true,
      label: { zh: '客户/供应商', en: 'Customer / supplier' },
      required: true,
    },
    partnerName: {
      type: 'string',
      max: 128,
      readonly: true,
      copyFrom: { ref: 'partnerId' },
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '往来单位', en: 'Counterparty' },
    },
    currency: {
      type: 'string',
      max: 32,
      bizDict: 'currency',
      fillFrom: { ref: 'partnerId', field: 'currency' },
      list: true,
      form: true,
      export: true,
      label: { zh: '币种', en: 'Currency' },
      required: true,
    },
    unit: {
      type: 'string',
      max: 32,
      bizDict: 'unit',
      fillFrom: { ref: 'productId', field: 'unit' },
      list: true,
      form: true,
      export: true,
      label: { zh: '计价单位', en: 'Price unit' },
      required: true,
    },
    unitPrice: {
      type: 'decimal',
      // > 0: a digit other than 0, and no sign (the domain file states no wording).
      pattern: greaterThanZero('不含税单价', 'The net unit price'),
      list: true,
      form: true,
      export: true,
      label: { zh: '不含税单价', en: 'Net unit price' },
      required: true,
    },
    taxRate: {
      type: 'decimal',
      percent: true,
      default: 0.13,
      // 0 ≤ x < 1 in the column's six decimals: at most 99.9999 %.
      range: { min: 0, max: 0.999999 },
      list: true,
      form: true,
      export: true,
      label: { zh: '税率', en: 'Tax rate' },
      required: true,
    },
    taxIncludedPrice: {
      type: 'decimal',
      derive: { compute: grossPrice },
      list: true,
      form: true,
      export: true,
      label: { zh: '含税单价', en: 'Gross unit price' },
    },
    validFrom: {
      type: 'date',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '生效日期', en: 'Valid from' },
      required: true,
    },
    validTo: {
      type: 'date',
      nullable: true,
      notBefore: {
        field: 'validFrom',
        message: { zh: '失效日期不能早于生效日期', en: 'The valid-to date cannot be before the valid-from date' },
      },
      list: true,
      form: true,
      export: true,
      label: { zh: '失效日期', en: 'Valid to' },
    },
    // yes_no in the domain file: a 0/1 flag shown 是/否, as the switches of the master data are (the platform's
    // yes_no dictionary keys 1 否 / 2 是, not 0/1).
    isValid: {
      type: 'switch',
      derive: { today: validOn },
      list: true,
      form: true,
      label: { zh: '是否有效', en: 'Currently valid' },
    },
    remark: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      export: true,
      label: { zh: '备注', en: 'Remarks' },
    },
  },
  defaultSort: [
    ['productNo', 'asc'],
    ['priceType', 'asc'],
    ['validFrom', 'desc'],
  ],
});
