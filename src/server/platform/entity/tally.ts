import { sql, type Expression, type SqlBool } from 'kysely';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { Db } from '../../db/connect.ts';
import type { Condition } from './conditions.ts';
import { fieldsOf } from './fields.ts';

/** Inclusive day bounds of a date filter; undefined = open. */
interface Days {
  from?: string;
  to?: string;
}

const DAY = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const d = new Date(Date.parse(`${monthOf(day)}T00:00:00Z`));
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};

/** The date filter's bounds narrowed by one condition; false when the condition is not a date comparison. */
function narrow(days: Days, { suffix, value }: Condition): boolean {
  const day = String(value).slice(0, 10);
  // Bounds are shifted by a day and rounded to months: at the calendar's two ends that leaves the dates PostgreSQL
  // takes (9999-12-31 + 1 day), and the rows are counted instead.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < '0001-02-01' || day > '9999-11-30') return false;
  const atLeast = (first: string) => {
    if (days.from === undefined || days.from < first) days.from = first;
  };
  const atMost = (last: string) => {
    if (days.to === undefined || days.to > last) days.to = last;
  };
  switch (suffix) {
    case 'equal':
    case 'dateequal':
      atLeast(day);
      atMost(day);
      return true;
    case 'ge':
    case 'datege':
      atLeast(day);
      return true;
    case 'gt':
    case 'dategt':
      atLeast(shift(day, 1));
      return true;
    case 'le':
    case 'datele':
      atMost(day);
      return true;
    case 'lt':
    case 'datelt':
      atMost(shift(day, -1));
      return true;
    default:
      return false;
  }
}

/**
 * The tally rows covering `days`: whole months by their month rows, the days around them by their day rows (a
 * year of movements is 12 rows per key, not 365).
 */
function periodPredicate({ from, to }: Days): Expression<SqlBool> {
  const months = { from: from === undefined ? undefined : from.endsWith('-01') ? from : nextMonth(from) };
  // The first day after the last whole month.
  const end = to === undefined ? undefined : shift(to, 1).endsWith('-01') ? shift(to, 1) : monthOf(to);
  if (months.from !== undefined && end !== undefined && months.from >= end)
    return sql<SqlBool>`grain = 'd' and at >= ${from} and at <= ${to}`;
  const parts = [
    sql<SqlBool>`grain = 'm'${months.from === undefined ? sql`` : sql` and at >= ${months.from}`}${
      end === undefined ? sql`` : sql` and at < ${end}`
    }`,
  ];
  if (from !== undefined && from !== months.from)
    parts.push(sql<SqlBool>`grain = 'd' and at >= ${from} and at < ${months.from}`);
  if (to !== undefined && end !== undefined && end <= to)
    parts.push(sql<SqlBool>`grain = 'd' and at >= ${end} and at <= ${to}`);
  return sql<SqlBool>`(${sql.join(
    parts.map((p) => sql`(${p})`),
    sql` or `,
  )})`;
}

/**
 * The total and sums of the rows the conditions select, from the entity's tally, when every condition is an
 * equality on one of its dimensions or a comparison of its date; undefined when the list must count its rows.
 * The caller has checked that nothing else narrows the rows (data scope, owner, a module's filter).
 */
export async function tallyTotals(
  db: Db,
  entity: EntityDef,
  tenantId: string,
  conditions: Condition[],
): Promise<{ total: number; sums: Record<string, number> } | undefined> {
  const tally = entity.tally;
  if (!tally || !entity.tenant) return undefined;
  const days: Days = {};
  const equal: Array<[string, string]> = [];
  for (const condition of conditions) {
    const name = condition.field.name;
    if (name === tally.date) {
      if (!narrow(days, condition)) return undefined;
    } else if (tally.by.includes(name) && condition.suffix === 'equal' && !condition.field.alsoMatches) {
      equal.push([condition.field.column, String(condition.value)]);
    } else return undefined;
  }
  if (days.from !== undefined && days.to !== undefined && days.from > days.to)
    return { total: 0, sums: Object.fromEntries((entity.sums ?? []).map((name) => [name, 0])) };
  const fields = fieldsOf(entity);
  const sums = (entity.sums ?? []).map((name) => fields.get(name)!);
  const row = await db
    .selectFrom(`${entity.table}_tally` as 'erp_inventory_log_tally')
    .select(sql<string>`coalesce(sum(n), 0)`.as('total'))
    .select(sums.map((f) => sql<string>`coalesce(sum(${sql.ref(f.column)}), 0)`.as(f.name)))
    .where('tenant_id', '=', tenantId)
    .where(periodPredicate(days))
    .$call((q) => equal.reduce((query, [column, value]) => query.where(sql.ref(column), '=', value), q))
    .executeTakeFirstOrThrow();
  const values = row as Record<string, unknown>;
  return {
    total: Number(values.total),
    sums: Object.fromEntries(sums.map((f) => [f.name, Number(values[f.name])])),
  };
}

/** Folds each tally's delta rows into one row per key (run in the background; safe beside writers). */
export async function mergeTallies(db: Db, entities: Iterable<EntityDef>): Promise<number> {
  let folded = 0;
  for (const entity of entities) {
    if (!entity.tally) continue;
    const { rows } = await sql<{ n: string }>`select ${sql.raw(`${entity.table}_tally_merge`)}() as n`.execute(db);
    folded += Number(rows[0]?.n ?? 0);
  }
  return folded;
}
