import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { fail, failWith, ok } from '../../platform/errors.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { requiredParam } from '../../platform/http.ts';
import { isId, optionalId } from '../../platform/ids.ts';
import { isRecord, mapQuery, Param, paramsOf, queryOrBody, queryParams } from '../../platform/route-schemas.ts';
import { PAGING } from '../../platform/entity/schemas.ts';
import { Type } from 'typebox';
import * as urls from '../../../shared/contract/api/flow.ts';
import type { Services } from '../../services.ts';
import { answers, ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import { Deployed, FlowModel, FlowModelPage } from '../../../shared/contract/api/flow.schemas.ts';
import { wireDateTime } from '../../../shared/contract/time.ts';
import { FLOW_MODEL, FLOW_MODEL_DEPLOY } from '../../../shared/flow/buttons.ts';
import { deploy, FLOW_MESSAGES, laidOut, refuseDeclarations } from '../../platform/workflow/index.ts';
import { deployed } from './flow-module.ts';
import { pagingOf } from '../../platform/entity/conditions.ts';
import { modelById, modelPage, type ModelRow, removeModels, saveModel } from './model.queries.ts';

/** Whether the parameter is set, the query string's over the body's (read before the schema: access comes first). */
const hasParam = ({ query, body }: FastifyRequest, name: string) =>
  Boolean(isRecord(query) && Object.hasOwn(query, name) ? query[name] : isRecord(body) && body[name]);
const MAX_XML = 1024 * 1024;

/**
 * Model design (contract flow.md §4, platform administration "SA"): the designer's BPMN models, deployed from here
 * to one or more tenants.
 */
export async function modelRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;
  const sa = (permission: string | ((request: FastifyRequest) => string)) => ({
    config: { superAdmin: true, permission },
  });

  const models = mapQuery({
    ...PAGING,
    modelKey: Type.String({ description: '模型标识 LIKE %v% (model key)' }),
    name: Type.String({ description: '模型名称 LIKE %v% (model name)' }),
  });
  app.get(
    urls.MODEL_LIST_URL,
    { ...sa(FLOW_MODEL), schema: { ...models, ...answers(FlowModelPage) } },
    async (request) => {
      const { query } = request;
      const paging = pagingOf(query);
      const filters = { modelKey: String(query.modelKey ?? '').trim(), name: String(query.name ?? '').trim() };
      const { rows, total } = await modelPage(db, request.user.tenantId, filters, paging);
      return ok(request, {
        records: rows.map((r) => modelOf(r, false)),
        total,
        size: paging.size,
        current: paging.current,
        pages: Math.ceil(total / paging.size),
      });
    },
  );

  const detail = answers(Type.Union([FlowModel, Type.Null()]));
  app.get(
    urls.MODEL_DETAIL_URL,
    { ...sa(FLOW_MODEL), schema: { ...queryParams({ id: Param }), ...detail } },
    async (request) => {
      const id = requiredParam(request.query, 'id');
      const row = isId(id) ? await modelById(db, request.user.tenantId, id) : undefined;
      // A model saved without diagram information (through the API) opens laid out in the designer.
      return ok(request, row ? { ...modelOf(row, true), xml: await laidOut(String(row.xml ?? '')) } : null);
    },
  );

  const submit = {
    ...sa((request) => (hasParam(request, 'id') ? `${FLOW_MODEL}_edit` : `${FLOW_MODEL}_add`)),
    schema: {
      ...queryOrBody({ id: Param, modelKey: Param, name: Param, xml: Param, description: Param }),
      ...ANSWERS_NO_DATA,
    },
  };
  app.post(urls.MODEL_SUBMIT_URL, submit, async (request) => {
    const body = paramsOf(request);
    const id = optionalId(body.id, 'id');
    const modelKey = String(body.modelKey ?? '').trim();
    const name = String(body.name ?? '').trim();
    const xml = typeof body.xml === 'string' ? body.xml : '';
    if (!modelKey) throw failWith(FLOW_MESSAGES.modelKeyRequired);
    if (!/^[A-Za-z_][\w.-]{0,63}$/.test(modelKey))
      throw fail('fieldType', { label: { zh: '模型标识', en: 'Model key' } });
    if (!name) throw failWith(FLOW_MESSAGES.modelNameRequired);
    if (name.length > 255) throw fail('tooLong', { label: { zh: '模型名称', en: 'Model name' }, name: 255 });
    if (xml.length > MAX_XML) throw failWith(FLOW_MESSAGES.fileTooLarge);
    refuseDeclarations(xml);
    const description = String(body.description ?? '').slice(0, 4000);
    const { userId, tenantId, deptIds } = request.user;
    const author = { userId, tenantId, deptId: deptIds[0] ?? null };
    await saveModel(db, author, id, { modelKey, name, description, xml: await laidOut(xml) });
    return ok(request, null);
  });

  app.post(
    urls.MODEL_REMOVE_URL,
    { ...sa(`${FLOW_MODEL}_delete`), schema: { ...queryOrBody({ ids: Param }), ...ANSWERS_NO_DATA } },
    async (request) => {
      await removeModels(db, request.user, parseIds(paramsOf(request).ids));
      return ok(request, null);
    },
  );

  // Deploys the model's XML as `<name>.bpmn20.xml`, once per tenant id (none = one shared definition).
  const deployment = queryOrBody({ modelId: Param, category: Param, tenantIds: Param });
  app.post(
    urls.MODEL_DEPLOY_URL,
    { ...sa(FLOW_MODEL_DEPLOY), schema: { ...deployment, ...answers(Deployed) } },
    async (request) => {
      const params = paramsOf(request);
      const modelId = requiredParam(params, 'modelId');
      const category = requiredParam(params, 'category');
      const tenantIds = String(params.tenantIds ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      const model = isId(modelId) ? await modelById(db, request.user.tenantId, modelId) : undefined;
      if (!model) throw failWith(FLOW_MESSAGES.modelNotFound, { name: modelId });
      const { unmatched } = await db.transaction().execute((trx) =>
        deploy(trx, request.user.userId, {
          xml: String(model.xml),
          category,
          tenantIds: tenantIds.length ? tenantIds : [''],
          resourceName: `${model.name}.bpmn20.xml`,
          modelId,
          hooks: services.flowHooks,
        }),
      );
      return deployed(request, unmatched);
    },
  );
}

function modelOf(row: ModelRow, withXml: boolean): FlowModel {
  const text = (value: unknown) => (value == null ? '' : String(value));
  return {
    id: text(row.id),
    modelKey: text(row.model_key),
    name: text(row.name),
    description: text(row.description),
    created: wireDateTime(row.create_time),
    lastUpdated: wireDateTime(row.update_time),
    createdBy: text(row.create_user),
    lastUpdatedBy: text(row.update_user),
    version: Number(row.version),
    modelType: Number(row.model_type),
    tenantId: text(row.tenant_id),
    modelComment: text(row.description),
    ...(withXml ? { xml: text(row.xml) } : {}),
  };
}
