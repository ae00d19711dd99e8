import type { FastifyInstance } from 'fastify';
import { formatDateTime, parseDateTime } from '../../../shared/contract/time.ts';
import { fail, ok } from '../../platform/errors.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { requestParams } from '../../platform/http.ts';
import { nextId } from '../../platform/ids.ts';
import type { Services } from '../../services.ts';

const UNREAD = 0;
const READ = 1;
const MAX_UPLOADED_LOGS = 200;

/** Messages of the top-bar drawer, and the console's error-log upload. */
export async function deskRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;

  // Mark some or all of the caller's own messages as read (drawer buttons).
  app.post('/api/blade-system/message/read', { config: { permission: 'message' } }, async (request) => {
    const ids = parseIds(requestParams(request).ids);
    await db.updateTable('blade_message').set({ status: READ, update_user: request.user.userId, update_time: formatDateTime() })
      .where('id', 'in', ids).where('tenant_id', '=', request.user.tenantId).where('user_id', '=', request.user.userId)
      .where('is_deleted', '=', 0).execute();
    return ok(request, null);
  });
  app.post('/api/blade-system/message/read-all', { config: { permission: 'message' } }, async (request) => {
    const result = await db.updateTable('blade_message').set({ status: READ, update_user: request.user.userId, update_time: formatDateTime() })
      .where('tenant_id', '=', request.user.tenantId).where('user_id', '=', request.user.userId)
      .where('status', '=', UNREAD).where('is_deleted', '=', 0).executeTakeFirst();
    return ok(request, { count: Number(result.numUpdatedRows) });
  });
  app.get('/api/blade-system/message/unread-count', { config: { permission: 'message' } }, async (request) => {
    const row = await db.selectFrom('blade_message').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', request.user.tenantId).where('user_id', '=', request.user.userId)
      .where('status', '=', UNREAD).where('is_deleted', '=', 0).executeTakeFirstOrThrow();
    return ok(request, Number(row.n));
  });

  // BladeX consoles upload their locally kept error logs by POSTing the list to the logout URL (contract auth.md §5).
  app.post('/api/blade-auth/oauth/logout', async (request) => {
    if (!Array.isArray(request.body)) throw fail('unreadable');
    const logs = request.body.slice(0, MAX_UPLOADED_LOGS) as unknown[];
    const text = (value: unknown, max: number) => (typeof value === 'string' ? value : value == null ? '' : JSON.stringify(value)).replace(/\u0000/g, '').slice(0, max);
    const rows = logs.filter((log): log is Record<string, unknown> => Boolean(log) && typeof log === 'object').map((log) => ({
      id: nextId(),
      tenant_id: request.user.tenantId,
      service_id: 'tenon-web',
      env: services.config.production ? 'prod' : 'dev',
      method: 'CLIENT',
      request_uri: text(log.url, 2000),
      user_agent: text(request.headers['user-agent'], 1000),
      remote_ip: request.ip,
      params: text(log.info, 20_000),
      time: text(log.time, 64),
      create_by: request.user.account,
      create_time: (typeof log.time === 'string' && parseDateTime(log.time)) || formatDateTime(),
      stack_trace: text(log.stack, 20_000),
      exception_name: text(log.type, 255),
      message: text(log.message, 4000),
    }));
    if (rows.length) await db.insertInto('blade_log_error').values(rows).execute();
    return ok(request, { count: rows.length });
  });
}
