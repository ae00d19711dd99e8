import type { EntityDef } from '../../../shared/entities/define.ts';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';
import { ApiError, failWith } from '../errors.ts';
import { fieldsOf, type ResolvedField } from './fields.ts';

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
