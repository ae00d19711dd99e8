import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { EntityDef } from '../../shared/entities/define.ts';
import { formatDateTime } from '../../shared/contract/time.ts';
import { MESSAGES } from '../../shared/i18n/server-messages.ts';
import type { Db } from '../db/connect.ts';
import type { AuthUser } from './auth-context.ts';
import { dataScopePredicate } from './data-scope.ts';
import type { Dictionaries } from './dictionaries.ts';
import { ApiError, fail } from './errors.ts';
import { fieldsOf, parseFieldValue, toWire } from './entity-fields.ts';
import { nextId, isId } from './ids.ts';
import type { Permissions } from './permissions.ts';
import { conditionsPredicate, parseListQuery, type Condition } from './query-conditions.ts';

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export type WireRecord = Record<string, unknown>;

export interface EntityDeps {
  db: Db;
  permissions: Permissions;
  dictionaries: Dictionaries;
}

/**
 * list / page / detail / submit / remove of one entity, from its definition. Every query carries the tenant
 * predicate, `is_deleted = 0` and the caller's data scope; writes fill the audit columns from the token.
 */
export class EntityService {
  constructor(readonly entity: EntityDef, private readonly deps: EntityDeps) {}

  /**
   * The rows this caller may see: tenant, not deleted, data scope. The one place these predicates are built.
   * The scope is resolved before any transaction opens: PGlite has one connection, held by the transaction.
   */
  async visibleRows(user: AuthUser): Promise<(db: Db) => SelectQueryBuilder<any, any, any>> {
    const { entity } = this;
    const scope = entity.dataScope
      ? dataScopePredicate(entity, user, await this.deps.permissions.dataScopesOf(user, entity.code))
      : undefined;
    const owner = entity.owner ? fieldsOf(entity).get(entity.owner) : undefined;
    return (db) => {
      let query = db.selectFrom(entity.table).where('is_deleted', '=', 0);
      if (entity.tenant) query = query.where('tenant_id', '=', user.tenantId);
      if (owner) query = query.where(owner.column, '=', user.userId);
      if (scope) query = query.where(scope);
      return query;
    };
  }

  async page(user: AuthUser, query: Record<string, unknown>): Promise<Page<WireRecord>> {
    const list = parseListQuery(this.entity, query, { paged: true });
    const visible = await this.visibleRows(user);
    const filtered = () => withConditions(visible(this.deps.db), list.conditions);
    let pageRows = filtered().selectAll();
    for (const sort of list.sorts) pageRows = pageRows.orderBy(sort.field.column, sort.direction);
    pageRows = pageRows.limit(list.size).offset((list.current - 1) * list.size);
    // One round trip: the count, with the page joined laterally (a window count would copy every matching row).
    const rows = await this.deps.db
      .selectFrom(filtered().select(sql<string>`count(*)`.as('__total')).as('c'))
      .leftJoinLateral(pageRows.as('r'), (join) => join.onTrue())
      .selectAll('r').select('c.__total')
      .execute();
    const total = Number(rows[0]?.__total ?? 0);
    const records = rows.filter((r) => r.id !== null);
    return {
      records: await this.decorate(records),
      total,
      size: list.size,
      current: list.current,
      pages: Math.ceil(total / list.size),
    };
  }

  /** Unpaged list (pickers), capped at the maximum page size. */
  async list(user: AuthUser, query: Record<string, unknown>): Promise<WireRecord[]> {
    const list = parseListQuery(this.entity, query, { paged: false });
    let select = withConditions((await this.visibleRows(user))(this.deps.db), list.conditions);
    for (const sort of list.sorts) select = select.orderBy(sort.field.column, sort.direction);
    return this.decorate(await select.selectAll().limit(list.size).execute());
  }

  async detail(user: AuthUser, id: unknown): Promise<WireRecord | undefined> {
    if (!isId(id)) throw fail('paramType', { name: 'id' });
    const row = await (await this.visibleRows(user))(this.deps.db).where('id', '=', String(id)).selectAll().executeTakeFirst();
    return row ? (await this.decorate([row]))[0] : undefined;
  }

