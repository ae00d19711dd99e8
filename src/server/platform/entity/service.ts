import type { TObject, TSchema } from 'typebox';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import type { DynamicDb } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import type { Dictionaries } from '../dictionaries.ts';
import type { ResolvedField } from './fields.ts';
import { parseListQuery, type FixedFilter } from './conditions.ts';
import { batchesAcrossDatabases, pageAcrossDatabases } from './across-databases.ts';
import type { PickerReach } from './refs.ts';
import { rowOf } from '../response-schemas.ts';
import { EntityTree } from './tree.ts';
import { EntityRows } from './entity-rows.ts';
import { EntityReads } from './entity-reads.ts';
import { EntityWrites } from './entity-writes.ts';
import { EntityBatch } from './entity-batch.ts';
import { EntityImports } from './entity-imports.ts';
import { addAttachedFiles } from './attachments.ts';
import type {
  BatchError,
  EngineDeps,
  EntityHooks,
  EntityPeer,
  EntityReaction,
  PrepareOptions,
  Page,
  PreparedWrite,
  SubmitMode,
  WriteContext,
  AnyQuery,
} from './engine-types.ts';
import type { Row, VisibleRows, WireRecord } from './types.ts';

export type { VisibleRows, WireRecord } from './types.ts';
export type {
  BatchError,
  EntityHooks,
  EntityReaction,
  Page,
  PreparedWrite,
  ScopePredicate,
  SubmitMode,
} from './engine-types.ts';
export { parseIds } from './entity-writes.ts';

export interface EntityDeps extends EngineDeps {
  /** Every entity's service by name (filled while the app is built): what `ref` and `lines` point at. */
  entities: ReadonlyMap<string, EntityService>;
}

/**
 * list / page / detail / submit / remove of one entity, from its definition: the one object modules and routes hold.
 * Its jobs live apart: what they share (visibility, wire form) in entity-rows.ts, reading and counting in
 * entity-reads.ts, writing with lines in entity-writes.ts, batches in entity-batch.ts, an import's lookups in
 * entity-imports.ts; the definition's field tables are resolved once per entity (entity-tables.ts).
 */
export class EntityService implements EntityPeer {
  /** list-as-tree, lazy levels and pickers of a tree entity. */
  readonly tree?: EntityTree;
  private readonly rows: EntityRows;
  private readonly reads: EntityReads;
  private readonly writes: EntityWrites;
  private readonly batch: EntityBatch;
  private readonly imports: EntityImports;

  constructor(
    readonly entity: EntityDef,
    deps: EntityDeps,
  ) {
    this.rows = new EntityRows(entity, deps);
    this.reads = new EntityReads(this.rows);
    this.writes = new EntityWrites(this.rows);
    this.batch = new EntityBatch(this.rows, this.writes);
    this.imports = new EntityImports(this.rows);
    if (entity.tree) this.tree = new EntityTree(this, deps.db);
  }

  /** The query keys its module's `listFilter` reads (the API document's parameters of its lists). */
  get listParams(): Readonly<Record<string, TSchema>> | undefined {
    return this.rows.hooks.listParams;
  }

  /**
   * Its rows on the wire, the schema every route answering them declares: the definition's fields and names, with
   * what its module's shared schema adds (`EntityHooks.row`).
   */
  get wireRow(): TObject {
    return rowOf(this.entity, this.rows.hooks.row);
  }

  /** Installs the entity's module behaviour (once, while the app is built). */
  use(hooks: EntityHooks): void {
    this.rows.use(hooks);
  }

  /** Adds another module's reaction to this entity's writes (while the app is built). */
  react(reaction: EntityReaction): void {
    this.rows.reactions.push(reaction);
  }

  /** The rows this caller may see: tenant, not deleted, data scope. */
  visibleRows(user: AuthUser): Promise<VisibleRows> {
    return this.rows.visibleRows(user);
  }

  /** Every column of the entity's table plus the reference names, joined in the same query. */
  selectColumns<Q extends AnyQuery>(query: Q) {
    return this.rows.selectColumns(query);
  }

  /** Wire form plus dictionary, reference and parent names. */
  wire(rows: Record<string, unknown>[], lang: Lang = 'zh'): Promise<WireRecord[]> {
    return this.rows.wire(rows, lang);
  }

  /** Adds the files of its attachments fields to records a module builds itself (`<field>Files`). */
  addAttachedFiles(records: WireRecord[]): Promise<void> {
    return addAttachedFiles(this.rows.deps.attachmentFiles?.(), this.rows.tables.attachments, records);
  }

  /** `where`: equality filters the route adds (top-level rows only), beside the client's. */
  async page(user: AuthUser, rawQuery: Record<string, unknown>, where?: FixedFilter): Promise<Page<WireRecord>> {
    const placed = where ? undefined : await this.placedDatabases(user, rawQuery);
    if (placed) {
      const list = parseListQuery(this.entity, rawQuery, { paged: true });
      return pageAcrossDatabases(placed, list, rawQuery, (query) => this.reads.page(user, query));
    }
    return this.reads.page(user, rawQuery, where);
  }

  /** Every row of the list in its order, `size` at a time: what an export writes (entity-reads.ts `batches`). */
  async *batches(user: AuthUser, rawQuery: Record<string, unknown>, size: number): AsyncGenerator<WireRecord[]> {
    const placed = await this.placedDatabases(user, rawQuery);
    if (!placed) return yield* this.reads.batches(user, rawQuery, size);
    const { sorts } = parseListQuery(this.entity, rawQuery, { paged: false });
    yield* batchesAcrossDatabases(placed, sorts, size, () => this.reads.batches(user, rawQuery, size));
  }

