import { defineEntity, greaterThanZero } from '../define.ts';
import { partFields, placeFields } from './inventory.ts';

/** Posting states (business dictionary `handle_status`). */
export const HANDLE_STATUS = { pending: '0', handled: '1' } as const;

/** `1` (入库) for a receipt type (1xx), `-1` (出库) for an issue type (2xx). */
export const directionOf = (bizType: unknown): number => (String(bizType ?? '').startsWith('2') ? -1 : 1);

/** Receipt types whose movement carries its purchase price (domain/warehouse.md: 101 采购入库, 106 其他入库). */
export const PRICED_RECEIPTS = ['101', '106'] as const;

/** Button code of posting (过账, domain/warehouse.md: `inventorylog/handle`). */
export const INVENTORYLOG_HANDLE = 'inventorylog_handle';

const HANDLED = { zh: '已处理的记录不能修改或删除', en: 'A posted movement cannot be changed or deleted' };

/**
 * One stock movement (出入库记录, domain/warehouse.md): a receipt or an issue of a part in a warehouse, entered as
 * pending and posted into the stock by `handle`, which fixes it. Its number says its direction (`RK…` receipts,
 * `CK…` issues). `clientKey`, set by the phone, makes a retried or replayed movement one movement.
 */
export const inventoryLog = defineEntity({
  name: 'inventorylog',
  service: 'blade-system',
  table: 'erp_inventory_log',
  label: { zh: '出入库记录', en: 'Inventory log' },
  code: 'inventorylog',
  tenant: true,
  audit: true,
  dataScope: true,
  display: 'logNo',
  keyword: ['logNo', 'productNo', 'productName', 'sourceNo'],
  sums: ['amount'],
  // 10 million movements: the list's total and Σ amount by the screens' filters without counting them (0026_tally.sql).
  tally: { date: 'bizDate', by: ['orgId', 'warehouse', 'bizType', 'handleStatus'] },
  states: {
    field: 'handleStatus',
    initial: [HANDLE_STATUS.pending],
    // Posting is `handle`'s alone: the field is the server's, so no edit reaches this transition.
    next: { [HANDLE_STATUS.pending]: [HANDLE_STATUS.handled] },
    frozen: { [HANDLE_STATUS.handled]: { message: HANDLED } },
    kept: { [HANDLE_STATUS.handled]: HANDLED },
  },
  fields: {
    logNo: {
      type: 'string',
      max: 32,
      sequence: { prefix: { field: 'direction', values: { '1': 'RK', '-1': 'CK' } }, period: 'day' },
      trigram: true,
      list: true,
      filter: true,
      export: true,
      label: { zh: '单据编号', en: 'Document no.' },
    },
    bizType: {
      type: 'string',
      max: 32,
      bizDict: 'inventory_biz_type',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '业务类型', en: 'Movement type' },
      required: true,
    },
    // The list says it by the type's name (采购入库, 生产领料) and the phone by the quantity's sign: no column of ±1.
    direction: {
      type: 'int',
      derive: { compute: (r) => directionOf(r.bizType) },
      export: true,
      label: { zh: '出入方向', en: 'Direction' },
    },
    bizDate: {
      type: 'date',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '业务日期', en: 'Posting date' },
      required: true,
    },
    ...placeFields,
    ...partFields,
    productNo: { ...partFields.productNo, trigram: true },
    batchNo: {
      type: 'string',
      max: 32,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '批次号', en: 'Batch no.' },
    },
    qty: {
      type: 'decimal',
      pattern: greaterThanZero('数量', 'The quantity'),
      list: true,
      form: true,
      export: true,
      label: { zh: '数量', en: 'Quantity' },
      required: true,
    },
    unitCost: {
      type: 'decimal',
      nullable: true,
      range: { min: 0 },
      requiredWhen: { field: 'bizType', values: PRICED_RECEIPTS },
      list: true,
      form: true,
      export: true,
      label: { zh: '单价', en: 'Unit cost' },
    },
    amount: {
      type: 'money',
      nullable: true,
      derive: {
        compute: (r) =>
          r.unitCost === null || r.unitCost === undefined || r.unitCost === ''
            ? null
            : Math.round(Number(r.qty) * Number(r.unitCost) * 100) / 100,
      },
      list: true,
      export: true,
      label: { zh: '金额', en: 'Amount' },
    },
    partnerName: {
      type: 'string',
      max: 128,
      list: true,
      form: true,
      export: true,
      label: { zh: '往来单位', en: 'Counterparty' },
    },
    sourceNo: {
      type: 'string',
      max: 64,
      trigram: true,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '来源单号', en: 'Source document' },
    },
    handleStatus: {
      type: 'string',
      max: 32,
      bizDict: 'handle_status',
      readonly: true,
      default: HANDLE_STATUS.pending,
      list: true,
      filter: true,
      export: true,
      label: { zh: '处理状态', en: 'Posting status' },
    },
    handleUser: {
      type: 'id',
      nullable: true,
      ref: 'user',
      readonly: true,
      list: true,
      label: { zh: '处理人', en: 'Posted by' },
    },
    handleTime: {
      type: 'datetime',
      nullable: true,
      readonly: true,
      list: true,
      export: true,
      label: { zh: '处理时间', en: 'Posted at' },
    },
    qtyAfter: {
      type: 'decimal',
      nullable: true,
      readonly: true,
      list: true,
      export: true,
      label: { zh: '结存数量', en: 'Balance after' },
    },
    clientKey: {
      type: 'string',
      max: 64,
      pattern: {
        regex: '^[A-Za-z0-9_-]*$',
        message: { zh: '客户端单据键格式不正确', en: 'The client key may hold letters, digits, - and _ only' },
      },
      label: { zh: '客户端单据键', en: 'Client key' },
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
  defaultSort: [
    ['bizDate', 'desc'],
    ['createTime', 'desc'],
    ['id', 'desc'],
  ],
});
