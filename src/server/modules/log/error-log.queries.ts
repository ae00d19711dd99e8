import type { FastifyRequest } from 'fastify';
import type { Insertable } from 'kysely';
import { hostname } from 'node:os';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import type { Schema } from '../../db/schema.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { nextId } from '../../platform/ids.ts';
import { redactUrl } from '../../platform/http.ts';

/** Text for a column of the error log: no NUL (PostgreSQL text cannot hold it), at most `max` characters. */
export const logText = (value: unknown, max: number): string =>
  (typeof value === 'string' ? value : value == null ? '' : JSON.stringify(value)).replaceAll('\0', '').slice(0, max);

/** Rows of blade_log_error, each carrying its tenant. */
export async function insertErrorLogs(db: Db, rows: Insertable<Schema['blade_log_error']>[]): Promise<void> {
  if (rows.length) await db.insertInto('blade_log_error').values(rows).execute();
}

/**
 * An unhandled server error as a row of 错误日志 (contract resource-desk-log.md §8: the top stack frame's file and
 * line, the whole stack), under the error id the caller's 服务器异常 message shows, so support finds the row by it.
 * The request's body is not kept: it may hold passwords.
 */
export async function recordServerError(
  db: Db,
  config: Pick<Config, 'production'>,
  request: FastifyRequest,
  error: Error,
  errorId: string,
): Promise<void> {
  const url = redactUrl(request.url);
  const [path, query = ''] = url.split('?');
  const frame = /\((.+):(\d+):\d+\)$|at (.+):(\d+):\d+$/m.exec(error.stack?.split('\n').slice(1).join('\n') ?? '');
  await insertErrorLogs(db, [
    {
      id: nextId(),
      tenant_id: request.user?.tenantId ?? '000000',
      service_id: /^\/api\/([^/]+)/.exec(path)?.[1]?.slice(0, 32) ?? '',
      server_host: logText(hostname(), 255),
      env: config.production ? 'prod' : 'dev',
      method: logText(request.method, 10),
      request_uri: logText(path, 2000),
      user_agent: logText(request.headers['user-agent'], 1000),
      remote_ip: logText(request.ip, 255),
      method_class: logText(request.routeOptions.url, 255),
      params: logText(query, 20_000),
      create_by: logText(request.user?.account, 64),
      create_time: formatDateTime(),
      stack_trace: logText(error.stack, 20_000),
      exception_name: logText(error.name, 255),
      message: logText(`${errorId}: ${error.message}`, 4000),
      file_name: logText(frame?.[1] ?? frame?.[3], 1000),
      line_number: frame ? Number(frame[2] ?? frame[4]) : null,
    },
  ]);
}
