import { defineEntity } from '../define.ts';

/** 菜单配置: which menus a top menu groups. */
export const TOPMENU_SETTING = 'topmenu_setting';

/** Top menus of a tenant: groups of menus the top bar switches between (blade_top_menu). */
export const topMenu = defineEntity({
  name: 'topmenu',
  service: 'blade-system',
  table: 'blade_top_menu',
  label: { zh: '顶部菜单', en: 'Top menu' },
  code: 'topmenu',
  tenant: true,
  audit: true,
  affectsGrants: true,
  filterStyle: 'entity',
  fields: {
    name: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '菜单名称', en: 'Name' },
      required: { zh: '请输入菜单名称', en: 'Please enter the name' },
    },
    code: {
      type: 'string',
      max: 255,
      unique: true,
      list: true,
      form: true,
      filter: true,
      label: { zh: '菜单编号', en: 'Code' },
      required: { zh: '请输入菜单编号', en: 'Please enter the code' },
    },
    source: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      control: 'icon',
      label: { zh: '菜单图标', en: 'Icon' },
    },
    path: { type: 'string', max: 255, form: true, label: { zh: '路由地址', en: 'Path' } },
    sort: {
      type: 'int',
      list: true,
      form: true,
      label: { zh: '菜单排序', en: 'Sort' },
      required: { zh: '请输入菜单排序', en: 'Please enter the sort order' },
    },
  },
  defaultSort: [
    ['sort', 'asc'],
    ['id', 'asc'],
  ],
});
