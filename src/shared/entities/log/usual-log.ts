import { defineEntity } from '../define.ts';
import { LOG_ENTITY, LOG_MODULE_ROUTES, logHead, logText, serverFields } from './log-fields.ts';

/**
 * 通用日志 (contract resource-desk-log.md §8, issue 36): what server code writes through the business logger
 * (`usualLog(services).info(logId, data)`, platform/audit/usual-log.ts), by level and business id. Read only; old
 * rows are swept after the tenant's 日志保留天数. A tenant's administrators read their tenant's, the platform's every
 * tenant's, as for 错误日志.
 */
export const usualLog = defineEntity({
  name: 'usual',
  ...LOG_ENTITY,
  table: 'blade_log_usual',
  label: { zh: '通用日志', en: 'Usual log' },
  code: 'log_usual',
  fields: {
    ...logHead({ zh: '记录时间', en: 'Time' }),
    logLevel: logText('日志级别', 'Level', 10, { list: true }),
    // Whole values: each filter has an index after the tenant (0062).
    logId: logText('日志业务id', 'Log id', 64, { list: true, filter: true, search: 'equal' }),
    logData: {
      type: 'text',
      max: 100_000,
      readonly: true,
      list: true,
      form: true,
      control: 'textarea',
      label: { zh: '日志数据', en: 'Data' },
    },
    serviceId: logText('服务', 'Service', 32, { list: true }),
    createBy: logText('操作人', 'User', 64, { list: true, filter: true, search: 'equal' }),
    requestUri: logText('请求地址', 'Request URI', 2000),
    method: logText('请求方法', 'Method', 10),
    remoteIp: logText('来源地址', 'Remote IP', 255),
    userAgent: logText('客户端', 'User agent', 1000),
    ...serverFields(),
    methodClass: logText('路由', 'Route', 255),
    methodName: logText('方法', 'Method name', 255),
    params: { type: 'text', max: 100_000, readonly: true, form: true, label: { zh: '请求参数', en: 'Parameters' } },
    time: { type: 'datetime', readonly: true, nullable: true, form: true, label: { zh: '时间', en: 'Logged at' } },
  },
  defaultSort: [['createTime', 'desc']],
  moduleRoutes: LOG_MODULE_ROUTES,
});
