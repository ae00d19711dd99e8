import { editValues } from '../../../shared/entities/define.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';
import type { DynamicDb } from '../../db/connect.ts';
import { auditColumns, type AuthUser } from '../auth-context.ts';
import { aboutField, ApiError, fail } from '../errors.ts';
import { idList, isId, nextId } from '../ids.ts';
import { recordChanges } from '../audit/changes.ts';
import { checkAttachments, droppedAttachments } from './attachments.ts';
import { checkBizDicts, checkDicts } from './biz-dicts.ts';
import { checkBusinessUnits, checkCompanies } from './company.ts';
import { computedValues, copiedValues, sequenceValues } from './derived.ts';
import { fieldsOf, parseFieldValue } from './fields.ts';
import { LineWriter, linesOf } from './lines.ts';
import { readEachTime } from './reads.ts';
import { checkHeldWithin, checkRefs, checkWithin, referrersOf, targetsOf } from './refs.ts';
import { checkReferrers, checkRemovable, checkReserved, checkRowRules, followParent, placeInTree } from './rules.ts';
import { checkFrozen, checkKept, checkSetOnMove, checkTransition, stateCodes } from './states.ts';
import { rowsWithKey, uniqueKeysOf, type UniqueKey } from './unique.ts';
import type { EntityRows } from './entity-rows.ts';
import type {
  OwnRows,
  PrepareOptions,
  PreparedSubmit,
  PreparedWrite,
  SubmitMode,
  WriteContext,
} from './engine-types.ts';
import type { Row, VisibleRows, WireRecord } from './types.ts';

/**
 * The writing job of one entity's engine: insert, update, partial edit and soft delete of a row with its lines, every
 * check of the definition first, in one transaction. Writes fill the audit columns from the token.
 */
export class EntityWrites {
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

