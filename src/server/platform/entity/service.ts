import { createHash } from 'node:crypto';
import type { TSchema } from 'typebox';
import { sql, type AliasedRawBuilder, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import {
  displayField,
  editValues,
  keyField,
  mineKey,
  refNameKey,
  type EntityDef,
} from '../../../shared/entities/define.ts';
import { checkBusinessUnits, checkCompanies, companyFieldsOf, companyNameColumns, companyOptions } from './company.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { MESSAGES, type Lang, type LocalText, type MessageVars } from '../../../shared/i18n/server-messages.ts';
import { bizDictColumns, bizDictNames, checkBizDicts, checkDicts } from './biz-dicts.ts';
import type { Db, DynamicDb } from '../../db/connect.ts';
import { auditColumns, splitList, type AuthUser } from '../auth-context.ts';
import { dataScopePredicate } from './data-scope.ts';
import type { Dictionaries } from '../dictionaries.ts';
import { aboutField, ApiError, fail } from '../errors.ts';
import { fieldsOf, parseFieldValue, toWire, type ResolvedField } from './fields.ts';
import { itemLabel } from '../../../shared/entities/dict-items.ts';
import {
  checkReferrers,
  checkRemovable,
  checkReserved,
  checkRowRules,
  followParent,
  placeInTree,
  type Row,
} from './rules.ts';
import {
  checkHeldWithin,
  checkRefs,
  checkWithin,
  keyColumnOf,
  rowKeyColumnOf,
  refFieldsOf,
  refNameColumns,
  pickerReach,
  referrersOf,
  targetsOf,
  type PickerReach,
  type RefField,
} from './refs.ts';
import { readEachTime, readOnce, type Reads } from './reads.ts';
import { LineWriter, linesOf, type LineTarget } from './lines.ts';
import { tallyTotals } from './tally.ts';
import { uniqueRefusal, uniqueViolation } from './unique.ts';
import { EntityTree } from './tree.ts';
import { checkFrozen, checkKept, checkSetOnMove, checkTransition, stateCodes } from './states.ts';
import { todayDeriver, aggregateColumns, computedValues, copiedValues, sequenceValues } from './derived.ts';
import type { RowSource, VisibleRows, WireRecord } from './types.ts';

export type { VisibleRows, WireRecord } from './types.ts';
import { COUNT_CAP, EXACT_TOTAL, sumKey, type PageTotals } from '../../../shared/contract/page.ts';
import { idList, isId, nextId } from '../ids.ts';
import { INSERT_BATCH } from '../../db/insert-rows.ts';
import { TtlCache } from '../ttl-cache.ts';
import type { Permissions } from '../permissions.ts';
import type { Accounts } from '../accounts.ts';
import {
  conditionsPredicate,
  fixedConditions,
  parseListQuery,
  type Condition,
  type FixedFilter,
  type ListQuery,
} from './conditions.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list's queries are built over any entity's table
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** The query in a list's sort order. */
const orderedBy = <Q extends AnyQuery>(query: Q, sorts: ListQuery['sorts']): Q =>
  sorts.reduce((q, s) => q.orderBy(s.field.column, s.direction) as Q, query);

export interface Page<T> extends PageTotals {
  records: T[];
}

export type SubmitMode = 'submit' | 'save' | 'update';
/** A refused body of `submitAll`, by its index in the batch. */
export interface BatchError {
  index: number;
  error: ApiError;
}
interface PreparedSubmit {
  input: Record<string, unknown>;
  inserting: boolean;
  id: string;
  own?: OwnRows;
}
/** An update limited to the caller's own rows, and what it says about any other row. */
interface OwnRows {
  notFound: LocalText;
  vars?: MessageVars;
  /** Which rows are the caller's; by default those he created. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  where?: (rows: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any>;
}
/** A write resolved outside the transaction its module opens (see `prepareWrite`). */
export interface PreparedWrite {
  id: string;
  inserting: boolean;
  /** The new row's column values as checked so far (without references and keys): what a module decides on early. */
  preview: Record<string, unknown>;
  /** Every check `submit` makes, then the write, in the module's transaction; `columns` are the module's own. */
  write(trx: DynamicDb, columns?: Record<string, unknown>): Promise<Row>;
}
/** What a write checks against, resolved before its transaction opens (PGlite has one connection). */
interface WriteContext {
  visible: VisibleRows;
  refs: Map<string, VisibleRows>;
  lines: Array<LineWriter<WriteContext>>;
  /** The button codes of the state machine's changes that the caller holds. */
  granted: ReadonlySet<string>;
  reads: Reads;
  /** A batch's new rows, inserted together once every row has passed (`submitAll`), and their unique keys. */
  inserts?: { rows: Array<{ row: Row; keys: UniqueKey[] }>; keys: Set<string> };
}

type ListFilter = { query: Record<string, unknown>; where?: ScopePredicate };

/**
 * Behaviour of one entity beyond its definition, installed by its module (`service.use(...)`): the engine's routes
 * call the same methods, so page/detail/submit/remove keep one code path. Each hook is optional.
 */
export interface EntityHooks {
  /** Query keys the definition does not filter by itself (user page `deptId`): taken out, turned into a predicate. */
  listFilter?(user: AuthUser, query: Record<string, unknown>): ListFilter | Promise<ListFilter>;
  /** The keys `listFilter` reads, as the API document lists them beside the definition's filters. */
  listParams?: Readonly<Record<string, TSchema>>;
  /**
   * Before any validation, outside the transaction: returns the body to save (hash a password, drop fields) or throws.
   */
  prepare?(user: AuthUser, input: Record<string, unknown>, inserting: boolean): Promise<Record<string, unknown>>;
  /** Inside the write transaction, after the engine's checks and before the write (quota, references to check). */
  beforeWrite?(trx: Db, user: AuthUser, values: Record<string, unknown>, before: Row | undefined): Promise<void>;
  /** Before a soft delete (refuse deleting oneself). */
  beforeRemove?(user: AuthUser, ids: string[]): Promise<void>;
  /**
   * Values a list answers beside its page, as it does the `sums` (a statistics table's year-to-date row): from the
   * list's parameters and every row its filters match.
   */
  pageExtras?(user: AuthUser, query: Record<string, unknown>, matching: AnyQuery): Promise<Record<string, unknown>>;
  /** Adds fields to wire records built from `rows` (names resolved in one query per kind, never per row). */
  decorate?(records: WireRecord[], rows: Record<string, unknown>[]): Promise<void>;
  /**
   * Before an insert: the row an earlier submit of the same request saved (a retried or replayed movement with its
   * client key), answered instead of saving again; or throws when the request differs from it.
   */
  replay?(user: AuthUser, input: Record<string, unknown>): Promise<Row | undefined>;
}

/**
 * What another module does when rows of an entity are written (a price change marks the BOM costs it affects stale):
 * inside the write's transaction, after the write, with the saved row and the row before it (column names). Unlike
 * `hooks`, which belong to the entity's own module, any number of modules may react to one entity; a reaction that
 * throws refuses the write.
 */
export interface EntityReaction {
  afterWrite?(trx: Db, user: AuthUser, row: Row, before: Row | undefined): Promise<void>;
  /** The rows soft-deleted by `remove`, as they were. */
  afterRemove?(trx: Db, user: AuthUser, rows: Row[]): Promise<void>;
}

export interface EntityDeps {
  db: DynamicDb;
  permissions: Permissions;
  dictionaries: Dictionaries;
  accounts: Accounts;
  /** Every entity's service by name (filled while the app is built): what `ref` and `lines` point at. */
  entities: ReadonlyMap<string, EntityService>;
}

/** A unique key of a row as it will be saved: its field's and scope's columns and values, and its refusal. */
interface UniqueKey {
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
function uniqueKeysOf(entity: EntityDef, row: Row, values: Row): UniqueKey[] {
  const fields = fieldsOf(entity);
  const keys: UniqueKey[] = [];
  for (const field of fields.values()) {
    if (!field.unique) continue;
    const rule = typeof field.unique === 'object' ? field.unique : undefined;
    const scope = (rule?.scope ?? []).map((name) => fields.get(name)!);
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
 */
export class EntityService implements RowSource, LineTarget<WriteContext> {
  /** list-as-tree, lazy levels and pickers of a tree entity. */
  readonly tree?: EntityTree;
  private hooks: EntityHooks = {};
  /**
   * Lists found past COUNT_CAP a moment ago, by their matching query: their next pages skip counting COUNT_CAP + 1
   * rows (the 50,000-user tenant's first page: most of its database time). Emptied by this process's writes; another
   * process's writes show within the minute.
   */
  private readonly cappedLists = new TtlCache<true>(1_000, 60_000);
  private readonly reactions: EntityReaction[] = [];

  constructor(
    readonly entity: EntityDef,
    private readonly deps: EntityDeps,
  ) {
    if (entity.tree) this.tree = new EntityTree(this, deps.db);
  }

  /** The query keys its module's `listFilter` reads (the API document's parameters of its lists). */
  get listParams(): Readonly<Record<string, TSchema>> | undefined {
    return this.hooks.listParams;
  }

  /** Installs the entity's module behaviour (once, while the app is built). */
  use(hooks: EntityHooks): void {
    // One module owns an entity's behaviour: a second owner would silently replace the first one's rules.
    if (Object.keys(this.hooks).length) throw new Error(`entity ${this.entity.name} already has hooks`);
    this.hooks = hooks;
  }

  /** Adds another module's reaction to this entity's writes (while the app is built). */
  react(reaction: EntityReaction): void {
    this.reactions.push(reaction);
  }

  /**
   * The rows this caller may see: tenant, not deleted, data scope. The one place these predicates are built.
   * The scope is resolved before any transaction opens: PGlite has one connection, held by the transaction.
   */
  async visibleRows(user: AuthUser): Promise<VisibleRows> {
    return this.rowsWithin(user, await this.scopeOf(user));
  }

  /** The caller's data scope of this entity's rows; undefined when it sees them all. */
  private async scopeOf(user: AuthUser) {
    const { entity } = this;
    return entity.dataScope
      ? dataScopePredicate(entity, user, await this.deps.permissions.dataScopesOf(user, entity.code))
      : undefined;
  }

  private rowsWithin(user: AuthUser, scope: Expression<SqlBool> | undefined): VisibleRows {
    const { entity } = this;
    const owner = entity.owner ? fieldsOf(entity).get(entity.owner) : undefined;
    return (db) => {
      let query = db.selectFrom(entity.table);
      if (!entity.key) query = query.where('is_deleted', '=', 0);
      if (entity.tenant && !(entity.platformReadsAll && user.isSuperAdmin))
        query = query.where('tenant_id', '=', user.tenantId);
      if (owner) query = query.where(owner.column, '=', user.userId);
      if (scope) query = query.where(scope);
      return query;
    };
  }

  /** `where`: equality filters the route adds (top-level rows only), beside the client's. */
  async page(user: AuthUser, rawQuery: Record<string, unknown>, where?: FixedFilter): Promise<Page<WireRecord>> {
    const { query, where: extra } = (await this.hooks.listFilter?.(user, rawQuery)) ?? { query: rawQuery };
    const list = parseListQuery(this.entity, query, { paged: true });
    const scope = await this.scopeOf(user);
    const visible = this.rowsWithin(user, scope);
    const conditions = [...list.conditions, ...fixedConditions(this.entity, where)];
    const filtered = () =>
      withConditions(extra ? visible(this.deps.db).where(extra) : visible(this.deps.db), conditions, this.entity);
    // The page's rows first, then their names (dictionaries, company, references) for those rows alone: a sort
    // below the limit would otherwise compute them for every row it reads.
    const { db } = this.deps;
    const table = this.entity.table;
    const key = rowKeyColumnOf(this.entity);
    const offset = (list.current - 1) * list.size;
    const sorted = <Q extends AnyQuery>(query: Q, sorts = list.sorts): Q => orderedBy(query, sorts);
    // The page's keys walked in the sort's order, then its rows by key: the walk reads the index alone (a page past
    // 9,990 rows of 50,000: 20 ms, where reading the rows made the planner sort them all, 250 ms).
    const walked = (sorts = list.sorts, from = offset, size = list.size) =>
      (db.selectFrom(table as never).selectAll() as AnyQuery).where(
        key,
        'in',
        sorted(filtered().select(`${table}.${key}`), sorts)
          .limit(size)
          .offset(from),
      );
    const pageOf = (rows: AnyQuery, sorts = list.sorts) =>
      sorted(this.selectColumns(db.selectFrom(rows.as(table))), sorts);
    const fields = fieldsOf(this.entity);
    const sums = (this.entity.sums ?? []).map((name) => fields.get(name)!);
    const extras = this.hooks.pageExtras ? await this.hooks.pageExtras(user, query, filtered()) : {};
    const paged = async (records: Record<string, unknown>[], total: number, totals: Record<string, unknown>) => ({
      records: await this.markMine(user, await this.wire(records, user.lang)),
      total,
      size: list.size,
      current: list.current,
      pages: Math.ceil(total / list.size),
      ...totals,
      ...extras,
    });

    // Rows narrowed by nothing but the client's filters on the tally's fields: its total and sums, exact and cheap.
    const tallied =
      this.entity.tally && !scope && !this.entity.owner && !extra && !where
        ? await tallyTotals(this.deps.db, this.entity, user.tenantId, conditions)
        : undefined;
    if (tallied)
      return paged(
        await pageOf(walked()).execute(),
        tallied.total,
        Object.fromEntries(sums.map((f) => [sumKey(f.name), tallied.sums[f.name]])),
      );

    // Counted up to the cap unless the caller asks for every row: past it the count reads them all.
    const exact = ['1', 'true'].includes(String(rawQuery[EXACT_TOTAL] ?? ''));
    const { rows, counted } = exact
      ? await this.exactPage(filtered, walked, pageOf, list, offset)
      : await this.cappedPage(filtered, walked, pageOf, list, offset);
    const capped = !exact && counted > COUNT_CAP;
    // A capped list is paged as deep as its total says (COUNT_CAP rows); deeper takes the exact total.
    if (capped && offset >= COUNT_CAP) throw new ApiError(400, MESSAGES.pageDepth, { name: COUNT_CAP });
    // The sums only where the count is exact: a capped list shows none, so its rows are not read for them.
    const summed =
      sums.length && !capped && counted > 0
        ? await filtered()
            .select(sums.map((f) => sql<string>`coalesce(sum(${sql.ref(f.column)}), 0)`.as(f.column)))
            .executeTakeFirst()
        : undefined;
    return paged(
      rows.filter((r) => r[key] !== null),
      capped ? COUNT_CAP : counted,
      {
        ...(capped ? { totalCapped: true } : {}),
        ...Object.fromEntries(sums.map((f) => [sumKey(f.name), capped ? null : Number(summed?.[f.column] ?? 0)])),
      },
    );
  }

  /**
   * The page and a count up to COUNT_CAP + 1, in one round trip. The matches' keys and sort values are read once (at
   * most COUNT_CAP + 1 of them): they are counted, and when that is all of them the page is sorted from them. Past the
   * cap the page walks the sort's index instead, the matches being dense enough there; a walk for a rare match (a key
   * among 2 M params) would read past every row the filter skips.
   */
  private async cappedPage(
    filtered: () => AnyQuery,
    walked: () => AnyQuery,
    pageOf: (rows: AnyQuery) => AnyQuery,
    list: ListQuery,
    offset: number,
  ): Promise<{ rows: Row[]; counted: number }> {
    const { db } = this.deps;
    const { table } = this.entity;
    const key = rowKeyColumnOf(this.entity);
    const columns = [...new Set([key, ...list.sorts.map((s) => s.field.column)])];
    const matches = filtered()
      .select(columns.map((c) => `${table}.${c}`))
      .limit(COUNT_CAP + 1);
    const { sql: text, parameters } = matches.compile();
    // Hashed: a dept filter's parameters may be 10,000 user ids.
    const known = createHash('sha256')
      .update(`${text}\n${JSON.stringify(parameters, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`)
      .digest('base64');
    if (this.cappedLists.peek(known))
      return { rows: offset < COUNT_CAP ? await pageOf(walked()).execute() : [], counted: COUNT_CAP + 1 };
    const fromMatches = orderedBy(db.selectFrom('m' as never).select(key as never) as AnyQuery, list.sorts);
    const total = sql.ref('c.__total');
    const sortedMatches = (db.selectFrom(table as never).selectAll() as AnyQuery)
      .where(key, 'in', fromMatches.limit(list.size).offset(offset))
      .where(sql<SqlBool>`${total} <= ${COUNT_CAP}`);
    // A page past the cap is refused when the matches go past it: no walk that deep.
    const page =
      offset >= COUNT_CAP
        ? sortedMatches
        : sortedMatches.unionAll(walked().where(sql<SqlBool>`${total} > ${COUNT_CAP}`));
    const rows = await (db as unknown as DynamicDb)
      .with('m', () => matches)
      .selectFrom((eb) =>
        eb
          .selectFrom('m')
          .select(sql<string>`count(*)`.as('__total'))
          .as('c'),
      )
      .leftJoinLateral(pageOf(page).as('r'), (join) => join.onTrue())
      .selectAll('r')
      .select('c.__total')
      .execute();
    const counted = Number(rows[0]?.__total ?? 0);
    if (counted > COUNT_CAP) void this.cappedLists.get(known, async () => true);
    return { rows: rows as Row[], counted };
  }

  /**
   * Every match counted, then the page. A late page (past COUNT_CAP, in the second half) is read from the end in the
   * reverse order: OFFSET reads and skips every row before it (the last of 50,000 users: 75 ms), the reverse far fewer.
   */
  private async exactPage(
    filtered: () => AnyQuery,
    walked: (sorts?: ListQuery['sorts'], from?: number, size?: number) => AnyQuery,
    pageOf: (rows: AnyQuery, sorts?: ListQuery['sorts']) => AnyQuery,
    list: ListQuery,
    offset: number,
  ): Promise<{ rows: Row[]; counted: number }> {
    const counted = Number(
      (
        await filtered()
          .select(sql<string>`count(*)`.as('total'))
          .executeTakeFirst()
      )?.total ?? 0,
    );
    const fromEnd = counted - offset - list.size;
    if (offset < COUNT_CAP || fromEnd >= offset || counted <= offset)
      return { rows: counted > offset ? await pageOf(walked()).execute() : [], counted };
    // Ties of the sort are broken by the key, or the reverse order would not be the forward one reversed.
    const key = rowKeyColumnOf(this.entity);
    const keyOf = [...fieldsOf(this.entity).values()].find((f) => f.column === key);
    const sorts =
      keyOf && !list.sorts.some((s) => s.field.column === key)
        ? [...list.sorts, { field: keyOf, direction: 'desc' as const }]
        : list.sorts;
    const reversed = sorts.map((s) => ({
      ...s,
      direction: s.direction === 'asc' ? ('desc' as const) : ('asc' as const),
    }));
    const rows = await pageOf(
      walked(reversed, Math.max(fromEnd, 0), list.size + Math.min(fromEnd, 0)),
      sorts,
    ).execute();
    return { rows, counted };
  }

  /**
   * `picker?keyword=&current=&size=` (or `?ids=`): the forms' reference search, a page of `{id, title}` (+ `parentId`
   * in a tree, + what referencing forms fill from a picked row) whose display field contains the keyword, with the
   * entity's own visibility. `id` is what references store: the row's key, or its `refKey` (an account's code).
   */
  async picker(user: AuthUser, query: Record<string, unknown>): Promise<Page<WireRecord>> {
    const display = displayField(this.entity);
    if (!display) throw fail('notFound');
    const { tree, refKey } = this.entity;
    const { fills } = this.pickerReach;
    const key = refKey ?? keyField(this.entity);
    const option = (r: WireRecord) => ({
      id: r[key],
      title: r[display],
      ...(tree ? { parentId: r.parentId } : {}),
      ...Object.fromEntries(fills.map((name) => [name, r[name]])),
    });
    // `ids`: the options of values already chosen (a form opened on a saved row), whatever page they are on.
    if (query.ids !== undefined) {
      const ids = this.entity.key || refKey ? splitList(String(query.ids)) : idList(query.ids, 'ids');
      const visible = (await this.visibleRows(user))(this.deps.db);
      const rows = ids.length
        ? await this.selectColumns(visible.where(keyColumnOf(this.entity), 'in', ids)).execute()
        : [];
      const records = (await this.wire(rows, user.lang)).map(option);
      return { records, total: records.length, size: Math.max(records.length, 1), current: 1, pages: 1 };
    }
    const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
    const page = await this.page(user, {
      current: query.current,
      size: query.size,
      ...(keyword ? (this.entity.keyword ? { keyword } : { [`${display}_like`]: keyword }) : {}),
    });
    return { ...page, records: page.records.map(option) };
  }

  private reach?: PickerReach;

  /** The screens whose forms read this entity's picker, and what they fill from it (refs.ts `pickerReach`). */
  get pickerReach(): PickerReach {
    this.reach ??= pickerReach(this.entity.name, this.allEntities());
    return this.reach;
  }

  /** Unpaged list (pickers), capped at the maximum page size. */
  async list(user: AuthUser, rawQuery: Record<string, unknown>, where?: FixedFilter): Promise<WireRecord[]> {
    const { select, sorts, size } = await this.filtered(user, rawQuery, where);
    let ordered = select;
    for (const sort of sorts) ordered = ordered.orderBy(sort.field.column, sort.direction);
    return this.wire(await this.selectColumns(ordered).limit(size).execute(), user.lang);
  }

  /**
   * Every row a list with these filters matches (the module's `listFilter` included), unordered and unpaged: what a
   * module's statistics (a budget's 合计 row) sum in SQL, so they always agree with the list beside them.
   */
  async matchingRows(user: AuthUser, rawQuery: Record<string, unknown>, where?: FixedFilter) {
    return (await this.filtered(user, rawQuery, where)).select;
  }

  private async filtered(user: AuthUser, rawQuery: Record<string, unknown>, where?: FixedFilter) {
    const { query, where: extra } = (await this.hooks.listFilter?.(user, rawQuery)) ?? { query: rawQuery };
    const list = parseListQuery(this.entity, query, { paged: false });
    const conditions = [...list.conditions, ...fixedConditions(this.entity, where)];
    const visible = (await this.visibleRows(user))(this.deps.db);
    const select = withConditions(extra ? visible.where(extra) : visible, conditions, this.entity);
    return { select, sorts: list.sorts, size: list.size };
  }

  /** One row by its id (a keyed entity's: by its key). */
  async detail(user: AuthUser, id: unknown): Promise<WireRecord | undefined> {
    const key = keyField(this.entity);
    if (this.entity.key ? typeof id !== 'string' || id.trim() === '' : !isId(id))
      throw fail('paramType', { name: key });
    const visible = (await this.visibleRows(user))(this.deps.db);
    const row = await this.selectColumns(
      visible.where(rowKeyColumnOf(this.entity), '=', String(id).trim()),
    ).executeTakeFirst();
    if (!row) return undefined;
    const [record] = await this.wire([row], user.lang);
    for (const writer of await this.lineWriters(user))
      record[writer.key] = await writer.read(this.deps.db, record.id as string);
    return record;
  }

  /**
   * Insert without `id`, update with it (only the fields sent). Returns the saved record. Validation runs inside
   * the transaction: a tree row's parent decides inherited values and the unique scope.
   */
  async submit(user: AuthUser, body: unknown, mode: SubmitMode = 'submit'): Promise<WireRecord> {
    const prepared = await this.prepareSubmit(user, body, mode);
    const earlier = prepared.inserting ? await this.hooks.replay?.(user, prepared.input) : undefined;
    if (earlier) return (await this.wire([earlier], user.lang))[0];
    const context = await this.writeContext(user);
    const saved = await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.write(trx, user, context, prepared);
      for (const writer of context.lines) await writer.write(trx, user, String(row.id), prepared.input);
      return row;
    });
    await this.afterWrite(user);
    const [record] = await this.wire([saved], user.lang);
    for (const writer of context.lines) record[writer.key] = await writer.read(this.deps.db, record.id as string);
    return record;
  }

  /**
   * A declared partial edit (`edits`): the listed fields of one row, every check of a submit. With `mine`, a caller
   * without the full edit right reaches only the rows he answers for; any other visible row says so.
   */
  async edit(user: AuthUser, name: string, body: unknown): Promise<WireRecord> {
    const edit = this.entity.edits?.[name];
    if (!edit) throw fail('notFound');
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw fail('unreadable');
    const sent = body as Record<string, unknown>;
    const mine = edit.mine && !(await this.deps.permissions.has(user, `${this.entity.code}_edit`));
    const prepared = await this.prepareWrite(
      user,
      { ...editValues(edit, sent), id: sent.id },
      { mode: 'update', own: mine ? this.answeredFor(user, edit.mine!) : undefined },
    );
    const saved = await this.deps.db.transaction().execute((trx) => prepared.write(trx));
    await this.afterWrite(user);
    return (await this.wire([saved], user.lang))[0];
  }

  /** Rows whose `ref` points at a row of its target holding the caller's account in `user`. */
  private answeredFor(user: AuthUser, mine: { ref: string; user: string }): OwnRows {
    const ref = fieldsOf(this.entity).get(mine.ref)!;
    return {
      notFound: MESSAGES.notResponsible,
      vars: { label: this.entity.label },
      where: (rows) => rows.where(ref.column, 'in', this.accountRows(user, mine)),
    };
  }

  /** The ids of the rows `mine.ref` points at that hold the caller's account (the employees he is). */
  private accountRows(user: AuthUser, mine: { ref: string; user: string }) {
    const target = this.serviceOf(fieldsOf(this.entity).get(mine.ref)!.ref!).entity;
    const account = fieldsOf(target).get(mine.user)!;
    let accounts = this.deps.db
      .selectFrom(target.table)
      .select('id')
      .where(account.column, '=', user.userId)
      .where('is_deleted', '=', 0);
    if (target.tenant) accounts = accounts.where('tenant_id', '=', user.tenantId);
    return accounts;
  }

  /**
   * Says on each listed row whether the caller answers for it under each `mine` edit (`mineKey`: a project he
   * manages), so lists offer the edit where `edit` allows it and nowhere else.
   */
  private async markMine(user: AuthUser, records: WireRecord[]): Promise<WireRecord[]> {
    for (const [name, edit] of Object.entries(this.entity.edits ?? {})) {
      if (!edit.mine || !records.length) continue;
      const ids = new Set((await this.accountRows(user, edit.mine).execute()).map((row) => String(row.id)));
      for (const record of records) record[mineKey(name)] = ids.has(String(record[edit.mine.ref]));
    }
    return records;
  }

  /**
   * Many submits in one transaction (an Excel import): every body is validated exactly as `submit` does, and
   * either all are saved or none, with the error of each failing body by its index. Later bodies see the rows
   * earlier ones wrote (a duplicate key inside the batch, the tenant quota). `refused`: the caller has already
   * refused other rows of the batch (unknown names in an import): every body is still checked, none is saved.
   */
  async submitAll(
    user: AuthUser,
    bodies: unknown[],
    mode: SubmitMode = 'submit',
    refused = false,
  ): Promise<{ saved: number; errors: BatchError[] }> {
    const errors: BatchError[] = [];
    const collect = (index: number, error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      errors.push({ index, error });
    };
    const prepared: Array<{ index: number; submit: PreparedSubmit }> = [];
    for (const [index, body] of bodies.entries()) {
      try {
        prepared.push({ index, submit: await this.prepareSubmit(user, body, mode) });
      } catch (error) {
        collect(index, error);
      }
    }
    const context = await this.writeContext(user);
    const bulk = this.insertsInBulk(context);
    if (bulk) Object.assign(context, { reads: readOnce(), inserts: { rows: [], keys: new Set<string>() } });
    const rollback = Symbol('rollback');
    const { inserts } = context;
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        const insertedBy: number[] = [];
        let aborted = false;
        for (const { index, submit } of prepared) {
          // The engine's checks throw before anything is written, so the transaction stays usable after a refusal.
          try {
            await this.write(trx, user, context, submit);
            if (inserts && inserts.rows.length > insertedBy.length) insertedBy.push(index);
          } catch (error) {
            const violation = uniqueViolation(error, this.allEntities());
            collect(index, violation ?? error);
            // The database's refusal (a key a concurrent write took since the check) ends the transaction.
            if (violation) {
              aborted = true;
              break;
            }
          }
        }
        if (aborted) throw rollback;
        if (inserts) {
          const taken = await this.takenKeys(
            trx,
            user,
            inserts.rows.flatMap((pending) => pending.keys),
          );
          inserts.rows.forEach((pending, i) => {
            const key = pending.keys.find((k) => taken.has(k.text));
            if (key) collect(insertedBy[i], key.refusal);
          });
        }
        if (errors.length || refused) throw rollback;
        if (inserts) {
          const left = await this.insertUnlessTaken(
            trx,
            inserts.rows.map((pending) => pending.row),
          );
          if (!left.size) return;
          // Rows whose key a concurrent write took since the check: each refused by the key taken now.
          const late = inserts.rows.flatMap((pending, i) =>
            left.has(String(pending.row.id)) ? [{ ...pending, index: insertedBy[i] }] : [],
          );
          const taken = await this.takenKeys(
            trx,
            user,
            late.flatMap((pending) => pending.keys),
          );
          for (const pending of late) {
            const key = pending.keys.find((k) => taken.has(k.text)) ?? pending.keys[0];
            if (!key) throw new Error(`${this.entity.table}: a row meets a unique index that no unique rule declares`);
            collect(pending.index, key.refusal);
          }
          throw rollback;
        }
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    if (errors.length || refused) return { saved: 0, errors: errors.sort((a, b) => a.index - b.index) };
    await this.afterWrite(user);
    return { saved: prepared.length, errors };
  }

  /**
   * Inserts a batch's new rows, INSERT_BATCH a statement; a row meeting a unique index's live key is left out rather
   * than ending the transaction (`on conflict do nothing` waits for a concurrent writer of the key to finish). Returns
   * the ids of the rows left out.
   */
  private async insertUnlessTaken(trx: DynamicDb, rows: Row[]): Promise<Set<string>> {
    const left = new Set(rows.map((row) => String(row.id)));
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const inserted = await trx
        .insertInto(this.entity.table)
        .values(rows.slice(i, i + INSERT_BATCH))
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .execute();
      for (const row of inserted) left.delete(String(row.id));
    }
    return left;
  }

  /**
   * Whether a batch's new rows can wait and go in together (`INSERT` of hundreds): when nothing a row's write sets
   * off reads or follows the rows written before it: no tree, lines, document numbers, reaction, module check inside
   * the transaction or reference to its own entity. Later rows still meet earlier ones' unique keys (kept in memory).
   */
  private insertsInBulk(context: WriteContext): boolean {
    const { entity } = this;
    return (
      !entity.tree &&
      !context.lines.length &&
      !this.reactions.length &&
      !this.hooks.beforeWrite &&
      ![...fieldsOf(entity).values()].some((field) => field.sequence) &&
      !this.refFields().some((ref) => targetsOf(ref).some((target) => target.name === entity.name))
    );
  }

  /** The rows a write may see and point at, and its line writers. */
  private async writeContext(user: AuthUser): Promise<WriteContext> {
    const refs = new Map<string, VisibleRows>();
    for (const ref of this.refFields()) {
      for (const target of targetsOf(ref))
        if (!refs.has(target.name)) refs.set(target.name, await this.serviceOf(target.name).visibleRows(user));
    }
    const granted = new Set<string>();
    for (const code of stateCodes(this.entity)) if (await this.deps.permissions.has(user, code)) granted.add(code);
    return {
      visible: await this.visibleRows(user),
      refs,
      lines: await this.lineWriters(user),
      granted,
      reads: readEachTime,
    };
  }

  private async lineWriters(user: AuthUser): Promise<Array<LineWriter<WriteContext>>> {
    const writers: Array<LineWriter<WriteContext>> = [];
    for (const [key, line] of Object.entries(linesOf(this.entity))) {
      const service = this.serviceOf(line.entity.name);
      writers.push(new LineWriter(key, line, service, await service.writeContext(user)));
    }
    return writers;
  }

  async writeLine(trx: DynamicDb, user: AuthUser, context: WriteContext, body: Row): Promise<void> {
    await this.write(trx, user, context, await this.prepareSubmit(user, body, 'submit'));
  }

  lineRows(db: DynamicDb, context: WriteContext, column: string, headerId: string): Promise<Row[]> {
    let query = this.selectColumns(context.visible(db).where(column, '=', headerId));
    for (const sort of parseListQuery(this.entity, {}, { paged: false }).sorts)
      query = query.orderBy(sort.field.column, sort.direction);
    return query.execute();
  }

  /**
   * What an import's text cells of reference `field` name: for each text, the ids of the target's rows (the caller's
   * visible ones) whose display field or one of its unique text fields holds it (a category by name or by code).
   */
  async refIdsByText(user: AuthUser, field: ResolvedField, texts: string[]): Promise<Map<string, string[]>> {
    const target = this.serviceOf(field.ref!);
    const fields = fieldsOf(target.entity);
    const matchable = [...fields.values()].filter(
      (f) => (f.name === displayField(target.entity) || f.unique === true) && f.type === 'string',
    );
    const found = new Map<string, Set<string>>(texts.map((text) => [text, new Set()]));
    if (!texts.length || !matchable.length) return new Map();
    const key = keyColumnOf(target.entity);
    const rows = await (
      await target.visibleRows(user)
    )(this.deps.db)
      .where((eb) => eb.or(matchable.map((f) => eb(f.column, 'in', texts))))
      .select([key, ...matchable.map((f) => f.column)])
      .execute();
    for (const row of rows) for (const f of matchable) found.get(String(row[f.column]))?.add(String(row[key]));
    return new Map([...found].map(([text, ids]) => [text, [...ids]]));
  }

  /** What an import's company cells name, by code or by name: the codes of the caller's tenant's companies. */
  async companyCodesByText(user: AuthUser, texts: string[]): Promise<Map<string, string[]>> {
    const companies = await companyOptions(this.deps.db, user.tenantId);
    return new Map(
      texts.map((text) => [text, companies.filter((c) => c.value === text || c.label === text).map((c) => c.value)]),
    );
  }

  /** The platform dictionaries (Excel columns of `dict` fields). */
  get dictionaries(): Dictionaries {
    return this.deps.dictionaries;
  }

  /**
   * An import's row that names a saved row by the entity's first unique field (a part number; else the first unique
   * within a scope: a budget row's caption with its year, company and account) becomes an update of that row
   * (`isCovered`); any other row stays an insert, and so does one whose key cells do not parse (the submit says why).
   */
  async withIdOfSaved(user: AuthUser, values: Record<string, unknown>): Promise<Record<string, unknown>> {
    const fields = fieldsOf(this.entity);
    const unique =
      [...fields.values()].find((f) => f.unique === true) ??
      [...fields.values()].find((f) => typeof f.unique === 'object');
    const value = unique ? values[unique.name] : undefined;
    if (!unique || isBlank(value)) return values;
    let saved = (await this.visibleRows(user))(this.deps.db).where(unique.column, '=', String(value));
    for (const name of typeof unique.unique === 'object' ? unique.unique.scope : []) {
      const field = fields.get(name)!;
      let key: unknown = field.default ?? null;
      try {
        if (!isBlank(values[name])) key = parseFieldValue(field, values[name]);
      } catch {
        return values;
      }
      saved =
        key === null || key === undefined ? saved.where(field.column, 'is', null) : saved.where(field.column, '=', key);
    }
    const found = await saved.select('id').executeTakeFirst();
    return found ? { ...values, id: String(found.id) } : values;
  }

  /** Label (zh or English) -> key of the caller's tenant's business dictionary `code`, for an import's cells. */
  async bizDictLabels(user: AuthUser, code: string): Promise<Map<string, string>> {
    const items = await this.deps.db
      .selectFrom('blade_dict_biz')
      .select(['dict_key', 'dict_value', 'remark'])
      .where('tenant_id', '=', this.entity.tenant ? user.tenantId : '000000')
      .where('code', '=', code)
      .where('parent_id', '<>', '0')
      .where('is_deleted', '=', 0)
      .execute();
    const labels = new Map<string, string>();
    for (const item of items) {
      const key = String(item.dict_key);
      for (const lang of ['en', 'zh'] as const)
        labels.set(itemLabel({ dictValue: String(item.dict_value), remark: String(item.remark ?? '') }, lang), key);
    }
    return labels;
  }

  private serviceOf(name: string): EntityService {
    const service = this.deps.entities.get(name);
    if (!service) throw new Error(`${this.entity.name}: no entity named '${name}'`);
    return service;
  }

  private allEntities(): EntityDef[] {
    return [...this.deps.entities.values()].map((s) => s.entity);
  }

  private refFields(): RefField[] {
    return refFieldsOf(this.entity, (name) => this.deps.entities.get(name)?.entity);
  }

  /** Every column of the entity's table plus the reference names, joined in the same query. */
  selectColumns<Q extends AnyQuery>(query: Q) {
    // Built once: the names' subqueries depend on the definitions alone (every entity is known by the first query).
    this.nameColumns ??= [
      ...bizDictColumns(this.entity),
      ...companyNameColumns(this.entity),
      ...refNameColumns(this.entity, this.lookup),
      ...aggregateColumns(this.entity, this.lookup),
    ];
    return query.selectAll(this.entity.table).select(this.nameColumns);
  }
  private nameColumns?: Array<AliasedRawBuilder<unknown, string>>;

  /** Definitions by name, for references, copies and aggregates. */
  private readonly lookup = (name: string) => this.deps.entities.get(name)?.entity;

  /** Outside any transaction: the body's shape and the module's `prepare` hook. */
  private async prepareSubmit(user: AuthUser, body: unknown, mode: SubmitMode): Promise<PreparedSubmit> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw fail('unreadable');
    const sent = body as Record<string, unknown>;
    const hasId = sent.id !== undefined && sent.id !== null && sent.id !== '' && sent.id !== 0 && sent.id !== '0';
    if (mode === 'update' && !hasId) throw fail('missingParam', { name: 'id' });
    if (hasId && !isId(sent.id)) throw fail('paramType', { name: 'id' });
    const inserting = mode === 'save' || !hasId;
    const input = this.hooks.prepare ? await this.hooks.prepare(user, sent, inserting) : sent;
    return { input, inserting, id: inserting ? nextId() : String(input.id) };
  }

  /**
   * A submit for a transaction its module opens (an approval request, saved with the start of its process): the body
   * is prepared and what the checks need resolved here, before it (PGlite has one connection); `write` then makes
   * every check `submit` makes. `own`: an update reaches only the caller's own rows (an applicant adjusting his
   * request),
   * any other row is `notFound`.
   */
  async prepareWrite(
    user: AuthUser,
    body: unknown,
    options: { mode?: SubmitMode; own?: OwnRows } = {},
  ): Promise<PreparedWrite> {
    const prepared = { ...(await this.prepareSubmit(user, body, options.mode ?? 'submit')), own: options.own };
    const context = await this.writeContext(user);
    return {
      id: prepared.id,
      inserting: prepared.inserting,
      preview: prepared.inserting ? this.columnValues(prepared.input, undefined) : {},
      write: async (trx, columns) => {
        const row = await this.write(trx, user, context, prepared, columns);
        for (const writer of context.lines) await writer.write(trx, user, String(row.id), prepared.input);
        return row;
      },
    };
  }

  /**
   * One insert or update inside `trx`: every check first, then the write; returns the saved row. `columns`: set by the
   * module that owns the write (a request's process), after the checks.
   */
  private async write(
    trx: DynamicDb,
    user: AuthUser,
    context: WriteContext,
    { input, inserting, id, own }: PreparedSubmit,
    columns?: Record<string, unknown>,
  ): Promise<Row> {
    const { visible } = context;
    const { entity } = this;
    const now = formatDateTime();
    let current = visible(trx).where('id', '=', id);
    if (own) current = own.where ? own.where(current) : current.where('create_user', '=', user.userId);
    const before: Row | undefined = inserting ? undefined : await current.selectAll().forUpdate().executeTakeFirst();
    if (!inserting && !before) throw new ApiError(400, own?.notFound ?? MESSAGES.dataNotFound, own?.vars);
    const placement = entity.tree ? await placeInTree(entity, trx, visible, input, before) : undefined;
    const values = { ...this.columnValues(placement?.input ?? input, before), ...placement?.columns };
    checkReserved(entity, user, values, before);
    // Dictionaries first: a refBy reference's table follows a dictionary value.
    const { reads } = context;
    await checkDicts(trx, entity, values, before, reads);
    await checkBizDicts(trx, entity, user.tenantId, values, reads);
    await checkRefs(trx, this.refFields(), context.refs, values, { ...before, ...values }, reads);
    Object.assign(values, await copiedValues(trx, entity, this.lookup, { ...before, ...values }, user.tenantId, reads));
    await checkCompanies(trx, entity, user.tenantId, values, reads);
    await checkBusinessUnits(trx, entity, user.tenantId, values, reads);
    await checkTransition(trx, entity, user.tenantId, values, before, context.granted);
    checkFrozen(entity, values, before);
    await checkSetOnMove(trx, entity, user.tenantId, values, before);
    checkRowRules(entity, values, before);
    await checkWithin(trx, entity, this.refFields(), { ...before, ...values }, values);
    if (before) await checkHeldWithin(trx, entity, this.allEntities(), id, before, values);
    await this.checkOwner(trx, user, values);
    const { inserts } = context;
    // A batch's new rows meet the table's keys together, before they go in (`takenKeys`).
    const keys = await this.checkUnique(
      trx,
      user,
      { ...before, ...values },
      values,
      before ? id : undefined,
      !!inserts,
    );
    for (const key of inserts ? keys : []) if (inserts!.keys.has(key.text)) throw key.refusal;
    await this.hooks.beforeWrite?.(trx, user, values, before);
    Object.assign(values, computedValues(entity, { ...before, ...values }), columns);
    if (inserting) {
      const row: Record<string, unknown> = {
        ...values,
        ...(await sequenceValues(trx, entity, user.tenantId, values)),
        id,
        is_deleted: 0,
      };
      if (entity.owner) {
        const column = fieldsOf(entity).get(entity.owner)!.column;
        row[column] ??= user.userId;
      }
      if (entity.tenant) row.tenant_id = user.tenantId;
      if (entity.audit) {
        Object.assign(row, auditColumns(user, now));
        row.status ??= 1;
      }
      if (inserts) {
        inserts.rows.push({ row, keys });
        for (const key of keys) inserts.keys.add(key.text);
        return row;
      }
      await trx.insertInto(entity.table).values(row).execute();
    } else {
      const changes: Record<string, unknown> = { ...values };
      if (entity.audit) Object.assign(changes, { update_user: user.userId, update_time: now });
      if (Object.keys(changes).length) await trx.updateTable(entity.table).set(changes).where('id', '=', id).execute();
    }
    const after: Row = await this.selectColumns(
      trx.selectFrom(entity.table).where('id', '=', id),
    ).executeTakeFirstOrThrow();
    if (before && entity.tree) await followParent(entity, trx, before, after);
    for (const reaction of this.reactions) await reaction.afterWrite?.(trx, user, after, before);
    return after;
  }

  /** Soft delete of every id, or of none when any is not visible to the caller, has children or is referenced. */
  async remove(user: AuthUser, ids: unknown): Promise<void> {
    const list = parseIds(ids);
    await this.hooks.beforeRemove?.(user, list);
    const visible = await this.visibleRows(user);
    const referrers = referrersOf(
      this.entity,
      [...this.deps.entities.values()].map((s) => s.entity),
    );
    await this.deps.db.transaction().execute(async (trx) => {
      const found: Row[] = await visible(trx).where('id', 'in', list).selectAll().forUpdate().execute();
      if (found.length !== new Set(list).size) throw new ApiError(400, MESSAGES.dataNotFound);
      await checkRemovable(this.entity, trx, list, referrers);
      await checkKept(trx, this.entity, list);
      for (const line of Object.values(linesOf(this.entity))) {
        const lines = this.serviceOf(line.entity.name);
        await lines.removeWhere(trx, user, fieldsOf(lines.entity).get(line.foreignKey)!.column, list);
      }
      const changes: Record<string, unknown> = { is_deleted: 1 };
      if (this.entity.audit) Object.assign(changes, { update_user: user.userId, update_time: formatDateTime() });
      await trx.updateTable(this.entity.table).set(changes).where('id', 'in', list).execute();
      for (const reaction of this.reactions) await reaction.afterRemove?.(trx as DynamicDb, user, found);
    });
    await this.afterWrite(user);
  }

  /**
   * For deletes a module owns (a keyed entity's): refuses keys other entities' rows still reference. References of the
   * entity to itself (a division's parent) are its module's rule.
   */
  async refuseReferenced(trx: DynamicDb, keys: string[]): Promise<void> {
    const others = [...this.deps.entities.values()].map((s) => s.entity).filter((entity) => entity !== this.entity);
    await checkReferrers(trx, keys, referrersOf(this.entity, others));
  }

  /**
   * Soft delete of the live rows whose `column` is one of `values` (lines left out of a document, or of a removed one).
   */
  async removeWhere(trx: DynamicDb, user: AuthUser, column: string, values: string[]): Promise<void> {
    const changes: Record<string, unknown> = { is_deleted: 1 };
    if (this.entity.audit) Object.assign(changes, { update_user: user.userId, update_time: formatDateTime() });
    await trx
      .updateTable(this.entity.table)
      .set(changes)
      .where(column, 'in', values)
      .where('is_deleted', '=', 0)
      .execute();
  }

  /** Caches built from this entity's rows are cleared on every process. */
  private async afterWrite(user: AuthUser) {
    this.cappedLists.clear();
    if (this.entity.affectsSessions) await this.deps.accounts.changed(user.tenantId);
    if (this.entity.affectsGrants) await this.deps.permissions.invalidate();
    if (this.entity.affectsDictionaries) await this.deps.dictionaries.invalidate();
  }

  /**
   * Submitted fields -> column values, validated with the definition's messages. Server-owned fields are ignored, and
   * so is text sent back unchanged: a value stored before a rule existed (an old phone number) must not block an
   * edit of the other fields.
   */
  private columnValues(input: Record<string, unknown>, before: Row | undefined): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    const inserting = !before;
    const fields = fieldsOf(this.entity);
    for (const field of fields.values()) {
      if (field.readonly || (field.fixed && !inserting)) continue;
      // A value the row copies from its reference once that is set: whatever was typed gives way to it.
      if (field.copyFrom && !isBlank(input[field.copyFrom.ref] ?? before?.[fields.get(field.copyFrom.ref)!.column]))
        continue;
      const raw = input[field.name];
      if (raw === undefined) {
        if (!inserting) continue;
        if (field.default !== undefined) {
          values[field.column] = field.default;
          continue;
        }
      }
      if (before && typeof raw === 'string' && raw !== '' && raw === before[field.column]) continue;
      const value = aboutField(field.name, () => parseFieldValue(field, raw, { update: !inserting }));
      if (value !== undefined) values[field.column] = value;
    }
    return values;
  }

  /** A row addressed to another user (a message's recipient) names a live user of the caller's tenant. */
  private async checkOwner(trx: DynamicDb, user: AuthUser, values: Record<string, unknown>) {
    const owner = this.entity.owner ? fieldsOf(this.entity).get(this.entity.owner)! : undefined;
    const value = owner && values[owner.column];
    if (!owner || value === undefined || value === null || String(value) === user.userId) return;
    const found = await trx
      .selectFrom('blade_user')
      .select('id')
      .where('id', '=', String(value))
      .where('tenant_id', '=', user.tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!found) throw new ApiError(400, MESSAGES.userUnknown, { label: owner.label });
  }

  /**
   * `row` is the record as it will be (the current row merged with `values`); a key is checked when it or its
   * scope is being written.
   */
  private async checkUnique(
    db: DynamicDb,
    user: AuthUser,
    row: Row,
    values: Row,
    selfId: string | undefined,
    deferred = false,
  ): Promise<UniqueKey[]> {
    const keys = uniqueKeysOf(this.entity, row, values);
    if (deferred) return keys;
    for (const key of keys) {
      let query = this.rowsWithKey(db, user, key).select('id');
      if (selfId) query = query.where('id', '<>', selfId);
      if (await query.executeTakeFirst()) throw key.refusal;
    }
    return keys;
  }

  /** The live rows of the caller's tenant holding `key` (a blank scope value is a value too: `is null`). */
  private rowsWithKey(db: DynamicDb, user: AuthUser, key: UniqueKey) {
    let query = db.selectFrom(this.entity.table).where('is_deleted', '=', 0);
    key.columns.forEach((column, i) => {
      const value = key.values[i];
      query = value === null ? query.where(column, 'is', null) : query.where(column, '=', value);
    });
    return this.entity.tenant ? query.where('tenant_id', '=', user.tenantId) : query;
  }

  /**
   * Which of the new rows' keys the table holds already (`text`s): the keys of a batch asked together, a few hundred a
   * query; a key with a blank in its scope alone.
   */
  private async takenKeys(db: DynamicDb, user: AuthUser, keys: UniqueKey[]): Promise<Set<string>> {
    const taken = new Set<string>();
    const groups = new Map<string, UniqueKey[]>();
    for (const key of keys) {
      if (key.values.includes(null)) {
        if (await this.rowsWithKey(db, user, key).select('id').executeTakeFirst()) taken.add(key.text);
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
          .selectFrom(this.entity.table)
          .select(columns)
          .where('is_deleted', '=', 0)
          .where(sql<boolean>`(${sql.join(columns.map((c) => sql.ref(c)))}) in (${sql.join(tuples)})`);
        if (this.entity.tenant) query = query.where('tenant_id', '=', user.tenantId);
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

  /**
   * Wire form plus dictionary names (`<field>Name`, a business dictionary's in `lang`) and, in a tree, the parent's
   * title (`parentName`).
   */
  async wire(rows: Record<string, unknown>[], lang: Lang = 'zh'): Promise<WireRecord[]> {
    const dictFields = [...fieldsOf(this.entity).values()].filter((f) => f.dict);
    const dicts = await Promise.all(dictFields.map((f) => this.deps.dictionaries.itemsOf(f.dict!)));
    const parentNames = await this.parentNames(rows);
    const refs = this.refFields();
    const companies = companyFieldsOf(this.entity);
    const addToday = todayDeriver(this.entity);
    const records = rows.map((row) => {
      const record = toWire(this.entity, row);
      addToday(record);
      // Tables and trees key rows on `id`: a keyed entity's records carry their key under it too.
      if (this.entity.key) record.id = record[this.entity.key];
      dictFields.forEach((f, i) => {
        record[`${f.name}Name`] = dicts[i].get(String(record[f.name])) ?? '';
      });
      Object.assign(record, bizDictNames(this.entity, row, lang));
      if (parentNames) record.parentName = parentNames.get(String(record.parentId)) ?? '';
      for (const { key } of refs) record[key] = row[key] ?? '';
      for (const field of companies) record[refNameKey(field.name, field)] = row[refNameKey(field.name, field)] ?? '';
      return record;
    });
    await this.hooks.decorate?.(records, rows);
    return records;
  }

  private async parentNames(rows: Record<string, unknown>[]): Promise<Map<string, string> | undefined> {
    const tree = this.entity.tree;
    if (!tree) return undefined;
    const title = fieldsOf(this.entity).get(tree.title)!.column;
    const names = new Map(rows.map((r) => [String(r.id), String(r[title] ?? '')]));
    const missing = [...new Set(rows.map((r) => String(r.parent_id)))].filter((id) => id !== '0' && !names.has(id));
    if (missing.length) {
      const parents = await this.deps.db
        .selectFrom(this.entity.table)
        .select(['id', title])
        .where('id', 'in', missing)
        .execute();
      for (const p of parents) names.set(String(p.id), String(p[title] ?? ''));
    }
    return names;
  }
}

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

function withConditions(query: AnyQuery, conditions: Condition[], entity: EntityDef) {
  return conditions.length ? query.where((eb) => eb.and(conditionsPredicate(eb, conditions, '', entity))) : query;
}

/**
 * A comma list of ids (`ids=1,2,3`, query or form), every one an id. An empty `ids` is the spec's "select at least
 * one record"; another empty list is a missing parameter, by its name.
 */
export function parseIds(raw: unknown, name = 'ids'): string[] {
  const ids = idList(raw, name);
  if (ids.length === 0) throw name === 'ids' ? fail('selectOne') : fail('missingParam', { name });
  return ids;
}

export type ScopePredicate = Expression<SqlBool>;
