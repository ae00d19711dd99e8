import { sql } from 'kysely';
import { sumKey } from '../../../shared/contract/page.ts';
import { overdueRateOf } from '../../../shared/entities/finance/overdue-stat.ts';
import type { DynamicQuery } from '../../db/connect.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';

/** The footer's overdue ratio: the total overdue of the filtered rows over their total balance, none without one. */
export async function overdueRateOfRows(matching: DynamicQuery): Promise<number | null> {
  const row = (await matching
    .select(sql<string>`coalesce(sum(overdue_total), 0)`.as('overdue'))
    .select(sql<string>`coalesce(sum(receivable_amount), 0)`.as('receivable'))
    .executeTakeFirst()) as { overdue: string | number; receivable: string | number } | undefined;
  return overdueRateOf(row?.overdue, row?.receivable);
}

/** 逾期统计: the list's footer ratio, worked out from the column totals (never a sum or an average of ratios). */
export function overdueStatHooks(): EntityHooks {
  return {
    async pageExtras(_user, _query, matching) {
      return { [sumKey('overdueRate')]: await overdueRateOfRows(matching) };
    },
  };
}
