import { defineEntity, type DerivedRow, type FieldDef } from '../define.ts';
import { PART_IN_USE } from '../production/product-bom.ts';

/** Quantities (numeric(18,4)) of a stock row: never below 0. */
const QUANTITY = { type: 'decimal', range: { min: 0 } } as const;

/** A stock row's derived figures, from its quantities and cost: the engine's on a save, posting's on a movement. */
export function stockFigures(row: DerivedRow) {
  const qty = Number(row.qty ?? 0);
  const locked = Number(row.lockedQty ?? 0);
  const safety =
    row.safetyStock === null || row.safetyStock === undefined || row.safetyStock === ''
      ? null
      : Number(row.safetyStock);
  return {
    availableQty: round(qty - locked, 4),
    amount: round(qty * Number(row.unitCost ?? 0), 2),
    belowSafety: safety !== null && qty < safety ? 1 : 0,
  };
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The part of a stock row or a movement, picked, with its number, name and unit saved beside it. */
export const partFields = {
  productId: {
    type: 'id',
    ref: 'product',
    inUse: PART_IN_USE,
    shows: 'productNo',
    form: true,
    fixed: true,
    label: { zh: '零件号', en: 'Part number' },
    required: true,
  },
  productNo: {
    type: 'string',
    max: 64,
    readonly: true,
    copyFrom: { ref: 'productId', field: 'productNo' },
    list: true,
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
    filter: true,
    export: true,
    label: { zh: '名称', en: 'Part name' },
  },
  unit: {
    type: 'string',
    max: 32,
    bizDict: 'unit',
    readonly: true,
    copyFrom: { ref: 'productId', field: 'unit' },
    list: true,
    export: true,
    label: { zh: '单位', en: 'Unit' },
  },
} as const satisfies Record<string, FieldDef>;

/** The company, warehouse (dict-biz `warehouse`) and bin of a stock row or a movement. */
export const placeFields = {
  orgId: {
    type: 'string',
    max: 64,
    company: true,
    list: true,
    form: true,
    filter: true,
    export: true,
    label: { zh: '所属公司', en: 'Company' },
    required: true,
  },
  warehouse: {
    type: 'string',
    max: 32,
    bizDict: 'warehouse',
    list: true,
    form: true,
    filter: true,
    export: true,
    label: { zh: '仓库', en: 'Warehouse' },
    required: true,
  },
  location: {
    type: 'string',
    max: 32,
    list: true,
    form: true,
    export: true,
    label: { zh: '库位', en: 'Bin location' },
  },
} as const satisfies Record<string, FieldDef>;

/**
 * The stock of one part (and batch) in one warehouse of one company (库存, domain/warehouse.md): the balance that
 * posting movements changes. Added with its opening quantity and cost; afterwards an edit changes only the bin,
 * the reserved quantity and the remark, and the quantity and the moving average cost follow the posted movements.
 */
export const inventory = defineEntity({
  name: 'inventory',
  service: 'blade-system',
  table: 'erp_inventory',
  label: { zh: '库存', en: 'Inventory' },
  code: 'inventory',
  tenant: true,
  audit: true,
  dataScope: true,
  display: 'productNo',
  keyword: ['productNo', 'productName', 'batchNo'],
  rowTone: { field: 'belowSafety', value: 1, tone: 'danger' },
  sums: ['amount'],
  excel: { file: { zh: '库存台账', en: 'Inventory' } },
  fields: {
    orgId: { ...placeFields.orgId, fixed: true },
    warehouse: { ...placeFields.warehouse, fixed: true },
    location: placeFields.location,
    ...partFields,
    productId: {
      ...partFields.productId,
      unique: {
        scope: ['orgId', 'warehouse', 'batchNo'],
        message: { zh: '该物料在此仓库已有库存记录', en: 'The part already has a stock row in this warehouse' },
      },
    },
    spec: {
      type: 'string',
      max: 255,
      readonly: true,
      copyFrom: { ref: 'productId', field: 'spec' },
      list: true,
      export: true,
      label: { zh: '规格', en: 'Spec' },
    },
    batchNo: {
      type: 'string',
      max: 32,
      fixed: true,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '批次号', en: 'Batch no.' },
    },
    qty: {
      ...QUANTITY,
      fixed: true,
      list: true,
      form: true,
      export: true,
      label: { zh: '结存数量', en: 'Quantity on hand' },
      required: true,
    },
    lockedQty: {
      ...QUANTITY,
      default: 0,
      list: true,
      form: true,
      export: true,
      label: { zh: '锁定数量', en: 'Reserved quantity' },
    },
    availableQty: {
      type: 'decimal',
      derive: { compute: (r) => stockFigures(r).availableQty },
      list: true,
      form: true,
      export: true,
      label: { zh: '可用数量', en: 'Available quantity' },
    },
    unitCost: {
      type: 'decimal',
      range: { min: 0 },
      fixed: true,
      list: true,
      form: true,
      export: true,
      label: { zh: '单位成本', en: 'Unit cost' },
      required: true,
    },
    amount: {
      type: 'money',
      derive: { compute: (r) => stockFigures(r).amount },
      list: true,
      form: true,
      export: true,
      label: { zh: '库存金额', en: 'Stock value' },
    },
    safetyStock: {
      type: 'decimal',
      nullable: true,
      readonly: true,
      copyFrom: { ref: 'productId', field: 'safetyStock' },
      list: true,
      export: true,
      label: { zh: '安全库存', en: 'Safety stock' },
    },
    belowSafety: {
      type: 'switch',
      derive: { compute: (r) => stockFigures(r).belowSafety },
      filter: true,
      label: { zh: '低于安全库存', en: 'Below safety stock' },
    },
    lastInTime: {
      type: 'datetime',
      nullable: true,
      readonly: true,
      list: true,
      export: true,
      label: { zh: '最近入库时间', en: 'Last receipt' },
    },
    lastOutTime: {
      type: 'datetime',
      nullable: true,
      readonly: true,
      list: true,
      export: true,
      label: { zh: '最近出库时间', en: 'Last issue' },
    },
    remark: {
      type: 'string',
      max: 255,
      form: true,
      control: 'textarea',
      export: true,
      label: { zh: '备注', en: 'Remarks' },
    },
  },
  // The part number leads: it stays in view when a tablet scrolls the table sideways.
  screen: { leadColumns: ['productNo'] },
  defaultSort: [
    ['productNo', 'asc'],
    ['id', 'asc'],
  ],
});
