import { defineEntity } from '../define.ts';
import { LOG_ENTITY, LOG_MODULE_ROUTES, logHead, logText, serverFields } from './log-fields.ts';

/** `type` of an API log row [DESIGN]: 1 answered normally, 2 refused or failed (an HTTP status of 400 or more). */
export const API_LOG_TYPE = { normal: '1', exception: '2' } as const;

/**
 * 接口日志 (contract resource-desk-log.md §8, issue 36): every mutating call and every sign-in, success or failure,
 * recorded by the server after its answer (platform/audit/api-log.ts) with the caller, the parameters (secrets
 * redacted) and the elapsed time; the detail shows what the call changed (its change records). Read only; old rows
 * are swept after the tenant's 日志保留天数. A tenant's administrators read their tenant's, the platform's every
 * tenant's, as for 错误日志.
 */
export const apiLog = defineEntity({
  name: 'api',
  ...LOG_ENTITY,
  table: 'blade_log_api',
  label: { zh: '接口日志', en: 'API log' },
  code: 'log_api',
  fields: {
    ...logHead({ zh: '请求时间', en: 'Time' }),
    type: logText('日志类型', 'Type', 1, { list: true }),
    title: logText('日志名', 'Title', 255, { list: true }),
    method: logText('请求方法', 'Method', 10, { list: true }),
    // Whole values: each filter has an index after the tenant (0062); a part of one would scan months of rows.
    requestUri: logText('请求地址', 'Request URI', 2000, { list: true, filter: true, search: 'equal' }),
    remoteIp: logText('来源地址', 'Remote IP', 255, { list: true, filter: true, search: 'equal' }),
    createBy: logText('操作人', 'User', 64, { list: true, filter: true, search: 'equal' }),
    time: logText('耗时(ms)', 'Elapsed (ms)', 64, { list: true }),
    serviceId: logText('服务', 'Service', 32),
    userAgent: logText('客户端', 'User agent', 1000),
    ...serverFields(),
    methodClass: logText('路由', 'Route', 255),
    methodName: logText('方法', 'Method name', 255),
    params: {
      type: 'text',
      max: 100_000,
      readonly: true,
      form: true,
      control: 'textarea',
      label: { zh: '请求参数', en: 'Parameters' },
    },
  },
  defaultSort: [['createTime', 'desc']],
  // Rows are the server's: no console writes.
  moduleRoutes: LOG_MODULE_ROUTES,
});
