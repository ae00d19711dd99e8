import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../platform/errors.ts';
import { answers, ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import { textParam } from '../../platform/params.ts';
import { Param, queryParams } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import * as urls from '../../../shared/contract/api/desk.ts';
import { HomeChart, MenuVisits, Shortcut } from '../../../shared/contract/api/desk.schemas.ts';
import { addMenuVisits, mostVisited } from './home.queries.ts';

const SHORTCUTS_MAX = 20;

/**
 * The home page's own reads and writes (issue 36): every caller's, about himself only, so no permission code guards
 * them (tests/server/access-rights.test.ts: SELF); each module's chart keeps to its own code and data scope.
 */
export async function homeRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;

  app.post(urls.HOME_VISITS_URL, { schema: { body: MenuVisits, ...ANSWERS_NO_DATA } }, async (request) => {
    await addMenuVisits(db, request.user, request.body.visits);
    return ok(request, null);
  });

  const shortcuts = { schema: { ...queryParams({ size: Param }), ...answers(Type.Array(Shortcut)) } };
  app.get(urls.HOME_SHORTCUTS_URL, shortcuts, async (request) => {
    const size = Math.min(SHORTCUTS_MAX, Math.max(1, Math.floor(Number(textParam(request.query.size)) || 8)));
    return ok(request, await mostVisited(db, request.user, size));
  });

  app.get(urls.HOME_CHARTS_URL, { schema: answers(Type.Array(HomeChart)) }, async (request) => {
    const { user } = request;
    const charts = await Promise.all(
      services.homeCharts.map(async (source) =>
        !source.permission || (await services.permissions.has(user, source.permission))
          ? source.chart(services, user)
          : undefined,
      ),
    );
    return ok(
      request,
      charts.filter((chart) => chart !== undefined),
    );
  });
}
