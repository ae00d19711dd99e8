import type { FieldDef } from '../define.ts';

/**
 * What the three logs (错误日志, 接口日志, 通用日志; contract resource-desk-log.md §8) share: rows the server writes
 * and the console only reads, a tenant's to its administrators and every tenant's to the platform, newest first.
 */
export const LOG_ENTITY = {
  service: 'blade-log',
  tenant: true,
  platformReadsAll: true,
  audit: false,
  changeLog: false,
} as const;
/** No console writes: the module serves the reads only. */
export const LOG_MODULE_ROUTES: ('submit' | 'save' | 'update' | 'remove' | 'picker')[] = [
  'submit',
  'save',
  'update',
  'remove',
  'picker',
];

/** A read-only text column of a log, shown in its detail. */
export const logText = (zh: string, en: string, max: number, more: Partial<FieldDef> = {}): FieldDef => ({
  type: 'string',
  max,
  readonly: true,
  form: true,
  label: { zh, en },
  ...more,
});

/** The row's tenant and when it was written: the first two columns of every log and its filters. */
export const logHead = (timeLabel: { zh: string; en: string }): Record<'tenantId' | 'createTime', FieldDef> => ({
  tenantId: logText('租户编号', 'Tenant', 12, { list: true, filter: true, search: 'equal' }),
  createTime: {
    type: 'datetime',
    readonly: true,
    nullable: true,
    list: true,
    form: true,
    filter: true,
    label: timeLabel,
  },
});

/** Where the server that wrote the row ran. */
export const serverFields = (): Record<'env' | 'serverHost' | 'serverIp', FieldDef> => ({
  env: logText('环境', 'Environment', 255),
  serverHost: logText('服务器', 'Server host', 255),
  serverIp: logText('服务器地址', 'Server IP', 255),
});
