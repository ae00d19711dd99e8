import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AuthUser } from '../../platform/auth-context.ts';
import { ApiError, fail, failWith, ok } from '../../platform/errors.ts';
import { requiredParam } from '../../platform/http.ts';
import { optionalId } from '../../platform/ids.ts';
import { Param, queryParams } from '../../platform/route-schemas.ts';
import * as urls from '../../../shared/contract/api/flow.ts';
import type { Services } from '../../services.ts';
import { FlowHistory, FlowModelView, ProcessVariables } from '../../../shared/contract/api/flow.schemas.ts';
import { answers } from '../../platform/response-schemas.ts';
import { Type } from 'typebox';
import { diagramSvg, FLOW_MESSAGES, workflowOf } from '../../platform/workflow/index.ts';
import { activityStates } from '../../../shared/flow/diagram-states.ts';

/** A definition's id as deployments name them: `<key>:<version>:<deploymentId>`. */
const DEFINITION_ID = /^[A-Za-z_][\w.-]{0,63}:\d{1,9}:\d{1,19}$/;
const RESOURCE_TYPES = { xml: 'application/xml; charset=utf-8', image: 'image/svg+xml; charset=utf-8' } as const;

/** A model's XML or diagram as the file itself; an SVG that nothing in it can make run as a page. */
const sendResource = (reply: FastifyReply, type: keyof typeof RESOURCE_TYPES, body: string) =>
  reply
    .type(RESOURCE_TYPES[type])
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('cache-control', 'private, no-cache')
    .send(body);

/**
 * Process view (contract flow.md §3): the history and diagram of an instance the caller takes part in (started it,
 * holds or held one of its tasks, may claim one, or administers its tenant), or the diagram of a definition his tenant
 * may start.
 */
export async function processRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const workflow = workflowOf(services);
  const text = (value: Param | undefined) => String(value ?? '').trim();

  const visibleInstance = async (user: AuthUser, processInstanceId: Param | undefined, status: 400 | 404 = 400) => {
    const instanceId = optionalId(text(processInstanceId), 'processInstanceId');
    if (!instanceId || !(await workflow.canView(user, instanceId))) {
      throw new ApiError(status, FLOW_MESSAGES.instanceNotFound, { name: instanceId ?? '' });
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

  // The files of a definition (flow.md §3): its BPMN XML (with a laid-out diagram when it was deployed without one)
  // or its diagram as an image; by the instance's definition when an instance is named, seen by who may see it.
  const resourceQuery = queryParams({ processDefinitionId: Param, processInstanceId: Param, resourceType: Param });
  app.get(urls.PROCESS_RESOURCE_VIEW_URL, { schema: resourceQuery }, async (request, reply) => {
    const { query } = request;
    const type = text(query.resourceType) || 'xml';
    if (type !== 'xml' && type !== 'image') throw failWith(FLOW_MESSAGES.resourceType, { name: type.slice(0, 20) });
    let found: { xml: string } | undefined;
    if (text(query.processInstanceId)) {
      found = await workflow.instanceXml(await visibleInstance(request.user, query.processInstanceId, 404));
    } else {
      const definitionId = requiredParam(query, 'processDefinitionId');
      if (!DEFINITION_ID.test(definitionId)) throw fail('paramType', { name: 'processDefinitionId' });
      const tenantId = request.user.isSuperAdmin ? undefined : request.user.tenantId;
      found = await workflow.definitionXml(definitionId, tenantId);
      if (!found) throw new ApiError(404, FLOW_MESSAGES.definitionNotFound, { name: definitionId });
    }
    const xml = found?.xml ?? '';
    return sendResource(reply, type, type === 'xml' ? xml : await diagramSvg(xml));
  });

  // An instance's diagram with its ended elements green, its running ones blue and the flows it took orange.
  app.get(
    urls.PROCESS_DIAGRAM_VIEW_URL,
    { schema: queryParams({ processInstanceId: Param }) },
    async (request, reply) => {
      const instanceId = await visibleInstance(request.user, requiredParam(request.query, 'processInstanceId'), 404);
      const [found, flow] = await Promise.all([
        workflow.instanceXml(instanceId),
        workflow.history(instanceId, { tableOnly: false }),
      ]);
      return sendResource(reply, 'image', await diagramSvg(found?.xml ?? '', activityStates(flow)));
    },
  );
}
