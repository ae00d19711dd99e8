import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostname } from 'node:os';
import { TOKEN_REFRESH_URL, TOKEN_URL } from '../../../shared/contract/api/auth.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { nextId } from '../ids.ts';
import type { AuditLog } from './audit-log.ts';
import { logText, redactedParams, serviceOf } from './redact.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SIGN_IN = new Set([TOKEN_URL, TOKEN_REFRESH_URL]);
/** The token endpoint's title in BladeX (its @ApiLog annotation). */
const TITLES: Record<string, string> = { [TOKEN_URL]: '登录用户验证', [TOKEN_REFRESH_URL]: '刷新令牌' };
const host = hostname();

/** The parameters of a call as the log keeps them: query and body merged, secrets redacted, at most 20,000 chars. */
function paramsOf(request: FastifyRequest): string {
  const query = request.query && typeof request.query === 'object' ? (request.query as object) : {};
  const body = request.body;
  const sent =
    body &&
    typeof body === 'object' &&
    !Buffer.isBuffer(body) &&
    typeof (body as { pipe?: unknown }).pipe !== 'function'
      ? Array.isArray(body)
        ? { ...query, body }
        : { ...query, ...body }
      : query;
  return Object.keys(sent).length ? logText(redactedParams(sent), 20_000) : '';
}

/** One field of a parsed body or query (the account a sign-in names, its tenant). */
const sentField = (request: FastifyRequest, name: string): string | undefined => {
  for (const source of [request.body, request.query]) {
    const value = source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
};

/**
 * 接口日志 (contract resource-desk-log.md §8, issue 36): every mutating call and every sign-in (its success and its
 * failure), and any call that wrote an entity (its change records point at the row), one row after the answer with
 * the caller, the parameters (secrets redacted), the elapsed time and `type` 2 when it failed. Queued: the answer has
 * left already, and the row is written in a batch (audit-log.ts), so recording neither slows nor fails a call.
 */
export function registerApiLog(app: FastifyInstance, audit: AuditLog, production: boolean) {
  if (!audit.apiLogOn) return;
  const env = production ? 'prod' : 'dev';
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const route = request.routeOptions.url ?? '';
      const written = request.dbContext?.apiLogId;
      if (!written && !(MUTATING.has(request.method) && route.startsWith('/api/')) && !SIGN_IN.has(route)) return;
      const [path = ''] = request.url.split('?');
      const now = formatDateTime();
      audit.api.push({
        id: written ?? nextId(),
        tenant_id: logText(
          request.user?.tenantId ?? request.headers['tenant-id'] ?? sentField(request, 'tenantId') ?? '000000',
          12,
        ),
        service_id: logText(serviceOf(path), 32),
        server_host: logText(host, 255),
        env,
        type: reply.statusCode >= 400 ? '2' : '1',
        title: logText(TITLES[route] ?? '', 255),
        method: logText(request.method, 10),
        request_uri: logText(path, 2000),
        user_agent: logText(request.headers['user-agent'], 1000),
        remote_ip: logText(request.ip, 255),
        method_class: logText(route, 255),
        method_name: logText(request.method, 255),
        params: paramsOf(request),
        time: String(Math.round(reply.elapsedTime)),
        create_by: logText(request.user?.account ?? sentField(request, 'username') ?? '', 64),
        create_time: now,
      });
    } catch {
      // a row the recorder cannot make is lost and counted; the call's answer has gone already
      audit.api.stats.dropped++;
    }
  });
}
