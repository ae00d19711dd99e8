import { sql, type Expression, type SqlBool } from 'kysely';
import { camelToSnake, type EntityDef, type SearchMode } from '../../../shared/entities/define.ts';
import { parseDateTime } from '../../../shared/contract/time.ts';
import { EXACT_TOTAL, MAX_OFFSET } from '../../../shared/contract/page.ts';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';
import { ApiError, fail } from '../errors.ts';
import { fieldsOf, findField, parseFieldValue, type ResolvedField } from './fields.ts';
import { tablesOf } from './entity-tables.ts';
import type { DynamicExpressions } from '../../db/connect.ts';

/** The contract's list query suffixes (README §6). No suffix = LIKE (or exact for "entity"-style lists). */
const OPERATORS = {
  equal: '=',
  notequal: '<>',
  like: 'like',
  likeleft: 'likeleft',
  likeright: 'likeright',
  notlike: 'notlike',
  ge: '>=',
  le: '<=',
  gt: '>',
  lt: '<',
  datege: '>=',
  dategt: '>',
  dateequal: '=',
  datele: '<=',
  datelt: '<',
  null: 'null',
  notnull: 'notnull',
} as const;
export type Suffix = keyof typeof OPERATORS;

export interface Condition {
  field: ResolvedField;
  suffix: Suffix;
  value: unknown;
}

export interface ListQuery {
  current: number;
  size: number;
  conditions: Condition[];
  sorts: Array<{ field: ResolvedField; direction: 'asc' | 'desc' }>;
}

export const MAX_PAGE_SIZE = 1000;
/** Keys that are not filters (blade-tool removes the same). */
const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'blade-auth', 'Blade-Auth', EXACT_TOTAL]);

/**
 * Reads paging, sort and filters from a list request. Keys that name no field of the entity are ignored, as a
 * form binder does; unknown sorts and malformed values are a 400. No client text ever becomes SQL.
 */
export function parseListQuery(
  entity: EntityDef,
  query: Record<string, unknown>,
  options: { paged: boolean },
): ListQuery {
  const { current, size } = options.paged ? pagingOf(query) : { current: 1, size: MAX_PAGE_SIZE };

  const conditions: Condition[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key) || key.endsWith('_ignore')) continue;
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    const { field, suffix } = filterKey(entity, key);
    if (!field || field.secret) continue;
    if (suffix === 'null' || suffix === 'notnull') {
      conditions.push({ field, suffix, value: null });
      continue;
    }
    if (value === undefined || value === null || String(value).trim() === '') continue;
    const effective: Suffix = suffix ?? bareSuffix(entity, field);
    conditions.push({ field, suffix: effective, value: filterValue(field, effective, String(value).trim()) });
  }

  // `keyword`: one like over the fields the entity names for it (a part's number, customer number and name).
  const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
  if (entity.keyword && keyword) {
    const [first, ...rest] = entity.keyword;
    const field = { ...tablesOf(entity).fields.get(first)!, alsoMatches: rest };
    conditions.push({ field, suffix: 'like', value: filterValue(field, 'like', keyword) });
  }

  const sorts: ListQuery['sorts'] = [];
  for (const [param, direction] of [
    ['ascs', 'asc'],
    ['descs', 'desc'],
  ] as const) {
    const raw = query[param];
    if (raw === undefined || raw === '') continue;
    for (const name of String(raw)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const field = findField(entity, name);
      if (!field || field.secret) throw fail('sortUnknown', { name });
      sorts.push({ field, direction });
    }
  }
  if (sorts.length === 0) sorts.push(...tablesOf(entity).defaultSorts);
  return { current, size, conditions, sorts };
}

/**
 * The field and suffix a query key names: a field (`paramKey`, or its column `param_key`), or a field and one of
 * the contract's suffixes (`paramKey_equal`). A known field with any other suffix is a 400 rather than silently no
 * filter; a key naming no field is ignored.
 */
