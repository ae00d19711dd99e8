import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { budgetFill } from '../../../shared/entities/budget/budget-fill.ts';
import { BUDGETSITUATION_APPROVE, budgetSituation } from '../../../shared/entities/budget/budget-situation.ts';
import { shownInRange } from '../../../shared/entities/month-row.ts';
import { parseSearchMonth } from '../../platform/dimension-search.ts';
import { ok } from '../../platform/errors.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { allRecords, sendExport } from '../../platform/entity/excel.ts';
import { listQuery } from '../../platform/entity/schemas.ts';
import { ANY_BODY, ANY_PARAMS, documentedQuery, paramsOf } from '../../platform/route-schemas.ts';
import { Type } from 'typebox';
import type { Services } from '../../services.ts';
import { moveCodes, readMoves, workflowOf } from '../../platform/workflow/index.ts';
import { productRowPage } from '../../platform/product-row.ts';
import { answers, pageOf } from '../../platform/response-schemas.ts';
import { RowsApproved, RowsMoved } from '../../../shared/contract/api/approval.schemas.ts';
import { MonthlyStat } from '../../../shared/contract/api/budget.schemas.ts';
import { BUDGET_LINE, budgetLineEffect, SITUATION } from './budget-approval.ts';
import { monthlyStat } from './budget-stat.ts';

const FILL_STATE_COUNTS = {
  column: 'approve_status',
  values: { draftCount: '0', submittedCount: '1', approvedCount: '2', rejectedCount: '3' },
};

/**
 * 预算填报 and 预算执行情况 beyond the engine (domain/budget.md §5.1, §5.2): the lines' `stat` and `approval` (their
 * processes followed in the inbox), the situation's list with the dimension search (§3), its export, `stat` and
 * `approval`.
 */
export async function budgetFillRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, permissions } = services;
  const workflow = workflowOf(services);
  const fills = services.entities.get(budgetFill.name)!;
  const situations = services.entities.get(budgetSituation.name)!;
  workflow.register(BUDGET_LINE, budgetLineEffect);

  const fillBase = `/api/${budgetFill.service}/${budgetFill.name}`;
  const fillStat = {
    config: { permission: budgetFill.code, standby: true },
    schema: { ...listQuery(budgetFill, { paged: false }), ...answers(MonthlyStat) },
  };
  app.get(`${fillBase}/stat`, fillStat, async (request) =>
    ok(
      request,
      await monthlyStat(await fills.matchingRows(request.user, request.query), {
        actuals: false,
        counts: FILL_STATE_COUNTS,
      }),
    ),
  );
  app.post(
    `${fillBase}/approval`,
    { config: { permission: budgetFill.code }, schema: { ...ANY_BODY, ...answers(RowsMoved) } },
    async (request) => {
      const { user } = request;
      const moves = readMoves(request.body);
      const codes = moveCodes(BUDGET_LINE, moves.move);
      const held = await Promise.all(codes.map((code) => permissions.has(user, code)));
      const granted = new Set(codes.filter((_, i) => held[i]));
      const target = { entity: BUDGET_LINE, rows: await fills.visibleRows(user) };
      const changed = await db.transaction().execute((trx) => workflow.move(trx, user, target, { ...moves, granted }));
      return ok(request, { changed });
    },
  );

  const situationBase = `/api/${budgetSituation.service}/${budgetSituation.name}`;
  const situationQuery = (paged: boolean) => listQuery(budgetSituation, { paged, extra: situations.listParams });
  for (const action of ['list', 'page'])
    app.get(
      `${situationBase}/${action}`,
      {
        config: { permission: budgetSituation.code, standby: true },
        schema: { ...situationQuery(true), ...answers(pageOf(budgetSituation)) },
      },
      async (request) => ok(request, await productRowPage(situations, request.user, request.query)),
    );
  // The export reads as the list does (§3: totals over a searched month range) and shows the grid's months alone.
  app.get(
    `${situationBase}/export-${budgetSituation.name}`,
    {
      config: { permission: `${budgetSituation.code}_export`, download: true, standby: true },
      schema: situationQuery(false),
    },
    async (request, reply) => {
      const range = parseSearchMonth(request.query.searchMonth);
      const records = allRecords(situations, request.user, request.query, (user, query) =>
        productRowPage(situations, user, query),
      );
      const file = budgetSituation.excel!.file;
      return sendExport(
        request,
        reply,
        budgetSituation,
        records,
        file,
        (field) => !range || shownInRange(field, range),
      );
    },
  );
  app.get(
    `${situationBase}/stat`,
    {
      config: { permission: budgetSituation.code, standby: true },
      schema: { ...situationQuery(false), ...answers(MonthlyStat) },
    },
    async (request) =>
      ok(
        request,
        await monthlyStat(await situations.matchingRows(request.user, request.query), {
          actuals: true,
          range: parseSearchMonth(request.query.searchMonth),
        }),
      ),
  );
  app.post(
    `${situationBase}/approval`,
    {
      config: { permission: BUDGETSITUATION_APPROVE },
      schema: {
        ...ANY_PARAMS,
        ...documentedQuery({ ids: Type.String({ description: '主键，逗号分隔 (ids)' }) }),
        ...answers(RowsApproved),
      },
    },
    async (request) => {
      const { user } = request;
      // The route's permission is the move's button (its declaration's `decide`): held by whoever reaches here.
      const moves = { ids: [...new Set(parseIds(paramsOf(request).ids))], move: 'approve' as const, opinion: '' };
      const granted = new Set(moveCodes(SITUATION, moves.move));
      const target = { entity: SITUATION, rows: await situations.visibleRows(user) };
      const approved = await db.transaction().execute((trx) => workflow.move(trx, user, target, { ...moves, granted }));
      return ok(request, { approved });
    },
  );
}
