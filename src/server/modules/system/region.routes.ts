import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { region } from '../../../shared/entities/system/region.ts';
import { COUNTRY } from './region-data.ts';
import { ok, okOrEmpty } from '../../platform/errors.ts';
import { requiredParam } from '../../platform/http.ts';
import { listQuery } from '../../platform/entity/schemas.ts';
import { ANY_BODY, Param, paramsOf, queryOrBody, queryParams } from '../../platform/route-schemas.ts';
import { Type } from 'typebox';
import * as urls from '../../../shared/contract/api/system.ts';
import type { Services } from '../../services.ts';
import { REGION_LEVELS, RegionService } from './region.service.ts';
import { answers, ANSWERS_NO_DATA, rowOf, TreeNodes, treeRowOf } from '../../platform/response-schemas.ts';

const BASE = '/api/blade-system/region';

/**
 * `/api/blade-system/region/*` (contract system.md §15) beyond the engine's list, page and picker (regions are keyed
 * by code: the engine leaves detail and writes to this module). Reading needs the menu code, except the pickers other
 * screens' forms use (lazy-tree, select: a signed-in
 * caller); writing needs `region_add` / `region_delete` and a role of the platform tenant: the rows are global.
 */
export async function regionRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const regions = new RegionService(services.db, services.entities.get(region.name)!);
  // A level: the children of `parentCode` (the country's by default), or the rows the filters match.
  const level = listQuery(REGION_LEVELS, {
    paged: false,
    extra: { parentCode: Type.String({ description: '上级区划编号 (parent region code)' }) },
  });
  const read = { config: { permission: region.code }, schema: { ...level, ...answers(Type.Array(treeRowOf(region))) } };
  const row = rowOf(region);

  app.get(`${BASE}/lazy-list`, read, async (request) => ok(request, await regions.lazyList(request.query)));
  app.get(
    urls.REGION_DETAIL_URL,
    {
      config: read.config,
      schema: { ...queryParams({ code: Param }), ...answers(Type.Union([row, Type.Null()])) },
    },
    async (request) => okOrEmpty(request, await regions.detail(requiredParam(request.query, 'code'))),
  );
  app.get(urls.REGION_LAZY_TREE_URL, { schema: { ...level, ...answers(TreeNodes) } }, async (request) =>
    ok(request, await regions.lazyTree(request.query)),
  );
  app.get(
    `${BASE}/select`,
    { schema: { ...queryParams({ code: Param }), ...answers(Type.Array(row)) } },
    async (request) => {
      const { code } = request.query;
      return ok(request, await regions.children(typeof code === 'string' && code.trim() ? code.trim() : COUNTRY));
    },
  );

  // BladeX seeds no region_edit: the screen's one save button is guarded by 新增下级 (region_add).
  app.post(
    urls.REGION_SUBMIT_URL,
    { config: { permission: `${region.code}_add`, platform: true }, schema: { ...ANY_BODY, ...answers(row) } },
    async (request) => ok(request, await regions.submit(request.body)),
  );
  const remove = {
    config: { permission: `${region.code}_delete`, platform: true },
    schema: { ...queryOrBody({ id: Param }), ...ANSWERS_NO_DATA },
  };
  app.post(urls.REGION_REMOVE_URL, remove, async (request) => {
    await regions.remove(requiredParam(paramsOf(request), 'id'));
    return ok(request, null);
  });
}
