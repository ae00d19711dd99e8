import { defineEntity, type Pattern } from '../define.ts';

/** The part master's delete check (domain/masterdata.md § product), for every reference to a part. */
export const PART_IN_USE = {
  zh: '该物料已被BOM/库存/价格引用，不能删除',
  en: 'The part is used by a BOM, stock or a price and cannot be deleted',
};

/** `BOM存在循环引用`: the component contains the parent at some level (or is the parent). */
export const BOM_CYCLE = { zh: 'BOM存在循环引用', en: 'The BOM contains a circular reference' };

/** Quantities a BOM line multiplies by: more than 0 (the form says it before the server does). */
export const POSITIVE: Pattern = {
  regex: '^(?!-)(?!0*\\.?0*$)',
  message: { zh: '单位用量必须大于0', en: 'Qty per parent must be greater than 0' },
};

/**
 * A BOM line (产品BOM, domain/production.md): parent part → component, per parent quantity, scrap rate, make/buy.
 * A BOM is the rows sharing (productId, bomVersion); a component with rows of its own makes the BOM multi-level.
 * The parent's number and name are copied like the component's, so lists show and search them without a join.
 * The module (modules/production) refuses cycles and keeps exactly one default version per parent.
 */
export const productBom = defineEntity({
  name: 'productbom',
  service: 'blade-system',
  table: 'erp_product_bom',
  label: { zh: '产品BOM', en: 'Product BOM' },
  code: 'productbom',
  tenant: true,
  audit: true,
  display: 'componentNo',
  fields: {
    productId: {
      type: 'id',
      ref: 'product',
      shows: 'parentPartNo',
      inUse: PART_IN_USE,
      form: true,
      label: { zh: '父件零件号', en: 'Parent part' },
      required: true,
    },
    productNo: {
      type: 'string',
      max: 64,
      list: true,
      filter: true,
      copyFrom: { ref: 'productId', field: 'productNo' },
      readonly: true,
      label: { zh: '父件零件号', en: 'Parent part' },
    },
    productName: {
      type: 'string',
      max: 128,
      list: true,
      copyFrom: { ref: 'productId', field: 'productName' },
      readonly: true,
      label: { zh: '父件名称', en: 'Parent name' },
    },
    bomVersion: {
      type: 'string',
      max: 16,
      default: 'V1.0',
      search: 'equal',
      list: true,
      form: true,
      filter: true,
      label: { zh: 'BOM版本', en: 'BOM version' },
      required: true,
    },
    // A switch (int 0/1): the platform's yes_no dictionary holds 1 否 / 2 是 (BladeX), not domain §3.2's 0/1.
    isDefault: {
      type: 'switch',
      default: 0,
      list: true,
      form: true,
      label: { zh: '是否默认版本', en: 'Default version' },
    },
    lineNo: {
      type: 'int',
      range: { min: 1 },
      unique: {
        scope: ['productId', 'bomVersion'],
        message: { zh: '该BOM版本下行号已存在', en: 'The line number already exists in this BOM version' },
      },
      list: true,
      form: true,
      label: { zh: '行号', en: 'Line no.' },
      required: true,
    },
    componentId: {
      type: 'id',
      ref: 'product',
      shows: 'componentPartNo',
      inUse: PART_IN_USE,
      form: true,
      label: { zh: '子件零件号', en: 'Component' },
      required: true,
    },
    componentNo: {
      type: 'string',
      max: 64,
      list: true,
      filter: true,
      copyFrom: { ref: 'componentId', field: 'productNo' },
      readonly: true,
      label: { zh: '子件编码', en: 'Component no.' },
    },
    componentName: {
      type: 'string',
      max: 128,
      list: true,
      copyFrom: { ref: 'componentId', field: 'productName' },
      readonly: true,
      label: { zh: '子件名称', en: 'Component name' },
    },
    componentSpec: {
      type: 'string',
      max: 255,
      list: true,
      copyFrom: { ref: 'componentId', field: 'spec' },
      readonly: true,
      label: { zh: '子件规格', en: 'Component spec' },
    },
    qty: {
      type: 'decimal',
      pattern: POSITIVE,
      list: true,
      form: true,
      label: { zh: '单位用量', en: 'Qty per parent' },
      required: true,
    },
    unit: {
      type: 'string',
      max: 32,
      bizDict: 'unit',
      fillFrom: { ref: 'componentId', field: 'unit' },
      list: true,
      form: true,
      label: { zh: '单位', en: 'Unit' },
      required: true,
    },
    lossRate: {
      type: 'decimal',
      percent: true,
      range: { min: 0, max: 0.9999 },
      default: 0,
      list: true,
      form: true,
      label: { zh: '损耗率', en: 'Scrap rate' },
    },
    grossQty: {
      type: 'decimal',
      list: true,
      form: true,
      label: { zh: '含损耗用量', en: 'Gross qty' },
      derive: { compute: (r) => grossQty(Number(r.qty ?? 0), Number(r.lossRate ?? 0)) },
    },
    sourceType: {
      type: 'string',
      max: 32,
      bizDict: 'bom_source',
      list: true,
      form: true,
      filter: true,
      label: { zh: '来源类型', en: 'Source' },
      required: true,
    },
    // Optional: a buying or subcontracting line may name its supplier; the server clears it on other lines.
    supplierId: {
      type: 'id',
      nullable: true,
      ref: 'supplier',
      list: true,
      form: true,
      label: { zh: '供应商', en: 'Supplier' },
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
    ['productId', 'asc'],
    ['bomVersion', 'asc'],
    ['lineNo', 'asc'],
  ],
});

/** `qty / (1 − lossRate)`, to the 4 decimals a quantity keeps. */
export function grossQty(qty: number, lossRate: number): number {
  return lossRate >= 1 ? 0 : Math.round((qty / (1 - lossRate)) * 10_000) / 10_000;
}
