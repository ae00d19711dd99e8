import { sql, type AliasedRawBuilder, type Expression, type SqlBool } from 'kysely';
import { refNameKey, type EntityDef } from '../../../shared/entities/define.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import type { AuthUser } from '../auth-context.ts';
import type { DynamicDb } from '../../db/connect.ts';
import { TtlCache } from '../ttl-cache.ts';
import { bizDictColumns, bizDictNames } from './biz-dicts.ts';
import { companyNameColumns } from './company.ts';
import { dataScopePredicate } from './data-scope.ts';
import { aggregateColumns, todayDeriver } from './derived.ts';
import { addAttachedFiles, sweepAttachments } from './attachments.ts';
import { fieldsOf, toWire } from './fields.ts';
import { tablesOf, type EntityTables } from './entity-tables.ts';
import { parseListQuery } from './conditions.ts';
import { refFieldsOf, refNameColumns, type RefField } from './refs.ts';
import type { AnyQuery, EngineDeps, EntityHooks, EntityPeer, EntityReaction } from './engine-types.ts';
import type { Row, VisibleRows, WireRecord } from './types.ts';

/**
 * What every job of one entity's engine shares: its definition and module behaviour, the rows a caller may see, how
 * rows are selected and put on the wire, and the other entities it points at. Every query carries the tenant
 * predicate, `is_deleted = 0` and the caller's data scope.
 */
export class EntityRows {
  hooks: EntityHooks = {};
  readonly reactions: EntityReaction[] = [];
  /**
   * Lists found past COUNT_CAP a moment ago, by their matching query: their next pages skip counting COUNT_CAP + 1
   * rows (the 50,000-user tenant's first page: most of its database time). Emptied by this process's writes; another
   * process's writes show within the minute.
   */
  readonly cappedLists = new TtlCache<true>(1_000, 60_000);
  private nameColumns?: Array<AliasedRawBuilder<unknown, string>>;
  private aggregates?: Array<AliasedRawBuilder<unknown, string>>;

  /** The definition's tables, resolved once: every job reads them from here. */
  readonly tables: EntityTables;

  constructor(
    readonly entity: EntityDef,
    readonly deps: EngineDeps,
  ) {
    this.tables = tablesOf(entity);
  }

  /** Installs the entity's module behaviour (once, while the app is built). */
  use(hooks: EntityHooks): void {
    // One module owns an entity's behaviour: a second owner would silently replace the first one's rules.
    if (Object.keys(this.hooks).length) throw new Error(`entity ${this.entity.name} already has hooks`);
    this.hooks = hooks;
  }

  /**
   * The rows this caller may see: tenant, not deleted, data scope. The one place these predicates are built.
   * The scope is resolved before any transaction opens: PGlite has one connection, held by the transaction.
   */
  async visibleRows(user: AuthUser): Promise<VisibleRows> {
    return this.rowsWithin(user, await this.scopeOf(user));
  }

  /** The caller's data scope of this entity's rows; undefined when it sees them all. */
  async scopeOf(user: AuthUser): Promise<Expression<SqlBool> | undefined> {
    const { entity } = this;
    const [scope, audience] = await Promise.all([
      entity.dataScope
        ? this.deps.permissions.dataScopesOf(user, entity.code).then((rules) => dataScopePredicate(entity, user, rules))
        : undefined,
      this.hooks.audience?.(user),
    ]);
    if (!scope || !audience) return scope ?? audience;
    return sql<SqlBool>`(${scope}) and (${audience})`;
  }

