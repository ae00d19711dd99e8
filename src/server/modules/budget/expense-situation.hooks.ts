import { sql } from 'kysely';
import { EXPENSE_STATUS } from '../../../shared/entities/finance/expense.ts';
import { expenseSituation } from '../../../shared/entities/budget/expense-situation.ts';
import type { Db } from '../../db/connect.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';
import { budgetRowHooks } from './budget-row.hooks.ts';
import { monthlyStat } from './budget-stat.ts';

/** The claims that count as spent (domain/finance.md § expense): approved, and paid. */
const SETTLED = [EXPENSE_STATUS.approved, EXPENSE_STATUS.paid];

/**
 * The approved and paid claims of each expense situation row (budget.md §5.3 `claimTotal`), one query for all of them:
 * Σ amount of its own tenant's claims of the same company, department and account dated in the row's year. A row
 * without such claims has 0.
 */
export async function claimTotals(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('erp_expense_situation as s')
    .innerJoin('erp_expense as e', (join) =>
      join
        .onRef('e.tenant_id', '=', 's.tenant_id')
        .onRef('e.subject_code', '=', 's.subject')
        .onRef('e.org_id', '=', 's.org_id')
        .onRef('e.dept_id', '=', 's.dept_id')
        .on('e.is_deleted', '=', 0)
        .on('e.expense_status', 'in', SETTLED)
        // A range of the year rather than extract(year ...): the claims' (tenant, account, date) index serves it.
        .on(sql<boolean>`e.expense_date >= make_date(s.year, 1, 1)`)
        .on(sql<boolean>`e.expense_date < make_date(s.year + 1, 1, 1)`),
    )
    .where('s.id', 'in', [...ids])
    .groupBy('s.id')
    .select('s.id')
    .select(sql<string>`sum(e.amount)`.as('claim_total'))
    .execute();
  return new Map(rows.map((row) => [String(row.id), Number(row.claim_total)]));
}

/**
 * 费用预算执行 (§5.3): the budget row's caption from its account; every record read carries `claimTotal`, and the list
 * the 合计 of every row its filters match beside the page (`sum`: budgetsituation/stat's object).
 */
export function expenseSituationHooks(services: Services): EntityHooks {
  const key = expenseSituation.pageRow!.key;
  return {
    prepare: budgetRowHooks(services).prepare,
    async decorate(records) {
      const totals = await claimTotals(
        services.db,
        records.map((record) => String(record.id)),
      );
      for (const record of records) record.claimTotal = totals.get(String(record.id)) ?? 0;
    },
    async pageExtras(_user, _query, matching) {
      return { [key]: await monthlyStat(matching, { actuals: true }) };
    },
  };
}
