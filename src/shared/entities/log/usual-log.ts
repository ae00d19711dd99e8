import { defineEntity, type FieldDef } from '../define.ts';

const text = (zh: string, en: string, max: number, more: Partial<FieldDef> = {}): FieldDef => ({
  type: 'string',
  max,
  readonly: true,
  form: true,
  label: { zh, en },
  ...more,
});

/**
 * 通用日志 (contract resource-desk-log.md §8, issue 36): what server code writes through the business logger
 * (`usualLog(services).info(logId, data)`, platform/audit/usual-log.ts), by level and business id. Read only; old
 * rows are swept after the tenant's 日志保留天数. A tenant's administrators read their tenant's, the platform's every
 * tenant's, as for 错误日志.
 */
export const usualLog = defineEntity({
  name: 'usual',
  service: 'blade-log',
  table: 'blade_log_usual',
  label: { zh: '通用日志', en: 'Usual log' },
  code: 'log_usual',
  tenant: true,
  platformReadsAll: true,
  audit: false,
  changeLog: false,
  fields: {
    tenantId: text('租户编号', 'Tenant', 12, { list: true, filter: true, search: 'equal' }),
    createTime: {
      type: 'datetime',
      readonly: true,
      nullable: true,
      list: true,
      form: true,
      filter: true,
      label: { zh: '记录时间', en: 'Time' },
    },
    logLevel: text('日志级别', 'Level', 10, { list: true }),
    // Whole values: each filter has an index after the tenant (0062).
    logId: text('日志业务id', 'Log id', 64, { list: true, filter: true, search: 'equal' }),
    logData: {
      type: 'text',
      max: 100_000,
      readonly: true,
      list: true,
      form: true,
      control: 'textarea',
      label: { zh: '日志数据', en: 'Data' },
    },
    serviceId: text('服务', 'Service', 32, { list: true }),
    createBy: text('操作人', 'User', 64, { list: true, filter: true, search: 'equal' }),
    requestUri: text('请求地址', 'Request URI', 2000),
    method: text('请求方法', 'Method', 10),
    remoteIp: text('来源地址', 'Remote IP', 255),
    userAgent: text('客户端', 'User agent', 1000),
    env: text('环境', 'Environment', 255),
    serverHost: text('服务器', 'Server host', 255),
    serverIp: text('服务器地址', 'Server IP', 255),
    methodClass: text('路由', 'Route', 255),
    methodName: text('方法', 'Method name', 255),
    params: { type: 'text', max: 100_000, readonly: true, form: true, label: { zh: '请求参数', en: 'Parameters' } },
    time: { type: 'datetime', readonly: true, nullable: true, form: true, label: { zh: '时间', en: 'Logged at' } },
  },
  defaultSort: [['createTime', 'desc']],
  moduleRoutes: ['submit', 'save', 'update', 'remove', 'picker'],
});
