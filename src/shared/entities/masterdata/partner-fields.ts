import type { FieldDef, Pattern } from '../define.ts';

/**
 * Fields customers and suppliers share (domain/masterdata.md: "same rule as customer"): tax id, region, address,
 * contact, currency, remark and the enabled flag.
 */
const TAX_NO: Pattern = {
  regex: '^[0-9A-HJ-NPQRTUWXY]{2}\\d{6}[0-9A-HJ-NPQRTUWXY]{10}$',
  message: { zh: '统一社会信用代码格式不正确', en: 'The unified social credit code is not valid' },
};
// A mobile number, or a landline with its area code (010-12345678).
const PHONE: Pattern = {
  regex: '^(1[3-9]\\d{9}|0\\d{2,3}-\\d{7,8})$',
  message: { zh: '联系电话格式不正确', en: 'The contact phone is not valid' },
};

export const partnerFields = {
  taxNo: {
    type: 'string',
    max: 32,
    pattern: TAX_NO,
    form: true,
    export: true,
    label: { zh: '统一社会信用代码', en: 'Tax ID (USCC)' },
  },
  regionCode: {
    type: 'string',
    max: 12,
    nullable: true,
    ref: 'region',
    shows: 'regionName',
    form: true,
    export: true,
    label: { zh: '所在地区', en: 'Region' },
  },
  address: { type: 'string', max: 255, form: true, export: true, label: { zh: '详细地址', en: 'Address' } },
  contactName: {
    type: 'string',
    max: 32,
    list: true,
    form: true,
    export: true,
    label: { zh: '联系人', en: 'Contact' },
  },
  contactPhone: {
    type: 'string',
    max: 32,
    pattern: PHONE,
    list: true,
    form: true,
    export: true,
    label: { zh: '联系电话', en: 'Contact phone' },
  },
  currency: {
    type: 'string',
    max: 32,
    bizDict: 'currency',
    default: 'CNY',
    form: true,
    export: true,
    label: { zh: '结算币种', en: 'Currency' },
    required: true,
  },
  remark: {
    type: 'string',
    max: 500,
    control: 'textarea',
    form: true,
    export: true,
    label: { zh: '备注', en: 'Remarks' },
  },
  status: {
    type: 'int',
    bizDict: 'enable_status',
    default: 1,
    list: true,
    form: true,
    filter: true,
    export: true,
    label: { zh: '启用状态', en: 'Enabled' },
  },
} as const satisfies Record<string, FieldDef>;
