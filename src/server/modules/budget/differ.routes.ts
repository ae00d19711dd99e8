import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { differ } from '../../../shared/entities/budget/differ.ts';
import { langOf, ok } from '../../platform/errors.ts';
import { Param, queryParams } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { differSummary } from './differ-summary.service.ts';
import { answers } from '../../platform/response-schemas.ts';
import { DifferSummaryRow } from '../../../shared/contract/api/budget.schemas.ts';
import { Type } from 'typebox';

/** The difference summary, for holders of the difference screen or of its summary screen. */
export async function differRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service = services.entities.get(differ.name)!;
  app.get(
    `/api/${differ.service}/${differ.name}/statlist`,
    {
      config: { permission: [differ.code, 'differstat'], standby: true },
      schema: { ...queryParams({ year: Param, orgId: Param }), ...answers(Type.Array(DifferSummaryRow)) },
    },
    async (r) => ok(r, await differSummary(services.db, service, r.user, r.query, langOf(r))),
  );
}
