import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { prodplane } from '../../../shared/entities/production/prodplane.ts';
import { ok } from '../../platform/errors.ts';
import { listQuery } from '../../platform/entity/schemas.ts';
import type { Services } from '../../services.ts';
import { productRowPage } from '../../platform/product-row.ts';
import { answers, pageOf } from '../../platform/response-schemas.ts';

/**
 * `GET /api/blade-system/prodplane/list` (and `page`): the plan rows with the dimension search (budget.md §3); with a
 * `searchMonth` range the totals are those of the range. Reading needs the menu code, as the engine's lists do.
 */
export async function prodplaneRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const plans = services.entities.get(prodplane.name)!;
  for (const action of ['list', 'page'])
    app.get(
      `/api/${prodplane.service}/${prodplane.name}/${action}`,
      {
        config: { permission: prodplane.code },
        schema: { ...listQuery(prodplane, { paged: true, extra: plans.listParams }), ...answers(pageOf(prodplane)) },
      },
      async (request) => ok(request, await productRowPage(plans, request.user, request.query)),
    );
}
