import { createHash } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import { displayField, keyField, mineKey, type EntityDef } from '../../../shared/entities/define.ts';
import { COUNT_CAP, EXACT_TOTAL, sumKey } from '../../../shared/contract/page.ts';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';
import type { DynamicDb } from '../../db/connect.ts';
import { splitList, type AuthUser } from '../auth-context.ts';
import { ApiError, fail } from '../errors.ts';
import { idList, isId } from '../ids.ts';
import { stepAside } from '../yield-to-requests.ts';
import {
  conditionsPredicate,
  fixedConditions,
  parseListQuery,
  type Condition,
  type FixedFilter,
  type ListQuery,
} from './conditions.ts';
import { fieldsOf } from './fields.ts';
import { linesOf } from './lines.ts';
import { keyColumnOf, pickerReach, rowKeyColumnOf, type PickerReach } from './refs.ts';
import { tallyTotals } from './tally.ts';
import type { EntityRows } from './entity-rows.ts';
import type { AnyQuery, Page } from './engine-types.ts';
import type { Row, WireRecord } from './types.ts';

/** The query in a list's sort order. */
const orderedBy = <Q extends AnyQuery>(query: Q, sorts: ListQuery['sorts']): Q =>
  sorts.reduce((q, s) => q.orderBy(s.field.column, s.direction) as Q, query);

/**
 * The reading job of one entity's engine: pages with their totals and sums, unpaged lists, pickers and one row with
 * its lines.
 */
export class EntityReads {
  private reach?: PickerReach;

  constructor(private readonly rows: EntityRows) {}

  private get entity() {
    return this.rows.entity;
  }

  private get deps() {
    return this.rows.deps;
  }

  private get hooks() {
    return this.rows.hooks;
  }

  /** `where`: equality filters the route adds (top-level rows only), beside the client's. */
  async page(user: AuthUser, rawQuery: Record<string, unknown>, where?: FixedFilter): Promise<Page<WireRecord>> {
    const { query, where: extra } = (await this.hooks.listFilter?.(user, rawQuery)) ?? { query: rawQuery };
    const list = parseListQuery(this.entity, query, { paged: true });
    const scope = await this.rows.scopeOf(user);
    const visible = this.rows.rowsWithin(user, scope);
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
      sorted(this.rows.selectColumns(db.selectFrom(rows.as(table))), sorts);
    const { sums } = this.rows.tables;
    const extras = this.hooks.pageExtras ? await this.hooks.pageExtras(user, query, filtered()) : {};
    const paged = async (records: Record<string, unknown>[], total: number, totals: Record<string, unknown>) => ({
      records: await this.markMine(user, await this.rows.wire(records, user.lang)),
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
    if (this.rows.cappedLists.peek(known))
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
    if (counted > COUNT_CAP) void this.rows.cappedLists.get(known, async () => true);
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
    const keyOf = [...this.rows.tables.fields.values()].find((f) => f.column === key);
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
      const visible = (await this.rows.visibleRows(user))(this.deps.db);
      const rows = ids.length
        ? await this.rows.selectColumns(visible.where(keyColumnOf(this.entity), 'in', ids)).execute()
        : [];
      const records = (await this.rows.wire(rows, user.lang)).map(option);
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

  /** The screens whose forms read this entity's picker, and what they fill from it (refs.ts `pickerReach`). */
  get pickerReach(): PickerReach {
    this.reach ??= pickerReach(this.entity.name, this.rows.allEntities());
    return this.reach;
  }

  /** Unpaged list (pickers), capped at the maximum page size. */
  async list(user: AuthUser, rawQuery: Record<string, unknown>, where?: FixedFilter): Promise<WireRecord[]> {
    const { select, sorts, size } = await this.filtered(user, rawQuery, where);
    let ordered = select;
    for (const sort of sorts) ordered = ordered.orderBy(sort.field.column, sort.direction);
    return this.rows.wire(await this.rows.selectColumns(ordered).limit(size).execute(), user.lang);
  }

  /**
   * Every row of the list in its order, `size` rows at a time (what an export writes): the matches' keys read once in
   * the sort's order, then each batch's rows by key. Paging the list instead read every earlier row again for each
   * page and counted them all for each (a 100,000-row export read 28 million rows in 42 s: bench/scale-out).
   */
  async *batches(user: AuthUser, rawQuery: Record<string, unknown>, size: number): AsyncGenerator<WireRecord[]> {
    const { select, sorts } = await this.filtered(user, rawQuery);
    const { db } = this.deps;
    const { table } = this.entity;
    const key = rowKeyColumnOf(this.entity);
    const keys = (await orderedBy(select.select(`${table}.${key}`), sorts).execute()).map((row) => row[key]);
    for (let i = 0; i < keys.length; i += size) {
      const slice = keys.slice(i, i + size);
      const at = new Map(slice.map((k, index) => [String(k), index]));
      const rows = (db.selectFrom(table as never).selectAll() as AnyQuery).where(key, 'in', slice);
      const batch = await this.rows.selectColumns(db.selectFrom(rows.as(table)), true).execute();
      batch.sort((a, b) => at.get(String(a[key]))! - at.get(String(b[key]))!);
      // Requests that arrived while the rows were read go before their wire form (an export's reader steps aside).
      await stepAside();
      yield await this.markMine(user, await this.rows.wire(batch, user.lang));
    }
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
    const visible = (await this.rows.visibleRows(user))(this.deps.db);
    const select = withConditions(extra ? visible.where(extra) : visible, conditions, this.entity);
    return { select, sorts: list.sorts, size: list.size };
  }

  /** One row by its id (a keyed entity's: by its key). */
  async detail(user: AuthUser, id: unknown): Promise<WireRecord | undefined> {
    const key = keyField(this.entity);
    if (this.entity.key ? typeof id !== 'string' || id.trim() === '' : !isId(id))
      throw fail('paramType', { name: key });
    const visible = (await this.rows.visibleRows(user))(this.deps.db);
    const row = await this.rows
      .selectColumns(visible.where(rowKeyColumnOf(this.entity), '=', String(id).trim()))
      .executeTakeFirst();
    if (!row) return undefined;
    const [record] = await this.rows.wire([row], user.lang);
    for (const [name, line] of Object.entries(linesOf(this.entity))) {
      const lines = this.rows.serviceOf(line.entity.name);
      const column = fieldsOf(lines.entity).get(line.foreignKey)!.column;
      const visible = await lines.visibleRows(user);
      record[name] = await lines.wire(await lines.lineRows(this.deps.db, visible, column, record.id as string));
    }
    await this.hooks.opened?.(user, record);
    await this.hooks.personal?.(user, [record]);
    return record;
  }

  /**
   * Says on each listed row whether the caller answers for it under each `mine` edit (`mineKey`: a project he
   * manages), so lists offer the edit where `edit` allows it and nowhere else.
   */
  private async markMine(user: AuthUser, records: WireRecord[]): Promise<WireRecord[]> {
    for (const [name, edit] of Object.entries(this.entity.edits ?? {})) {
      if (!edit.mine || !records.length) continue;
      const ids = new Set((await this.rows.accountRows(user, edit.mine).execute()).map((row) => String(row.id)));
      for (const record of records) record[mineKey(name)] = ids.has(String(record[edit.mine.ref]));
    }
    if (records.length) await this.hooks.personal?.(user, records);
    return records;
  }
}

function withConditions(query: AnyQuery, conditions: Condition[], entity: EntityDef) {
  return conditions.length ? query.where((eb) => eb.and(conditionsPredicate(eb, conditions, '', entity))) : query;
}
