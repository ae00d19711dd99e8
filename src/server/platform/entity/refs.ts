import { sql, type AliasedRawBuilder } from 'kysely';
import { displayField, keyField, refNameKey, type EntityDef } from '../../../shared/entities/define.ts';
import { MESSAGES, type LocalText } from '../../../shared/i18n/server-messages.ts';
import type { DynamicDb } from '../../db/connect.ts';
import { splitList } from '../auth-context.ts';
import { ApiError } from '../errors.ts';
import { fieldsOf, type ResolvedField } from './fields.ts';
import type { Row, VisibleRows } from './types.ts';

/** Entity definitions by name: what `ref` and `lines` name. */
export type EntityLookup = (name: string) => EntityDef | undefined;

export interface RefField {
  field: ResolvedField;
  target: EntityDef;
  /** The wire key of the target's display names. */
  key: string;
}

const refCache = new WeakMap<EntityDef, RefField[]>();

/**
 * The entity's `ref` fields with their targets; a name no entity has, or a target without a display field, is a bug.
 */
export function refFieldsOf(entity: EntityDef, lookup: EntityLookup): RefField[] {
  let refs = refCache.get(entity);
  if (!refs) {
    refs = [...fieldsOf(entity).values()]
      .filter((f) => f.ref)
      .map((field) => {
        const target = lookup(field.ref!);
        if (!target || !displayField(target))
          throw new Error(`${entity.name}.${field.name}: ref '${field.ref}' names no entity with a display field`);
        return { field, target, key: refNameKey(field.name, field) };
      });
    refCache.set(entity, refs);
  }
  return refs;
}

/**
 * Select-list columns with each reference's display names, correlated to the row of `entity.table` in the same
 * query: names in the order of the stored ids, live rows of the row's own tenant only.
 */
export function refNameColumns(entity: EntityDef, lookup: EntityLookup): AliasedRawBuilder<string | null, string>[] {
  return refFieldsOf(entity, lookup).map(({ field, target, key }) => {
    const ids = sql`string_to_array(nullif(cast(${sql.ref(`${entity.table}.${field.column}`)} as text), ''), ',')`;
    const name = sql.ref(`t.${fieldsOf(target).get(displayField(target)!)!.column}`);
    const tenant =
      target.tenant && entity.tenant ? sql`and t.tenant_id = ${sql.ref(`${entity.table}.tenant_id`)}` : sql``;
    // A generated id is matched as a number (its index); a keyed entity's key as the text it is.
    const keyColumn = sql.ref(`t.${keyColumnOf(target)}`);
    const match = target.key
      ? sql`${keyColumn} = any(${ids})`
      : sql`t.id = any(cast(${ids} as bigint[])) and t.is_deleted = 0`;
    return sql<
      string | null
    >`(select string_agg(cast(${name} as text), ',' order by array_position(${ids}, cast(${keyColumn} as text)))
      from ${sql.table(target.table)} t where ${match} ${tenant})`.as(key);
  });
}

/** The column a reference to `target` stores. */
export const keyColumnOf = (target: EntityDef): string => fieldsOf(target).get(keyField(target))!.column;

/** The message refusing ids of `field` the caller cannot see. */
const missing = (field: ResolvedField) => new ApiError(400, MESSAGES.refMissing, { label: field.label });

/**
 * Every id written into a reference field is a row the caller sees in the target's own list (`visible`: resolved
 * before the transaction, by target name).
 */
export async function checkRefs(
  trx: DynamicDb,
  refs: RefField[],
  visible: Map<string, VisibleRows>,
  values: Row,
): Promise<void> {
  for (const { field, target } of refs) {
    const value = values[field.column];
    if (value === undefined || value === null) continue;
    const ids = [...new Set(splitList(String(value)))];
    if (!ids.length) continue;
    const column = keyColumnOf(target);
    const found = await visible.get(target.name)!(trx).where(column, 'in', ids).select(column).execute();
    if (found.length !== ids.length) throw missing(field);
  }
}

export interface Referrer {
  table: string;
  column: string;
  list: boolean;
  /** Its rows are deleted softly: only live ones refer. */
  softDelete: boolean;
  message: LocalText;
}

/** Fields of every entity that point at `entity`: the rows that block deleting one of its rows. */
export function referrersOf(entity: EntityDef, all: Iterable<EntityDef>): Referrer[] {
  const referrers: Referrer[] = [];
  for (const other of all) {
    for (const field of fieldsOf(other).values()) {
      if (field.ref !== entity.name) continue;
      referrers.push({
        table: other.table,
        column: field.column,
        list: field.type === 'ids',
        softDelete: !other.key,
        message: field.inUse ?? {
          zh: MESSAGES.refInUse.zh.replace('{label}', other.label.zh),
          en: MESSAGES.refInUse.en.replace('{label}', other.label.en),
        },
      });
    }
  }
  return referrers;
}
