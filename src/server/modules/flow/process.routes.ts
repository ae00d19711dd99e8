import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failWith, ok } from '../../platform/errors.ts';
import { optionalId } from '../../platform/ids.ts';
import { isRecord } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import type { FlowModelView } from '../../../shared/flow/types.ts';
import { FLOW_MESSAGES } from './flow-messages.ts';
import { flowOf } from './flow-module.ts';

const PROCESS = '/api/blade-flow/process';

/**
 * Process view (contract flow.md §3): the history and diagram of an instance the caller takes part in (started it,
 * holds or held one of its tasks, may claim one, or administers its tenant), or the diagram of a definition his tenant
 * may start.
 */
export async function processRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;
  const { queries } = flowOf(services);
  const param = ({ query }: FastifyRequest, name: string) => String((isRecord(query) ? query[name] : undefined) ?? '').trim();

  const visibleInstance = async (request: FastifyRequest) => {
    const instanceId = optionalId(param(request, 'processInstanceId'), 'processInstanceId');
    if (!instanceId || !await queries.canView(request.user, instanceId)) throw failWith(FLOW_MESSAGES.instanceNotFound, { name: instanceId ?? '' });
    return instanceId;
  };

  app.get(`${PROCESS}/history-flow-list`, async (request) => {
    const instanceId = await visibleInstance(request);
    return ok(request, await queries.history(instanceId, {
      tableOnly: true, startActivityId: param(request, 'startActivityId') || undefined, endActivityId: param(request, 'endActivityId') || undefined,
    }));
  });

  app.get(`${PROCESS}/model-view`, async (request) => {
    if (param(request, 'processInstanceId')) {
      const instanceId = await visibleInstance(request);
      const row = await db.selectFrom('blade_flow_instance as i').innerJoin('blade_flow_definition as d', 'd.id', 'i.definition_id')
        .select('d.xml').where('i.id', '=', instanceId).executeTakeFirst();
      const flow = (await queries.history(instanceId, { tableOnly: false }))
        .map((h) => ({ historyActivityId: h.historyActivityId, historyActivityType: h.historyActivityType, endTime: h.endTime }));
      return ok(request, { xml: String(row?.xml ?? ''), flow } satisfies FlowModelView);
    }
    const definitionId = param(request, 'processDefinitionId');
    if (!definitionId) throw failWith(FLOW_MESSAGES.definitionNotFound, { name: '' });
    let q = db.selectFrom('blade_flow_definition').select('xml').where('id', '=', definitionId);
    if (!request.user.isSuperAdmin) q = q.where('tenant_id', 'in', [request.user.tenantId, '']);
    const definition = await q.executeTakeFirst();
    if (!definition) throw failWith(FLOW_MESSAGES.definitionNotFound, { name: definitionId });
    return ok(request, { xml: String(definition.xml), flow: [] } satisfies FlowModelView);
  });
}
