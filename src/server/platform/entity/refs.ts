import { readEachTime, type Reads } from './reads.ts';
import { sql, type AliasedRawBuilder, type SqlBool } from 'kysely';
import { displayField, keyField, refNameKey, refTargetsOf, type EntityDef } from '../../../shared/entities/define.ts';
import { MESSAGES, type LocalText } from '../../../shared/i18n/server-messages.ts';
import type { DynamicDb } from '../../db/connect.ts';
import { splitList } from '../auth-context.ts';
import { ApiError, failWith } from '../errors.ts';
import { fieldsOf, type ResolvedField } from './fields.ts';
import type { Row, VisibleRows } from './types.ts';

/** Entity definitions by name: what `ref` and `lines` name. */
export type EntityLookup = (name: string) => EntityDef | undefined;

export interface RefField {
  field: ResolvedField;
  /** The entity `ref` names: the target, unless `by` points the row elsewhere. */
  target: EntityDef;
  /** The wire key of the target's display names. */
  key: string;
  /** `refBy`: the field of the row choosing the target, and the targets by its value (text). */
  by?: { field: ResolvedField; targets: ReadonlyMap<string, EntityDef> };
}

const refCache = new WeakMap<EntityDef, RefField[]>();

/**
 * The entity's `ref` fields with their targets; a name no entity has, or a target without a display field, is a bug.
 */
export function refFieldsOf(entity: EntityDef, lookup: EntityLookup): RefField[] {
  let refs = refCache.get(entity);
  if (!refs) {
    const resolve = (field: ResolvedField, name: string) => {
      const target = lookup(name);
      if (!target || !displayField(target))
        throw new Error(`${entity.name}.${field.name}: ref '${name}' names no entity with a display field`);
      return target;
    };
    refs = [...fieldsOf(entity).values()]
      .filter((f) => f.ref)
      .map((field) => {
        const ref: RefField = { field, target: resolve(field, field.ref!), key: refNameKey(field.name, field) };
        if (field.refBy) {
          const selector = fieldsOf(entity).get(field.refBy.field);
          if (!selector) throw new Error(`${entity.name}.${field.name}: refBy names no field '${field.refBy.field}'`);
          const targets = Object.entries(field.refBy.targets).map(([value, name]) => [value, resolve(field, name)]);
          ref.by = { field: selector, targets: new Map(targets as Array<[string, EntityDef]>) };
        }
        for (const [theirs, ours] of Object.entries(field.within?.match ?? {}))
          if (!fieldsOf(ref.target).has(theirs) || !fieldsOf(entity).has(ours))
            throw new Error(`${entity.name}.${field.name}: within names no field ${theirs} / ${ours}`);
        return ref;
      });
    refCache.set(entity, refs);
  }
  return refs;
}

/** Every entity a reference field may point at. */
export const targetsOf = (ref: RefField): EntityDef[] => [
  ...new Set([ref.target, ...(ref.by?.targets.values() ?? [])]),
];

/** The entity the reference points at in `row` (column values): chosen by its `refBy` field, else `ref`'s. */
export function targetIn(ref: RefField, row: Row): EntityDef {
  if (!ref.by) return ref.target;
  const value = row[ref.by.field.column];
  return ref.by.targets.get(value === undefined || value === null ? '' : String(value)) ?? ref.target;
}

/**
 * Select-list columns with each reference's display names, correlated to the row of `entity.table` in the same
 * query: names in the order of the stored ids, live rows of the row's own tenant only. A `refBy` reference reads the
 * target its row's value chooses.
 */
export function refNameColumns(entity: EntityDef, lookup: EntityLookup): AliasedRawBuilder<string | null, string>[] {
  return refFieldsOf(entity, lookup).map(({ field, target, key, by }) => {
    const names = (of: EntityDef) => namesIn(entity, field, of);
    if (!by) return names(target).as(key);
    const selector = sql`cast(${sql.ref(`${entity.table}.${by.field.column}`)} as text)`;
    const cases = [...by.targets].map(([value, of]) => sql`when ${selector} = ${value} then ${names(of)}`);
    return sql<string | null>`(case ${sql.join(cases, sql` `)} else ${names(target)} end)`.as(key);
  });
}

