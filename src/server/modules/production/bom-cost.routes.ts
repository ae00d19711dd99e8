import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BOMCOST_CALCULATE, bomCost } from '../../../shared/entities/production/bom-cost.ts';
import { fail, ok } from '../../platform/errors.ts';
import { Param, queryOrBody, queryParams, paramsOf } from '../../platform/route-schemas.ts';
import * as urls from '../../../shared/contract/api/production.ts';
import { JobProgress, RollUp } from '../../../shared/contract/api/production.schemas.ts';
import { answers } from '../../platform/response-schemas.ts';
import { Type } from 'typebox';
import type { Services } from '../../services.ts';
import { BomCostJobs, rollUp } from './bom-cost.service.ts';
import { idParam, textParam } from '../../platform/params.ts';

const yearOf = (value: Param | undefined, name: string): number => {
  const text = textParam(value);
  if (text === undefined) throw fail('missingParam', { name });
  if (!/^\d{4}$/.test(text)) throw fail('paramType', { name });
  return Number(text);
};

/**
 * BOM costs beyond the engine's routes:
 * - `GET bomcost/detail?id=`: the row, plus its roll-up (`lines`, `suggestedMaterialCost`, `suggestedSalesPrice`);
 *   `?productId=&bomVersion=&costYear=&currency=` gives the roll-up alone, for a form not saved yet (按BOM计算);
 * - `POST bomcost/calculate?costYear=` (重新核算, `bomcost_calculate`): starts the year's recalculation in the
 *   background and returns its progress `{jobId, total, done, state}`;
 * - `GET bomcost/calculate-progress?jobId=`: that progress, for the console to poll; once done it names the parts
 *   without a valid buying price the roll-ups counted at 0 (`unpriced`, `unpricedCount`).
 */
export async function bomCostRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const costs = services.entities.get(bomCost.name)!;
  const jobs = new BomCostJobs(services.db, services.kv);
  const detail = queryParams({ id: Param, productId: Param, bomVersion: Param, costYear: Param, currency: Param });
  app.get(
    urls.BOMCOST_DETAIL_URL,
    { config: { permission: bomCost.code }, schema: { ...detail, ...answers(Type.Union([RollUp, Type.Null()])) } },
    async (request) => {
      const { query, user } = request;
      if (textParam(query.id) !== undefined) {
        const record = await costs.detail(user, textParam(query.id));
        if (!record) return ok(request, null);
        const question = {
          productId: String(record.productId),
          bomVersion: String(record.bomVersion),
          costYear: Number(record.costYear),
          currency: String(record.currency),
        };
        return ok(request, { ...record, ...(await rollUp(services.db, user.tenantId, question)) });
      }
      if (textParam(query.productId) === undefined) throw fail('missingParam', { name: 'id' });
      const question = {
        productId: idParam(query.productId, 'productId'),
        bomVersion: textParam(query.bomVersion, 16) ?? 'V1.0',
        costYear: yearOf(query.costYear, 'costYear'),
        currency: textParam(query.currency, 32) ?? 'CNY',
      };
      return ok(request, await rollUp(services.db, user.tenantId, question));
    },
  );
  const calculate = { permission: BOMCOST_CALCULATE };
  app.post(
    urls.BOMCOST_CALCULATE_URL,
    { config: calculate, schema: { ...queryOrBody({ costYear: Param }), ...answers(JobProgress) } },
    async (request) => ok(request, await jobs.start(request.user, yearOf(paramsOf(request).costYear, 'costYear'))),
  );
  app.get(
    urls.BOMCOST_CALCULATE_PROGRESS_URL,
    {
      config: calculate,
      schema: { ...queryParams({ jobId: Param }), ...answers(Type.Union([JobProgress, Type.Null()])) },
    },
    async (request) => {
      const jobId = textParam(request.query.jobId);
      if (jobId === undefined) throw fail('missingParam', { name: 'jobId' });
      return ok(request, (await jobs.progress(request.user.tenantId, jobId)) ?? null);
    },
  );
}
