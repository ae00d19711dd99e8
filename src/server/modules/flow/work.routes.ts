import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { failWith, ok } from '../../platform/errors.ts';
import { requestParams, requireParam } from '../../platform/http.ts';
import { LIST_QUERY } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { FLOW_MESSAGES } from './flow-messages.ts';
import { flowOf, success } from './flow-module.ts';
import type { Variables } from './flow-runtime.ts';

const WORK = '/api/blade-flow/work';
/** The picker shows the best matches; typing narrows them. */
const USER_SELECT_LIMIT = 50;

/**
 * My work (contract flow.md §2): any signed-in user, on the tasks the engine gives him in his own tenant. No menu code
 * guards these: a task assigned to a user is itself the permission to handle it.
 */
export async function workRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { runtime, queries } = flowOf(services);
  const list = { schema: LIST_QUERY };

  // mode 1 (default): the latest version of each process; 2: every active version.
  app.get(`${WORK}/start-list`, list, async (request) => {
    const latest = String(request.query.mode ?? '1') !== '2';
    return ok(request, await queries.definitions(request.query, { tenantId: request.user.tenantId, latest, activeOnly: true }));
  });
  app.get(`${WORK}/claim-list`, list, async (request) => ok(request, await queries.claim(request.user, request.query)));
  app.get(`${WORK}/todo-list`, list, async (request) => ok(request, await queries.todo(request.user, request.query)));
  app.get(`${WORK}/send-list`, list, async (request) => ok(request, await queries.sent(request.user, request.query)));
  app.get(`${WORK}/done-list`, list, async (request) => ok(request, await queries.done(request.user, request.query)));

  // Approver picker of the request forms: any starter may pick a colleague, without the user screen's menu code.
  app.get(`${WORK}/user-select`, async (request) => {
    const { keyword } = requestParams(request);
    const text = typeof keyword === 'string' ? keyword.trim().slice(0, 64) : '';
    let rows = services.db.selectFrom('blade_user as u')
      .select(['u.id', 'u.account', 'u.real_name', 'u.name', 'u.dept_id'])
      .where('u.tenant_id', '=', request.user.tenantId).where('u.is_deleted', '=', 0).where('u.status', '=', 1);
    if (text) {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      rows = rows.where((eb) => eb.or([eb('u.account', 'like', like), eb('u.real_name', 'like', like), eb('u.name', 'like', like)]));
    }
    const users = await rows.orderBy('u.real_name').orderBy('u.id').limit(USER_SELECT_LIMIT).execute();
    const deptIds = [...new Set(users.flatMap((u) => String(u.dept_id ?? '').split(',').filter(Boolean)))];
    const depts = deptIds.length
      ? new Map((await services.db.selectFrom('blade_dept').select(['id', 'dept_name']).where('id', 'in', deptIds).execute()).map((d) => [String(d.id), d.dept_name]))
      : new Map<string, string>();
    return ok(request, users.map((u) => ({
      id: String(u.id), account: u.account, realName: u.real_name, name: u.name ?? '',
      deptName: String(u.dept_id ?? '').split(',').filter(Boolean).map((id) => depts.get(id) ?? '').filter(Boolean).join(','),
    })));
  });

  app.post(`${WORK}/claim-task`, async (request) => {
    await runtime.claim(request.user, requireParam(request, 'taskId'));
    return success(request, FLOW_MESSAGES.taskClaimed);
  });

  app.post(`${WORK}/complete-task`, async (request) => {
    const body = requestParams(request);
    await runtime.complete(request.user, {
      taskId: requireParam(request, 'taskId'),
      pass: passOf(body),
      comment: typeof body.comment === 'string' ? body.comment : undefined,
      variables: variablesOf(body.variables),
    });
    return ok(request, null);
  });

  // [DESIGN] transfer ("转办"): the assignee hands the task to another user of his tenant.
  app.post(`${WORK}/transfer-task`, async (request) => {
    const params = requestParams(request);
    await runtime.transfer(request.user, requireParam(request, 'taskId'), requireParam(request, 'userId'),
      typeof params.comment === 'string' ? params.comment : undefined);
    return success(request, FLOW_MESSAGES.taskTransferred);
  });

  // Deleting a task of a running process withdraws the process: only its starter may.
  app.post(`${WORK}/delete-task`, async (request) => {
    const reason = String(requestParams(request).reason ?? '').trim();
    await runtime.withdraw(request.user, requireParam(request, 'taskId'), reason);
    return success(request, FLOW_MESSAGES.taskDeleted);
  });
}

/** `flag: "ok"` (the console's approve) or `pass`; one of them is needed. */
function passOf(body: Record<string, unknown>): boolean {
  if (body.flag !== undefined && body.flag !== null && body.flag !== '') return body.flag === 'ok';
  if (body.pass === true || body.pass === 'true') return true;
  if (body.pass === false || body.pass === 'false') return false;
  throw failWith(FLOW_MESSAGES.passMissing);
}

function variablesOf(raw: unknown): Variables | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'string') {
    try { return variablesOf(JSON.parse(raw)); } catch { throw failWith(FLOW_MESSAGES.engineStep, { name: 'variables must be a JSON object' }); }
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) throw failWith(FLOW_MESSAGES.engineStep, { name: 'variables must be a JSON object' });
  return raw as Variables;
}
