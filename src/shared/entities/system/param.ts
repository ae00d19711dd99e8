import { defineEntity } from '../define.ts';

export const param = defineEntity({
  name: 'param',
  service: 'blade-system',
  table: 'blade_param',
  label: { zh: '参数', en: 'Parameter' },
  code: 'param',
  tenant: false,
  audit: true,
  fields: {
    paramName: {
      type: 'string', max: 255, list: true, form: true, export: true, filter: true,
      label: { zh: '参数名称', en: 'Parameter name' },
      required: { zh: '请输入参数名称', en: 'Please enter parameter name' },
    },
    paramKey: {
      type: 'string', max: 255, unique: true, list: true, form: true, export: true, filter: true,
      label: { zh: '参数键名', en: 'Parameter key' },
      required: { zh: '请输入参数键名', en: 'Please enter parameter key name' },
    },
    paramValue: {
      type: 'text', max: 2000, list: true, form: true, export: true, filter: true, control: 'textarea',
      label: { zh: '参数键值', en: 'Parameter value' },
      required: { zh: '请输入参数键值', en: 'Please enter parameter key value' },
    },
    remark: { type: 'string', max: 255, form: true, label: { zh: '备注', en: 'Remark' } },
  },
  defaultSort: [['id', 'desc']],
});