/** The display names of the `target` rows a reference field of the row of `entity.table` holds. */
function namesIn(entity: EntityDef, field: ResolvedField, target: EntityDef) {
  const ids = sql`string_to_array(nullif(cast(${sql.ref(`${entity.table}.${field.column}`)} as text), ''), ',')`;
  const name = sql.ref(`t.${fieldsOf(target).get(displayField(target)!)!.column}`);
  // The tenant is checked on the rows found by key, never used to find them (a text expression no index serves): to
  // the planner a tenant's index looks like one row (1 / number of tenants), and it read every dept of a 221-dept
  // tenant for each user listed, 0.2 ms a row.
  const tenant =
    target.tenant && entity.tenant ? sql`and (t.tenant_id || '') = ${sql.ref(`${entity.table}.tenant_id`)}` : sql``;
  // A generated id is matched as a number (its index); a keyed entity's key as the text it is.
  const keyColumn = sql.ref(`t.${keyColumnOf(target)}`);
  // One id: a plain equality of the two columns. Under row-level security only a leakproof condition reaches the
  // index, and the list form's casts are not (a scan of the target for every row: 20 ms a row for 20,000 parts).
  if (field.type === 'id' && !target.key)
    return sql<string | null>`(select cast(${name} as text) from ${sql.table(target.table)} t
      where t.id = ${sql.ref(`${entity.table}.${field.column}`)} and t.is_deleted = 0 ${tenant} limit 1)`;
  // A list: its keys unnested, each joined by a plain equality (leakproof: the index serves it), in the list's order.
  const keys = target.key || target.refKey ? ids : sql`cast(${ids} as bigint[])`;
  const live = target.key ? sql`` : sql`and t.is_deleted = 0`;
  return sql<string | null>`(select string_agg(cast(${name} as text), ',' order by k.n)
      from unnest(${keys}) with ordinality as k(key, n) join ${sql.table(target.table)} t on ${keyColumn} = k.key
      where true ${live} ${tenant})`;
}

/** The column a row is known by in its own routes (`detail?id=`): `id`, or a keyed entity's key. */
export const rowKeyColumnOf = (entity: EntityDef): string => fieldsOf(entity).get(keyField(entity))!.column;

/** The column a reference to `target` stores: its row key, or the field references name it by (`refKey`). */
export const keyColumnOf = (target: EntityDef): string =>
  fieldsOf(target).get(target.refKey ?? keyField(target))!.column;

/** The message refusing ids of `field` the caller cannot see. */
const missing = (field: ResolvedField) =>
  field.missing ? failWith(field.missing) : new ApiError(400, MESSAGES.refMissing, { label: field.label });

/**
 * Every id written into a reference field is a row the caller sees in the target's own list (`visible`: resolved
 * before the transaction, by target name). `row` is the row as it will be saved: a `refBy` reference is checked
 * against the target its row chooses, again when only the choosing field changes.
 */
export async function checkRefs(
  trx: DynamicDb,
  refs: RefField[],
  visible: Map<string, VisibleRows>,
  values: Row,
  row: Row = values,
  reads: Reads = readEachTime,
): Promise<void> {
  for (const ref of refs) {
    const { field } = ref;
    if (values[field.column] === undefined && (!ref.by || values[ref.by.field.column] === undefined)) continue;
    const value = row[field.column];
    if (value === undefined || value === null) continue;
    const ids = [...new Set(splitList(String(value)))];
    if (!ids.length) continue;
    const target = targetIn(ref, row);
    const column = keyColumnOf(target);
    const leaves = target.tree?.leavesOnly;
    const leaf = leaves && fieldsOf(target).get(leaves.field)!.column;
    const found = await reads(`ref ${target.name} ${column} ${ids.join(',')}`, () =>
      visible.get(target.name)!(trx)
        .where(column, 'in', ids)
        .select(leaf ? [column, leaf] : [column])
        .execute(),
    );
    if (found.length !== ids.length) throw missing(field).about(field.name);
    if (leaf && found.some((r) => Number(r[leaf]) !== 1)) throw failWith(leaves.message).about(field.name);
  }
}

/**
 * `within` (FieldDef): every row a reference field points at holds, in each of its matched fields, this row's value
 * of the paired field. `row` is the record as it will be saved; checked when the reference or a paired field of this
 * row is among the written `values`. The ids have passed `checkRefs` (the caller sees them).
 */
export async function checkWithin(
  trx: DynamicDb,
  entity: EntityDef,
  refs: RefField[],
  row: Row,
  values: Row,
): Promise<void> {
  const own = fieldsOf(entity);
  for (const { field, target } of refs) {
    const within = field.within;
    if (!within) continue;
    const pairs = Object.entries(within.match).map(([theirs, ours]) => ({
      theirs: fieldsOf(target).get(theirs)!.column,
      ours: own.get(ours)!.column,
    }));
    if (values[field.column] === undefined && !pairs.some((p) => values[p.ours] !== undefined)) continue;
    const value = row[field.column];
    if (value === undefined || value === null) continue;
    const ids = [...new Set(splitList(String(value)))];
    if (!ids.length) continue;
    const found = await trx
      .selectFrom(target.table)
      .select(pairs.map((p) => p.theirs))
      .where(keyColumnOf(target), 'in', ids)
      .execute();
    const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
    const fits = (r: Row) => pairs.every((p) => text(row[p.ours]) !== '' && text(r[p.theirs]) === text(row[p.ours]));
    if (found.length !== ids.length || !found.every(fits)) throw failWith(within.message);
  }
}

