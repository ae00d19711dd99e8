import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { region } from '../../../shared/entities/system/region.ts';
import { COUNTRY } from './region-data.ts';
import { ok, okOrEmpty } from '../../platform/errors.ts';
import { requestParams, requireParam } from '../../platform/http.ts';
import { LIST_QUERY } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { RegionService } from './region.service.ts';

const BASE = '/api/blade-system/region';

/**
 * `/api/blade-system/region/*` (contract system.md §15). Regions are keyed by code, so the entity engine does not
 * serve them. Reading needs the menu code, except the pickers other screens' forms use (lazy-tree, select: a signed-in
 * caller); writing needs `region_add` / `region_delete` and a role of the platform tenant: the rows are global.
 */
export async function regionRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const regions = new RegionService(services.db, services.dictionaries);
  const read = { config: { permission: region.code }, schema: LIST_QUERY };

  app.get(`${BASE}/list`, read, async (request) => ok(request, await regions.page(request.query)));
  app.get(`${BASE}/lazy-list`, read, async (request) => ok(request, await regions.lazyList(request.query)));
  app.get(`${BASE}/detail`, read, async (request) => okOrEmpty(request, await regions.detail(requireParam(request, 'code'))));
  app.get(`${BASE}/lazy-tree`, { schema: LIST_QUERY }, async (request) => ok(request, await regions.lazyTree(request.query)));
  app.get(`${BASE}/select`, async (request) => {
    const code = requestParams(request).code;
    return ok(request, await regions.children(typeof code === 'string' && code.trim() ? code.trim() : COUNTRY));
  });

  // BladeX seeds no region_edit: the screen's one save button is guarded by 新增下级 (region_add).
  app.post(`${BASE}/submit`, { config: { permission: `${region.code}_add`, platform: true } },
    async (request) => ok(request, await regions.submit(request.body)));
  app.post(`${BASE}/remove`, { config: { permission: `${region.code}_delete`, platform: true } }, async (request) => {
    await regions.remove(requireParam(request, 'id'));
    return ok(request, null);
  });
}
