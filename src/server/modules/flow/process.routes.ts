import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AuthUser } from '../../platform/auth-context.ts';
import { failWith, ok } from '../../platform/errors.ts';
import { optionalId } from '../../platform/ids.ts';
import { Param, queryParams } from '../../platform/route-schemas.ts';
import * as urls from '../../../shared/contract/api/flow.ts';
import type { Services } from '../../services.ts';
import { FlowHistory, FlowModelView, ProcessVariables } from '../../../shared/contract/api/flow.schemas.ts';
import { answers } from '../../platform/response-schemas.ts';
import { Type } from 'typebox';
import { FLOW_MESSAGES, workflowOf } from '../../platform/workflow/index.ts';

/**
 * Process view (contract flow.md §3): the history and diagram of an instance the caller takes part in (started it,
 * holds or held one of its tasks, may claim one, or administers its tenant), or the diagram of a definition his tenant
 * may start.
 */
export async function processRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const workflow = workflowOf(services);
  const text = (value: Param | undefined) => String(value ?? '').trim();

  const visibleInstance = async (user: AuthUser, processInstanceId: Param | undefined) => {
    const instanceId = optionalId(text(processInstanceId), 'processInstanceId');
    if (!instanceId || !(await workflow.canView(user, instanceId))) {
      throw failWith(FLOW_MESSAGES.instanceNotFound, { name: instanceId ?? '' });
    }
    return instanceId;
  };

  const historyQuery = {
    ...queryParams({ processInstanceId: Param, startActivityId: Param, endActivityId: Param }),
    ...answers(Type.Array(FlowHistory)),
  };
  app.get(urls.PROCESS_HISTORY_FLOW_LIST_URL, { schema: historyQuery }, async (request) => {
    const { query } = request;
    const instanceId = await visibleInstance(request.user, query.processInstanceId);
    return ok(
      request,
      await workflow.history(instanceId, {
        tableOnly: true,
        startActivityId: text(query.startActivityId) || undefined,
        endActivityId: text(query.endActivityId) || undefined,
      }),
    );
  });

  // [DESIGN] issue 34: an instance's variables, for those who may view it.
  const variablesQuery = { ...queryParams({ processInstanceId: Param }), ...answers(ProcessVariables) };
  app.get(urls.PROCESS_VARIABLES_URL, { schema: variablesQuery }, async (request) => {
    const instanceId = await visibleInstance(request.user, request.query.processInstanceId);
    return ok(request, await workflow.variables(instanceId));
  });

  const viewQuery = {
    ...queryParams({ processInstanceId: Param, processDefinitionId: Param }),
    ...answers(FlowModelView),
  };
  app.get(urls.PROCESS_MODEL_VIEW_URL, { schema: viewQuery }, async (request) => {
    const { query } = request;
    if (text(query.processInstanceId)) {
      const instanceId = await visibleInstance(request.user, query.processInstanceId);
      const row = await workflow.instanceXml(instanceId);
      const flow = (await workflow.history(instanceId, { tableOnly: false })).map((h) => ({
        historyActivityId: h.historyActivityId,
        historyActivityType: h.historyActivityType,
        endTime: h.endTime,
      }));
      return ok(request, { xml: String(row?.xml ?? ''), flow } satisfies FlowModelView);
    }
    const definitionId = text(query.processDefinitionId);
    if (!definitionId) throw failWith(FLOW_MESSAGES.definitionNotFound, { name: '' });
    const tenantId = request.user.isSuperAdmin ? undefined : request.user.tenantId;
    const definition = await workflow.definitionXml(definitionId, tenantId);
    if (!definition) throw failWith(FLOW_MESSAGES.definitionNotFound, { name: definitionId });
    return ok(request, { xml: String(definition.xml), flow: [] } satisfies FlowModelView);
  });
}
