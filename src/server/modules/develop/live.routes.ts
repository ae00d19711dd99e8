import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  displayField,
  hasProcess,
  pickerTargetsOf,
  type ApprovableDef,
  type EntityDef,
} from '../../../shared/entities/define.ts';
import { LabelValue } from '../../../shared/contract/api/develop.schemas.ts';
import { model } from '../../../shared/entities/develop/model.ts';
import {
  LIVE_APPROVALS_URL,
  LIVE_DEFINITION_URL,
  LIVE_PUBLISH_URL,
  LIVE_REFERABLE_URL,
  LIVE_UNPUBLISH_URL,
  type LiveEntityWire,
} from '../../../shared/develop/live.ts';
import { LIVE_MESSAGES } from '../../../shared/develop/live-messages.ts';
import { asSystem } from '../../db/tenant-context.ts';
import { ApiError, ok, okOrEmpty } from '../../platform/errors.ts';
import { requiredParam } from '../../platform/http.ts';
import { answers } from '../../platform/response-schemas.ts';
import { idParam } from '../../platform/params.ts';
import { isRecord, Param, paramsOf, queryOrBody, queryParams } from '../../platform/route-schemas.ts';
import { registerRuntimeEntityRoutes } from '../../platform/entity/live-routes.ts';
import type { Services } from '../../services.ts';
import { RequestDetail } from '../../../shared/contract/api/approval.schemas.ts';
import { requestDetail } from '../flow/approval.routes.ts';
import { pickerReach } from '../../platform/entity/refs.ts';
import { LiveEntities } from './live-entities.ts';
import {
  approvalKinds,
  LIVE_MENU,
  LIVE_SERVICE,
  liveDefinitionOf,
  publish,
  storedDefinition,
  unpublish,
} from './live-publish.ts';

const Published = Type.Object({
  code: Type.String(),
  table: Type.String(),
  version: Type.Integer(),
  added: Type.Array(Type.String()),
  dropped: Type.Array(Type.String()),
  changed: Type.Array(Type.String()),
});

const LiveEntity = Type.Object({
  code: Type.String(),
  version: Type.Integer(),
  entity: Type.Unknown(),
  targets: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/** Whether `entity`'s forms (its lines' too) point at `name`: the reach refs.ts gives a picker. */
const pointsAt = (entity: EntityDef, name: string) => pickerReach(name, [entity]).codes.length > 0;

const codeOf = (request: FastifyRequest) => {
  const code = isRecord(request.query) ? request.query.code : undefined;
  return typeof code === 'string' && code ? code : LIVE_MENU.code;
};

/**
 * Live models (issue 38 point 3): `model/publish` (again: the change), `model/unpublish`, the definition a screen
 * renders, and the live entities themselves under `/api/blade-live/<code>/<action>`, served by the engine.
 */
export async function liveRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const live = new LiveEntities(services);
  // What a field may reference: an entity whose rows have a name to show (refs.ts refuses any other), built-in or live.
  const served = async () =>
    new Set(
      [...[...services.entities.values()].map((s) => s.entity), ...(await live.definitions())]
        .filter((entity) => displayField(entity))
        .map((entity) => entity.name),
    );
  const kinds = () => approvalKinds(services.entities.values());
  const tool = { platform: true, permission: `${model.code}_edit` };
  app.post(
    LIVE_PUBLISH_URL,
    {
      config: tool,
      schema: { ...queryOrBody({ id: Param, confirm: Type.Optional(Param) }), ...answers(Published) },
    },
    async (request) => {
      const { confirm, ...params } = paramsOf(request);
      const id = idParam(params.id, 'id');
      const next = await liveDefinitionOf(services.db, id, await served(), kinds());
      // Table changes need the owner's rights (requests run as tenon_app: db/tenant-scoped-driver.ts).
      const confirmed = String(confirm ?? '') === '1';
      // The table is every database's where tenants are placed (db/placement.ts): the main one and each data source.
      const sources = (await services.database.placement?.databases())?.slice(1) ?? [];
      const published = await asSystem(() => publish(services.db, request.user, id, next, confirmed, sources));
      // Menus changed, and every process compares the live versions once the grants stamp moves (live-entities.ts).
      await services.permissions.invalidate();
      return ok(request, published);
    },
  );
  app.post(
    LIVE_UNPUBLISH_URL,
    { config: tool, schema: { ...queryOrBody({ id: Param }), ...answers(Type.Null()) } },
    async (request) => {
      const id = idParam(paramsOf(request).id, 'id');
      const stored = await storedDefinition(services.db, id);
      const others = (await live.definitions()).filter((entity) => entity.name !== stored?.entity.name);
      const referrers = stored ? pickerReach(stored.entity.name, others).codes : [];
      if (referrers.length)
        throw new ApiError(400, LIVE_MESSAGES.referencedBy, { name: stored!.code, label: referrers.join(', ') });
      const code = await asSystem(() => unpublish(services.db, id));
      if (!code) throw new ApiError(400, LIVE_MESSAGES.notPublished);
      await services.permissions.invalidate();
      return ok(request, null);
    },
  );
  // Whoever may open the screen (its menu code) reads what it renders.
  app.get(
    LIVE_DEFINITION_URL,
    {
      config: { permission: codeOf },
      schema: {
        ...queryParams({ code: Param }),
        ...answers(LiveEntity),
      },
    },
    async (request) => {
      const found = await live.find(String(request.query.code));
      if (!found) throw new ApiError(400, LIVE_MESSAGES.notPublished);
      const { entity } = found.service;
      const targets = pickerTargetsOf((await live.definitions()).filter((other) => pointsAt(entity, other.name)));
      const wire: LiveEntityWire = { code: entity.code, version: found.version, entity, targets };
      return ok(request, wire);
    },
  );
  // An approved model's requests, read as any approvable's (the approval kit's detail), and the definitions the
  // inbox's cards render them from: any signed-in user, who reads only the requests he sent or may see the process of.
  app.get(
    `/api/${LIVE_SERVICE}/process/:kind/detail`,
    {
      schema: {
        params: Type.Object({ kind: Type.String({ description: '在线表单编号 (the live model code)' }) }),
        ...queryParams({ businessId: Param }),
        ...answers(RequestDetail),
      },
    },
    async (request) => {
      const found = await live.find(request.params.kind);
      const entity = found?.service.entity;
      if (!found || !entity?.approval || !hasProcess(entity.approval)) return okOrEmpty(request, null);
      const id = requiredParam(request.query, 'businessId');
      return requestDetail(services, { service: found.service, entity: entity as ApprovableDef }, request, id);
    },
  );
  app.get(
    LIVE_REFERABLE_URL,
    { config: { platform: true, permission: model.code }, schema: answers(Type.Array(LabelValue)) },
    async (request) => {
      const referable = (await live.definitions()).filter((entity) => displayField(entity));
      return ok(
        request,
        referable.map((entity) => ({ value: entity.name, label: `${entity.name} ${entity.label.zh}` })),
      );
    },
  );
  app.get(LIVE_APPROVALS_URL, { schema: answers(Type.Array(LiveEntity)) }, async (request) => {
    const wires: LiveEntityWire[] = (await live.approvables()).map(({ service, version }) => ({
      code: service.entity.code,
      version,
      entity: service.entity,
    }));
    return ok(request, wires);
  });
  await registerRuntimeEntityRoutes(fastify, LIVE_SERVICE, live.lookup);
}
