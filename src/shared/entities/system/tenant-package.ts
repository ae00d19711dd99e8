import { defineEntity } from '../define.ts';

/** Tenant packages: the menus a tenant may use (spec §5: 请输入产品包名称 / 请选择菜单). */
export const tenantPackage = defineEntity({
  name: 'tenant-package',
  service: 'blade-system',
  table: 'blade_tenant_package',
  label: { zh: '产品包', en: 'Tenant package' },
  code: 'tenantpackage',
  tenant: false,
  audit: true,
  platformOnly: true,
  affectsGrants: true,
  fields: {
    packageName: {
      type: 'string',
      max: 50,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '产品包名称', en: 'Package name' },
      required: { zh: '请输入产品包名称', en: 'Please enter the package name' },
    },
    menuId: {
      type: 'ids',
      max: 20000,
      form: true,
      control: 'menu-tree',
      label: { zh: '菜单列表', en: 'Menus' },
      required: { zh: '请选择菜单', en: 'Please select menus' },
    },
    remark: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      control: 'textarea',
      label: { zh: '备注', en: 'Remark' },
    },
  },
  // Spec §2: dialog 600, no view button.
  screen: { dialogWidth: 600, hideView: true },
  defaultSort: [['id', 'desc']],
});
