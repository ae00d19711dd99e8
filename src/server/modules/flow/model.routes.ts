import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { fail, failWith, ok } from '../../platform/errors.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { requestParams, requireParam } from '../../platform/http.ts';
import { isId, nextId, optionalId } from '../../platform/ids.ts';
import { LIST_QUERY } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { formatDateTime, wireDateTime } from '../../../shared/contract/time.ts';
import type { FlowModel } from '../../../shared/flow/types.ts';
import { deploy } from './flow-definitions.ts';
import { FLOW_MESSAGES } from './flow-messages.ts';
import { deployed } from './flow-module.ts';
import { pagingOf } from './flow-queries.ts';

const MODEL = '/api/blade-flow/model';
const MAX_XML = 1024 * 1024;

/**
 * Model design (contract flow.md §4, platform administration "SA"): the designer's BPMN models, deployed from here
 * to one or more tenants.
 */
export async function modelRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;
  const sa = (permission: string | ((request: FastifyRequest) => string)) => ({ config: { superAdmin: true, permission } });

  const live = () => db.selectFrom('blade_flow_model').where('is_deleted', '=', 0);

  app.get(`${MODEL}/list`, { ...sa('flow_model'), schema: LIST_QUERY }, async (request) => {
    const { query } = request;
    const paging = pagingOf(query);
    let q = live().where('tenant_id', '=', request.user.tenantId);
    for (const [param, column] of [['modelKey', 'model_key'], ['name', 'name']] as const) {
      const value = String(query[param] ?? '').trim();
      if (value) q = q.where(sql`${sql.ref(column)}::text`, 'like', `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    const [count, rows] = await Promise.all([
      q.select(sql<string>`count(*)`.as('n')).executeTakeFirst(),
      q.selectAll().orderBy('update_time', 'desc').orderBy('id', 'desc').limit(paging.size).offset((paging.current - 1) * paging.size).execute(),
    ]);
    const total = Number(count?.n ?? 0);
    return ok(request, { records: rows.map((r) => modelOf(r, false)), total, size: paging.size, current: paging.current, pages: Math.ceil(total / paging.size) });
  });

  app.get(`${MODEL}/detail`, sa('flow_model'), async (request) => {
    const id = requireParam(request, 'id');
    const row = isId(id) ? await live().selectAll().where('id', '=', id).where('tenant_id', '=', request.user.tenantId).executeTakeFirst() : undefined;
    return ok(request, row ? modelOf(row, true) : null);
  });

  app.post(`${MODEL}/submit`, sa((request) => (requestParams(request).id ? 'flow_model_edit' : 'flow_model_add')), async (request) => {
    const body = requestParams(request);
    const id = optionalId(body.id, 'id');
    const modelKey = String(body.modelKey ?? '').trim();
    const name = String(body.name ?? '').trim();
    const xml = typeof body.xml === 'string' ? body.xml : '';
    if (!modelKey) throw failWith(FLOW_MESSAGES.modelKeyRequired);
    if (!/^[A-Za-z_][\w.-]{0,63}$/.test(modelKey)) throw fail('fieldType', { label: { zh: '模型标识', en: 'Model key' } });
    if (!name) throw failWith(FLOW_MESSAGES.modelNameRequired);
    if (name.length > 255) throw fail('tooLong', { label: { zh: '模型名称', en: 'Model name' }, name: 255 });
    if (xml.length > MAX_XML) throw failWith(FLOW_MESSAGES.fileTooLarge);
    const description = String(body.description ?? '').slice(0, 4000);
    const now = formatDateTime();
    const { userId, tenantId } = request.user;
    await db.transaction().execute(async (trx) => {
      const clash = await trx.selectFrom('blade_flow_model').select('id').where('tenant_id', '=', tenantId).where('model_key', '=', modelKey)
        .where('is_deleted', '=', 0).$if(Boolean(id), (q) => q.where('id', '<>', id!)).executeTakeFirst();
      if (clash) throw fail('exists', { label: { zh: '模型标识', en: 'Model key' } });
      if (!id) {
        await trx.insertInto('blade_flow_model').values({
          id: nextId(), tenant_id: tenantId, model_key: modelKey, name, description, xml, version: 1,
          create_user: userId, create_dept: request.user.deptIds[0] ?? null, create_time: now, update_user: userId, update_time: now, status: 1, is_deleted: 0,
        }).execute();
        return;
      }
      const updated = await trx.updateTable('blade_flow_model')
        .set((eb) => ({ model_key: modelKey, name, description, xml, version: eb('version', '+', 1), update_user: userId, update_time: now }))
        .where('id', '=', id).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw fail('dataNotFound');
    });
    return ok(request, null);
  });

  app.post(`${MODEL}/remove`, sa('flow_model_delete'), async (request) => {
    const ids = parseIds(requestParams(request).ids);
    await db.updateTable('blade_flow_model').set({ is_deleted: 1, update_user: request.user.userId, update_time: formatDateTime() })
      .where('id', 'in', ids).where('tenant_id', '=', request.user.tenantId).execute();
    return ok(request, null);
  });

  // Deploys the model's XML as `<name>.bpmn20.xml`, once per tenant id (none = one shared definition).
  app.post(`${MODEL}/deploy`, sa('flow_model_deploy'), async (request) => {
    const modelId = requireParam(request, 'modelId');
    const category = requireParam(request, 'category');
    const tenantIds = String(requestParams(request).tenantIds ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    const model = isId(modelId)
      ? await live().selectAll().where('id', '=', modelId).where('tenant_id', '=', request.user.tenantId).executeTakeFirst()
      : undefined;
    if (!model) throw failWith(FLOW_MESSAGES.modelNotFound, { name: modelId });
    const { unmatched } = await db.transaction().execute((trx) => deploy(trx, request.user.userId, {
      xml: String(model.xml), category, tenantIds: tenantIds.length ? tenantIds : [''], resourceName: `${model.name}.bpmn20.xml`, modelId,
    }));
    return deployed(request, unmatched);
  });
}

function modelOf(row: Record<string, unknown>, withXml: boolean): FlowModel {
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
