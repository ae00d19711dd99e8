import { defineEntity } from '../define.ts';

/** Remaining strokes: none without a design life, never below 0. */
const remainingOf = (r: Readonly<Record<string, unknown>>): number | null =>
  r.designLife === null || r.designLife === undefined || r.designLife === ''
    ? null
    : Math.max(Number(r.designLife) - Number(r.usedCount || 0), 0);

/**
 * A mould (模具, domain/production.md): a die, mould or fixture for one part, with its cavities, life in strokes,
 * ownership and storage. Remaining life and the end-of-life warning (≤ 10 % left, listed in amber) are worked out on
 * every save; a customer-owned mould names its customer. The part's number and name are saved with it, so the list
 * shows and searches them.
 */
export const mold = defineEntity({
  name: 'mold',
  service: 'blade-system',
  table: 'erp_mold',
  label: { zh: '模具', en: 'Mould' },
  code: 'mold',
  tenant: true,
  audit: true,
  dataScope: true,
  display: 'moldName',
  keyword: ['moldCode', 'moldName'],
  rowTone: { field: 'lifeWarning', value: 1, tone: 'warning' },
  fields: {
    moldCode: {
      type: 'string',
      max: 32,
      unique: true,
      list: true,
      form: true,
      filter: true,
      label: { zh: '模具编号', en: 'Tool no.' },
      required: true,
    },
    moldName: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      filter: true,
      label: { zh: '模具名称', en: 'Tool name' },
      required: true,
    },
    moldType: {
      type: 'string',
      max: 32,
      bizDict: 'mold_type',
      list: true,
      form: true,
      filter: true,
      label: { zh: '模具类型', en: 'Tool type' },
      required: true,
    },
    // Its name key is the part number (the product's display field); the copies below are what the list shows.
    productId: {
      type: 'id',
      ref: 'product',
      shows: 'productNo',
      form: true,
      label: { zh: '适用零件', en: 'Part' },
      required: true,
    },
    productNo: {
      type: 'string',
      max: 64,
      readonly: true,
      copyFrom: { ref: 'productId', field: 'productNo' },
      list: true,
      filter: true,
      label: { zh: '零件号', en: 'Part number' },
    },
    productName: {
      type: 'string',
      max: 128,
      readonly: true,
      copyFrom: { ref: 'productId', field: 'productName' },
      list: true,
      label: { zh: '零件名称', en: 'Part name' },
    },
    cavityCount: {
      type: 'int',
      default: 1,
      range: { min: 1 },
      list: true,
      form: true,
      label: { zh: '模穴数', en: 'Cavities' },
    },
    ownership: {
      type: 'string',
      max: 32,
      bizDict: 'mold_ownership',
      list: true,
      form: true,
      filter: true,
      label: { zh: '资产归属', en: 'Ownership' },
      required: true,
    },
    customerId: {
      type: 'id',
      nullable: true,
      ref: 'customer',
      requiredWhen: {
        field: 'ownership',
        values: ['2'],
        message: { zh: '请选择所属客户', en: 'Please select the owning customer' },
      },
      list: true,
      form: true,
      label: { zh: '所属客户', en: 'Owning customer' },
    },
    supplierId: {
      type: 'id',
      nullable: true,
      ref: 'supplier',
      list: true,
      form: true,
      label: { zh: '模具供应商', en: 'Toolmaker' },
    },
    deviceId: {
      type: 'id',
      nullable: true,
      ref: 'device',
      list: true,
      form: true,
      label: { zh: '适用设备', en: 'Machine' },
    },
    designLife: {
      type: 'int',
      nullable: true,
      range: { min: 0 },
      list: true,
      form: true,
      label: { zh: '设计寿命(冲次/模次)', en: 'Design life (strokes)' },
    },
    usedCount: {
      type: 'int',
      default: 0,
      range: { min: 0 },
      list: true,
      form: true,
      label: { zh: '累计冲次', en: 'Strokes used' },
      required: true,
    },
    remainingLife: {
      type: 'int',
      nullable: true,
      list: true,
      form: true,
      label: { zh: '剩余寿命', en: 'Remaining life' },
      derive: { compute: remainingOf },
    },
    storageLocation: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      label: { zh: '存放位置', en: 'Storage location' },
    },
    moldStatus: {
      type: 'string',
      max: 32,
      bizDict: 'mold_status',
      default: '2',
      list: true,
      form: true,
      filter: true,
      label: { zh: '模具状态', en: 'Status' },
      required: true,
    },
    remark: { type: 'string', max: 255, control: 'textarea', form: true, label: { zh: '备注', en: 'Remarks' } },
    // 1 while no more than 10 % of the design life is left (none without a design life).
    lifeWarning: {
      type: 'int',
      label: { zh: '寿命预警', en: 'Life warning' },
      derive: {
        compute: (r) => {
          const remaining = remainingOf(r);
          return remaining !== null && remaining <= Number(r.designLife) * 0.1 ? 1 : 0;
        },
      },
    },
  },
  defaultSort: [['moldCode', 'asc']],
});
