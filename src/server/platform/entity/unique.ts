import { sql } from 'kysely';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { DynamicDb } from '../../db/connect.ts';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';
import { ApiError, failWith } from '../errors.ts';
import { fieldsOf, type ResolvedField } from './fields.ts';
import { tablesOf } from './entity-tables.ts';
import type { Row } from './types.ts';

/**
 * The unique index holding a field's `unique` rule (per tenant, with its scope, over live rows) is named by its table
 * and column, so that the database's report of a violation names the rule (tests/server/unique-indexes.test.ts holds
 * every rule to its index).
 */
export const uniqueIndexName = (field: ResolvedField): string => `${field.table}_${field.column}_unique`;

/** A unique rule's refusal: its own message, else `<label>已存在`, about the field (an import names its column). */
export function uniqueRefusal(field: ResolvedField): ApiError {
  const rule = typeof field.unique === 'object' ? field.unique : undefined;
  return (rule?.message ? failWith(rule.message) : new ApiError(400, MESSAGES.exists, { label: field.label })).about(
    field.name,
  );
}

/**
 * The refusal a database error stands for when it is a unique violation (SQLSTATE 23505): of a rule's index, a key
 * taken by a concurrent write after the engine looked it up (the rule's message); of any other unique index (a grant's
 * pairs, a document number), the same rows saved by two requests at once (say so; a retry succeeds). Undefined for
 * any other error.
 */
export function uniqueViolation(error: unknown, entities: Iterable<EntityDef>): ApiError | undefined {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return undefined;
  for (const entity of entities)
    for (const field of fieldsOf(entity).values())
      if (field.unique && uniqueIndexName(field) === constraint) return uniqueRefusal(field);
  return new ApiError(400, MESSAGES.savedMeanwhile);
}

/** A unique key of a row as it will be saved: its field's and scope's columns and values, and its refusal. */
export interface UniqueKey {
  columns: string[];
  values: unknown[];
  /** The same key, as one text (a batch's keys in memory). */
  text: string;
  refusal: ApiError;
}

const uniqueText = (columns: string[], values: unknown[]): string =>
  JSON.stringify([
    ...columns,
    ...values.map((value) => (value === null || value === undefined ? null : String(value))),
  ]);

/**
 * The unique keys `row` (the record as it will be saved) holds: a field's key is checked when it or its scope is being
 * written (`values`).
 */
export function uniqueKeysOf(entity: EntityDef, row: Row, values: Row): UniqueKey[] {
  const keys: UniqueKey[] = [];
  for (const { field, scope } of tablesOf(entity).uniques) {
    const value = row[field.column];
    if (value === undefined || value === null || value === '') continue;
    if (![field, ...scope].some((f) => values[f.column] !== undefined)) continue;
    const columns = [field.column, ...scope.map((s) => s.column)];
    const keyValues = [value, ...scope.map((s) => row[s.column] ?? null)];
    keys.push({ columns, values: keyValues, text: uniqueText(columns, keyValues), refusal: uniqueRefusal(field) });
  }
  return keys;
}

/**
 * list / page / detail / submit / remove of one entity, from its definition. Every query carries the tenant
 * predicate, `is_deleted = 0` and the caller's data scope; writes fill the audit columns from the token.

/** The live rows of the tenant holding `key` (a blank scope value is a value too: `is null`). */
export function rowsWithKey(db: DynamicDb, entity: EntityDef, tenantId: string, key: UniqueKey) {
  let query = db.selectFrom(entity.table).where('is_deleted', '=', 0);
  key.columns.forEach((column, i) => {
    const value = key.values[i];
    query = value === null ? query.where(column, 'is', null) : query.where(column, '=', value);
  });
  return entity.tenant ? query.where('tenant_id', '=', tenantId) : query;
}

/**
 * Which of the new rows' keys the table holds already (`text`s): the keys of a batch asked together, a few hundred a
 * query; a key with a blank in its scope alone.
 */
export async function takenKeys(
  db: DynamicDb,
  entity: EntityDef,
  tenantId: string,
  keys: UniqueKey[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  const groups = new Map<string, UniqueKey[]>();
  for (const key of keys) {
    if (key.values.includes(null)) {
      if (await rowsWithKey(db, entity, tenantId, key).select('id').executeTakeFirst()) taken.add(key.text);
      continue;
    }
    const columns = key.columns.join(',');
    groups.set(columns, [...(groups.get(columns) ?? []), key]);
  }
  for (const group of groups.values()) {
    const columns = group[0].columns;
    for (let i = 0; i < group.length; i += 500) {
      const tuples = group.slice(i, i + 500).map((key) => sql`(${sql.join(key.values)})`);
      let query = db
        .selectFrom(entity.table)
        .select(columns)
        .where('is_deleted', '=', 0)
        .where(sql<boolean>`(${sql.join(columns.map((c) => sql.ref(c)))}) in (${sql.join(tuples)})`);
      if (entity.tenant) query = query.where('tenant_id', '=', tenantId);
      for (const found of await query.execute())
        taken.add(
          uniqueText(
            columns,
            columns.map((c) => found[c]),
          ),
        );
    }
  }
  return taken;
}
