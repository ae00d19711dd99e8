import type { EntityDef } from '../../../shared/entities/define.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { DynamicDb } from '../../db/connect.ts';
import { currentRequestContext } from '../../db/tenant-context.ts';
import type { AuthUser } from '../auth-context.ts';
import { tablesOf } from '../entity/entity-tables.ts';
import { nextId } from '../ids.ts';
import { deniedKey, logText, REDACTED } from './redact.ts';

/** One field of a change record: `old` absent on an insert, `new` absent on a delete. */
export interface FieldChange {
  field: string;
  old?: unknown;
  new?: unknown;
}

export type ChangeOperation = 'insert' | 'update' | 'delete';

type Row = Record<string, unknown>;

/**
 * The write's own stamps, which the record carries as which row, whose, who and when: never a change of their own.
 */
const STAMPS = new Set([
  'id',
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'is_deleted',
]);

/** A column's value as the record keeps it: text and numbers as the database gave them, JSON as JSON, no NUL. */
const kept = (value: unknown): unknown =>
  value === undefined || value === null
    ? null
    : typeof value === 'string'
      ? value.replaceAll('\0', '')
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.parse(JSON.stringify(value).replaceAll('\\u0000', ''))
          : value;

const same = (a: unknown, b: unknown) => JSON.stringify(kept(a)) === JSON.stringify(kept(b));

/**
 * What a write changed, field by field, by the definition's field names (the reader labels them from it): an insert
 * every value set, an update only fields whose value differs, a delete every value it had. Secrets (a password's
 * hash) are named but never kept.
 */
export function fieldChanges(entity: EntityDef, before: Row | undefined, after: Row | undefined): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of tablesOf(entity).fields.values()) {
    const { column } = field;
    if (STAMPS.has(column)) continue;
    const had = before !== undefined && column in before;
    const has = after !== undefined && column in after;
    // An update compares the columns both reads hold; an insert or delete keeps what its one read holds.
    if (before && after ? !had || !has || same(before[column], after[column]) : !had && !has) continue;
    const secret = deniedKey(field.name) || field.control === 'password';
    const value = (row: Row) => (secret ? REDACTED : kept(row[column]));
    if (!before) {
      if (after![column] === null || after![column] === undefined || after![column] === '') continue;
      changes.push({ field: field.name, new: value(after!) });
    } else if (!after) changes.push({ field: field.name, old: value(before) });
    else changes.push({ field: field.name, old: value(before), new: value(after) });
  }
  return changes;
}

/**
 * The id of the 接口日志 row of the request in progress (made on first use; the API log records a call that has
 * one, whatever its method), or null outside a request.
 */
export function currentApiLogId(): string | null {
  const context = currentRequestContext();
  if (!context) return null;
  return (context.apiLogId ??= nextId());
}

/**
 * Writes the change records of entity writes, inside their transaction: a record exists exactly when its write was
 * committed. One multi-row insert; an update that changed nothing leaves no record.
 */
export async function recordChanges(
  trx: DynamicDb,
  entity: EntityDef,
  user: Pick<AuthUser, 'tenantId' | 'userId' | 'account'>,
  operation: ChangeOperation,
  entries: ReadonlyArray<{ id: unknown; before?: Row; after?: Row }>,
): Promise<void> {
  const now = formatDateTime();
  const apiLogId = currentApiLogId();
  const rows = entries.flatMap(({ id, before, after }) => {
    const changes = fieldChanges(entity, before, after);
    if (operation === 'update' && !changes.length) return [];
    // A platform administrator's write to a tenant's row is that tenant's history.
    const tenant = String((entity.tenant && (after?.tenant_id ?? before?.tenant_id)) || user.tenantId);
    return [
      {
        id: nextId(),
        tenant_id: logText(tenant, 12),
        entity: logText(entity.name, 64),
        record_id: logText(String(id), 64),
        operation,
        changes: JSON.stringify(changes),
        api_log_id: apiLogId,
        create_user: user.userId,
        create_by: logText(user.account, 64),
        create_time: now,
      },
    ];
  });
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('blade_log_change')
      .values(rows.slice(i, i + 500))
      .execute();
}
