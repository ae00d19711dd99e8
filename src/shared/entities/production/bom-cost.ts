import { defineEntity, type FieldDef } from '../define.ts';
import { PART_IN_USE } from './product-bom.ts';

/** A cost figure; the list shows the main ones (the form all of them). */
const cost = (zh: string, en: string, list = true): FieldDef => ({
  type: 'money',
  nullable: true,
  range: { min: 0 },
  list,
  form: true,
  label: { zh, en },
});

const COSTS = ['materialCost', 'laborCost', 'manufacturingCost', 'packagingCost', 'freightCost'] as const;

/** The five cost fields summed, to the cent. */
export const totalCost = (r: Readonly<Record<string, unknown>>): number =>
  Math.round(COSTS.reduce((sum, name) => sum + Number(r[name] ?? 0), 0) * 100) / 100;

/** `(salesPrice − totalCost) / salesPrice`, null without a selling price. */
export function grossMargin(r: Readonly<Record<string, unknown>>): number | null {
  const price = Number(r.salesPrice ?? 0);
  if (r.salesPrice === null || r.salesPrice === '' || r.salesPrice === undefined || !price) return null;
  return Math.round(((price - totalCost(r)) / price) * 1_000_000) / 1_000_000;
}

/** Button code of 重新核算: a year's costs recalculated in the background. */
export const BOMCOST_CALCULATE = 'bomcost_calculate';

/**
 * The standard unit cost of a part for a year (BOM成本, domain/production.md), rolled up from a BOM version, buying
 * prices and the other cost fields, against its selling price. `stale`: a buying price its roll-up uses changed
 * since (set by the module's reaction to price writes, cleared by 重新核算).
 */
export const bomCost = defineEntity({
  name: 'bomcost',
  service: 'blade-system',
  table: 'erp_bom_cost',
  label: { zh: 'BOM成本', en: 'BOM cost' },
  code: 'bomcost',
  tenant: true,
  audit: true,
  display: 'productNo',
  // detail adds the roll-up (lines, suggested material cost): modules/production/bom-cost.routes.ts.
  moduleRoutes: ['detail'],
  fields: {
    productId: {
      type: 'id',
      ref: 'product',
      shows: 'costPartNo',
      inUse: PART_IN_USE,
      form: true,
      label: { zh: '产品零件号', en: 'Part number' },
      required: true,
    },
    productNo: {
      type: 'string',
      max: 64,
      list: true,
      filter: true,
      copyFrom: { ref: 'productId', field: 'productNo' },
      readonly: true,
      label: { zh: '产品零件号', en: 'Part number' },
    },
    productName: {
      type: 'string',
      max: 128,
      list: true,
      filter: true,
      copyFrom: { ref: 'productId', field: 'productName' },
      readonly: true,
      label: { zh: '产品名称', en: 'Part name' },
    },
    bomVersion: {
      type: 'string',
      max: 16,
      default: 'V1.0',
      list: true,
      form: true,
      label: { zh: 'BOM版本', en: 'BOM version' },
      required: true,
    },
    costYear: {
      type: 'int',
      range: { min: 1000, max: 9999 },
      unique: {
        scope: ['productId', 'bomVersion'],
        message: {
          zh: '该产品此BOM版本的成本年度已存在',
          en: 'A cost of this part and BOM version already exists for the year',
        },
      },
      list: true,
      form: true,
      filter: true,
      label: { zh: '成本年度', en: 'Cost year' },
      required: true,
    },
    currency: {
      type: 'string',
      max: 32,
      bizDict: 'currency',
      default: 'CNY',
      list: true,
      form: true,
      label: { zh: '币种', en: 'Currency' },
      required: true,
    },
    materialCost: { ...cost('材料成本', 'Material cost'), nullable: undefined, required: true },
    laborCost: cost('人工成本', 'Labour cost'),
    manufacturingCost: cost('制造费用', 'Manufacturing overhead', false),
    packagingCost: cost('包装费用', 'Packaging cost', false),
    freightCost: cost('运输费用', 'Freight cost', false),
    totalCost: {
      type: 'money',
      list: true,
      form: true,
      label: { zh: '单位总成本', en: 'Total unit cost' },
      derive: { compute: totalCost },
    },
    salesPrice: cost('销售单价(不含税)', 'Net selling price'),
    grossMargin: {
      type: 'decimal',
      nullable: true,
      percent: true,
      list: true,
      form: true,
      label: { zh: '毛利率', en: 'Gross margin' },
      derive: { compute: grossMargin },
    },
    stale: {
      type: 'switch',
      default: 0,
      readonly: true,
      list: true,
      label: { zh: '待重算', en: 'Stale' },
    },
    remark: {
      type: 'string',
      max: 255,
      control: 'textarea',
      form: true,
      label: { zh: '备注', en: 'Remarks' },
    },
  },
  defaultSort: [
    ['costYear', 'desc'],
    ['productNo', 'asc'],
  ],
});
