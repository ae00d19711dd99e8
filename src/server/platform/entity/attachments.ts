import { sql } from 'kysely';
import { filesKey, type AttachedFile } from '../../../shared/contract/api/attachments.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';
import type { DynamicDb } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import { ApiError } from '../errors.ts';
import { tablesOf } from './entity-tables.ts';
import type { ResolvedField } from './fields.ts';
import type { Row, WireRecord } from './types.ts';

/**
 * What the engine needs of the files behind an attachments field (FieldType `attachments`): offered by the resource
 * module, which owns the attachments and their store (ModuleManifest.attachmentFiles).
 */
export interface AttachmentFiles {
  /** The live attachments `ids` of the tenant, with short-lived links; ids not found are left out. */
  filesOf(tenantId: string, ids: readonly string[]): Promise<AttachedFile[]>;
  /** Deletes the attachments `ids` of the caller's tenant: their rows, then their objects. Never throws. */
  discard(user: AuthUser, ids: readonly string[]): Promise<void>;
}

/** The ids an attachments column holds. */
export const attachmentIds = (value: unknown): string[] =>
  value === undefined || value === null ? [] : String(value).split(',').filter(Boolean);

/**
 * The ids a write adds to an attachments field (those the row did not hold) must be live attachments of the caller's
 * tenant that he uploaded himself: a client's word is not enough, and a document deleted later takes its files with
 * it, which must never be someone else's upload. `kept`: ids the document holds on its other rows (a voucher's lines),
 * which a second clerk's new line may carry on.
 */
export async function checkAttachments(
  trx: DynamicDb,
  entity: EntityDef,
  user: AuthUser,
  values: Row,
  before: Row | undefined,
  kept: readonly string[] = [],
): Promise<void> {
  for (const field of tablesOf(entity).attachments) {
    if (values[field.column] === undefined) continue;
    const held = new Set([...kept, ...attachmentIds(before?.[field.column])]);
    const added = [...new Set(attachmentIds(values[field.column]))].filter((id) => !held.has(id));
    if (!added.length) continue;
    const found = await trx
      .selectFrom('blade_attach')
      .select('id')
      .where('id', 'in', added)
      .where('tenant_id', '=', user.tenantId)
      .where('create_user', '=', user.userId)
      .where('is_deleted', '=', 0)
      .execute();
    if (found.length !== added.length) throw new ApiError(400, MESSAGES.attachMissing, { label: field.label });
  }
}

/** The attachments the row held before that it holds no more (every one, for a removed row: no `after`). */
export function droppedAttachments(entity: EntityDef, before: Row | undefined, after: Row | undefined): string[] {
  if (!before) return [];
  return tablesOf(entity).attachments.flatMap((field) => {
    const kept = new Set(attachmentIds(after?.[field.column]));
    return attachmentIds(before[field.column]).filter((id) => !kept.has(id));
  });
}

/**
 * Of `ids`, those a live row of some entity's attachments field holds (the tenant's rows: row-level security): one
 * statement over every such column, each branch answering the ids its rows hold among `ids`.
 */
export async function heldAttachments(
  db: DynamicDb,
  entities: readonly EntityDef[],
  tenantId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const wanted = sql`string_to_array(${ids.join(',')}, ',')`;
  const branches = entities.flatMap((entity) =>
    tablesOf(entity).attachments.map((field) => {
      const column = sql`string_to_array(${sql.ref(field.column)}, ',')`;
      return sql`select unnest(${column}) as id from ${sql.table(entity.table)}
        where tenant_id = ${tenantId} and is_deleted = 0 and ${column} && ${wanted}`;
    }),
  );
  if (!branches.length) return new Set();
  const held = await sql<{ id: string }>`select distinct id from (${sql.join(branches, sql` union all `)}) as held
    where id = any(${wanted})`.execute(db);
  return new Set(held.rows.map((row) => String(row.id)));
}

/**
 * After the write that dropped them has committed: the attachments no live row holds any more go, rows and objects.
 * One still held elsewhere stays; a write that rolled back still holds its own, so nothing it held is lost.
 */
export async function sweepAttachments(
  db: DynamicDb,
  files: AttachmentFiles | undefined,
  entities: readonly EntityDef[],
  user: AuthUser,
  dropped: readonly string[],
): Promise<void> {
  if (!files || !dropped.length) return;
  const held = await heldAttachments(db, entities, user.tenantId, dropped);
  const gone = [...new Set(dropped)].filter((id) => !held.has(id));
  if (gone.length) await files.discard(user, gone);
}

/** Adds `<field>Files` beside each attachments field of the records: one lookup per tenant for all of them. */
export async function addAttachedFiles(
  files: AttachmentFiles | undefined,
  fields: readonly ResolvedField[],
  records: WireRecord[],
): Promise<void> {
  if (!fields.length) return;
  const idsOf = (record: WireRecord) => fields.flatMap((field) => attachmentIds(record[field.name]));
  const byTenant = new Map<string, Set<string>>();
  for (const record of records) {
    const tenant = String(record.tenantId ?? '');
    for (const id of idsOf(record)) byTenant.set(tenant, (byTenant.get(tenant) ?? new Set()).add(id));
  }
  const found = new Map<string, AttachedFile>();
  for (const [tenantId, ids] of byTenant)
    for (const file of files ? await files.filesOf(tenantId, [...ids]) : []) found.set(`${tenantId}:${file.id}`, file);
  for (const record of records)
    for (const field of fields)
      record[filesKey(field.name)] = attachmentIds(record[field.name]).flatMap(
        (id) => found.get(`${String(record.tenantId ?? '')}:${id}`) ?? [],
      );
}
