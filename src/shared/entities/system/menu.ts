import { defineEntity } from '../define.ts';

/** Menus and buttons (blade_menu, contract system.md §4): platform-global, the source of routes and button codes. */
export const menu = defineEntity({
  name: 'menu',
  service: 'blade-system',
  table: 'blade_menu',
  label: { zh: '菜单', en: 'Menu' },
  code: 'menu',
  tenant: false,
  audit: false,
  affectsGrants: true,
  tree: { title: 'name', titleEn: 'nameEn', parentLabel: { zh: '上级菜单', en: 'Parent menu' }, picker: { category: 1 } },
  fields: {
    name: {
      type: 'string', max: 255, list: true, form: true, filter: true, search: 'like',
      label: { zh: '菜单名称', en: 'Name' }, required: { zh: '请输入菜单名称', en: 'Please enter the menu name' },
    },
    nameEn: { type: 'string', max: 255, list: true, form: true, label: { zh: '英文名称', en: 'English name' } },
    code: {
      type: 'string', max: 255, unique: true, list: true, form: true, filter: true, search: 'like',
      label: { zh: '菜单编号', en: 'Code' }, required: { zh: '请输入菜单编号', en: 'Please enter the menu code' },
    },
    alias: { type: 'string', max: 255, list: true, form: true, label: { zh: '菜单别名', en: 'Alias' } },
    path: { type: 'string', max: 255, list: true, form: true, label: { zh: '路由地址', en: 'Path' } },
    source: { type: 'string', max: 255, list: true, form: true, control: 'icon', label: { zh: '菜单图标', en: 'Icon' } },
    component: { type: 'string', max: 255, form: true, label: { zh: '组件地址', en: 'Component' } },
    sort: {
      type: 'int', list: true, form: true,
      label: { zh: '菜单排序', en: 'Sort' }, required: { zh: '请输入菜单排序', en: 'Please enter the sort order' },
    },
    category: {
      type: 'int', dict: 'menu_category', list: true, form: true, filter: true,
      label: { zh: '菜单类型', en: 'Type' }, required: { zh: '请选择菜单类型', en: 'Please select the menu type' },
    },
    action: { type: 'int', dict: 'button_func', form: true, default: 0, label: { zh: '按钮功能', en: 'Button function' } },
    isOpen: { type: 'int', dict: 'yes_no', form: true, default: 1, label: { zh: '新窗口', en: 'New window' } },
    remark: { type: 'string', max: 255, form: true, control: 'textarea', label: { zh: '备注', en: 'Remark' } },
  },
  defaultSort: [['sort', 'asc'], ['id', 'asc']],
});