  /**
   * Insert without `id`, update with it (only the fields sent). Returns the saved record. Validation runs inside
   * the transaction: a tree row's parent decides inherited values and the unique scope.
   */
  async submit(user: AuthUser, body: unknown, mode: SubmitMode = 'submit'): Promise<WireRecord> {
    const prepared = await this.prepareSubmit(user, body, mode);
    const earlier = prepared.inserting ? await this.hooks.replay?.(user, prepared.input) : undefined;
    if (earlier) return (await this.rows.wire([earlier], user.lang))[0];
    const context = await this.writeContext(user);
    const saved = await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.write(trx, user, context, prepared);
      for (const writer of context.lines) await writer.write(trx, user, String(row.id), prepared.input);
      return row;
    });
    await this.rows.sweepAttachments(user, context.dropped);
    await this.rows.afterWrite(user);
    const [record] = await this.rows.wire([saved], user.lang);
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
    await prepared.afterCommit();
    await this.rows.afterWrite(user);
    return (await this.rows.wire([saved], user.lang))[0];
  }

  /** Rows whose `ref` points at a row of its target holding the caller's account in `user`. */
  private answeredFor(user: AuthUser, mine: { ref: string; user: string }): OwnRows {
    const ref = this.rows.tables.fields.get(mine.ref)!;
    return {
      notFound: MESSAGES.notResponsible,
      vars: { label: this.entity.label },
      where: (rows) => rows.where(ref.column, 'in', this.rows.accountRows(user, mine)),
    };
  }

  /** Outside any transaction: the body's shape and the module's `prepare` hook. */
  async prepareSubmit(user: AuthUser, body: unknown, mode: SubmitMode): Promise<PreparedSubmit> {
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
  async prepareWrite(user: AuthUser, body: unknown, options: PrepareOptions = {}): Promise<PreparedWrite> {
    const prepared = {
      ...(await this.prepareSubmit(user, body, options.mode ?? 'submit')),
      own: options.own,
      held: options.held,
    };
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
      afterCommit: () => this.rows.sweepAttachments(user, context.dropped.splice(0)),
    };
  }

  /**
   * One insert or update inside `trx`: every check first, then the write; returns the saved row. `columns`: set by the
   * module that owns the write (a request's process), after the checks.
   */
  async write(
    trx: DynamicDb,
    user: AuthUser,
    context: WriteContext,
    { input, inserting, id, own, held }: PreparedSubmit,
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
    await checkRefs(trx, this.rows.refFields(), context.refs, values, { ...before, ...values }, reads);
    await checkAttachments(trx, entity, user, values, before, held);
    Object.assign(
      values,
      await copiedValues(trx, entity, this.rows.lookup, { ...before, ...values }, user.tenantId, reads),
    );
    await checkCompanies(trx, entity, user.tenantId, values, reads);
    await checkBusinessUnits(trx, entity, user.tenantId, values, reads);
    await checkTransition(trx, entity, user.tenantId, values, before, context.granted);
    checkFrozen(entity, values, before);
    await checkSetOnMove(trx, entity, user.tenantId, values, before);
    checkRowRules(entity, values, before);
    await checkWithin(trx, entity, this.rows.refFields(), { ...before, ...values }, values);
    if (before) await checkHeldWithin(trx, entity, this.rows.allEntities(), id, before, values);
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
        row[this.rows.tables.owner!.column] ??= user.userId;
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
    const after: Row = await this.rows
      .selectColumns(trx.selectFrom(entity.table).where('id', '=', id))
      .executeTakeFirstOrThrow();
    if (before && entity.tree) await followParent(entity, trx, before, after);
    await recordChanges(trx, entity, user, before ? 'update' : 'insert', [{ id, before, after }]);
    context.dropped.push(...droppedAttachments(entity, before, after));
    for (const reaction of this.rows.reactions) await reaction.afterWrite?.(trx, user, after, before);
    return after;
  }

  /** Soft delete of every id, or of none when any is not visible to the caller, has children or is referenced. */
  async remove(user: AuthUser, ids: unknown): Promise<void> {
    const list = parseIds(ids);
    await this.hooks.beforeRemove?.(user, list);
    const visible = await this.rows.visibleRows(user);
    // A live model's rows may point at a built-in entity's too (read before the transaction: the embedded
    // database's one connection is not the transaction's to lend).
    const atRunTime = (await this.deps.entitiesAtRunTime?.()) ?? [];
    const referrers = referrersOf(this.entity, [
      ...[...this.deps.entities.values()].map((s) => s.entity),
      ...atRunTime,
    ]);
    const dropped = await this.deps.db.transaction().execute(async (trx) => {
      const found: Row[] = await visible(trx).where('id', 'in', list).selectAll().forUpdate().execute();
      if (found.length !== new Set(list).size) throw new ApiError(400, MESSAGES.dataNotFound);
      await checkRemovable(this.entity, trx, list, referrers);
      await checkKept(trx, this.entity, list);
      for (const line of Object.values(linesOf(this.entity))) {
        const lines = this.rows.serviceOf(line.entity.name);
        await lines.removeWhere(trx, user, fieldsOf(lines.entity).get(line.foreignKey)!.column, list);
      }
      const changes: Record<string, unknown> = { is_deleted: 1 };
      if (this.entity.audit) Object.assign(changes, { update_user: user.userId, update_time: formatDateTime() });
      await trx.updateTable(this.entity.table).set(changes).where('id', 'in', list).execute();
      await recordChanges(
        trx,
        this.entity,
        user,
        'delete',
        found.map((row) => ({ id: row.id, before: row })),
      );
      for (const reaction of this.rows.reactions) await reaction.afterRemove?.(trx as DynamicDb, user, found);
      return found.flatMap((row) => droppedAttachments(this.entity, row, undefined));
    });
    await this.rows.sweepAttachments(user, dropped);
    await this.rows.afterWrite(user);
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
    const removed: Row[] = await trx
      .updateTable(this.entity.table)
      .set(changes)
      .where(column, 'in', values)
      .where('is_deleted', '=', 0)
      .returningAll()
      .execute();
    await recordChanges(
      trx,
      this.entity,
      user,
      'delete',
      removed.map((row) => ({ id: row.id, before: row })),
    );
  }

  /**
   * Submitted fields -> column values, validated with the definition's messages. Server-owned fields are ignored, and
   * so is text sent back unchanged: a value stored before a rule existed (an old phone number) must not block an
   * edit of the other fields.
   */
  columnValues(input: Record<string, unknown>, before: Row | undefined): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    const inserting = !before;
    const { fields } = this.rows.tables;
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
    const { owner } = this.rows.tables;
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
      let query = rowsWithKey(db, this.entity, user.tenantId, key).select('id');
      if (selfId) query = query.where('id', '<>', selfId);
      if (await query.executeTakeFirst()) throw key.refusal;
    }
    return keys;
  }

  /** The rows a write may see and point at, and its line writers. */
  async writeContext(user: AuthUser): Promise<WriteContext> {
    const refs = new Map<string, VisibleRows>();
    for (const ref of this.rows.refFields()) {
      for (const target of targetsOf(ref))
        if (!refs.has(target.name)) refs.set(target.name, await this.rows.serviceOf(target.name).visibleRows(user));
    }
    const granted = new Set<string>();
    for (const code of stateCodes(this.entity)) if (await this.deps.permissions.has(user, code)) granted.add(code);
    return {
      visible: await this.rows.visibleRows(user),
      refs,
      lines: await this.lineWriters(user),
      granted,
      reads: readEachTime,
      dropped: [],
    };
  }

  private async lineWriters(user: AuthUser): Promise<Array<LineWriter<WriteContext>>> {
    const writers: Array<LineWriter<WriteContext>> = [];
    for (const [key, line] of Object.entries(linesOf(this.entity))) {
      const service = this.rows.serviceOf(line.entity.name);
      writers.push(new LineWriter(key, line, service, await service.writeContext(user)));
    }
    return writers;
  }

  async writeLine(trx: DynamicDb, user: AuthUser, context: WriteContext, body: Row): Promise<void> {
    await this.write(trx, user, context, await this.prepareSubmit(user, body, 'submit'));
  }
}

export const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * A comma list of ids (`ids=1,2,3`, query or form), every one an id. An empty `ids` is the spec's "select at least
 * one record"; another empty list is a missing parameter, by its name.
 */
export function parseIds(raw: unknown, name = 'ids'): string[] {
  const ids = idList(raw, name);
  if (ids.length === 0) throw name === 'ids' ? fail('selectOne') : fail('missingParam', { name });
  return ids;
}
