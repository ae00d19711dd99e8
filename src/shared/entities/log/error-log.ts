import { defineEntity } from '../define.ts';
import { LOG_ENTITY, LOG_MODULE_ROUTES, logHead, logText, serverFields } from './log-fields.ts';

/**
 * 错误日志 (contract resource-desk-log.md §8): an unhandled server error, or a browser's error uploaded by the console
 * (`POST /api/blade-auth/oauth/logout`). Written by the server only, read here: list (newest first) and detail; old
 * rows are swept after the tenant's 日志保留天数 (log/retention.ts). The platform's super administrators read every
 * tenant's.
 */
export const errorLog = defineEntity({
  name: 'error',
  ...LOG_ENTITY,
  table: 'blade_log_error',
  label: { zh: '错误日志', en: 'Error log' },
  code: 'log_error',
  fields: {
    ...logHead({ zh: '发生时间', en: 'Time' }),
    serviceId: logText('服务', 'Service', 32, { list: true }),
    // Whole names: each has an index after the tenant (0042); a part of one would scan a tenant's months of rows.
    exceptionName: logText('异常名', 'Exception', 255, { list: true, filter: true, search: 'equal' }),
    message: {
      type: 'text',
      max: 100_000,
      readonly: true,
      list: true,
      form: true,
      label: { zh: '异常信息', en: 'Message' },
    },
    requestUri: logText('请求地址', 'Request URI', 2000, { list: true }),
    method: logText('请求方法', 'Method', 10, { list: true }),
    remoteIp: logText('来源地址', 'Remote IP', 255, { list: true }),
    createBy: logText('操作人', 'User', 64, { list: true, filter: true, search: 'equal' }),
    ...serverFields(),
    userAgent: logText('客户端', 'User agent', 1000),
    methodClass: logText('类', 'Class', 255),
    methodName: logText('方法', 'Method name', 255),
    fileName: logText('文件', 'File', 1000),
    lineNumber: { type: 'int', nullable: true, readonly: true, form: true, label: { zh: '行号', en: 'Line' } },
    time: logText('耗时', 'Time', 64),
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
  moduleRoutes: LOG_MODULE_ROUTES,
});
