import { defineEntity } from '../define.ts';

/** Roles (blade_role): a tenant's role tree; the alias is what tokens carry (`administrator`, `admin`, ...). */
export const role = defineEntity({
  name: 'role',
  service: 'blade-system',
  table: 'blade_role',
  label: { zh: '角色', en: 'Role' },
  code: 'role',
  tenant: true,
  audit: false,
  affectsGrants: true,
  tree: { title: 'roleName', parentLabel: { zh: '上级角色', en: 'Parent role' } },
  fields: {
    roleName: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '角色名称', en: 'Role name' },
      required: { zh: '请输入角色名称', en: 'Please enter the role name' },
    },
    roleAlias: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '角色别名', en: 'Role alias' },
      required: { zh: '请输入角色别名', en: 'Please enter the role alias' },
      // Tokens carry aliases comma-joined: a comma would smuggle a second alias in.
      pattern: { regex: '^[^,]+$', message: { zh: '角色别名不能包含逗号', en: 'A role alias cannot contain a comma' } },
      // The aliases administrators' roles carry: only the super administrator gives them out (with the power).
      reserved: {
        values: ['administrator', 'admin'],
        message: {
          zh: '只有超级管理员可以使用角色别名 administrator 和 admin',
          en: 'Only the super administrator may use the role aliases administrator and admin',
        },
      },
    },
    // 0 none, 1 tenant administrator, 2 super administrator (auth-context ROLE_POWER): set by the server only.
    rolePower: { type: 'int', readonly: true, label: { zh: '管理权限', en: 'Administrative power' } },
    // Issue 37: the holders of the role sign in with a second factor (TOTP).
    totpRequired: {
      type: 'switch',
      default: 0,
      form: true,
      label: { zh: '要求两步验证', en: 'Require two-factor sign-in' },
    },
    sort: {
      type: 'int',
      list: true,
      form: true,
      label: { zh: '角色排序', en: 'Sort' },
      required: { zh: '请输入角色排序', en: 'Please enter the sort order' },
    },
  },
  defaultSort: [
    ['sort', 'asc'],
    ['id', 'asc'],
  ],
});
