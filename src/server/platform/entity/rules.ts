import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { requiredText, type EntityDef } from '../../../shared/entities/define.ts';
import { MESSAGES, type LocalText } from '../../../shared/i18n/server-messages.ts';
import type { DynamicDb } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import { ApiError, failWith } from '../errors.ts';
import { fieldsOf, toWire } from './fields.ts';
import type { Row, VisibleRows } from './types.ts';
import type { Referrer } from './refs.ts';
import { isId } from '../ids.ts';

/** Write rules a definition declares: tree placement, reserved values, references that block a delete. */

export const TREE_MESSAGES = {
  children: { zh: '请先删除子节点!', en: 'Please delete the child nodes first!' },
  parentMissing: { zh: '上级节点不存在或无权访问', en: 'The parent does not exist or is not accessible' },
  cycle: { zh: '父节点不可选择自身或其子节点!', en: 'The parent cannot be the node itself or one of its descendants!' },
} satisfies Record<string, LocalText>;

export type { Row } from './types.ts';

/** Ids of every live row below `id` (not `id` itself); `union` stops at a cycle left in old data. */
export function descendantsOf(entity: EntityDef, id: string): RawBuilder<{ id: string }> {
  const table = sql.table(entity.table);
  return sql`with recursive below(id) as (
      select id from ${table} where parent_id = ${id} and is_deleted = 0
      union select c.id from ${table} c join below on c.parent_id = below.id where c.is_deleted = 0)
    select id from below`;
}

/** The submitted parent id: blank or 0 is the root. */
function parentIdOf(entity: EntityDef, raw: unknown): string {
  if (raw === null || raw === '' || raw === 0 || raw === '0') return '0';
  if (!isId(raw)) throw new ApiError(400, MESSAGES.fieldType, { label: entity.tree!.parentLabel });
  return String(raw);
}

export interface Placement {
  /** The body without `parentId`, with the values inherited from the parent or fixed for a root. */
  input: Row;
  /** parent_id, and ancestors when the server keeps them. */
  columns: Row;
}

/**
 * Where a submitted row goes in its tree: the parent must be visible to the caller and, on update, neither the
 * row itself nor one of its descendants. `current` is the row before an update.
 */
export async function placeInTree(
  entity: EntityDef,
  trx: DynamicDb,
  visible: VisibleRows,
  input: Row,
  current: Row | undefined,
): Promise<Placement> {
  const tree = entity.tree!;
  const { parentId: raw, ...rest } = input;
  const currentParent = current ? String(current.parent_id) : '0';
  const parentId = raw === undefined ? currentParent : parentIdOf(entity, raw);
  const columns: Row = { parent_id: parentId };
  if (parentId === '0') {
    Object.assign(rest, tree.rootValues);
    if (tree.ancestors) columns.ancestors = '0';
    return { input: rest, columns };
  }
  const parent = await visible(trx).where('id', '=', parentId).selectAll().executeTakeFirst();
  if (!parent) throw failWith(TREE_MESSAGES.parentMissing);
  if (current && parentId !== currentParent) {
    const id = String(current.id);
    const below =
      parentId === id ||
      (await sql`select 1 as found from (${descendantsOf(entity, id)}) d where d.id = ${parentId}`.execute(trx)).rows
        .length > 0;
    if (below) throw failWith(tree.messages?.cycle ?? TREE_MESSAGES.cycle);
  }
  const parentWire = toWire(entity, parent);
  for (const name of tree.inherit ?? []) rest[name] = parentWire[name];
  if (tree.ancestors) columns.ancestors = `${parent.ancestors},${parentId}`;
  return { input: rest, columns };
}

/** After an update: descendants get the new ancestors prefix and the inherited values that changed. */
export async function followParent(entity: EntityDef, trx: DynamicDb, before: Row, after: Row): Promise<void> {
  const tree = entity.tree!;
  const id = String(after.id);
  if (tree.ancestors && before.ancestors !== after.ancestors) {
    const from = `${before.ancestors},${id}`;
    const to = `${after.ancestors},${id}`;
    await sql`update ${sql.table(entity.table)} set ancestors = cast(${to} as varchar) || substr(ancestors, cast(${from.length + 1} as int))
      where ancestors = ${from} or ancestors like ${`${from},%`}`.execute(trx);
  }
  for (const name of tree.inherit ?? []) {
    const column = fieldsOf(entity).get(name)!.column;
    if (String(before[column]) === String(after[column])) continue;
    await trx
      .updateTable(entity.table)
      .set({ [column]: after[column] })
      .where(sql<SqlBool>`id in (${descendantsOf(entity, id)})`)
      .execute();
  }
}

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * The rules between fields of one row, on the row as it will be saved (`before` overlaid with `values`): a field
 * required while another holds given values, a date not before another.
 */
