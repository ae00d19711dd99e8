import { defineEntity } from '../define.ts';

/** Dict `oss`: the contract's four S3-speaking stores and our local disk [DESIGN]. */
export const OSS_CATEGORY = { minio: 1, qiniu: 2, ali: 3, tencent: 4, local: 5 } as const;
/** The contract's `status`: 1 disabled, 2 enabled (one per tenant, set by `enable` only). */
export const OSS_STATUS = { disabled: 1, enabled: 2 } as const;
/** 启用: makes this config the tenant's one enabled store. */
export const OSS_ENABLE = 'oss_enable';

const S3_CATEGORIES = [OSS_CATEGORY.minio, OSS_CATEGORY.qiniu, OSS_CATEGORY.ali, OSS_CATEGORY.tencent];

/**
 * Object storage configs (blade_oss, contract resource-desk-log.md §1). The secret key is typed on add, replaced on
 * edit (blank keeps it), stored sealed and never sent back (modules/resource/oss.hooks.ts). `maxSize` (MB) and
 * `allowedTypes` (extensions) are the tenant's upload limits while the config is enabled; 0 / blank = the server's.
 */
export const oss = defineEntity({
  name: 'oss',
  service: 'blade-resource',
  table: 'blade_oss',
  label: { zh: '对象存储', en: 'Object storage' },
  code: 'oss',
  tenant: true,
  audit: true,
  filterStyle: 'entity',
  display: 'ossCode',
  fields: {
    category: {
      type: 'int',
      dict: 'oss',
      list: true,
      form: true,
      filter: true,
      label: { zh: '分类', en: 'Category' },
      required: { zh: '请选择分类', en: 'Please select the category' },
    },
    ossCode: {
      type: 'string',
      max: 32,
      unique: { scope: [], message: { zh: '当前资源编号已存在!', en: 'The resource code already exists!' } },
      pattern: {
        regex: '^[A-Za-z0-9_-]+$',
        message: { zh: '资源编号只能包含字母、数字、下划线和短横线', en: 'Letters, digits, _ and - only' },
      },
      list: true,
      form: true,
      filter: true,
      label: { zh: '资源编号', en: 'Resource code' },
      required: { zh: '请输入资源编号', en: 'Please enter the resource code' },
    },
    endpoint: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      requiredWhen: {
        field: 'category',
        values: S3_CATEGORIES,
        message: { zh: '请输入资源地址', en: 'Please enter the endpoint' },
      },
      pattern: {
        regex: '^$|^https?://[^\\s/?#]+/?$',
        message: { zh: '资源地址须为 http(s)://主机[:端口]', en: 'The endpoint must be http(s)://host[:port]' },
      },
      label: { zh: '资源地址', en: 'Endpoint' },
    },
    accessKey: {
      type: 'string',
      max: 255,
      form: true,
      requiredWhen: {
        field: 'category',
        values: S3_CATEGORIES,
        message: { zh: '请输入accessKey', en: 'Please enter the access key' },
      },
      label: { zh: 'accessKey', en: 'Access key' },
    },
    secretKey: {
      type: 'string',
      max: 255,
      form: true,
      control: 'password',
      secret: true,
      replaceable: true,
      requiredWhen: {
        field: 'category',
        values: S3_CATEGORIES,
        message: { zh: '请输入secretKey', en: 'Please enter the secret key' },
      },
      label: { zh: 'secretKey', en: 'Secret key' },
    },
    bucketName: {
      type: 'string',
      max: 63,
      list: true,
      form: true,
      pattern: {
        regex: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$',
        message: {
          zh: '空间名须为 3-63 位小写字母、数字、点或短横线',
          en: 'The bucket name must be 3-63 lowercase letters, digits, dots or hyphens',
        },
      },
      label: { zh: '空间名', en: 'Bucket' },
      required: { zh: '请输入空间名', en: 'Please enter the bucket name' },
    },
    appId: { type: 'string', max: 255, form: true, label: { zh: 'appId', en: 'App ID' } },
    region: { type: 'string', max: 255, form: true, label: { zh: 'region', en: 'Region' } },
    maxSize: {
      type: 'int',
      default: 0,
      form: true,
      range: { min: 0, max: 102400 },
      label: { zh: '文件大小上限(MB)', en: 'Max file size (MB)' },
    },
    allowedTypes: {
      type: 'string',
      max: 500,
      form: true,
      pattern: {
        regex: '^$|^[a-z0-9]{1,10}(,[a-z0-9]{1,10})*$',
        message: { zh: '允许类型须为逗号分隔的扩展名', en: 'Allowed types: extensions separated by commas' },
      },
      label: { zh: '允许类型', en: 'Allowed types' },
    },
    remark: { type: 'string', max: 255, form: true, control: 'textarea', label: { zh: '备注', en: 'Remark' } },
    status: {
      type: 'int',
      dict: 'yes_no',
      default: OSS_STATUS.disabled,
      readonly: true,
      list: true,
      label: { zh: '是否启用', en: 'Enabled' },
    },
  },
  defaultSort: [['id', 'asc']],
});
