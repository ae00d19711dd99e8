import {
  allFields,
  camelToSnake,
  isStored,
  patternProblem,
  requiredText,
  type EntityDef,
  type FieldDef,
} from '../../../shared/entities/define.ts';
import { parseDateTime, wireDateTime } from '../../../shared/contract/time.ts';
import { dictKeys } from '../../../shared/entities/dict-items.ts';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { ApiError, failWith } from '../errors.ts';
import { isId } from '../ids.ts';

/** A field with its column: column names come from definitions only, never from a request. */
export interface ResolvedField extends FieldDef {
  name: string;
  column: string;
  /** Its entity's table (a decimal is held to its column's numeric precision). */
  table?: string;
}

/** numeric(p, s) columns by `table.column`: integer digits (p − s) and scale, read from the catalog at start. */
const numericColumns = new Map<string, { digits: number; scale: number }>();

/**
 * Reads what each numeric column holds, so that a decimal too large for its column is refused by its label
 * (`单包毛重(kg)不能大于99999999999999.9999`) instead of reaching the database (numeric field overflow: a 500).
 */
export async function loadNumericColumns(db: Db): Promise<void> {
  // The catalog's own encoding of numeric(p, s) (information_schema's view of it is slow to read on PGlite).
  const { rows } = await sql<{ table: string; column: string; precision: number; scale: number }>`
    select c.relname as "table", a.attname as "column", ((a.atttypmod - 4) >> 16) & 65535 as precision,
      (a.atttypmod - 4) & 65535 as scale
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where a.atttypid = 'numeric'::regtype and a.atttypmod > 0 and not a.attisdropped and c.relkind = 'r'
      and c.relnamespace = to_regnamespace(current_schema())`.execute(db);
  numericColumns.clear();
  for (const r of rows)
    numericColumns.set(`${r.table}.${r.column}`, {
      digits: Number(r.precision) - Number(r.scale),
      scale: Number(r.scale),
    });
}

/**
 * Refuses a value its column cannot hold (after rounding to the column's scale): a typed one, and one the engine works
 * out from it (a year's total of twelve months, an amount of quantity × price), which is said by its own label.
 */
export function checkDigits(field: ResolvedField, value: number) {
  const limit = field.table && numericColumns.get(`${field.table}.${field.column}`);
  if (!limit || Math.abs(value) < 10 ** limit.digits - 10 ** -limit.scale / 2) return;
  const largest = `${'9'.repeat(limit.digits)}${limit.scale ? `.${'9'.repeat(limit.scale)}` : ''}`;
  throw new ApiError(400, value < 0 ? MESSAGES.tooSmall : MESSAGES.tooLarge, {
    name: value < 0 ? `-${largest}` : largest,
    label: field.label,
  });
}

const resolvedCache = new WeakMap<EntityDef, Map<string, ResolvedField>>();

export function fieldsOf(entity: EntityDef): Map<string, ResolvedField> {
  let fields = resolvedCache.get(entity);
  if (!fields) {
    fields = new Map(
      Object.entries(allFields(entity)).map(([name, def]) => [
        name,
        { ...def, name, column: camelToSnake(name), table: entity.table },
      ]),
    );
    resolvedCache.set(entity, fields);
  }
  return fields;
}

/**
 * Finds a field with a column by its camelCase name or its snake_case column (clients send both in `ascs`/`descs`):
 * what a filter, a sort or a data scope may name. Values worked out on read have no column to name.
 */
export function findField(entity: EntityDef, key: string): ResolvedField | undefined {
  let named = namedCache.get(entity);
  if (!named) namedCache.set(entity, (named = storedByKey(fieldsOf(entity))));
  return named.get(key);
}

const namedCache = new WeakMap<EntityDef, Map<string, ResolvedField | undefined>>();

/** A name decides alone (a value worked out on read names nothing); a column names the first stored field with it. */
function storedByKey(fields: Map<string, ResolvedField>): Map<string, ResolvedField | undefined> {
  const named = new Map<string, ResolvedField | undefined>();
  for (const field of fields.values()) if (isStored(field) && !named.has(field.column)) named.set(field.column, field);
  for (const field of fields.values()) named.set(field.name, isStored(field) ? field : undefined);
  return named;
}

/** Database row -> wire JSON: camelCase keys, ids as strings, dates as `yyyy-MM-dd HH:mm:ss`, secrets left out. */
export function toWire(entity: EntityDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fieldsOf(entity).values()) {
    if (field.secret) continue;
    const value = row[field.column];
    out[field.name] = wireValue(field, value);
  }
  return out;
}

