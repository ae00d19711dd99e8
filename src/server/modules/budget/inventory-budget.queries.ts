import { sql, type RawBuilder } from 'kysely';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { inventoryBudget } from '../../../shared/entities/budget/inventory-budget.ts';
import { isStored } from '../../../shared/entities/define.ts';
import { MONTHS, type MonthRange } from '../../../shared/entities/month-row.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { parseSearchMonth } from '../../platform/dimension-search.ts';
import { fail } from '../../platform/errors.ts';
import { companyDepts } from '../../platform/entity/company.ts';
import { parseListQuery } from '../../platform/entity/conditions.ts';
import { fieldsOf } from '../../platform/entity/fields.ts';
import type { EntityService, Page, WireRecord } from '../../platform/entity/service.ts';
import { textParam } from '../../platform/params.ts';
import { finishSql, rangeSum } from '../../platform/product-row.ts';
import type { Param } from '../../platform/route-schemas.ts';

/** `statlist` / `totalstat` parameters (budget.md §5.5), every one optional. */
export interface InventoryStatQuery {
  year?: Param;
  orgId?: Param;
  searchType?: Param;
  searchContent?: Param;
  searchMonth?: Param;
  groupBy?: Param;
  current?: Param;
  size?: Param;
}

const TABLE = inventoryBudget.table;
const FULL_YEAR: MonthRange = { year: 0, from: 1, to: 12 };
const TOTAL = { zh: '合计', en: 'Total' };
/** `groupBy`: the column a summary groups by. */
const GROUPS = { org: 'org_id', customer: 'customer_name', project: 'project' } as const;
export type InventoryGroup = keyof typeof GROUPS;

