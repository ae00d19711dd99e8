import { sql } from 'kysely';
import { CATEGORY_MISMATCH, IO_TYPE, categoryFits } from '../../../shared/entities/finance/income-expense.ts';
import { failWith } from '../../platform/errors.ts';
import type { DynamicQuery } from '../../db/connect.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';

/** Σ receipts and Σ payments of the rows a list matches (the net is the footer's Σ of the signed amounts). */
export async function cashTotals(matching: DynamicQuery): Promise<{ sumReceipts: number; sumPayments: number }> {
  const row = (await matching
    .select(sql<string>`coalesce(sum(amount) filter (where io_type = ${IO_TYPE.receipt}), 0)`.as('receipts'))
    .select(sql<string>`coalesce(sum(amount) filter (where io_type = ${IO_TYPE.payment}), 0)`.as('payments'))
    .executeTakeFirst()) as { receipts: string | number; payments: string | number } | undefined;
  return { sumReceipts: Number(row?.receipts ?? 0), sumPayments: Number(row?.payments ?? 0) };
}

/**
 * 收支流水: a category of the other type is refused (1xx receipts, 2xx payments), on the row as it will be saved; the
 * list answers Σ receipts and Σ payments of its filtered rows beside the page.
 */
export function incomeExpenseHooks(): EntityHooks {
  return {
    async beforeWrite(_trx, _user, values, before) {
      const row = { ...before, ...values };
      if (!categoryFits(row.io_type, row.category)) throw failWith(CATEGORY_MISMATCH);
    },
    async pageExtras(_user, _query, matching) {
      return cashTotals(matching);
    },
  };
}
