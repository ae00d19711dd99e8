import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { failWith, ok } from '../../platform/errors.ts';
import { requiredParam } from '../../platform/http.ts';
import { mapQuery, Param, paramsOf, queryOrBody, queryParams } from '../../platform/route-schemas.ts';
import { answers, ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import * as urls from '../../../shared/contract/api/flow.ts';
import { BladeFlowPage, ReturnTarget } from '../../../shared/contract/api/flow.schemas.ts';
import type { Services } from '../../services.ts';
import { FLOW_MESSAGES, workflowOf } from '../../platform/workflow/index.ts';
import { success } from './flow-module.ts';
import { LIST_PARAMS } from './list-params.ts';

/**
 * The Chinese approval actions (issue 34 point 5; platform/workflow/flow-actions.ts), beside transfer (转办) and
 * of its shape: any signed-in user, on the tasks and instances that are his (his task; the process he started); the
 * engine refuses the rest. Their buttons' codes (shared/flow/buttons.ts) show them to every approver role.
 */
export async function workActionRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const workflow = workflowOf(services);
  const text = (value: Param | undefined) => (value === undefined || value === null ? '' : String(value).trim());

  // `signType`, not `type`: a parameter may not be named after a JSON Schema keyword (the API document's check).
  const addSign = queryOrBody({ taskId: Param, userIds: Param, signType: Param, comment: Param });
  app.post(urls.WORK_ADD_SIGN_URL, { schema: { ...addSign, ...ANSWERS_NO_DATA } }, async (request) => {
    const params = paramsOf(request);
    await workflow.addSign(request.user, {
      taskId: requiredParam(params, 'taskId'),
      userIds: idsOf(params.userIds),
      type: requiredParam(params, 'signType'),
      comment: text(params.comment),
    });
    return success(request, FLOW_MESSAGES.addSigned);
  });

  const removeSign = queryOrBody({ taskId: Param, userIds: Param, taskIds: Param });
  app.post(urls.WORK_REMOVE_SIGN_URL, { schema: { ...removeSign, ...ANSWERS_NO_DATA } }, async (request) => {
    const params = paramsOf(request);
    await workflow.removeSign(
      request.user,
      requiredParam(params, 'taskId'),
      idsOf(params.userIds),
      idsOf(params.taskIds),
    );
    return success(request, FLOW_MESSAGES.removeSigned);
  });

  const delegate = queryOrBody({ taskId: Param, userId: Param, comment: Param });
  app.post(urls.WORK_DELEGATE_TASK_URL, { schema: { ...delegate, ...ANSWERS_NO_DATA } }, async (request) => {
    const params = paramsOf(request);
    await workflow.delegate(
      request.user,
      requiredParam(params, 'taskId'),
      requiredParam(params, 'userId'),
      text(params.comment),
    );
    return success(request, FLOW_MESSAGES.delegated);
  });

  const resolve = queryOrBody({ taskId: Param, comment: Param });
  app.post(urls.WORK_RESOLVE_TASK_URL, { schema: { ...resolve, ...ANSWERS_NO_DATA } }, async (request) => {
    const params = paramsOf(request);
    await workflow.resolve(request.user, requiredParam(params, 'taskId'), text(params.comment));
    return success(request, FLOW_MESSAGES.resolved);
  });

  const copy = queryOrBody({ taskId: Param, processInstanceId: Param, userIds: Param, roleIds: Param, comment: Param });
  app.post(urls.WORK_COPY_TASK_URL, { schema: { ...copy, ...ANSWERS_NO_DATA } }, async (request) => {
    const params = paramsOf(request);
    const taskId = text(params.taskId);
    const processInstanceId = text(params.processInstanceId);
    if (!taskId && !processInstanceId) requiredParam(params, 'taskId');
    await workflow.copy(request.user, {
      taskId: taskId || undefined,
      processInstanceId: processInstanceId || undefined,
      userIds: idsOf(params.userIds),
      roleIds: idsOf(params.roleIds),
      comment: text(params.comment),
    });
    return success(request, FLOW_MESSAGES.copied);
  });

  app.get(
    urls.WORK_COPY_LIST_URL,
    { schema: { ...mapQuery(LIST_PARAMS.tasks), ...answers(BladeFlowPage) } },
    async (request) => ok(request, await workflow.copied(request.user, request.query)),
  );

  app.post(
    urls.WORK_COPY_READ_URL,
    { schema: { ...queryOrBody({ processInstanceId: Param }), ...ANSWERS_NO_DATA } },
    async (request) => {
      await workflow.copyRead(request.user, requiredParam(paramsOf(request), 'processInstanceId'));
      return ok(request, null);
    },
  );

  app.get(
    urls.WORK_RETURN_TARGETS_URL,
    { schema: { ...queryParams({ taskId: Param }), ...answers(Type.Array(ReturnTarget)) } },
    async (request) => ok(request, await workflow.returnTargets(request.user, requiredParam(request.query, 'taskId'))),
  );

  const returnTask = queryOrBody({ taskId: Param, targetKey: Param, comment: Param });
  app.post(urls.WORK_RETURN_TASK_URL, { schema: { ...returnTask, ...ANSWERS_NO_DATA } }, async (request) => {
    const params = paramsOf(request);
    const targetKey = text(params.targetKey);
    if (!targetKey) throw failWith(FLOW_MESSAGES.returnTargetRequired);
    await workflow.returnTask(request.user, requiredParam(params, 'taskId'), targetKey, text(params.comment));
    return success(request, FLOW_MESSAGES.returned);
  });

  const byStarter = queryOrBody({ processInstanceId: Param, comment: Param });
  app.post(urls.WORK_REVOKE_PROCESS_URL, { schema: { ...byStarter, ...ANSWERS_NO_DATA } }, async (request) => {
    const params = paramsOf(request);
    await workflow.revoke(request.user, requiredParam(params, 'processInstanceId'), text(params.comment));
    return success(request, FLOW_MESSAGES.revoked);
  });

  app.post(urls.WORK_URGE_TASK_URL, { schema: { ...byStarter, ...ANSWERS_NO_DATA } }, async (request) => {
    const params = paramsOf(request);
    await workflow.urge(request.user, requiredParam(params, 'processInstanceId'), text(params.comment));
    return success(request, FLOW_MESSAGES.urged);
  });
}

/** Ids as a list (a repeated key, a JSON array) or a comma-separated text. */
function idsOf(raw: Param | undefined): string[] {
  if (raw === undefined || raw === null) return [];
  const values = Array.isArray(raw) ? raw : String(raw).split(',');
  return values.map((v) => String(v ?? '').trim()).filter(Boolean);
}