/**
 * The other side of `within`: an update of a row that changes a field other rows' `within` holds them to (a line
 * moved to another company while devices on it stay in theirs) is refused with that field's message while a live row
 * pointing at it no longer matches.
 */
export async function checkHeldWithin(
  trx: DynamicDb,
  entity: EntityDef,
  all: Iterable<EntityDef>,
  id: string,
  before: Row,
  values: Row,
): Promise<void> {
  const fields = fieldsOf(entity);
  for (const other of all) {
    const otherFields = fieldsOf(other);
    for (const field of otherFields.values()) {
      if (field.ref !== entity.name || !field.within) continue;
      const changed = Object.entries(field.within.match)
        .map(([theirs, ours]) => ({ column: fields.get(theirs)!.column, ours: otherFields.get(ours)!.column }))
        .map(({ column, ours }) => ({ value: values[column], was: before[column], ours }))
        .filter(({ value, was }) => value !== undefined && String(value ?? '') !== String(was ?? ''));
      if (!changed.length) continue;
      const column = sql.ref(field.column);
      const refers =
        field.type === 'ids'
          ? sql<SqlBool>`(',' || ${column} || ',') like ${`%,${id},%`}`
          : sql<SqlBool>`${column} = ${id}`;
      let held = trx
        .selectFrom(other.table)
        .select(sql<number>`1`.as('held'))
        .where(refers)
        .where((eb) => eb.or(changed.map(({ value, ours }) => eb(ours, 'is distinct from', value))));
      if (!other.key) held = held.where('is_deleted', '=', 0);
      if (await held.limit(1).executeTakeFirst()) throw failWith(field.within.message);
    }
  }
}

export interface Referrer {
  table: string;
  column: string;
  list: boolean;
  /** Its rows are deleted softly: only live ones refer. */
  softDelete: boolean;
  message: LocalText;
  /**
   * A `refBy` reference: only rows whose `column` (as text, blank for none) is one of `values` point at the entity,
   * or, with `except`, rows whose value is none of them.
   */
  when?: { column: string; values: string[]; except: boolean };
}

/** Fields of every entity that point at `entity`: the rows that block deleting one of its rows. */
export function referrersOf(entity: EntityDef, all: Iterable<EntityDef>): Referrer[] {
  const referrers: Referrer[] = [];
  for (const other of all) {
    for (const field of fieldsOf(other).values()) {
      if (!refTargetsOf(field).includes(entity.name)) continue;
      referrers.push({
        table: other.table,
        column: field.column,
        list: field.type === 'ids',
        softDelete: !other.key,
        message: field.inUse ?? {
          zh: MESSAGES.refInUse.zh.replace('{label}', other.label.zh),
          en: MESSAGES.refInUse.en.replace('{label}', other.label.en),
        },
        ...(field.refBy ? { when: choosing(other, field, field.refBy, entity.name) } : {}),
      });
    }
  }
  return referrers;
}

/** The rows of a `refBy` reference that point at `name`: by the values choosing it, or by none choosing another. */
function choosing(
  entity: EntityDef,
  field: ResolvedField,
  refBy: NonNullable<ResolvedField['refBy']>,
  name: string,
): NonNullable<Referrer['when']> {
  const column = fieldsOf(entity).get(refBy.field)!.column;
  const entries = Object.entries(refBy.targets);
  if (field.ref === name)
    return { column, values: entries.filter(([, target]) => target !== name).map(([value]) => value), except: true };
  return { column, values: entries.filter(([, target]) => target === name).map(([value]) => value), except: false };
}

/**
 * Who reads an entity's picker beside those given its own screen: the screens whose forms point at it (a budget
 * line's account, a claim's applicant, a BOM line's component), and what those forms fill from a picked row
 * (`fillFrom`: a part's unit, an account's full name). A screen a role is given works without the menus of the
 * screens it references; the picker shows them no more than its option fields, within their data scope.
 */
export interface PickerReach {
  /** Menu codes of the screens referencing the entity (their lines' references included). */
  codes: string[];
  /** Wire keys of the entity's rows the referencing forms fill from. */
  fills: string[];
}

export function pickerReach(target: string, definitions: readonly EntityDef[]): PickerReach {
  const codes = new Set<string>();
  const fills = new Set<string>();
  for (const entity of definitions) {
    const forms = [entity.fields, ...Object.values(entity.lines ?? {}).map((line) => line.entity.fields)];
    for (const fields of forms) {
      const pointing = new Set(Object.keys(fields).filter((name) => refTargetsOf(fields[name]).includes(target)));
      if (!pointing.size) continue;
      codes.add(entity.code);
      for (const field of Object.values(fields))
        if (field.fillFrom && pointing.has(field.fillFrom.ref)) fills.add(field.fillFrom.field);
    }
  }
  return { codes: [...codes].sort(), fills: [...fills].sort() };
}
