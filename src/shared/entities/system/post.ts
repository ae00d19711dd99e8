import { defineEntity } from '../define.ts';

export const post = defineEntity({
  name: 'post',
  service: 'blade-system',
  table: 'blade_post',
  label: { zh: '岗位', en: 'Post' },
  code: 'post',
  tenant: true,
  audit: true,
  dataScope: true,
  filterStyle: 'entity',
  display: 'postName',
  fields: {
    category: {
      type: 'int', dict: 'post_category', list: true, form: true, export: true, filter: true,
      label: { zh: '岗位类型', en: 'Post category' },
      required: { zh: '请选择岗位类型', en: 'Please select post category' },
    },
    postCode: {
      type: 'string', max: 12, unique: true, list: true, form: true, export: true, filter: true,
      label: { zh: '岗位编号', en: 'Post code' },
      required: { zh: '请输入岗位编号', en: 'Please enter post code' },
    },
    postName: {
      type: 'string', max: 64, search: 'like', list: true, form: true, export: true, filter: true,
      label: { zh: '岗位名称', en: 'Post name' },
      required: { zh: '请输入岗位名称', en: 'Please enter post name' },
    },
    sort: {
      type: 'int', list: true, form: true,
      label: { zh: '岗位排序', en: 'Sort' },
      required: { zh: '请输入岗位排序', en: 'Please enter sort' },
    },
    remark: { type: 'string', max: 255, form: true, label: { zh: '岗位描述', en: 'Description' } },
  },
  defaultSort: [['sort', 'asc'], ['id', 'asc']],
});
