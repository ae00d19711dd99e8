import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { failWith } from '../../platform/errors.ts';
import { requiredParam } from '../../platform/http.ts';
import { Param, paramsOf, queryOrBody } from '../../platform/route-schemas.ts';
import { ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import * as urls from '../../../shared/contract/api/flow.ts';
import type { Services } from '../../services.ts';
import { FLOW_FOLLOW } from '../../../shared/flow/buttons.ts';
import { FLOW_MESSAGES, workflowOf } from '../../platform/workflow/index.ts';
import { success } from './flow-module.ts';
import { variablesOf } from './work.routes.ts';

const ANY_VALUE = Type.Optional(Type.Unknown());

/**
 * [DESIGN] issue 34: what the processes of a tenant wait for, delivered by the platform administrator from the
 * follow-up screen or an integration — a signal to every waiting instance and start event of the tenant, a message to
 * one receiver (an instance's, or a start event's), a receive task triggered. Throw events and end events deliver the
 * same within their own tenant without these routes.
 */
export async function eventRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const workflow = workflowOf(services);
  const guard = { superAdmin: true, permission: FLOW_FOLLOW };

  const signal = queryOrBody({ tenantId: Param, signalName: Param, variables: ANY_VALUE });
  app.post(urls.FOLLOW_SIGNAL_URL, { config: guard, schema: { ...signal, ...ANSWERS_NO_DATA } }, async (request) => {
    const params = paramsOf(request);
    const name = requiredParam(params, 'signalName');
    const received = await workflow.signal(
      request.user,
      requiredParam(params, 'tenantId'),
      name,
      variablesOf(params.variables),
    );
    return success(request, FLOW_MESSAGES.signalSent, { name, label: String(received) });
  });

  const message = queryOrBody({ tenantId: Param, messageName: Param, processInstanceId: Param, variables: ANY_VALUE });
  app.post(urls.FOLLOW_MESSAGE_URL, { config: guard, schema: { ...message, ...ANSWERS_NO_DATA } }, async (request) => {
    const params = paramsOf(request);
    const name = requiredParam(params, 'messageName');
    const instanceId = String(params.processInstanceId ?? '').trim() || undefined;
    const received = await workflow.message(
      request.user,
      requiredParam(params, 'tenantId'),
      name,
      instanceId,
      variablesOf(params.variables),
    );
    if (!received) throw failWith(FLOW_MESSAGES.messageNobody, { name });
    return success(request, FLOW_MESSAGES.messageSent, { name });
  });

  const trigger = queryOrBody({ processInstanceId: Param, activityId: Param, variables: ANY_VALUE });
  app.post(urls.FOLLOW_TRIGGER_URL, { config: guard, schema: { ...trigger, ...ANSWERS_NO_DATA } }, async (request) => {
    const params = paramsOf(request);
    const activityId = requiredParam(params, 'activityId');
    const triggered = await workflow.trigger(
      request.user,
      requiredParam(params, 'processInstanceId'),
      activityId,
      variablesOf(params.variables),
    );
    if (!triggered) throw failWith(FLOW_MESSAGES.triggerNothing, { name: activityId });
    return success(request, FLOW_MESSAGES.triggered, { name: activityId });
  });
}
