import { sql } from 'kysely';
import { FEE_BASE } from '../../../shared/entities/budget/retention.ts';
import type { Db } from '../../db/connect.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';

/**
 * The estimated fee of each retention row (domain/budget.md §5.7), one query for all of them: the rate times the
 * year's revenue of its company's finance statistics (fee base 1), or their total profit (2), of the row's own tenant;
 * rows whose company has no statistics that year are left out (no fee: none known).
 */
export async function feeAmounts(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('erp_retention as r')
    .innerJoin('erp_finance_stat as s', (join) =>
      join
        .onRef('s.tenant_id', '=', 'r.tenant_id')
        .onRef('s.org_id', '=', 'r.org_id')
        .onRef('s.year', '=', 'r.year')
        .on('s.is_deleted', '=', 0),
    )
    .where('r.id', 'in', [...ids])
    .groupBy(['r.id', 'r.fee_base', 'r.total_amount'])
    .select('r.id')
    .select(
      sql<string>`round(sum(case when r.fee_base = ${FEE_BASE.totalProfit} then s.total_profit else s.revenue end)
        * r.total_amount, 2)`.as('fee_amount'),
    )
    .execute();
  return new Map(rows.map((row) => [String(row.id), Number(row.fee_amount)]));
}

/** 集团管理费: lists (and every record read) carry `feeAmount`, null without statistics. */
export function retentionHooks({ db }: Services): EntityHooks {
  return {
    async decorate(records) {
      const fees = await feeAmounts(
        db,
        records.map((record) => String(record.id)),
      );
      for (const record of records) record.feeAmount = fees.get(String(record.id)) ?? null;
    },
  };
}