function wireValue(field: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) {
    return field.type === 'string' ||
      field.type === 'text' ||
      field.type === 'date' ||
      field.type === 'datetime' ||
      field.type === 'ids' ||
      field.type === 'attachments'
      ? ''
      : null;
  }
  switch (field.type) {
    case 'id':
      return String(value);
    case 'int':
    case 'switch':
      return Number(value);
    case 'money':
    case 'decimal':
      return Number(value);
    case 'datetime':
      return wireDateTime(value);
    case 'date':
      return field.wireTime ? `${String(value).slice(0, 10)} 00:00:00` : String(value).slice(0, 10);
    default:
      return String(value);
  }
}

/**
 * Client value -> column value for one field, or an ApiError with the field's message. A blank value (not sent,
 * null, '' or spaces) of an optional field is '' for text and NULL for a `nullable` column. Any other column cannot
 * hold NULL: it takes the field's default, or `undefined` (leave the column out: its own default, or the engine's
 * owner and tree placement, fill it); with `update` (a blank sent to change a row) it is refused like a required one.
 */
export function parseFieldValue(field: ResolvedField, raw: unknown, options: { update?: boolean } = {}): unknown {
  // A comma list of keys is checked as it will be stored (its length too): a list of blanks is blank.
  if (field.multiple && typeof raw === 'string')
    return parseFieldValue({ ...field, multiple: undefined }, dictKeys(raw).join(','), options);
  const blank = raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
  if (blank) {
    if (field.required) throw failWith(requiredText(field));
    if (field.type === 'string' || field.type === 'text' || field.type === 'ids' || field.type === 'attachments')
      return '';
    if (field.nullable) return null;
    if (options.update) throw failWith(requiredText(field));
    return field.default;
  }
  const label = field.label;
  const typeError = () => new ApiError(400, MESSAGES.fieldType, { label });
  switch (field.type) {
    case 'string':
    case 'text': {
      if (typeof raw !== 'string' && typeof raw !== 'number') throw typeError();
      const text = String(raw);
      if (text.includes('\u0000')) throw typeError(); // PostgreSQL text cannot hold NUL
      if (field.max && [...text].length > field.max)
        throw new ApiError(400, MESSAGES.tooLong, { name: field.max, label });
      const problem = patternProblem(field, text);
      if (problem) throw failWith(problem);
      if (field.canonical) {
        const canonical = field.canonical.of(text);
        if (canonical === undefined) throw failWith(field.canonical.message);
        return canonical;
      }
      return text;
    }
    case 'int':
    case 'switch': {
      const n =
        typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(n) || Math.abs(n) > 2_147_483_647) throw typeError();
      if (field.type === 'switch' && n !== 0 && n !== 1) throw typeError();
      checkRange(field, n);
      return n;
    }
    case 'id': {
      if (!isId(raw)) throw typeError();
      return String(raw);
    }
    case 'ids':
    case 'attachments': {
      const parts = String(raw)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (typeof raw !== 'string' || !parts.every(isId)) throw typeError();
      const text = parts.join(',');
      if (field.max && text.length > field.max) throw new ApiError(400, MESSAGES.tooLong, { name: field.max, label });
      return text;
    }
    case 'money':
    case 'decimal': {
      const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
      // The field's own rule first: its message says what an amount must be (a fund request's 请输入正确的金额).
      const problem = patternProblem(field, text);
      if (problem) throw failWith(problem);
      if (!/^-?\d{1,16}(\.\d{1,6})?$/.test(text)) throw typeError();
      checkRange(field, Number(text));
      checkDigits(field, Number(text));
      return text;
    }
    case 'date': {
      const parsed = typeof raw === 'string' ? parseDateTime(raw.trim().slice(0, 10)) : undefined;
      if (!parsed) throw typeError();
      return parsed.slice(0, 10);
    }
    case 'datetime': {
      const parsed = typeof raw === 'string' ? parseDateTime(raw.trim()) : undefined;
      if (!parsed) throw typeError();
      return parsed;
    }
  }
}

/** A number within the field's `range`, else the bound it passes, by the field's label. */
function checkRange(field: ResolvedField, value: number) {
  const { min, max } = field.range ?? {};
  // A percentage's bound is said as people typed it (`损耗率不能大于99.99%`).
  const bound = (n: number) => (field.percent ? `${Number((n * 100).toFixed(4))}%` : n);
  if (min !== undefined && value < min)
    throw new ApiError(400, MESSAGES.tooSmall, { name: bound(min), label: field.label });
  if (max !== undefined && value > max)
    throw new ApiError(400, MESSAGES.tooLarge, { name: bound(max), label: field.label });
}
