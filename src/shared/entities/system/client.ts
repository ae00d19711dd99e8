import { defineEntity } from '../define.ts';

/** A client that keeps a secret (a server, a console) or one that cannot (a browser or native app: PKCE instead). */
export const CLIENT_TYPE = { confidential: 'confidential', public: 'public' } as const;

/** OAuth clients (blade_client): the token endpoint authenticates consoles against these rows. */
export const client = defineEntity({
  name: 'client',
  service: 'blade-system',
  table: 'blade_client',
  label: { zh: '应用', en: 'OAuth client' },
  code: 'client',
  tenant: false,
  audit: true,
  platformOnly: true,
  fields: {
    clientId: {
      type: 'string',
      max: 48,
      unique: true,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '应用id', en: 'Client id' },
      required: { zh: '请输入客户端id', en: 'Please enter the client id' },
    },
    // [DESIGN] beside the contract's fields: Blade clients leave it out and are confidential, as they always were.
    clientType: {
      type: 'string',
      max: 16,
      list: true,
      form: true,
      dict: 'client_type',
      default: CLIENT_TYPE.confidential,
      pattern: {
        regex: `^(${CLIENT_TYPE.confidential}|${CLIENT_TYPE.public})$`,
        message: { zh: '请选择应用类型', en: 'Please choose the client type' },
      },
      label: { zh: '应用类型', en: 'Client type' },
    },
    // A public client has none (client.hooks.ts clears it).
    clientSecret: {
      type: 'string',
      max: 256,
      list: true,
      form: true,
      label: { zh: '应用密钥', en: 'Client secret' },
      requiredWhen: {
        field: 'clientType',
        values: [CLIENT_TYPE.confidential],
        message: { zh: '请输入客户端密钥', en: 'Please enter the client secret' },
      },
      enteredWhen: { field: 'clientType', values: [CLIENT_TYPE.confidential] },
    },
    resourceIds: { type: 'string', max: 256, form: true, label: { zh: '资源集合', en: 'Resource ids' } },
    scope: {
      type: 'string',
      max: 256,
      list: true,
      form: true,
      default: 'all',
      label: { zh: '授权范围', en: 'Scope' },
      required: { zh: '请输入授权范围', en: 'Please enter the scope' },
    },
    authorizedGrantTypes: {
      type: 'string',
      max: 256,
      list: true,
      form: true,
      label: { zh: '授权类型', en: 'Grant types' },
      required: { zh: '请输入授权类型', en: 'Please enter the grant types' },
    },
    webServerRedirectUri: { type: 'string', max: 256, form: true, label: { zh: '回调地址', en: 'Redirect URI' } },
    authorities: { type: 'string', max: 256, form: true, label: { zh: '权限', en: 'Authorities' } },
    accessTokenValidity: {
      type: 'int',
      list: true,
      form: true,
      default: 3600,
      label: { zh: '令牌过期秒数', en: 'Access token lifetime (s)' },
      required: { zh: '请输入令牌过期秒数', en: 'Please enter the access token lifetime' },
    },
    refreshTokenValidity: {
      type: 'int',
      list: true,
      form: true,
      default: 604800,
      label: { zh: '刷新令牌过期秒数', en: 'Refresh token lifetime (s)' },
      required: { zh: '请输入刷新令牌过期秒数', en: 'Please enter the refresh token lifetime' },
    },
    additionalInformation: {
      type: 'text',
      max: 4096,
      form: true,
      control: 'textarea',
      label: { zh: '附加说明', en: 'Additional information' },
    },
    autoapprove: { type: 'string', max: 256, form: true, label: { zh: '自动授权', en: 'Auto approve' } },
  },
  defaultSort: [['id', 'asc']],
});
