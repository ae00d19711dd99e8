import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { failWith, ok } from '../../platform/errors.ts';
import { requiredParam } from '../../platform/http.ts';
import { mapQuery, Param, paramsOf, queryOrBody, queryParams } from '../../platform/route-schemas.ts';
import { Type } from 'typebox';
import * as urls from '../../../shared/contract/api/flow.ts';
import type { Services } from '../../services.ts';
import { answers, ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import {
  BladeFlowPage,
  FlowProcessPage,
  ProcessStarted,
  StartForm,
  TaskForm,
  UserOption,
} from '../../../shared/contract/api/flow.schemas.ts';
import { FLOW_MESSAGES, workflowOf, type Variables } from '../../platform/workflow/index.ts';
import { success } from './flow-module.ts';
import { LIST_PARAMS } from './list-params.ts';
import { userChoices } from './request-forms.queries.ts';

// Process variables: a JSON object, or its text from a form (checked by variablesOf).
const ANY_VALUE = Type.Optional(Type.Unknown());
/** The picker shows the best matches; typing narrows them. */
const USER_SELECT_LIMIT = 50;

/**
 * My work (contract flow.md §2): any signed-in user, on the tasks the engine gives him in his own tenant. No menu code
 * guards these: a task assigned to a user is itself the permission to handle it.
 */
export async function workRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const workflow = workflowOf(services);
  const list = { schema: { ...mapQuery(LIST_PARAMS.tasks), ...answers(BladeFlowPage) } };
  const startable = { schema: { ...mapQuery(LIST_PARAMS.definitions), ...answers(FlowProcessPage) } };

  // mode 1 (default): the latest version of each process; 2: every active version.
  app.get(urls.WORK_START_LIST_URL, startable, async (request) => {
    const latest = String(request.query.mode ?? '1') !== '2';
    return ok(
      request,
      await workflow.definitions(request.query, {
        tenantId: request.user.tenantId,
        latest,
        activeOnly: true,
        startable: true,
      }),
    );
  });

  // A start-list definition started by hand, with no business row: the caller is its starter.
  const startProcess = {
    schema: { ...queryOrBody({ processDefinitionId: Param, variables: ANY_VALUE }), ...answers(ProcessStarted) },
  };
  app.post(urls.WORK_START_PROCESS_URL, startProcess, async (request) => {
    const params = paramsOf(request);
    const processInstanceId = await workflow.startProcess(
      request.user,
      requiredParam(params, 'processDefinitionId'),
      variablesOf(params.variables),
    );
    return ok(request, { processInstanceId });
  });

  // [DESIGN] issue 34: the fields a start-list definition's starter gives, and those a task's handler sets.
  const startForm = { schema: { ...queryParams({ processDefinitionId: Param }), ...answers(StartForm) } };
  app.get(urls.WORK_START_FORM_URL, startForm, async (request) =>
    ok(request, await workflow.startForm(request.user, requiredParam(request.query, 'processDefinitionId'))),
  );
  const taskForm = { schema: { ...queryParams({ taskId: Param }), ...answers(TaskForm) } };
  app.get(urls.WORK_TASK_FORM_URL, taskForm, async (request) =>
    ok(request, await workflow.taskForm(request.user, requiredParam(request.query, 'taskId'))),
  );

  app.get(urls.WORK_CLAIM_LIST_URL, list, async (request) =>
    ok(request, await workflow.tasks(request.user, 'claim', request.query)),
  );
  app.get(urls.WORK_TODO_LIST_URL, list, async (request) =>
    ok(request, await workflow.tasks(request.user, 'todo', request.query)),
  );
  app.get(urls.WORK_SEND_LIST_URL, list, async (request) =>
    ok(request, await workflow.started(request.user, request.query)),
  );
  app.get(urls.WORK_DONE_LIST_URL, list, async (request) =>
    ok(request, await workflow.tasks(request.user, 'done', request.query)),
  );

  // Approver picker of the request forms: any starter may pick a colleague, without the user screen's menu code.
  const userSelect = { schema: { ...queryParams({ keyword: Param }), ...answers(Type.Array(UserOption)) } };
  app.get(urls.WORK_USER_SELECT_URL, userSelect, async (request) => {
    const { keyword } = request.query;
    const text = typeof keyword === 'string' ? keyword.trim().slice(0, 64) : '';
    return ok(request, await userChoices(services.db, request.user.tenantId, text, USER_SELECT_LIMIT));
  });

  app.post(
    urls.WORK_CLAIM_TASK_URL,
    { schema: { ...queryOrBody({ taskId: Param }), ...ANSWERS_NO_DATA } },
    async (request) => {
      await workflow.claim(request.user, requiredParam(paramsOf(request), 'taskId'));
      return success(request, FLOW_MESSAGES.taskClaimed);
    },
  );

  const completion = queryOrBody({ taskId: Param, flag: Param, pass: Param, comment: Param, variables: ANY_VALUE });
  app.post(urls.WORK_COMPLETE_TASK_URL, { schema: { ...completion, ...ANSWERS_NO_DATA } }, async (request) => {
    const body = paramsOf(request);
    await workflow.complete(request.user, {
      taskId: requiredParam(body, 'taskId'),
      pass: passOf(body),
      comment: typeof body.comment === 'string' ? body.comment : undefined,
      variables: variablesOf(body.variables),
    });
    return ok(request, null);
  });

  // [DESIGN] transfer ("转办"): the assignee hands the task to another user of his tenant.
  const transfer = queryOrBody({ taskId: Param, userId: Param, comment: Param });
  app.post(urls.WORK_TRANSFER_TASK_URL, { schema: { ...transfer, ...ANSWERS_NO_DATA } }, async (request) => {
    const params = paramsOf(request);
    await workflow.transfer(
      request.user,
      requiredParam(params, 'taskId'),
      requiredParam(params, 'userId'),
      typeof params.comment === 'string' ? params.comment : undefined,
    );
    return success(request, FLOW_MESSAGES.taskTransferred);
  });

  // Deleting a task of a running process withdraws the process: only its starter may.
  app.post(
    urls.WORK_DELETE_TASK_URL,
    { schema: { ...queryOrBody({ taskId: Param, reason: Param }), ...ANSWERS_NO_DATA } },
    async (request) => {
      const params = paramsOf(request);
      const reason = String(params.reason ?? '').trim();
      await workflow.withdraw(request.user, requiredParam(params, 'taskId'), reason);
      return success(request, FLOW_MESSAGES.taskDeleted);
    },
  );
}

/** `flag: "ok"` (the console's approve) or `pass`; one of them is needed. */
function passOf(body: { flag?: Param; pass?: Param }): boolean {
  if (body.flag !== undefined && body.flag !== null && body.flag !== '') return body.flag === 'ok';
  if (body.pass === true || body.pass === 'true') return true;
  if (body.pass === false || body.pass === 'false') return false;
  throw failWith(FLOW_MESSAGES.passMissing);
}

export function variablesOf(raw: unknown): Variables | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'string') {
    try {
      return variablesOf(JSON.parse(raw));
    } catch {
      throw failWith(FLOW_MESSAGES.variablesNotObject);
    }
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) throw failWith(FLOW_MESSAGES.variablesNotObject);
  return raw as Variables;
}
