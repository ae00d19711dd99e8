import { defineEntity } from '../define.ts';

/** Departments (blade_dept): a tenant's organisation tree; users hold comma lists of dept ids. */
export const dept = defineEntity({
  name: 'dept',
  service: 'blade-system',
  table: 'blade_dept',
  label: { zh: '机构', en: 'Department' },
  code: 'dept',
  tenant: true,
  audit: false,
  tree: { title: 'deptName', parentLabel: { zh: '上级机构', en: 'Parent department' }, ancestors: true },
  fields: {
    deptName: {
      type: 'string',
      max: 45,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '机构名称', en: 'Name' },
      required: { zh: '请输入机构名称', en: 'Please enter the department name' },
    },
    fullName: {
      type: 'string',
      max: 45,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '机构全称', en: 'Full name' },
      required: { zh: '请输入机构全称', en: 'Please enter the full name' },
    },
    deptCategory: {
      type: 'int',
      dict: 'org_category',
      // SpringBlade's departments have no category: a Saber 4.x console submits none (部门).
      default: 2,
      list: true,
      form: true,
      label: { zh: '机构类型', en: 'Category' },
      required: { zh: '请选择机构类型', en: 'Please select the category' },
    },
    sort: {
      type: 'int',
      list: true,
      form: true,
      label: { zh: '排序', en: 'Sort' },
      required: { zh: '请输入排序', en: 'Please enter the sort order' },
    },
    remark: { type: 'string', max: 255, form: true, control: 'textarea', label: { zh: '备注', en: 'Remark' } },
  },
  // A tree table loaded level by level: a tenant may have many departments.
  screen: { lazy: true },
  defaultSort: [
    ['sort', 'asc'],
    ['id', 'asc'],
  ],
});
