import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  FINANCE_STAT_CHART_URL,
  INCOME_EXPENSE_CHART_URL,
  OVERDUE_STAT_CHART_URL,
  RELATED_PARTIES_URL,
} from '../../../shared/contract/api/finance.ts';
import { AgingMonth, CashMonth, ProfitMonth, RelatedParty } from '../../../shared/contract/api/finance.schemas.ts';
import { financeStat } from '../../../shared/entities/finance/finance-stat.ts';
import { incomeExpense } from '../../../shared/entities/finance/income-expense.ts';
import { overdueStat } from '../../../shared/entities/finance/overdue-stat.ts';
import { relatedStat } from '../../../shared/entities/finance/related-stat.ts';
import { listQuery } from '../../platform/entity/schemas.ts';
import { ok } from '../../platform/errors.ts';
import { answers } from '../../platform/response-schemas.ts';
import type { Services } from '../../services.ts';
import { agingByMonth, cashByMonth, profitByMonth } from './finance-charts.queries.ts';
import { relatedParties } from './related-stat.hooks.ts';

/**
 * The finance screens' charts, each over the rows its list's filters match (same parameters, tenant and data scope,
 * the screen's read right), and the related parties a related-party row may name.
 */
export async function financeChartRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const matching = (name: string) => services.entities.get(name)!.matchingRows.bind(services.entities.get(name)!);

  app.get(
    FINANCE_STAT_CHART_URL,
    {
      config: { permission: financeStat.code, standby: true },
      schema: { ...listQuery(financeStat, { paged: false }), ...answers(Type.Array(ProfitMonth)) },
    },
    async (r) =>
      ok(r, await profitByMonth(services.db, r.user.tenantId, await matching(financeStat.name)(r.user, r.query))),
  );
  app.get(
    OVERDUE_STAT_CHART_URL,
    {
      config: { permission: overdueStat.code, standby: true },
      schema: { ...listQuery(overdueStat, { paged: false }), ...answers(Type.Array(AgingMonth)) },
    },
    async (r) => ok(r, await agingByMonth(await matching(overdueStat.name)(r.user, r.query))),
  );
  app.get(
    INCOME_EXPENSE_CHART_URL,
    {
      config: { permission: incomeExpense.code, standby: true },
      schema: { ...listQuery(incomeExpense, { paged: false }), ...answers(Type.Array(CashMonth)) },
    },
    async (r) => ok(r, await cashByMonth(await matching(incomeExpense.name)(r.user, r.query))),
  );
  app.get(
    RELATED_PARTIES_URL,
    { config: { permission: relatedStat.code, standby: true }, schema: answers(Type.Array(RelatedParty)) },
    async (r) => ok(r, await relatedParties(services, r.user)),
  );
}