function filterKey(entity: EntityDef, key: string): { field?: ResolvedField; suffix?: Suffix } {
  const whole = findField(entity, key);
  if (whole) return { field: whole };
  const match = /^(.+)_([a-z]+)$/.exec(key);
  const field = match ? findField(entity, match[1]) : undefined;
  if (!match || !field) return {};
  // An own key of the table only: `in` would also find `constructor` and the rest of Object.prototype.
  if (!Object.hasOwn(OPERATORS, match[2])) throw fail('paramType', { name: key });
  return { field, suffix: match[2] as Suffix };
}

/** What a field's key without a suffix does: its `search`, else LIKE on free text of a "map" list, else equality. */
export function bareSuffix(entity: EntityDef, field: ResolvedField): SearchMode {
  // A key of a business dictionary or a company code is matched whole: 1 must not find 11.
  const exact = entity.filterStyle === 'entity' || !isText(field) || Boolean(field.bizDict || field.company);
  return field.search ?? (exact ? 'equal' : 'like');
}

const isText = (field: ResolvedField) => field.type === 'string' || field.type === 'text' || field.type === 'ids';

/** A page asked for: its number (from 1) and its size. */
export interface Paging {
  current: number;
  size: number;
}

/**
 * `current` and `size` of a paged request (the contract's defaults 1 and 10). A page starting past MAX_OFFSET rows is
 * refused: the database would read and skip every row before it (issue 16), and the console's pager, counting up to
 * COUNT_CAP, never asks for one.
 */
export function pagingOf(query: { current?: unknown; size?: unknown }): Paging {
  const current = parsePositive(query.current, 1, 'pageCurrent');
  const size = parsePositive(query.size, 10, 'pageSize');
  if (size > MAX_PAGE_SIZE) throw fail('pageSize', { name: MAX_PAGE_SIZE });
  if ((current - 1) * size >= MAX_OFFSET) throw fail('pageDepth', { name: MAX_OFFSET });
  return { current, size };
}

function parsePositive(raw: unknown, fallback: number, message: 'pageCurrent' | 'pageSize'): number {
  if (raw === undefined || raw === '') return fallback;
  const text = String(Array.isArray(raw) ? raw[raw.length - 1] : raw).trim();
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw fail(message, { name: MAX_PAGE_SIZE });
  return Number(text);
}

/**
 * No value of the column is longer: a longer filter matches nothing, and as a LIKE pattern it costs a pass over every
 * row.
 */
const longestValue = (field: ResolvedField) => field.max ?? (isText(field) ? 4000 : 64);

function filterValue(field: ResolvedField, suffix: Suffix, text: string): unknown {
  const longest = longestValue(field);
  if (text.length > longest && [...text].length > longest)
    throw new ApiError(400, MESSAGES.tooLong, { name: longest, label: field.label });
  if (suffix.startsWith('date')) {
    const parsed = parseDateTime(text);
    // A date compares with a date or with text; a number column cannot take one.
    const comparable = field.type === 'date' || field.type === 'datetime' || isText(field);
    if (!parsed || !comparable) throw fail('paramType', { name: `${field.name}_${suffix}` });
    return field.type === 'date' ? parsed.slice(0, 10) : parsed;
  }
  if (suffix.includes('like')) {
    // LIKE works on the text of any column; escape the pattern characters of the value itself.
    return text.replace(/[\\%_]/g, (c) => `\\${c}`);
  }
  // `0` is the root of a tree: a valid value of a parent id, though never an id.
  if (field.type === 'id' && text === '0') return '0';
  try {
    return parseFieldValue({ ...field, required: undefined, max: undefined, pattern: undefined }, text);
  } catch {
    throw fail('paramType', { name: field.name });
  }
}

/** Equality filters the server adds (menus only, top-level rows only): field names from code, never from a request. */
export type FixedFilter = Partial<Record<string, string | number>>;

export function fixedConditions(entity: EntityDef, where: FixedFilter = {}): Condition[] {
  return Object.entries(where)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      const field = findField(entity, name);
      if (!field) throw new Error(`${entity.name} has no field ${name}`);
      return { field, suffix: 'equal', value };
    });
}

/**
 * A trigram index can find the text (pg_trgm needs three characters) on a tenant table: the search goes through
 * `tenon_match_ids` (migration 0024), because row-level security keeps an ilike from using the index.
 */
function indexedMatch(entity: EntityDef | undefined, field: ResolvedField, value: unknown): entity is EntityDef {
  return Boolean(entity?.tenant) && trigramIndexed(entity, field) && [...String(value)].length >= 3;
}