  /** Insert without `id`, update with it (only the fields sent). Returns the saved record. */
  async submit(user: AuthUser, body: unknown, mode: 'submit' | 'save' | 'update' = 'submit'): Promise<WireRecord> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw fail('unreadable');
    const input = body as Record<string, unknown>;
    const hasId = input.id !== undefined && input.id !== null && input.id !== '' && input.id !== 0 && input.id !== '0';
    if (mode === 'update' && !hasId) throw fail('missingParam', { name: 'id' });
    if (hasId && !isId(input.id)) throw fail('paramType', { name: 'id' });
    const inserting = mode === 'save' || !hasId;
    const values = this.columnValues(input, inserting);
    const now = formatDateTime();
    const visible = await this.visibleRows(user);
    const saved = await this.deps.db.transaction().execute(async (trx) => {
      await this.checkUnique(trx, user, values, inserting ? undefined : String(input.id));
      let id: string;
      if (inserting) {
        id = nextId();
        const row: Record<string, unknown> = { ...values, id, is_deleted: 0 };
        if (this.entity.owner) {
          const column = fieldsOf(this.entity).get(this.entity.owner)!.column;
          row[column] ??= user.userId;
        }
        if (this.entity.tenant) row.tenant_id = user.tenantId;
        if (this.entity.audit) {
          Object.assign(row, { create_user: user.userId, create_dept: user.deptIds[0] ?? null, create_time: now, update_user: user.userId, update_time: now });
          row.status ??= 1;
        }
        await trx.insertInto(this.entity.table).values(row).execute();
      } else {
        id = String(input.id);
        const found = await visible(trx).where('id', '=', id).select('id').forUpdate().executeTakeFirst();
        if (!found) throw new ApiError(400, MESSAGES.dataNotFound);
        const changes: Record<string, unknown> = { ...values };
        if (this.entity.audit) Object.assign(changes, { update_user: user.userId, update_time: now });
        if (Object.keys(changes).length) await trx.updateTable(this.entity.table).set(changes).where('id', '=', id).execute();
      }
      return trx.selectFrom(this.entity.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
    if (this.entity.affectsGrants) await this.deps.permissions.invalidate();
    return (await this.decorate([saved]))[0];
  }

  /** Soft delete of every id, or of none when any is not visible to the caller. */
  async remove(user: AuthUser, ids: unknown): Promise<void> {
    const list = parseIds(ids);
    const visible = await this.visibleRows(user);
    await this.deps.db.transaction().execute(async (trx) => {
      const found = await visible(trx).where('id', 'in', list).select('id').forUpdate().execute();
      if (found.length !== new Set(list).size) throw new ApiError(400, MESSAGES.dataNotFound);
      const changes: Record<string, unknown> = { is_deleted: 1 };
      if (this.entity.audit) Object.assign(changes, { update_user: user.userId, update_time: formatDateTime() });
      await trx.updateTable(this.entity.table).set(changes).where('id', 'in', list).execute();
    });
    if (this.entity.affectsGrants) await this.deps.permissions.invalidate();
  }

  /** Submitted fields -> column values, validated with the definition's messages. Server-owned fields are ignored. */
  private columnValues(input: Record<string, unknown>, inserting: boolean): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const field of fieldsOf(this.entity).values()) {
      if (field.readonly) continue;
      const raw = input[field.name];
      if (raw === undefined) {
        if (!inserting) continue;
        if (field.default !== undefined) { values[field.column] = field.default; continue; }
      }
      const value = parseFieldValue(field, raw);
      if (value !== undefined) values[field.column] = value;
    }
    return values;
  }

  private async checkUnique(db: Db, user: AuthUser, values: Record<string, unknown>, selfId: string | undefined) {
    for (const field of fieldsOf(this.entity).values()) {
      if (!field.unique || values[field.column] === undefined || values[field.column] === '') continue;
      let query = db.selectFrom(this.entity.table).select('id')
        .where(field.column, '=', values[field.column]).where('is_deleted', '=', 0);
      if (this.entity.tenant) query = query.where('tenant_id', '=', user.tenantId);
      if (selfId) query = query.where('id', '<>', selfId);
      if (await query.executeTakeFirst()) throw new ApiError(400, MESSAGES.exists, { label: field.label });
    }
  }

  /** Wire form plus dictionary names (`<field>Name`). */
  private async decorate(rows: Record<string, unknown>[]): Promise<WireRecord[]> {
    const dictFields = [...fieldsOf(this.entity).values()].filter((f) => f.dict);
    const dicts = await Promise.all(dictFields.map((f) => this.deps.dictionaries.itemsOf(f.dict!)));
    return rows.map((row) => {
      const record = toWire(this.entity, row);
      dictFields.forEach((f, i) => { record[`${f.name}Name`] = dicts[i].get(String(record[f.name])) ?? ''; });
      return record;
    });
  }
}

function withConditions(query: SelectQueryBuilder<any, any, any>, conditions: Condition[]) {
  return conditions.length ? query.where((eb) => eb.and(conditionsPredicate(eb, conditions))) : query;
}

/** `ids=1,2,3` (query or form). An empty list is the spec's "select at least one record". */
export function parseIds(raw: unknown): string[] {
  const text = Array.isArray(raw) ? raw.join(',') : raw == null ? '' : String(raw);
  const ids = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length === 0) throw fail('selectOne');
  if (!ids.every(isId)) throw fail('paramType', { name: 'ids' });
  return ids;
}

export type ScopePredicate = Expression<SqlBool>;
