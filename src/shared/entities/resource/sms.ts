import { defineEntity } from '../define.ts';

/** dict `sms` (contract resource-desk-log.md §4): the providers, plus our log-only sender (the default). */
export const SMS_CATEGORY = { yunpian: 1, qiniu: 2, ali: 3, tencent: 4, log: 5 } as const;
/** A config's status: 1 disabled, 2 enabled (at most one enabled per tenant: `enable`). */
export const SMS_ENABLED = 2;
/** The 启用 row button (menus: `sms_enable`, POST /api/blade-resource/sms/enable). */
export const SMS_ENABLE = 'sms_enable';
/** The 测试发送 row button (menus: `sms_test`, POST /api/blade-resource/sms/test-send). */
export const SMS_TEST = 'sms_test';

/**
 * SMS configurations (blade_sms, contract resource-desk-log.md §4): a tenant's provider accounts, one of them enabled
 * (the one the workflow's new-task SMS and the validation codes go through). The secret key is typed on add, may be
 * replaced on edit (blank keeps it), is stored sealed and never sent back (modules/resource/sms-config.ts).
 */
export const sms = defineEntity({
  name: 'sms',
  service: 'blade-resource',
  table: 'blade_sms',
  label: { zh: '短信配置', en: 'SMS configuration' },
  code: 'sms',
  tenant: true,
  audit: true,
  filterStyle: 'entity',
  fields: {
    category: {
      type: 'int',
      dict: 'sms',
      default: SMS_CATEGORY.log,
      list: true,
      form: true,
      filter: true,
      label: { zh: '分类', en: 'Provider' },
      required: true,
    },
    smsCode: {
      type: 'string',
      max: 32,
      unique: { scope: [], message: { zh: '当前资源编号已存在!', en: 'This resource code already exists!' } },
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '资源编号', en: 'Resource code' },
      required: true,
      pattern: {
        regex: '^[A-Za-z0-9_.-]+$',
        message: {
          zh: '资源编号只含字母、数字、下划线、点和横线',
          en: 'The resource code holds only letters, digits, _ . and -',
        },
      },
    },
    templateId: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      label: { zh: '模版ID', en: 'Template ID' },
    },
    accessKey: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      label: { zh: 'accessKey', en: 'Access key' },
    },
    secretKey: {
      type: 'string',
      max: 255,
      form: true,
      control: 'password',
      secret: true,
      replaceable: true,
      label: { zh: 'secretKey', en: 'Secret key' },
    },
    regionId: {
      type: 'string',
      max: 255,
      form: true,
      label: { zh: 'regionId', en: 'Region ID' },
    },
    signName: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      label: { zh: '短信签名', en: 'Signature' },
    },
    appId: {
      type: 'string',
      max: 64,
      form: true,
      label: { zh: '应用ID', en: 'App ID' },
    },
    remark: {
      type: 'string',
      max: 255,
      form: true,
      control: 'textarea',
      label: { zh: '备注', en: 'Remark' },
    },
    status: {
      type: 'int',
      dict: 'yes_no',
      default: 1,
      readonly: true,
      list: true,
      label: { zh: '是否启用', en: 'Enabled' },
    },
  },
  defaultSort: [['id', 'desc']],
});
