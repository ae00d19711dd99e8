import type { FastifyRequest } from 'fastify';
import { hostname } from 'node:os';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { nextId } from '../../platform/ids.ts';
import { redactUrl } from '../../platform/http.ts';

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
  const text = (value: string | undefined, max: number) => (value ?? '').replace(/\u0000/g, '').slice(0, max);
  await db
    .insertInto('blade_log_error')
    .values({
      id: nextId(),
      tenant_id: request.user?.tenantId ?? '000000',
      service_id: /^\/api\/([^/]+)/.exec(path)?.[1]?.slice(0, 32) ?? '',
      server_host: text(hostname(), 255),
      env: config.production ? 'prod' : 'dev',
      method: text(request.method, 10),
      request_uri: text(path, 2000),
      user_agent: text(request.headers['user-agent'], 1000),
      remote_ip: text(request.ip, 255),
      method_class: text(request.routeOptions.url, 255),
      params: text(query, 20_000),
      create_by: text(request.user?.account, 64),
      create_time: formatDateTime(),
      stack_trace: text(error.stack, 20_000),
      exception_name: text(error.name, 255),
      message: text(`${errorId}: ${error.message}`, 4000),
      file_name: text(frame?.[1] ?? frame?.[3], 1000),
      line_number: frame ? Number(frame[2] ?? frame[4]) : null,
    })
    .execute();
}
