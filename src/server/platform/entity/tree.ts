import { sql, type SqlBool } from 'kysely';
import type { DynamicDb } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import { fail } from '../errors.ts';
import { fieldsOf } from './fields.ts';
import { descendantsOf } from './rules.ts';
import type { Row } from './types.ts';
import type { RowSource, WireRecord } from './types.ts';
import { isId } from '../ids.ts';
import { conditionsPredicate, fixedConditions, parseListQuery, type FixedFilter } from './conditions.ts';
import { buildTree, type TreeNode, type TreeShaped } from '../tree.ts';

type Query = Record<string, unknown>;
export type TreeRecord = WireRecord & TreeShaped<TreeRecord>;

interface Selection {
  /** The client's filters, allow-listed like any list. */
  query?: Query;
  where?: FixedFilter;
  /** Only the children of this node ('0' = the roots). */
  parentId?: string;
  /** Only the rows below this node, and the node itself with `self`. */
  under?: { id: string; self: boolean };
}

/** A `parentId` parameter: absent, blank or 0 = the roots; anything else must be an id. */
export function parentParam(raw: unknown): string {
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (value === undefined || value === null || value === '' || value === '0' || value === 0) return '0';
  if (!isId(value)) throw fail('paramType', { name: 'parentId' });
  return String(value);
}

/**
 * The read side of a tree entity (contract README §8): the matching rows as a tree, lazy levels with a child
 * count, and picker TreeNodes. Every read goes through the service's visible rows.
 */
export class EntityTree {
  constructor(
    private readonly service: RowSource,
    private readonly db: DynamicDb,
  ) {}

  /** `list`: the matching rows as nested records; a row whose parent was filtered out becomes a root. */
  async list(
    user: AuthUser,
    query: Query,
    options: { where?: FixedFilter; under?: string } = {},
  ): Promise<TreeRecord[]> {
    const under = options.under ? { id: options.under, self: false } : undefined;
    const rows = await this.select(user, { query, where: options.where, under });
    return buildTree((await this.service.wire(rows)) as TreeRecord[]);
  }

  /** `lazy-list`: one level with `hasChildren` from a child count; with other filters `parentId` is ignored. */
  async lazyList(user: AuthUser, query: Query, where?: FixedFilter): Promise<TreeRecord[]> {
    const { parentId, ...filters } = query;
    const filtered = parseListQuery(this.service.entity, filters, { paged: false }).conditions.length > 0;
    const rows = await this.select(user, {
      query: filters,
      where,
      parentId: filtered ? undefined : parentParam(parentId),
    });
    const parents = await this.withChildren(user, rows, where);
    return ((await this.service.wire(rows)) as TreeRecord[]).map((r) => ({ ...r, hasChildren: parents.has(r.id) }));
  }

  /** The direct children of a node as a flat list (`listChildNoPage`). */
  async children(user: AuthUser, parentId: string): Promise<WireRecord[]> {
    return this.service.wire(await this.select(user, { parentId }));
  }

  /** `tree`: picker nodes of the matching rows (within the definition's picker filter), or of one subtree. */
  async picker(user: AuthUser, query: Query, options: { under?: string } = {}): Promise<TreeNode[]> {
    const under = options.under ? { id: options.under, self: true } : undefined;
    const rows = await this.select(user, { query, where: this.service.entity.tree!.picker, under });
    return buildTree(rows.map((r) => this.node(r)));
  }

  /** `lazy-tree`: one level of picker nodes with `hasChildren`. */
  async lazyPicker(user: AuthUser, parentId: string): Promise<TreeNode[]> {
    const where = this.service.entity.tree!.picker;
    const rows = await this.select(user, { where, parentId });
    const parents = await this.withChildren(user, rows, where);
    return rows.map((r) => ({ ...this.node(r), hasChildren: parents.has(String(r.id)) }));
  }

  private node(row: Row): TreeNode {
    const { entity } = this.service;
    const fields = fieldsOf(entity);
    const id = String(row.id);
    const node: TreeNode = {
      id,
      parentId: String(row.parent_id),
      title: String(row[fields.get(entity.tree!.title)!.column] ?? ''),
      key: id,
      // What a reference stores: a code for an entity referenced by one.
      value: entity.refKey ? String(row[fields.get(entity.refKey)!.column]) : id,
      hasChildren: false,
    };
    const leaves = entity.tree!.leavesOnly;
    if (leaves && Number(row[fields.get(leaves.field)!.column]) !== 1) node.disabled = true;
    if (entity.tree!.titleEn) node.titleEn = String(row[fields.get(entity.tree!.titleEn)!.column] ?? '');
    return node;
  }

  private async select(user: AuthUser, selection: Selection): Promise<Row[]> {
    const { entity } = this.service;
    const list = parseListQuery(entity, selection.query ?? {}, { paged: false });
    const conditions = [...list.conditions, ...fixedConditions(entity, selection.where)];
    let query = (await this.service.visibleRows(user))(this.db);
    if (conditions.length) query = query.where((eb) => eb.and(conditionsPredicate(eb, conditions, '', entity)));
    if (selection.parentId !== undefined) query = query.where('parent_id', '=', selection.parentId);
    const under = selection.under;
    if (under) {
      const below = sql<SqlBool>`id in (${descendantsOf(entity, under.id)})`;
      query = query.where(under.self ? sql<SqlBool>`(id = ${under.id} or ${below})` : below);
    }
    for (const sort of list.sorts) query = query.orderBy(sort.field.column, sort.direction);
    return this.service.selectColumns(query).execute();
  }

  /** Ids among `rows` that have at least one visible child (within the same fixed filter). */
  private async withChildren(user: AuthUser, rows: Row[], where?: FixedFilter): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const conditions = fixedConditions(this.service.entity, where);
    let query = (await this.service.visibleRows(user))(this.db).where(
      'parent_id',
      'in',
      rows.map((r) => String(r.id)),
    );
    if (conditions.length) query = query.where((eb) => eb.and(conditionsPredicate(eb, conditions)));
    const found = await query.select('parent_id').distinct().execute();
    return new Set(found.map((r) => String(r.parent_id)));
  }
}
