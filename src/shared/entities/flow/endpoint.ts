import { defineEntity } from '../define.ts';

/**
 * A workflow endpoint (服务端点): an HTTP address of the tenant's own systems that its processes' service tasks may
 * call (`flowable:type="http"` with the field `endpoint` naming it, platform/workflow/service-actions.ts) — a process
 * reaches no other address. Requests are signed with the endpoint's secret (HMAC-SHA256), which is typed on add, may
 * be replaced on edit (blank keeps it), is stored sealed and never sent back.
 */
export const flowEndpoint = defineEntity({
  name: 'endpoint',
  service: 'blade-flow',
  table: 'blade_flow_endpoint',
  label: { zh: '服务端点', en: 'Service endpoint' },
  code: 'flow_endpoint',
  tenant: true,
  audit: true,
  fields: {
    name: {
      type: 'string',
      max: 64,
      unique: true,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '端点编码', en: 'Endpoint code' },
      required: { zh: '请输入端点编码', en: 'Please enter the endpoint code' },
      pattern: {
        regex: '^[A-Za-z][A-Za-z0-9_.-]*$',
        message: {
          zh: '端点编码以字母开头，只含字母、数字、下划线、点和横线',
          en: 'The endpoint code starts with a letter and holds only letters, digits, _ . and -',
        },
      },
    },
    url: {
      type: 'string',
      max: 500,
      list: true,
      form: true,
      label: { zh: '地址', en: 'URL' },
      required: { zh: '请输入地址', en: 'Please enter the URL' },
      pattern: {
        regex: '^https?://[^\\s/?#@]+(/[^\\s?#]*)?$',
        message: {
          zh: '地址须为 http:// 或 https:// 开头的网址，不含查询参数与账号',
          en: 'The URL must start with http:// or https://, without a query or credentials',
        },
      },
    },
    timeoutSeconds: {
      type: 'int',
      list: true,
      form: true,
      default: 10,
      range: { min: 1, max: 60 },
      label: { zh: '超时（秒）', en: 'Timeout (s)' },
    },
    secret: {
      type: 'string',
      max: 100,
      form: true,
      control: 'password',
      secret: true,
      replaceable: true,
      label: { zh: '签名密钥', en: 'Signing secret' },
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
  defaultSort: [['id', 'desc']],
});
