import { readEachTime, type Reads } from './reads.ts';
import { sql, type AliasedRawBuilder } from 'kysely';
import { displayField, refTargetOf, type EntityDef } from '../../../shared/entities/define.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { DynamicDb } from '../../db/connect.ts';
import { checkDigits, fieldsOf, toWire, type ResolvedField } from './fields.ts';
import { tablesOf } from './entity-tables.ts';
import type { EntityLookup } from './refs.ts';
import type { Row } from './types.ts';

/** Derived values (FieldDef `copyFrom` and `derive`): what the engine works out instead of taking it from a body. */

const targetOf = (entity: EntityDef, name: string, lookup: EntityLookup): EntityDef => {
  const target = lookup(name);
  if (!target) throw new Error(`${entity.name}: no entity named '${name}'`);
  return target;
};

/**
 * The values `copyFrom` fields take from the rows their references point at, one query per reference. The references
 * have been checked before (the caller may see them); a blank reference leaves the user's value. A `refBy` reference
 * copies from the target its row chooses; a copy without `field` takes that target's display field.
 */
export async function copiedValues(
  trx: DynamicDb,
  entity: EntityDef,
  lookup: EntityLookup,
  row: Row,
  tenantId: string,
  reads: Reads = readEachTime,
): Promise<Row> {
  const fields = fieldsOf(entity);
  const byRef = new Map<ResolvedField, ResolvedField[]>();
  for (const field of fields.values()) {
    if (!field.copyFrom) continue;
    const ref = fields.get(field.copyFrom.ref)!;
    byRef.set(ref, [...(byRef.get(ref) ?? []), field]);
  }
  const values: Row = {};
  for (const [ref, copies] of byRef) {
    const id = row[ref.column];
    if (id === undefined || id === null || id === '') continue;
    const chosen = ref.refBy ? row[fields.get(ref.refBy.field)!.column] : undefined;
    const target = targetOf(entity, refTargetOf(ref, chosen)!, lookup);
    const targetFields = fieldsOf(target);
    const sourceColumn = (field: ResolvedField) =>
      targetFields.get(field.copyFrom!.field ?? displayField(target)!)!.column;
    let source = trx.selectFrom(target.table).select(copies.map(sourceColumn));
    // A key unique within a tenant (`refKey`: an account's code) names a live row of the writer's tenant.
    if (target.refKey)
      source = source
        .where(targetFields.get(target.refKey)!.column, '=', String(id))
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0);
    else source = source.where('id', '=', String(id));
    const found = await reads(`copy ${target.name} ${String(id)} ${copies.map((f) => f.name).join(',')}`, () =>
      source.executeTakeFirst(),
    );
    for (const field of copies) values[field.column] = found?.[sourceColumn(field)] ?? null;
  }
  return values;
}

/** The stored derived values (`compute`) of the row as it will be saved. */
export function computedValues(entity: EntityDef, row: Row): Row {
  const { computed } = tablesOf(entity);
  if (!computed.length) return {};
  const wire = toWire(entity, row);
  const values: Row = {};
  for (const field of computed) {
    if (!field.derive || !('compute' in field.derive)) continue;
    const value = field.derive.compute(wire);
    if (typeof value === 'number') checkDigits(field, value);
    values[field.column] = value;
  }
  return values;
}

/**
 * What adds the values worked out on read to a record, from the record and the tenant's date today (once per read).
 */
export function todayDeriver(entity: EntityDef): (record: Row) => void {
  const fields = tablesOf(entity).today;
  if (!fields.length) return () => undefined;
  const today = formatDateTime().slice(0, 10);
  return (record) => {
    for (const field of fields)
      if (field.derive && 'today' in field.derive) record[field.name] = field.derive.today(record, today);
  };
}

/**
 * Select-list columns of the `aggregate` fields, correlated to the row of `entity.table` in the same query: over the
 * live rows of the same tenant that point at it.
 */
export function aggregateColumns(entity: EntityDef, lookup: EntityLookup): AliasedRawBuilder<unknown, string>[] {
  const columns: AliasedRawBuilder<unknown, string>[] = [];
  for (const field of fieldsOf(entity).values()) {
    if (!field.derive || !('aggregate' in field.derive)) continue;
    const { entity: name, via, fn, of, except } = field.derive.aggregate;
    const source = targetOf(entity, name, lookup);
    const sourceFields = fieldsOf(source);
    const column = (fieldName: string) => sql.ref(`a.${sourceFields.get(fieldName)!.column}`);
    const figure = fn === 'count' ? sql`count(*)` : sql`coalesce(${sql.raw(fn)}(${column(of!)}), 0)`;
    const tenant =
      source.tenant && entity.tenant ? sql`and a.tenant_id = ${sql.ref(`${entity.table}.tenant_id`)}` : sql``;
    const left = except
      ? sql`and cast(${column(except.field)} as text) not in (${sql.join(except.values.map(String))})`
      : sql``;
    columns.push(
      sql`(select ${figure} from ${sql.table(source.table)} a
        where ${column(via)} = ${sql.ref(`${entity.table}.id`)} and a.is_deleted = 0 ${tenant} ${left})`.as(
        field.column,
      ),
    );
  }
  return columns;
}

/**
 * The document numbers an insert takes (`sequence` fields): the next of the tenant's sequence for the period of
 * today, counted by an upsert that holds the counter's row until the transaction ends.
 */
export async function sequenceValues(trx: DynamicDb, entity: EntityDef, tenantId: string, row: Row): Promise<Row> {
  const values: Row = {};
  const fields = fieldsOf(entity);
  for (const field of fields.values()) {
    const prefix = field.sequence?.prefix;
    if (!prefix) continue;
    const by = typeof prefix === 'string' ? undefined : String(row[fields.get(prefix.field)!.column] ?? '');
    [values[field.column]] = await takeNumbers(trx, entity, field.name, tenantId, 1, by);
  }
  return values;
}

/** `count` numbers of a `sequence` field in a row (demo data that inserts rows itself takes them here too). */
export async function takeNumbers(
  db: DynamicDb,
  entity: EntityDef,
  fieldName: string,
  tenantId: string,
  count: number,
  /** With a prefix by field (`SequencePrefix`): that field's value in the row. */
  by?: string,
): Promise<string[]> {
  const { prefix: rule, period: length } = fieldsOf(entity).get(fieldName)!.sequence!;
  const prefix = typeof rule === 'string' ? rule : rule.values[by ?? ''];
  if (prefix === undefined) throw new Error(`${entity.name}.${fieldName}: no prefix for "${by}"`);
  const today = formatDateTime().slice(0, 10).replaceAll('-', '');
  const period = length === 'day' ? today : today.slice(0, 4);
  // Each prefix counts apart (RK…0001 and CK…0001 on one day).
  const key = typeof rule === 'string' ? `${entity.name}.${fieldName}` : `${entity.name}.${fieldName}.${prefix}`;
  const { rows } = await sql<{ last_value: number }>`
    insert into tenon_number_sequence (tenant_id, sequence_key, period, last_value)
    values (${tenantId}, ${key}, ${period}, ${count})
    on conflict (tenant_id, sequence_key, period)
    do update set last_value = tenon_number_sequence.last_value + ${count}
    returning last_value`.execute(db);
  const last = Number(rows[0].last_value);
  return Array.from({ length: count }, (_, i) => `${prefix}${period}${String(last - count + 1 + i).padStart(4, '0')}`);
}
