import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { inventoryBudget } from '../../../shared/entities/budget/inventory-budget.ts';
import { langOf, ok } from '../../platform/errors.ts';
import { isRecord, Param, queryParams } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { BATCH_COPY, BATCH_ROWS, batchCopy, batchSave, batchUpdate, type BatchUpdateRule } from './budget-batch.ts';
import { groupOf, inventoryRows, inventorySummary, inventoryTotals } from './inventory-budget.queries.ts';
import { answers, Page, rowOf } from '../../platform/response-schemas.ts';
import { Type } from 'typebox';
import {
  BatchCopied,
  InventorySummaryRow,
  MonthlyStat,
  RowsSaved,
  RowsUpdated,
} from '../../../shared/contract/api/budget.schemas.ts';

const STAT_QUERY = queryParams({
  year: Param,
  orgId: Param,
  searchType: Param,
  searchContent: Param,
  searchMonth: Param,
  groupBy: Param,
  current: Param,
  size: Param,
});

/** `statlist`: a page of rows (`current` and `size`), every row (export), or with `groupBy` the summary's rows. */
const STAT_ROWS = answers(
  Type.Union([Page(rowOf(inventoryBudget)), Type.Array(rowOf(inventoryBudget)), Type.Array(InventorySummaryRow)]),
);

/** The summary screen's menu (menus.md `inventorybudgetstat`): it reads the grouped summaries, not the rows. */
const SUMMARY_MENU = 'inventorybudgetstat';

/** Whether a query asks for the grouped summary (read before the schema types it). */
const asksSummary = (query: unknown) =>
  isRecord(query) && typeof query.groupBy === 'string' && query.groupBy.trim() !== '';

const NEW_ONLY = { zh: '批量新增不能包含已有记录', en: 'A batch of new rows cannot hold saved ones' };

/** `batchupdate` (budget.md §5.5): the monthly values and the descriptive fields; the row's key stays. */
const UPDATE_RULE: BatchUpdateRule = {
  fields: [
    ...['amount', 'actual'].flatMap((prefix) => Array.from({ length: 12 }, (_, i) => `${prefix}${i + 1}`)),
    'customerName',
    'project',
    'productName',
    'unit',
    'remark',
  ],
  key: ['year', 'orgId', 'productNo'],
  message: { zh: '年度、公司、零件号不能修改', en: 'The year, company and part number cannot be changed' },
};

/**
 * 存货预算 (domain/budget.md §5.5): the only routes of the entity. Reading needs the menu code (`statlist` with
 * `groupBy` the summary screen's as well); adding rows `inventorybudget_add`, changing them `inventorybudget_edit`,
 * copying a year `inventorybudget_batchcopy`. Every batch is all or nothing; budget-batch.ts checks their bodies.
 */
export async function inventoryBudgetRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;
  const service = services.entities.get(inventoryBudget.name)!;
  const { code } = inventoryBudget;
  const base = `/api/${inventoryBudget.service}/${inventoryBudget.name}`;

  app.get(
    `${base}/statlist`,
    {
      config: {
        permission: (r) => (asksSummary(r.query) ? [code, SUMMARY_MENU] : code),
        standby: true,
      },
      schema: { ...STAT_QUERY, ...STAT_ROWS },
    },
    async (r) => {
      const group = groupOf(r.query.groupBy);
      return ok(
        r,
        group
          ? await inventorySummary(service, r.user, r.query, group, langOf(r))
          : await inventoryRows(db, service, r.user, r.query),
      );
    },
  );
  app.get(
    `${base}/totalstat`,
    { config: { permission: code, standby: true }, schema: { ...STAT_QUERY, ...answers(MonthlyStat) } },
    async (r) => ok(r, await inventoryTotals(service, r.user, r.query)),
  );
  app.post(
    `${base}/batchsave`,
    { config: { permission: `${code}_add` }, schema: { ...BATCH_ROWS, ...answers(RowsSaved) } },
    async (r) => {
      const { inserted } = await batchSave(service, r.user, r.body, { newOnly: NEW_ONLY });
      return ok(r, { saved: inserted });
    },
  );
  app.post(
    `${base}/batchupdate`,
    { config: { permission: `${code}_edit` }, schema: { ...BATCH_ROWS, ...answers(RowsUpdated) } },
    async (r) => ok(r, await batchUpdate(db, service, r.user, r.body, UPDATE_RULE)),
  );
  app.post(
    `${base}/batchcopy`,
    { config: { permission: `${code}_batchcopy` }, schema: { ...BATCH_COPY, ...answers(BatchCopied) } },
    async (r) => ok(r, await batchCopy(db, service, r.user, r.body)),
  );
}