/** The field and every field its like search also matches have trigram indexes. */
function trigramIndexed(entity: EntityDef | undefined, field: ResolvedField): entity is EntityDef {
  if (!entity || !field.trigram) return false;
  const fields = fieldsOf(entity);
  return (field.alsoMatches ?? []).every((name) => fields.get(name)?.trigram);
}

/**
 * The last six characters of a longer `%…%` pattern, for the trigram index to find (as tenon_match_ids does on
 * tenant tables): keys share long prefixes (`param.`), whose trigrams are in millions of rows and make the index read
 * every one of those (28 ms for 111 params of 2 M); the whole pattern then decides, on a column the index cannot
 * serve (`c || ''`). A window cut through an escape only finds more candidates.
 */
function trigramWindow(pattern: string): string | undefined {
  const inner = [...pattern.slice(1, -1)];
  if (!pattern.startsWith('%') || !pattern.endsWith('%') || inner.length <= 6) return undefined;
  return `%${inner.slice(-6).join('')}%`;
}

/**
 * The WHERE predicate of the parsed conditions, on columns named by the definition; `entity`, the table's own, lets
 * like searches use its trigram indexes.
 */
export function conditionsPredicate(
  eb: DynamicExpressions,
  conditions: Condition[],
  alias = '',
  entity?: EntityDef,
): Expression<SqlBool>[] {
  return conditions.map(({ field, suffix, value }) => {
    const column = sql.ref(alias ? `${alias}.${field.column}` : field.column);
    const textColumn = isText(field) ? column : sql`cast(${column} as text)`;
    // A like search of the field matches its `alsoMatches` text fields as well (a customer's name: its short name).
    const matching = (pattern: string, negated = false) => {
      if (!negated && indexedMatch(entity, field, value)) {
        const names = [field.column, ...(field.alsoMatches ?? []).map(camelToSnake)].join(',');
        // An array made once (an init plan): as `in (select …)` under a limit, the planner may call it for every row.
        return sql<SqlBool>`${sql.ref(alias ? `${alias}.id` : 'id')} = any(array(select tenon_match_ids(cast(
          ${entity.table} as regclass), string_to_array(${names}, ','), ${pattern})))`;
      }
      const columns = [
        textColumn,
        ...(field.alsoMatches ?? []).map((name) =>
          sql.ref(alias ? `${alias}.${camelToSnake(name)}` : camelToSnake(name)),
        ),
      ];
      // Text without case (Chinese, digits) is matched by like: the same rows, without case-folding every value
      // (a quarter of the time of a 50,000-user tenant's name search).
      const like = pattern.toLowerCase() === pattern.toUpperCase() ? sql`like` : sql`ilike`;
      const window = !negated && trigramIndexed(entity, field) ? trigramWindow(pattern) : undefined;
      const tests = columns.map((c) =>
        negated
          ? sql`${c} not ${like} ${pattern}`
          : window
            ? sql`(${c} ${like} ${window} and (${c} || '') ${like} ${pattern})`
            : sql`${c} ${like} ${pattern}`,
      );
      return sql<SqlBool>`(${sql.join(tests, negated ? sql` and ` : sql` or `)})`;
    };
    switch (suffix) {
      case 'like':
        return matching(`%${value}%`);
      case 'notlike':
        return matching(`%${value}%`, true);
      case 'likeleft':
        return matching(`%${value}`);
      case 'likeright':
        return matching(`${value}%`);
      case 'null':
        return sql<SqlBool>`${column} is null`;
      case 'notnull':
        return sql<SqlBool>`${column} is not null`;
      case 'equal':
      case 'notequal': {
        if (!field.multiple) break;
        // A comma list of keys equals a key it holds (`customer` finds `customer,dept`); several keys: all of them.
        const holds = sql<SqlBool>`string_to_array(${column}, ',') @> string_to_array(${String(value)}, ',')`;
        return suffix === 'equal' ? holds : sql<SqlBool>`not ${holds}`;
      }
    }
    return eb(alias ? `${alias}.${field.column}` : field.column, OPERATORS[suffix] as '=', value);
  });
}
