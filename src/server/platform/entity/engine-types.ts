import type { TObject, TSchema } from 'typebox';
import type { Expression, SqlBool } from 'kysely';
import type { LocalText, MessageVars } from '../../../shared/i18n/server-messages.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { PageTotals } from '../../../shared/contract/page.ts';
import type { Db, DynamicDb } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import type { Dictionaries } from '../dictionaries.ts';
import type { ApiError } from '../errors.ts';
import type { Permissions } from '../permissions.ts';
import type { Accounts } from '../accounts.ts';
import type { LineTarget, LineWriter } from './lines.ts';
import type { Reads } from './reads.ts';
import type { AttachmentFiles } from './attachments.ts';
import type { UniqueKey } from './unique.ts';
import type { Row, RowSource, VisibleRows, WireRecord } from './types.ts';
import type { DynamicQuery } from '../../db/connect.ts';

/** A list's query over any entity's table. */
export type AnyQuery = DynamicQuery;

// The shapes the engine's job files (entity-rows, entity-reads, entity-writes, entity-batch) share, kept apart so
// that they and service.ts do not import each other.

export type ScopePredicate = Expression<SqlBool>;

export interface Page<T> extends PageTotals {
  records: T[];
}

export type SubmitMode = 'submit' | 'save' | 'update';
/** A refused body of `submitAll`, by its index in the batch. */
export interface BatchError {
  index: number;
  error: ApiError;
}
export interface PreparedSubmit {
  input: Record<string, unknown>;
  inserting: boolean;
  id: string;
  own?: OwnRows;
  /** Attachment ids the document already holds elsewhere (its other rows): kept, not added by this write. */
  held?: readonly string[];
}
/** How a module's own transaction writes a row (`prepareWrite`). */
export interface PrepareOptions {
  mode?: SubmitMode;
  own?: OwnRows;
  held?: readonly string[];
}
/** An update limited to the caller's own rows, and what it says about any other row. */
export interface OwnRows {
  notFound: LocalText;
  vars?: MessageVars;
  /** Which rows are the caller's; by default those he created. */
  where?: (rows: DynamicQuery) => DynamicQuery;
}
/** A write resolved outside the transaction its module opens (see `prepareWrite`). */
export interface PreparedWrite {
  id: string;
  inserting: boolean;
  /** The new row's column values as checked so far (without references and keys): what a module decides on early. */
  preview: Record<string, unknown>;
  /** Every check `submit` makes, then the write, in the module's transaction; `columns` are the module's own. */
  write(trx: DynamicDb, columns?: Record<string, unknown>): Promise<Row>;
  /** Once the module's transaction has committed: the files the write dropped go (attachments.ts). */
  afterCommit(): Promise<void>;
}
/** What a write checks against, resolved before its transaction opens (PGlite has one connection). */
export interface WriteContext {
  visible: VisibleRows;
  refs: Map<string, VisibleRows>;
  lines: Array<LineWriter<WriteContext>>;
  /** The button codes of the state machine's changes that the caller holds. */
  granted: ReadonlySet<string>;
  reads: Reads;
  /** The attachments the writes dropped, deleted once their transaction has committed (attachments.ts). */
  dropped: string[];
  /** A batch's new rows, inserted together once every row has passed (`submitAll`), and their unique keys. */
  inserts?: { rows: Array<{ row: Row; keys: UniqueKey[] }>; keys: Set<string> };
}

export type ListFilter = { query: Record<string, unknown>; where?: ScopePredicate };

/**
 * Behaviour of one entity beyond its definition, installed by its module (`service.use(...)`): the engine's routes
 * call the same methods, so page/detail/submit/remove keep one code path. Each hook is optional.
 */
export interface EntityHooks {
  /**
   * Which of the tenant's rows this caller may see beyond the data scope (a notice: those published to him), or
   * undefined when he sees them all: part of every read and write of the entity, like the data scope.
   */
  audience?(user: AuthUser): Promise<ScopePredicate | undefined>;
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
  /**
   * Its rows as a shared schema says them (src/shared/contract/api): the routes answer them so, and the clients read
   * them by its type.
   */
  row?: TObject;
  /** Adds fields to wire records built from `rows` (names resolved in one query per kind, never per row). */
  decorate?(records: WireRecord[], rows: Record<string, unknown>[]): Promise<void>;
  /** What the caller's own relation to listed or opened records adds to them (a notice: whether he has read it). */
  personal?(user: AuthUser, records: WireRecord[]): Promise<void>;
  /** After `detail` found a record for the caller, before it is answered (a notice's read receipt). */
  opened?(user: AuthUser, record: WireRecord): Promise<void>;
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

/** What one entity's service offers the engine working on another's (a reference's target, a header's lines). */
export interface EntityPeer extends RowSource, LineTarget<WriteContext> {
  /** What a write of this entity checks against (a header's writes of its lines). */
  writeContext(user: AuthUser): Promise<WriteContext>;
}

/** What the engine reads beside the definition: the database, the caller's rights and every other entity. */
export interface EngineDeps {
  db: DynamicDb;
  permissions: Permissions;
  dictionaries: Dictionaries;
  accounts: Accounts;
  /** Every entity's service by name (filled while the app is built): what `ref` and `lines` point at. */
  entities: ReadonlyMap<string, EntityPeer>;
  /** The files behind attachments fields (the resource module's, once the app is built). */
  attachmentFiles?(): AttachmentFiles | undefined;
  /** Entities served at run time, not in `entities` (live models), whose rows may point at this entity's. */
  entitiesAtRunTime?(): Promise<readonly EntityDef[]>;
  /** Every database tenants are on (db/placement.ts): where the platform's lists of every tenant read. */
  databases?(): Promise<readonly string[]>;
}