  rowsWithin(user: AuthUser, scope: Expression<SqlBool> | undefined): VisibleRows {
    const { entity } = this;
    const { owner } = this.tables;
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

  /**
   * Every column of the entity's table plus the reference names and aggregates, in the same query. `many`: the rows
   * come by the hundred (an export's batch), and each name is then a lateral join, which PostgreSQL memoizes per
   * distinct key (its Memoize node), where a subquery in the select list runs again for every row: a batch of 500
   * customers looked up their 4 dictionary names 2,000 times (58 ms), the joins each one once (4 ms). `offset 0` keeps
   * the planner from folding the join back into a subquery of the select list. A page's few rows keep the subqueries:
   * planning 8 lateral joins added 4-6 ms to a ledger page (two runs, a busy machine), more than its names cost.
   */
  selectColumns(query: AnyQuery, many = false): AnyQuery {
    // Built once: the names' subqueries depend on the definitions alone (every entity is known by the first query).
    this.nameColumns ??= [
      ...bizDictColumns(this.entity),
      ...companyNameColumns(this.entity),
      ...refNameColumns(this.entity, this.lookup),
    ];
    this.aggregates ??= aggregateColumns(this.entity, this.lookup);
    if (!many) return query.selectAll(this.entity.table).select([...this.nameColumns, ...this.aggregates]);
    let named: AnyQuery = query.selectAll(this.entity.table);
    this.nameColumns.forEach((column, index) => {
      const joined = `__name_${index}`;
      named = named
        .leftJoinLateral(sql`(select ${column.rawBuilder} as name offset 0)`.as(joined), (join) => join.onTrue())
        .select(sql.ref(`${joined}.name`).as(column.alias as string));
    });
    return named.select(this.aggregates);
  }

  /** Definitions by name, for references, copies and aggregates. */
  readonly lookup = (name: string) => this.deps.entities.get(name)?.entity;

  /**
   * Wire form plus dictionary names (`<field>Name`, a business dictionary's in `lang`) and, in a tree, the parent's
   * title (`parentName`).
   */
  async wire(rows: Record<string, unknown>[], lang: Lang = 'zh'): Promise<WireRecord[]> {
    const { dictFields, companyFields: companies } = this.tables;
    const dicts = await Promise.all(dictFields.map((f) => this.deps.dictionaries.itemsOf(f.dict!)));
    const parentNames = await this.parentNames(rows);
    const refs = this.refFields();
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
    await addAttachedFiles(this.deps.attachmentFiles?.(), this.tables.attachments, records);
    await this.hooks.decorate?.(records, rows);
    return records;
  }

  private async parentNames(rows: Record<string, unknown>[]): Promise<Map<string, string> | undefined> {
    const tree = this.entity.tree;
    if (!tree) return undefined;
    const title = this.tables.fields.get(tree.title)!.column;
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

  /** The live lines of one header (with their reference names), in this line entity's default order. */
  lineRows(db: DynamicDb, visible: VisibleRows, column: string, headerId: string): Promise<Row[]> {
    let query = this.selectColumns(visible(db).where(column, '=', headerId));
    for (const sort of parseListQuery(this.entity, {}, { paged: false }).sorts)
      query = query.orderBy(sort.field.column, sort.direction);
    return query.execute();
  }

  /** The ids of the rows `mine.ref` points at that hold the caller's account (the employees he is). */
  accountRows(user: AuthUser, mine: { ref: string; user: string }) {
    const target = this.serviceOf(this.tables.fields.get(mine.ref)!.ref!).entity;
    const account = fieldsOf(target).get(mine.user)!;
    let accounts = this.deps.db
      .selectFrom(target.table)
      .select('id')
      .where(account.column, '=', user.userId)
      .where('is_deleted', '=', 0);
    if (target.tenant) accounts = accounts.where('tenant_id', '=', user.tenantId);
    return accounts;
  }

  serviceOf(name: string): EntityPeer {
    const service = this.deps.entities.get(name);
    if (!service) throw new Error(`${this.entity.name}: no entity named '${name}'`);
    return service;
  }

  allEntities(): EntityDef[] {
    return [...this.deps.entities.values()].map((s) => s.entity);
  }

  refFields(): RefField[] {
    return refFieldsOf(this.entity, (name) => this.deps.entities.get(name)?.entity);
  }

  /** After the transaction that dropped them: the attachments no live row holds any more go. */
  sweepAttachments(user: AuthUser, dropped: readonly string[]): Promise<void> {
    return sweepAttachments(this.deps.db, this.deps.attachmentFiles?.(), this.allEntities(), user, dropped);
  }

  /** Caches built from this entity's rows are cleared on every process. */
  async afterWrite(user: AuthUser) {
    this.cappedLists.clear();
    if (this.entity.affectsSessions) await this.deps.accounts.changed(user.tenantId);
    if (this.entity.affectsGrants) await this.deps.permissions.invalidate();
    if (this.entity.affectsDictionaries) await this.deps.dictionaries.invalidate();
  }
}