export function checkRowRules(entity: EntityDef, values: Row, before: Row | undefined): void {
  const fields = fieldsOf(entity);
  const row = { ...before, ...values };
  const valueOf = (name: string) => row[fields.get(name)!.column];
  for (const field of fields.values()) {
    const value = row[field.column];
    const when = field.requiredWhen;
    if (when && isBlank(value) && when.values.map(String).includes(String(valueOf(when.field) ?? '')))
      throw failWith(when.message ?? requiredText(field)).about(field.name);
    const notBefore = field.notBefore;
    if (notBefore && !isBlank(value)) {
      const other = valueOf(notBefore.field);
      if (!isBlank(other) && dateText(value) < dateText(other)) throw failWith(notBefore.message).about(field.name);
    }
  }
}

/** A date column's value as `yyyy-MM-dd` text (dates come from the database as text, as they go to the wire). */
const dateText = (value: unknown): string => String(value).trim().slice(0, 10);

/** Values only the platform super administrator may set; an unchanged value may be sent back. */
export function checkReserved(entity: EntityDef, user: AuthUser, values: Row, current: Row | undefined): void {
  if (user.isSuperAdmin) return;
  for (const field of fieldsOf(entity).values()) {
    const value = values[field.column];
    if (!field.reserved || value === undefined || value === null) continue;
    if (current && String(current[field.column]) === String(value)) continue;
    if (field.reserved.values.includes(String(value).trim().toLowerCase())) throw failWith(field.reserved.message);
  }
}

/** A delete is refused while live children (outside the deleted set) or referencing rows exist. */
export async function checkRemovable(
  entity: EntityDef,
  trx: DynamicDb,
  ids: string[],
  referrers: Referrer[],
): Promise<void> {
  if (entity.tree) {
    const child = await trx
      .selectFrom(entity.table)
      .select('id')
      .where('parent_id', 'in', ids)
      .where('id', 'not in', ids)
      .where('is_deleted', '=', 0)
      .limit(1)
      .executeTakeFirst();
    if (child) throw failWith(entity.tree.messages?.children ?? TREE_MESSAGES.children);
  }
  if (!entity.refKey) return checkReferrers(trx, ids, referrers);
  // Referenced by a key unique within a tenant (an account's code): the same code in another tenant is another row.
  const column = fieldsOf(entity).get(entity.refKey)!.column;
  const rows = await trx.selectFrom(entity.table).select(['tenant_id', column]).where('id', 'in', ids).execute();
  for (const tenantId of new Set(rows.map((r) => String(r.tenant_id)))) {
    const keys = rows.filter((r) => String(r.tenant_id) === tenantId).map((r) => String(r[column]));
    await checkReferrers(trx, keys, referrers, tenantId);
  }
}

/**
 * Refuses when a live row of another entity still points at one of `ids` (`已被<X>引用，不能删除`): ids, or the keys
 * of an entity referenced by `refKey`, within `tenantId`.
 */
export async function checkReferrers(
  trx: DynamicDb,
  ids: string[],
  referrers: Referrer[],
  tenantId?: string,
): Promise<void> {
  for (const ref of referrers) {
    const column = sql.ref(ref.column);
    const refers = ref.list
      ? sql<SqlBool>`(',' || ${column} || ',') like any (array[${sql.join(ids.map((id) => `%,${id},%`))}])`
      : sql<SqlBool>`${column} in (${sql.join(ids)})`;
    let used = trx
      .selectFrom(ref.table)
      .select(sql<number>`1`.as('used'))
      .where(refers);
    if (ref.softDelete) used = used.where('is_deleted', '=', 0);
    if (tenantId !== undefined) used = used.where('tenant_id', '=', tenantId);
    const when = ref.when;
    if (when && (when.values.length || !when.except)) {
      const chosen = sql`coalesce(cast(${sql.ref(when.column)} as text), '')`;
      const values = when.values.length ? sql.join(when.values) : sql`null`;
      used = used.where(
        when.except ? sql<SqlBool>`${chosen} not in (${values})` : sql<SqlBool>`${chosen} in (${values})`,
      );
    }
    if (await used.limit(1).executeTakeFirst()) throw failWith(ref.message);
  }
}
