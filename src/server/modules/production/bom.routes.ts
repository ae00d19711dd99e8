import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { productBom } from '../../../shared/entities/production/product-bom.ts';
import { ok, okJson } from '../../platform/errors.ts';
import { Param, queryParams } from '../../platform/route-schemas.ts';
import * as urls from '../../../shared/contract/api/production.ts';
import { BomGroupPage, BomUse, ExplodedRow } from '../../../shared/contract/api/production.schemas.ts';
import { answers } from '../../platform/response-schemas.ts';
import { Type } from 'typebox';
import type { Services } from '../../services.ts';
import { Explosions, explosionJson } from './bom-explosion.ts';
import { bomGroupPage, partUses } from './bom.service.ts';

/**
 * The BOM screen's reads beside the engine's (permission `productbom`):
 * - `GET productbom/groups?productNo=&bomVersion=&componentNo=&sourceType=&current=&size=`: a page of BOMs (a parent
 *   and a version, with its line count), the rows the screen groups lines under;
 * - `GET productbom/explode?productId=&bomVersion=`: the indented multi-level explosion of a BOM version (its
 *   default version without `bomVersion`), gross quantities multiplied down the levels (kept by this process while
 *   the tenant's BOMs are unchanged: `Explosions`);
 * - `GET productbom/where-used?productId=`: every BOM containing the part at some level.
 */
export async function bomRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { permission: productBom.code };
  const groups = queryParams({
    productNo: Param,
    bomVersion: Param,
    componentNo: Param,
    sourceType: Param,
    current: Param,
    size: Param,
  });
  app.get(urls.BOM_GROUPS_URL, { config, schema: { ...groups, ...answers(BomGroupPage) } }, async (r) =>
    ok(r, await bomGroupPage(services.db, r.user, r.query)),
  );
  const explosions = new Explosions();
  app.get(
    urls.BOM_EXPLODE_URL,
    {
      config,
      schema: { ...queryParams({ productId: Param, bomVersion: Param }), ...answers(Type.Array(ExplodedRow)) },
    },
    // The explosion is kept as JSON text and sent as it is: the schema documents it, no serializer reads a string.
    async (r, reply) =>
      (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(okJson(r, await explosionJson(services.db, explosions, r.user, r.query))),
  );
  app.get(
    urls.BOM_WHERE_USED_URL,
    { config, schema: { ...queryParams({ productId: Param }), ...answers(Type.Array(BomUse)) } },
    async (r) => ok(r, await partUses(services.db, r.user, r.query)),
  );
}
