import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failWith, ok } from '../../platform/errors.ts';
import { requestParams, requireParam } from '../../platform/http.ts';
import type { Services } from '../../services.ts';
import { FLOW_MESSAGES } from './flow-messages.ts';
import { flowOf, success } from './flow-module.ts';
import type { Variables } from './flow-runtime.ts';

const WORK = '/api/blade-flow/work';

/**
 * My work (contract flow.md §2): any signed-in user, on the tasks the engine gives him in his own tenant. No menu code
 * guards these: a task assigned to a user is itself the permission to handle it.
 */
export async function workRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { runtime, queries } = flowOf(services);
  const query = (request: FastifyRequest) => request.query as Record<string, unknown>;

  app.get(`${WORK}/start-list`, async (request) =>
    ok(request, await queries.definitions(query(request), { tenantId: request.user.tenantId, latest: true, activeOnly: true })));
  app.get(`${WORK}/claim-list`, async (request) => ok(request, await queries.claim(request.user, query(request))));
  app.get(`${WORK}/todo-list`, async (request) => ok(request, await queries.todo(request.user, query(request))));
  app.get(`${WORK}/send-list`, async (request) => ok(request, await queries.sent(request.user, query(request))));
  app.get(`${WORK}/done-list`, async (request) => ok(request, await queries.done(request.user, query(request))));

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
