import type { FastifyRequest } from 'fastify';
import { hostname } from 'node:os';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { nextId } from '../ids.ts';
import type { AuditLog } from './audit-log.ts';
import { logText, serviceOf, redactedParams } from './redact.ts';

export type UsualLogLevel = 'info' | 'debug' | 'warn' | 'error';

/** Whom and what a 通用日志 row is about; a request gives all of it (tenant, account, URI, IP, user agent). */
export interface UsualLogContext {
  request?: FastifyRequest;
  /** Without a request (a timer's run): the tenant the row belongs to; default the platform's 000000. */
  tenantId?: string;
  account?: string;
  /** The writing service, e.g. `blade-resource`; default the request path's (`/api/<service>/...`). */
  serviceId?: string;
}

export type UsualLogger = Record<UsualLogLevel, (logId: string, data: unknown, context?: UsualLogContext) => void>;

const host = hostname();

/**
 * The business logger (contract resource-desk-log.md §8 通用日志): `usualLog(services).info(logId, data, context)`
 * queues a row and returns at once; the row is written in a batch a moment later (audit-log.ts). `logId` is the
 * business key a reader filters by (e.g. `sms-send`); `data` a string or anything JSON can say. Never throws.
 */
export function usualLog(services: { audit: AuditLog; config?: { production: boolean } }): UsualLogger {
  const env = services.config?.production ? 'prod' : 'dev';
  const write =
    (level: UsualLogLevel) =>
    (logId: string, data: unknown, context: UsualLogContext = {}) => {
      try {
        const { request } = context;
        const now = formatDateTime();
        const [path = '', query = ''] = (request?.url ?? '').split('?');
        services.audit.usual.push({
          id: nextId(),
          tenant_id: request?.user?.tenantId ?? context.tenantId ?? '000000',
          service_id: logText(context.serviceId ?? serviceOf(path), 32),
          server_host: logText(host, 255),
          env,
          log_level: level,
          log_id: logText(logId, 64),
          log_data: logText(data, 20_000),
          method: logText(request?.method, 10),
          request_uri: logText(path, 2000),
          user_agent: logText(request?.headers['user-agent'], 1000),
          remote_ip: logText(request?.ip, 255),
          method_class: logText(request?.routeOptions.url, 255),
          params: query ? logText(redactedParams(Object.fromEntries(new URLSearchParams(query))), 20_000) : '',
          time: now,
          create_by: logText(request?.user?.account ?? context.account, 64),
          create_time: now,
        });
      } catch {
        // the logger never fails its caller: a row it cannot make is lost, like one the full queue drops
        services.audit.usual.stats.dropped++;
      }
    };
  return { info: write('info'), debug: write('debug'), warn: write('warn'), error: write('error') };
}
