import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, okOrEmpty } from './errors.ts';
import type { EntityService } from './entity-service.ts';
import { requestParams } from './http.ts';

const hasId = (request: FastifyRequest) => {
  const id = (request.body as Record<string, unknown> | null)?.id;
  return id !== undefined && id !== null && id !== '' && id !== 0 && id !== '0';
};

/**
 * The contract's CRUD routes of an entity: GET list|page|detail, POST submit|save|update|remove.
 * Reading needs the menu code, writing `<code>_add|_edit|_delete`.
 */
export function registerEntityRoutes(app: FastifyInstance, service: EntityService) {
  const { entity } = service;
  const base = `/api/${entity.service}/${entity.name}`;
  const read = { config: { permission: entity.code, platform: entity.platformOnly } };
  const platform = entity.platformOnly || !entity.tenant;

  app.get(`${base}/list`, read, async (request) => ok(request, await service.page(request.user, request.query as Record<string, unknown>)));
  app.get(`${base}/page`, read, async (request) => ok(request, await service.page(request.user, request.query as Record<string, unknown>)));
  app.get(`${base}/detail`, read, async (request) => okOrEmpty(request, await service.detail(request.user, (request.query as Record<string, unknown>).id)));

  app.post(`${base}/submit`, { config: { permission: (r) => `${entity.code}_${hasId(r) ? 'edit' : 'add'}`, platform } },
    async (request) => ok(request, await service.submit(request.user, request.body, 'submit')));
  app.post(`${base}/save`, { config: { permission: `${entity.code}_add`, platform } },
    async (request) => ok(request, await service.submit(request.user, request.body, 'save')));
  app.post(`${base}/update`, { config: { permission: `${entity.code}_edit`, platform } },
    async (request) => ok(request, await service.submit(request.user, request.body, 'update')));
  app.post(`${base}/remove`, { config: { permission: `${entity.code}_delete`, platform } }, async (request) => {
    await service.remove(request.user, requestParams(request).ids);
    return ok(request, null);
  });
}