const column = (name: string) => sql.ref(`${TABLE}.${name}`);
const sum = (value: RawBuilder<unknown>) => sql<string>`coalesce(sum(${value}), 0)`;
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The rows the filters select, as the caller sees them: `year` (this year by default; a month range's year instead),
 * `orgId` and the dimension search (the entity's listFilter, platform/product-row.ts), and the months totalled.
 */
async function selected(service: EntityService, user: AuthUser, query: InventoryStatQuery) {
  const year = textParam(query.year);
  if (year !== undefined && !/^\d{4}$/.test(year)) throw fail('paramType', { name: 'year' });
  const range = parseSearchMonth(query.searchMonth);
  const rows = await service.matchingRows(user, {
    year: year ?? formatDateTime().slice(0, 4),
    orgId: textParam(query.orgId),
    searchType: query.searchType,
    searchContent: query.searchContent,
    searchMonth: query.searchMonth,
  });
  return { rows, range: range ?? FULL_YEAR };
}

/**
 * `totalstat` (the grid's 合计): each month's sums over every selected row, the totals over the searched months and
 * the number of rows, in SQL.
 */
export async function inventoryTotals(service: EntityService, user: AuthUser, query: InventoryStatQuery) {
  const { rows, range } = await selected(service, user, query);
  const totals: Record<string, unknown> = await rows
    .select([
      ...MONTHS.flatMap((m) => [
        sum(column(`amount${m}`)).as(`amount${m}`),
        sum(column(`actual${m}`)).as(`actual${m}`),
      ]),
      sum(rangeSum('amount', range, TABLE)).as('totalAmount'),
      sum(rangeSum('actual', range, TABLE)).as('totalActual'),
      sql<string>`count(*)`.as('rowCount'),
    ])
    .executeTakeFirstOrThrow();
  return Object.fromEntries(Object.entries(totals).map(([key, value]) => [key, Number(value)]));
}

/**
 * `statlist` without `groupBy`: the product grid's rows ordered by company, customer, project and part, each with its
 * totals over the searched months, its monthly averages (the budget over the months; the actual over the months up to
 * the last one that has one, none without) and its completion, worked out in SQL. A page with `current` and `size`,
 * else every row (export).
 */
export async function inventoryRows(
  db: Db,
  service: EntityService,
  user: AuthUser,
  query: InventoryStatQuery,
): Promise<Page<WireRecord> | WireRecord[]> {
  const { rows, range } = await selected(service, user, query);
  const paged = textParam(query.current) !== undefined && textParam(query.size) !== undefined;
  const page = parseListQuery(inventoryBudget, { current: query.current, size: query.size }, { paged });
  // The stored full-year totals give way to those of the range.
  const stored = [...fieldsOf(inventoryBudget).values()]
    .filter((field) => isStored(field) && field.name !== 'totalAmount' && field.name !== 'totalActual')
    .map((field) => `${TABLE}.${field.column}`);
  const order = ['org_id', 'customer_name', 'project', 'product_no', 'id'];
  let ranged = rows.select([
    ...stored,
    rangeSum('amount', range, TABLE).as('total_amount'),
    rangeSum('actual', range, TABLE).as('total_actual'),
  ]);
  for (const name of order) ranged = ranged.orderBy(column(name));
  if (paged) ranged = ranged.limit(page.size).offset((page.current - 1) * page.size);

  const months = range.to - range.from + 1;
  // The last month of the range with an actual, counted from the range's first.
  const lastActual = sql.join(
    Array.from({ length: months }, (_, i) => range.to - i).map(
      (m) => sql`when ${column(`actual${m}`)} <> 0 then ${sql.lit(m - range.from + 1)}`,
    ),
    sql` `,
  );
  let read = service
    .selectColumns(db.selectFrom(ranged.as(TABLE)))
    .select([
      sql<string>`round(${column('total_amount')} / ${sql.lit(months)}, 2)`.as('avg_amount'),
      sql<string | null>`round(${column('total_actual')} / nullif(case ${lastActual} else 0 end, 0), 2)`.as(
        'avg_actual',
      ),
      finishSql(column('total_actual'), column('total_amount')).as('total_finish'),
    ]);
  for (const name of order) read = read.orderBy(column(name));
  const records = await service.wire(await read.execute(), user.lang);
  if (!paged) return records;
  const counted = await rows.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const total = Number(counted.total);
  return { records, total, size: page.size, current: page.current, pages: Math.ceil(total / page.size) };
}

/** `groupBy` read: one of the groups, else the contract's wrong-parameter message. */
export function groupOf(raw: Param | undefined): InventoryGroup | undefined {
  const text = textParam(raw);
  if (text === undefined) return undefined;
  if (!Object.hasOwn(GROUPS, text)) throw fail('paramType', { name: 'groupBy' });
  return text as InventoryGroup;
}

/**
 * `statlist?groupBy=org|customer|project`: the selected rows summed by company (named), customer or project, each
 * month's completion and the totals over the searched months worked out from the sums, and a last row `TOTAL` / 合计
 * over them all; in SQL (grouping sets), ordered by the group's name.
 */
export async function inventorySummary(
  service: EntityService,
  user: AuthUser,
  query: InventoryStatQuery,
  group: InventoryGroup,
  lang: Lang,
) {
  const { rows, range } = await selected(service, user, query);
  const key = column(GROUPS[group]);
  const name =
    group === 'org'
      ? sql<string>`(select c.dept_name from ${companyDepts(sql`${user.tenantId}`)} c where c.remark = ${key}
          order by c.id limit 1)`
      : sql<string>`${key}`;
  const amount = sum(rangeSum('amount', range, TABLE));
  const actual = sum(rangeSum('actual', range, TABLE));
  const groups: Array<Record<string, unknown>> = await rows
    .select([
      sql<string>`${key}`.as('groupKey'),
      sql<number>`grouping(${key})`.as('isTotal'),
      name.as('groupName'),
      ...MONTHS.flatMap((m) => {
        const [a, b] = [sum(column(`amount${m}`)), sum(column(`actual${m}`))];
        return [a.as(`amount${m}`), b.as(`actual${m}`), finishSql(b, a).as(`finish${m}`)];
      }),
      amount.as('totalAmount'),
      actual.as('totalActual'),
      finishSql(actual, amount).as('totalFinish'),
    ])
    .groupBy(sql`grouping sets ((${key}), ())`)
    .orderBy(sql`grouping(${key})`)
    .orderBy(sql.ref('groupName'))
    .orderBy(sql.ref('groupKey'))
    .execute();
  return groups.map(({ groupKey, groupName, isTotal, ...figures }) => ({
    groupKey: Number(isTotal) ? 'TOTAL' : String(groupKey ?? ''),
    groupName: Number(isTotal) ? TOTAL[lang] : String(groupName ?? ''),
    ...Object.fromEntries(Object.entries(figures).map(([field, value]) => [field, numberOrNull(value)])),
  }));
}
