import { sql } from 'kysely';
import type { AgingMonth, CashMonth, ProfitMonth } from '../../../shared/contract/api/finance.schemas.ts';
import { IO_TYPE } from '../../../shared/entities/finance/income-expense.ts';
import { OVERDUE_BUCKETS } from '../../../shared/entities/finance/overdue-stat.ts';
import { camelToSnake } from '../../../shared/entities/define.ts';
import type { Db, DynamicQuery } from '../../db/connect.ts';
import { companyOptions } from '../../platform/entity/company.ts';

/**
 * The finance charts' figures (issue 35), each summed in SQL over `matching`: the rows the entity's list matches with
 * the same filters, tenant and data scope (EntityService.matchingRows).
 */

const pad = (month: unknown) => String(month).padStart(2, '0');

/** Each company's revenue, cost and net profit of every month matched, by company then month. */
export async function profitByMonth(db: Db, tenantId: string, matching: DynamicQuery): Promise<ProfitMonth[]> {
  const rows = (await matching
    .select(['org_id', 'year', 'month'])
    .select(sql<string>`sum(revenue)`.as('revenue'))
    .select(sql<string>`sum(cost)`.as('cost'))
    .select(sql<string>`sum(net_profit)`.as('net_profit'))
    .groupBy(['org_id', 'year', 'month'])
    .orderBy('org_id')
    .orderBy('year')
    .orderBy('month')
    .execute()) as Array<Record<string, string | number>>;
  const names = new Map((await companyOptions(db, tenantId)).map((c) => [c.value, c.label]));
  return rows.map((row) => ({
    orgId: String(row.org_id),
    orgName: names.get(String(row.org_id)) ?? String(row.org_id),
    period: `${row.year}-${pad(row.month)}`,
    revenue: Number(row.revenue),
    cost: Number(row.cost),
    netProfit: Number(row.net_profit),
  }));
}

/** Every statement month matched, its receivables summed by bucket, oldest month first. */
export async function agingByMonth(matching: DynamicQuery): Promise<AgingMonth[]> {
  const fields = ['notDueAmount', ...OVERDUE_BUCKETS] as const;
  const rows = (await matching
    .select('stat_month')
    .select(fields.map((field) => sql<string>`sum(${sql.ref(camelToSnake(field))})`.as(field)))
    .groupBy('stat_month')
    .orderBy('stat_month')
    .execute()) as Array<Record<string, string | number>>;
  return rows.map((row) => ({
    statMonth: String(row.stat_month),
    ...(Object.fromEntries(fields.map((field) => [field, Number(row[field])])) as Omit<AgingMonth, 'statMonth'>),
  }));
}

/** Receipts, payments and the net of every month matched, oldest first. */
export async function cashByMonth(matching: DynamicQuery): Promise<CashMonth[]> {
  const month = sql<string>`to_char(biz_date, 'YYYY-MM')`;
  const rows = (await matching
    .select(month.as('period'))
    .select(sql<string>`coalesce(sum(amount) filter (where io_type = ${IO_TYPE.receipt}), 0)`.as('receipts'))
    .select(sql<string>`coalesce(sum(amount) filter (where io_type = ${IO_TYPE.payment}), 0)`.as('payments'))
    .select(sql<string>`sum(signed_amount)`.as('net'))
    .groupBy(month)
    .orderBy(month)
    .execute()) as Array<Record<string, string | number>>;
  return rows.map((row) => ({
    period: String(row.period),
    receipts: Number(row.receipts),
    payments: Number(row.payments),
    net: Number(row.net),
  }));
}
