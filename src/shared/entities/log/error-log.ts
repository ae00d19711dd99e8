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
 * 错误日志 (contract resource-desk-log.md §8): an unhandled server error, or a browser's error uploaded by the console
 * (`POST /api/blade-auth/oauth/logout`). Written by the server only, read here: list (newest first) and detail; old
 * rows are swept after the tenant's 日志保留天数 (log/retention.ts). The platform's super administrators read every
 * tenant's.
 */
export const errorLog = defineEntity({
  name: 'error',
  service: 'blade-log',
  table: 'blade_log_error',
  label: { zh: '错误日志', en: 'Error log' },
  code: 'log_error',
  tenant: true,
  // The operator's: a crash in any tenant's request is the platform's to see.
  platformReadsAll: true,
  audit: false,
  changeLog: false,
  fields: {
    tenantId: {
      type: 'string',
      max: 12,
      readonly: true,
      list: true,
      form: true,
      filter: true,
      search: 'equal',
      label: { zh: '租户编号', en: 'Tenant' },
    },
    createTime: {
      type: 'datetime',
      readonly: true,
      nullable: true,
      list: true,
      form: true,
      filter: true,
      label: { zh: '发生时间', en: 'Time' },
    },
    serviceId: text('服务', 'Service', 32, { list: true }),
    // Whole names: each has an index after the tenant (0042); a part of one would scan a tenant's months of rows.
    exceptionName: text('异常名', 'Exception', 255, { list: true, filter: true, search: 'equal' }),
    message: {
      type: 'text',
      max: 100_000,
      readonly: true,
      list: true,
      form: true,
      label: { zh: '异常信息', en: 'Message' },
    },
    requestUri: text('请求地址', 'Request URI', 2000, { list: true }),
    method: text('请求方法', 'Method', 10, { list: true }),
    remoteIp: text('来源地址', 'Remote IP', 255, { list: true }),
    createBy: text('操作人', 'User', 64, { list: true, filter: true, search: 'equal' }),
    env: text('环境', 'Environment', 255),
    serverHost: text('服务器', 'Server host', 255),
    serverIp: text('服务器地址', 'Server IP', 255),
    userAgent: text('客户端', 'User agent', 1000),
    methodClass: text('类', 'Class', 255),
    methodName: text('方法', 'Method name', 255),
    fileName: text('文件', 'File', 1000),
    lineNumber: { type: 'int', nullable: true, readonly: true, form: true, label: { zh: '行号', en: 'Line' } },
    time: text('耗时', 'Time', 64),
    params: { type: 'text', max: 100_000, readonly: true, form: true, label: { zh: '请求参数', en: 'Parameters' } },
    stackTrace: {
      type: 'text',
      max: 100_000,
      readonly: true,
      form: true,
      control: 'textarea',
      label: { zh: '堆栈', en: 'Stack trace' },
    },
  },
  defaultSort: [['createTime', 'desc']],
  // Rows are the server's: no console writes.
  moduleRoutes: ['submit', 'save', 'update', 'remove', 'picker'],
});
