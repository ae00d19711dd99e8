import { canonicalTimeZone, DEFAULT_TIME_ZONE } from '../../contract/time.ts';
import { defineEntity } from '../define.ts';

/** Days a tenant keeps one kind of its log-like rows: 1 to 3650, `days` by default. */
const retentionDays = (days: number, zh: string, en: string, enLower: string) =>
  ({
    type: 'int',
    form: true,
    default: days,
    range: { min: 1, max: 3650 },
    label: { zh: `${zh}保留天数`, en: `${en} retention (days)` },
    required: { zh: `请输入${zh}保留天数`, en: `Please enter the ${enLower} retention in days` },
  }) as const;

/** The tenant screen's own buttons (menus.md): 授权配置, 迁移租户 (its code kept from 数据源), 产品包. */
export const TENANT_SETTING = 'tenant_setting';
export const TENANT_DATASOURCE = 'tenant_datasource';
export const TENANT_PACKAGE = 'tenant_package';

/**
 * Tenants (blade_tenant, contract system.md §10). A global table keyed by row id: the row *is* a tenant, so it is not
 * tenant-scoped in the engine's sense; its module serves every route (a caller outside 000000 sees only the row of
 * its own tenant; creating one provisions its administrator; removing one removes its users).
 */
export const tenant = defineEntity({
  name: 'tenant',
  service: 'blade-system',
  table: 'blade_tenant',
  label: { zh: '租户', en: 'Tenant' },
  code: 'tenant',
  tenant: false,
  audit: true,
  moduleRoutes: ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'],
  fields: {
    tenantId: {
      type: 'string',
      max: 12,
      readonly: true,
      list: true,
      filter: true,
      search: 'like',
      label: { zh: '租户ID', en: 'Tenant ID' },
    },
    tenantName: {
      type: 'string',
      max: 50,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '租户名称', en: 'Tenant name' },
      required: { zh: '请输入租户名称', en: 'Please enter the tenant name' },
    },
    domain: { type: 'string', max: 255, list: true, form: true, label: { zh: '域名地址', en: 'Domain' } },
    backgroundUrl: { type: 'string', max: 1000, form: true, label: { zh: '系统背景', en: 'Background image' } },
    linkman: {
      type: 'string',
      max: 20,
      list: true,
      form: true,
      label: { zh: '联系人', en: 'Contact' },
      required: { zh: '请输入联系人', en: 'Please enter the contact' },
    },
    contactNumber: {
      type: 'string',
      max: 20,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '联系电话', en: 'Phone' },
      required: { zh: '请输入联系电话', en: 'Please enter the phone number' },
    },
    address: { type: 'string', max: 255, form: true, control: 'textarea', label: { zh: '联系地址', en: 'Address' } },
    // The zone of the tenant's dates and clock (docs/time-zones.md).
    timeZone: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      control: 'time-zone',
      default: DEFAULT_TIME_ZONE,
      label: { zh: '时区', en: 'Time zone' },
      required: { zh: '请选择时区', en: 'Please select the time zone' },
      canonical: {
        of: canonicalTimeZone,
        message: {
          zh: '时区须为 IANA 时区名称,如 Asia/Shanghai',
          en: 'The time zone must be an IANA time zone name, such as Asia/Shanghai',
        },
      },
    },
    // How long the tenant's log-like rows are kept (modules/log/retention.ts removes older ones in the background).
    logRetentionDays: retentionDays(90, '日志', 'Log', 'log'),
    messageRetentionDays: retentionDays(365, '消息', 'Message', 'message'),
    // 验证码模式 (issue 37 §4): the token endpoint refuses the tenant's password logins that bring no captcha.
    captchaMode: {
      type: 'switch',
      default: 0,
      list: true,
      form: true,
      label: { zh: '验证码登录', en: 'Captcha login' },
    },
    // Issue 37: every user of the tenant signs in with a second factor (TOTP); enrolment comes right after the
    // password.
    totpRequired: {
      type: 'switch',
      default: 0,
      list: true,
      form: true,
      label: { zh: '要求两步验证', en: 'Require two-factor sign-in' },
    },
    accountNumber: { type: 'int', list: true, default: -1, label: { zh: '账号额度', en: 'Account quota' } },
    expireTime: { type: 'datetime', nullable: true, list: true, label: { zh: '过期时间', en: 'Expires at' } },
    // The database holding the tenant's rows (blank: the main one); changed by a move (迁移租户), never by the form.
    datasourceId: {
      type: 'id',
      nullable: true,
      ref: 'datasource',
      list: true,
      label: { zh: '数据源', en: 'Data source' },
    },
    packageId: { type: 'id', nullable: true, label: { zh: '产品包', en: 'Package' } },
    licenseKey: { type: 'string', max: 1000, secret: true, label: { zh: '授权码', en: 'License key' } },
  },
  defaultSort: [['id', 'asc']],
});
