import { defineEntity, type FieldDef } from '../define.ts';

const fields = {
  code: {
    type: 'string',
    max: 255,
    list: true,
    form: true,
    filter: true,
    search: 'like',
    label: { zh: '字典编号', en: 'Code' },
    required: { zh: '请输入字典编号', en: 'Please enter the dictionary code' },
  },
  dictValue: {
    type: 'string',
    max: 255,
    list: true,
    form: true,
    filter: true,
    search: 'like',
    label: { zh: '字典名称', en: 'Name' },
    required: { zh: '请输入字典名称', en: 'Please enter the dictionary name' },
  },
  dictKey: {
    type: 'string',
    max: 255,
    list: true,
    form: true,
    label: { zh: '字典键值', en: 'Key' },
    required: { zh: '请输入字典键值', en: 'Please enter the dictionary key' },
    unique: {
      scope: ['parentId', 'code'],
      message: { zh: '当前字典键值已存在!', en: 'The dictionary key already exists!' },
    },
  },
  sort: {
    type: 'int',
    list: true,
    form: true,
    label: { zh: '字典排序', en: 'Sort' },
    required: { zh: '请输入字典排序', en: 'Please enter the sort order' },
  },
  isSealed: {
    type: 'switch',
    list: true,
    form: true,
    default: 0,
    label: { zh: '封存', en: 'Sealed' },
    required: { zh: '请选择封存', en: 'Please choose whether it is sealed' },
  },
  remark: { type: 'string', max: 255, form: true, control: 'textarea', label: { zh: '字典备注', en: 'Remark' } },
} satisfies Record<string, FieldDef>;

// A top-level row names a dictionary (key -1); its items inherit its code (contract system.md §8).
const tree = {
  title: 'dictValue',
  parentLabel: { zh: '上级字典', en: 'Parent dictionary' },
  inherit: ['code'],
  rootValues: { dictKey: '-1' },
  pickerEvery: { code: 'DICT' },
} as const;

/** Platform dictionaries (blade_dict): global, cached for the `<field>Name` decorations. */
export const dict = defineEntity({
  name: 'dict',
  service: 'blade-system',
  table: 'blade_dict',
  label: { zh: '系统字典', en: 'System dictionary' },
  code: 'dict',
  tenant: false,
  audit: false,
  affectsDictionaries: true,
  tree,
  fields,
  defaultSort: [
    ['sort', 'asc'],
    ['id', 'asc'],
  ],
});

/** Business dictionaries (blade_dict_biz): the same, per tenant. */
export const dictBiz = defineEntity({
  name: 'dict-biz',
  service: 'blade-system',
  table: 'blade_dict_biz',
  label: { zh: '业务字典', en: 'Business dictionary' },
  code: 'dictbiz',
  tenant: true,
  audit: false,
  tree,
  fields,
  defaultSort: [
    ['sort', 'asc'],
    ['id', 'asc'],
  ],
});
