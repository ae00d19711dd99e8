import { defineEntity } from '../define.ts';

const url = (zh: string, en: string) =>
  ({
    type: 'string',
    max: 500,
    form: true,
    label: { zh, en },
    pattern: {
      regex: '^(https?://\\S+)?$',
      message: {
        zh: '请输入以 http:// 或 https:// 开头的地址',
        en: 'Enter an address starting with http:// or https://',
      },
    },
  }) as const;

const mapped = (zh: string, en: string) => ({ type: 'string', max: 64, form: true, label: { zh, en } }) as const;

/**
 * A tenant's social login providers (blade_social_provider, issue 37): an OAuth2 / OpenID Connect application the
 * tenant registered at Gitee, GitHub, DingTalk, WeCom, Feishu or its own identity provider. `source` names it in
 * `oauth/render/{source}` and in the bound identities; a preset's endpoints and field mapping are filled in when left
 * blank (modules/auth/social-presets.ts). The client secret is typed on add, may be replaced on edit (blank keeps it),
 * is stored sealed and never sent back.
 */
export const socialProvider = defineEntity({
  name: 'social-provider',
  service: 'blade-system',
  table: 'blade_social_provider',
  label: { zh: '第三方登录', en: 'Social login' },
  code: 'socialprovider',
  tenant: true,
  audit: true,
  filterStyle: 'entity',
  fields: {
    source: {
      type: 'string',
      max: 16,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '平台标识', en: 'Source' },
      required: { zh: '请输入平台标识', en: 'Please enter the source' },
      unique: { scope: [], message: { zh: '当前平台标识已存在!', en: 'This source already exists!' } },
      pattern: {
        regex: '^[a-z0-9_]+$',
        message: {
          zh: '平台标识只含小写字母、数字和下划线(预置: gitee、github、dingtalk、wecom、feishu)',
          en: 'The source holds only lower-case letters, digits and _ (presets: gitee, github, dingtalk, wecom, feishu)',
        },
      },
    },
    providerName: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      label: { zh: '显示名称', en: 'Display name' },
    },
    authorizeUrl: url('授权地址', 'Authorize URL'),
    tokenUrl: url('令牌地址', 'Token URL'),
    userinfoUrl: url('用户信息地址', 'User info URL'),
    clientId: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      label: { zh: '客户端ID', en: 'Client ID' },
      required: { zh: '请输入客户端ID', en: 'Please enter the client ID' },
    },
    clientSecret: {
      type: 'string',
      max: 255,
      form: true,
      control: 'password',
      secret: true,
      replaceable: true,
      label: { zh: '客户端密钥', en: 'Client secret' },
      required: { zh: '请输入客户端密钥', en: 'Please enter the client secret' },
    },
    scopes: { type: 'string', max: 255, form: true, label: { zh: '授权范围', en: 'Scopes' } },
    idField: mapped('账号ID字段', 'ID field'),
    nameField: mapped('名称字段', 'Name field'),
    avatarField: mapped('头像字段', 'Avatar field'),
    emailField: mapped('邮箱字段', 'Email field'),
    sort: { type: 'int', default: 0, form: true, label: { zh: '排序', en: 'Sort' } },
    status: {
      type: 'switch',
      default: 1,
      list: true,
      form: true,
      label: { zh: '是否启用', en: 'Enabled' },
    },
    remark: {
      type: 'string',
      max: 255,
      form: true,
      control: 'textarea',
      label: { zh: '备注', en: 'Remark' },
    },
  },
  defaultSort: [
    ['sort', 'asc'],
    ['id', 'asc'],
  ],
});
