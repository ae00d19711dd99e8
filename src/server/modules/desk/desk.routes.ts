import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { formatDateTime, parseDateTime } from '../../../shared/contract/time.ts';
import { fail, ok } from '../../platform/errors.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { Type } from 'typebox';
import { NO_INPUT, Param, paramsOf, queryOrBody } from '../../platform/route-schemas.ts';
import { nextId } from '../../platform/ids.ts';
import type { Services } from '../../services.ts';
import { markAllMessagesRead, markMessagesRead, unreadMessageCount } from './desk.queries.ts';
import { insertErrorLogs, logText as text } from '../log/error-log.queries.ts';
import { answers, ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import * as urls from '../../../shared/contract/api/desk.ts';
import { Counted, UnreadCount } from '../../../shared/contract/api/desk.schemas.ts';

const MAX_UPLOADED_LOGS = 200;
/**
 * The console's error logs as it posts them: described, not typed (with a type the schema would convert a body the
 * handler refuses into one it takes, or refuse the entries it skips).
 */
const UPLOADED_LOGS = Type.Unknown({
  description: '浏览器错误日志 (console error logs): [{type, message, stack, url, info, time}]',
});

/** Messages of the top-bar drawer, and the console's error-log upload. */
export async function deskRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;

  // Mark some or all of the caller's own messages as read (drawer buttons).
  const readMessages = {
    config: { permission: 'message' },
    schema: { ...queryOrBody({ ids: Param }), ...ANSWERS_NO_DATA },
  };
  app.post(urls.MESSAGE_READ_URL, readMessages, async (request) => {
    await markMessagesRead(db, request.user, parseIds(paramsOf(request).ids));
    return ok(request, null);
  });
  const mine = <T extends object>(answer: T) => ({
    config: { permission: 'message' },
    schema: { ...NO_INPUT, ...answer },
  });
  app.post(urls.MESSAGE_READ_ALL_URL, mine(answers(Counted)), async (request) =>
    ok(request, { count: await markAllMessagesRead(db, request.user) }),
  );
  app.get(urls.MESSAGE_UNREAD_COUNT_URL, mine(answers(UnreadCount)), async (request) =>
    ok(request, await unreadMessageCount(db, request.user)),
  );

  // BladeX consoles upload their locally kept error logs by POSTing the list to the logout URL (contract auth.md §5).
  app.post(urls.LOGOUT_URL, { schema: { body: UPLOADED_LOGS, ...answers(Counted) } }, async (request) => {
    if (!Array.isArray(request.body)) throw fail('unreadable');
    const logs: unknown[] = request.body.slice(0, MAX_UPLOADED_LOGS);
    const rows = logs
      .filter((log): log is Record<string, unknown> => Boolean(log) && typeof log === 'object')
      .map((log) => ({
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
    await insertErrorLogs(db, rows);
    return ok(request, { count: rows.length });
  });
}