  /** The databases the platform's list of every tenant's rows reads, tenants being on several (across-databases.ts). */
  private async placedDatabases(user: AuthUser, rawQuery: Record<string, unknown>) {
    if (!this.entity.platformReadsAll || !user.isSuperAdmin || rawQuery.tenantId) return undefined;
    const databases = await this.rows.deps.databases?.();
    return databases && databases.length > 1 ? databases : undefined;
  }

  /** The forms' reference search: a page of `{id, title}` (see `EntityReads.picker`). */
  picker(user: AuthUser, query: Record<string, unknown>): Promise<Page<WireRecord>> {
    return this.reads.picker(user, query);
  }

  /** The screens whose forms read this entity's picker, and what they fill from it (refs.ts `pickerReach`). */
  get pickerReach(): PickerReach {
    return this.reads.pickerReach;
  }

  /** Unpaged list (pickers), capped at the maximum page size. */
  list(user: AuthUser, rawQuery: Record<string, unknown>, where?: FixedFilter): Promise<WireRecord[]> {
    return this.reads.list(user, rawQuery, where);
  }

  /** Every row a list with these filters matches, unordered and unpaged (a module's statistics sum them in SQL). */
  matchingRows(user: AuthUser, rawQuery: Record<string, unknown>, where?: FixedFilter) {
    return this.reads.matchingRows(user, rawQuery, where);
  }

  /** One row by its id (a keyed entity's: by its key), with its lines. */
  detail(user: AuthUser, id: unknown): Promise<WireRecord | undefined> {
    return this.reads.detail(user, id);
  }

  /** Insert without `id`, update with it (only the fields sent). Returns the saved record. */
  submit(user: AuthUser, body: unknown, mode: SubmitMode = 'submit'): Promise<WireRecord> {
    return this.writes.submit(user, body, mode);
  }

  /** A declared partial edit (`edits`) of one row. */
  edit(user: AuthUser, name: string, body: unknown): Promise<WireRecord> {
    return this.writes.edit(user, name, body);
  }

  /** A submit for a transaction its module opens (see `EntityWrites.prepareWrite`). */
  prepareWrite(user: AuthUser, body: unknown, options: PrepareOptions = {}): Promise<PreparedWrite> {
    return this.writes.prepareWrite(user, body, options);
  }

  /** Many submits in one transaction: all saved or none (see `EntityBatch.submitAll`). */
  submitAll(
    user: AuthUser,
    bodies: unknown[],
    mode: SubmitMode = 'submit',
    refused = false,
    alsoWrite?: (trx: DynamicDb) => Promise<void>,
  ): Promise<{ saved: number; errors: BatchError[] }> {
    return this.batch.submitAll(user, bodies, mode, refused, alsoWrite);
  }

  /** Soft delete of every id, or of none when any is not visible to the caller, has children or is referenced. */
  remove(user: AuthUser, ids: unknown): Promise<void> {
    return this.writes.remove(user, ids);
  }

  /** For deletes a module owns (a keyed entity's): refuses keys other entities' rows still reference. */
  refuseReferenced(trx: DynamicDb, keys: string[]): Promise<void> {
    return this.writes.refuseReferenced(trx, keys);
  }

  /** Soft delete of the live rows whose `column` is one of `values`. */
  removeWhere(trx: DynamicDb, user: AuthUser, column: string, values: string[]): Promise<void> {
    return this.writes.removeWhere(trx, user, column, values);
  }

  /** What a write of this entity checks against (a header's writes of these lines). */
  writeContext(user: AuthUser): Promise<WriteContext> {
    return this.writes.writeContext(user);
  }

  /** One line of a header, checked and saved as its own submit would be. */
  writeLine(trx: DynamicDb, user: AuthUser, context: WriteContext, body: Row): Promise<void> {
    return this.writes.writeLine(trx, user, context, body);
  }

  /** The live lines of one header, in this entity's default order. */
  lineRows(db: DynamicDb, visible: VisibleRows, column: string, headerId: string): Promise<Row[]> {
    return this.rows.lineRows(db, visible, column, headerId);
  }

  /** What an import's text cells of reference `field` name: the target's ids for each text. */
  refIdsByText(user: AuthUser, field: ResolvedField, texts: string[]): Promise<Map<string, string[]>> {
    return this.imports.refIdsByText(user, field, texts);
  }

  /** What an import's company cells name, by code or by name. */
  companyCodesByText(user: AuthUser, texts: string[]): Promise<Map<string, string[]>> {
    return this.imports.companyCodesByText(user, texts);
  }

  /** An import's row naming a saved row by the entity's first unique field, as an update of it. */
  withIdOfSaved(user: AuthUser, values: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.imports.withIdOfSaved(user, values);
  }

  /** Label (zh or English) -> key of the caller's tenant's business dictionary `code`, for an import's cells. */
  bizDictLabels(user: AuthUser, code: string): Promise<Map<string, string>> {
    return this.imports.bizDictLabels(user, code);
  }

  /** The platform dictionaries (Excel columns of `dict` fields). */
  get dictionaries(): Dictionaries {
    return this.rows.deps.dictionaries;
  }
}
