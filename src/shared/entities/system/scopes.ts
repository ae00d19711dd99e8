import { defineEntity } from '../define.ts';

const scopeCommon = {
  menuId: {
    type: 'id',
    form: true,
    control: 'menu-tree',
    label: { zh: '菜单', en: 'Menu' },
    required: { zh: '请选择菜单', en: 'Please select a menu' },
  },
  resourceCode: {
    type: 'string',
    max: 255,
    list: true,
    form: true,
    filter: true,
    search: 'like',
    label: { zh: '权限编号', en: 'Resource code' },
    required: { zh: '请输入权限编号', en: 'Please enter the resource code' },
  },
  scopeName: {
    type: 'string',
    max: 255,
    list: true,
    form: true,
    filter: true,
    search: 'like',
    label: { zh: '权限名称', en: 'Scope name' },
    required: { zh: '请输入权限名称', en: 'Please enter the scope name' },
  },
  remark: { type: 'string', max: 255, form: true, control: 'textarea', label: { zh: '备注', en: 'Remark' } },
} as const;

/** Data scopes (contract system.md §12): which rows of a resource a role sees. */
export const dataScope = defineEntity({
  name: 'data-scope',
  service: 'blade-system',
  table: 'blade_scope_data',
  label: { zh: '数据权限', en: 'Data scope' },
  code: 'data_scope',
  tenant: false,
  audit: true,
  affectsGrants: true,
  filterStyle: 'entity',
  fields: {
    ...scopeCommon,
    scopeField: { type: 'string', max: 255, form: true, default: '*', label: { zh: '可见字段', en: 'Visible fields' } },
    scopeClass: { type: 'string', max: 500, form: true, label: { zh: '权限类名', en: 'Scope class' } },
    scopeColumn: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      default: 'create_dept',
      pattern: {
        regex: '^[a-z][a-z0-9_]*$',
        message: {
          zh: '字段名只能包含小写字母、数字和下划线',
          en: 'A column name has only lower-case letters, digits and underscores',
        },
      },
      label: { zh: '权限字段', en: 'Scope column' },
    },
    scopeType: {
      type: 'int',
      dict: 'data_scope_type',
      list: true,
      form: true,
      label: { zh: '规则类型', en: 'Rule type' },
      required: { zh: '请选择规则类型', en: 'Please select the rule type' },
    },
    scopeValue: {
      type: 'string',
      max: 2000,
      form: true,
      control: 'textarea',
      label: { zh: '规则值', en: 'Rule value' },
    },
  },
  defaultSort: [['id', 'asc']],
});

/** API scopes (contract system.md §13): which endpoints a role may call. */
export const apiScope = defineEntity({
  name: 'api-scope',
  service: 'blade-system',
  table: 'blade_scope_api',
  label: { zh: '接口权限', en: 'API scope' },
  code: 'api_scope',
  tenant: false,
  audit: true,
  affectsGrants: true,
  filterStyle: 'entity',
  fields: {
    ...scopeCommon,
    scopePath: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      label: { zh: '权限路径', en: 'Scope path' },
      required: { zh: '请输入权限路径', en: 'Please enter the path' },
    },
    scopeType: {
      type: 'int',
      dict: 'api_scope_type',
      list: true,
      form: true,
      label: { zh: '接口类型', en: 'API type' },
      required: { zh: '请选择接口类型', en: 'Please select the API type' },
    },
  },
  defaultSort: [['id', 'asc']],
});
