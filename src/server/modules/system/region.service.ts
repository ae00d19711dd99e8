import { type Insertable } from 'kysely';
import type { TreeNode } from '../../../shared/contract/tree.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { region } from '../../../shared/entities/system/region.ts';
import { MESSAGES, type LocalText } from '../../../shared/i18n/server-messages.ts';
import type { Db, DynamicQuery } from '../../db/connect.ts';
import type { BladeRegion } from '../../db/schema.ts';
import { childRow, COUNTRY, LEVELS, RegionLoader, VILLAGE_LEVEL, type RegionRow } from './region-data.ts';
import { fieldsOf, parseFieldValue } from '../../platform/entity/fields.ts';
import { TREE_MESSAGES } from '../../platform/entity/rules.ts';
import type { EntityService, WireRecord } from '../../platform/entity/service.ts';
import { ApiError, fail, failWith } from '../../platform/errors.ts';
import { isRecord } from '../../platform/route-schemas.ts';
import { conditionsPredicate, parseListQuery, type ListQuery } from '../../platform/entity/conditions.ts';

type Query = Record<string, unknown>;

export const REGION_MESSAGES = {
  parentMissing: { zh: '上级区划不存在', en: 'The parent division does not exist' },
  codePrefix: {
    zh: '区划编号须以上级区划编号{name}开头,并在其后加上本级编号',
    en: 'The division code must start with its parent code {name}, followed by its own digits',
  },
  village: { zh: '村级区划不能再添加下级', en: 'A village cannot have child divisions' },
  parentFixed: { zh: '已有区划的上级区划不可修改', en: 'The parent of an existing division cannot be changed' },
} satisfies Record<string, LocalText>;

/** The lazy levels filter code and name with LIKE (contract: "map"); `list` matches exactly ("entity"). */
export const REGION_LEVELS: EntityDef = { ...region, filterStyle: 'map' };
const TABLE = 'blade_region';
const field = (name: string) => fieldsOf(region).get(name)!;

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Administrative divisions (contract system.md §15) beyond the engine's list, page and picker: the levels of the
 * tree over the rows imported so far, the dataset's towns and villages imported on first demand (RegionLoader);
 * writes derive every column that follows from the parent. Records are the engine's (`rows`): the parent's name is
 * its reference, joined in the same query.
 */
export class RegionService {
  readonly loader: RegionLoader;

  constructor(
    private readonly db: Db,
    private readonly rows: EntityService,
  ) {
    this.loader = new RegionLoader(db);
  }

  /** `lazy-list`: one level with `hasChildren` and `parentName`; with code/name filters the level is ignored. */
  async lazyList(query: Query): Promise<WireRecord[]> {
    const rows = await this.level(query);
    const parents = await this.parentsAmong(rows);
    return (await this.rows.wire(rows)).map((record) => ({ ...record, hasChildren: parents.has(String(record.code)) }));
  }

  /** `lazy-tree`: one level of picker nodes. */
  async lazyTree(query: Query): Promise<TreeNode[]> {
    const rows = await this.level(query);
    const parents = await this.parentsAmong(rows);
    return rows.map((row) => {
      const code = String(row.code);
      return {
        id: code,
        parentId: String(row.parent_code),
        title: String(row.name),
        value: code,
        key: code,
        hasChildren: parents.has(code),
      };
    });
  }

  /** `select?code=`: the children of a division (00 = the provinces). */
  async children(code: string): Promise<WireRecord[]> {
    await this.loader.ensureChildren(code);
    return this.rows.wire(await this.childRows(code).orderBy('sort').orderBy('code').execute());
  }

  async detail(code: string): Promise<WireRecord | undefined> {
    const row = await this.row(this.db, code);
    return row ? (await this.rows.wire([row]))[0] : undefined;
  }

  /**
   * Insert or update by code. A new division gets ancestors, level and the province…village columns from its parent;
   * an update changes name, sort and remark, and a new name follows into the descendants' columns of its level.
   */
  async submit(body: unknown): Promise<WireRecord> {
    if (!isRecord(body)) throw fail('unreadable');
    const input = body;
    const code = String(parseFieldValue(field('code'), input.code));
    // A division of the dataset not imported yet is still an existing one.
    if (!blank(input.parentCode)) await this.loader.ensureChildren(String(input.parentCode).trim());
    const current = await this.row(this.db, code);
    const saved = current ? await this.update(current, input) : await this.insert(code, input);
    return (await this.rows.wire([saved]))[0];
  }

  /**
   * Physical delete of one division; refused while it has children (those of the dataset included) or while rows of
   * other entities reference it.
   */
  async remove(code: string): Promise<void> {
    if (!(await this.row(this.db, code))) throw new ApiError(400, MESSAGES.dataNotFound);
    await this.loader.ensureChildren(code);
    await this.db.transaction().execute(async (trx) => {
      await this.rows.refuseReferenced(trx, [code]);
      const deleted = await trx
        .deleteFrom(TABLE)
        .where('code', '=', code)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom(`${TABLE} as c`).select('c.code').where('c.parent_code', '=', code))),
        )
        .returning('code')
        .execute();
      if (deleted.length === 0) throw failWith(TREE_MESSAGES.children);
    });
  }

  private async insert(code: string, input: Query): Promise<RegionRow> {
    const parentCode = String(parseFieldValue(field('parentCode'), input.parentCode)).trim();
    const name = String(parseFieldValue(field('name'), input.name));
    const sort = input.sort === undefined ? field('sort').default : parseFieldValue(field('sort'), input.sort);
    const remark = parseFieldValue(field('remark'), input.remark) ?? '';
    const parent = parentCode === COUNTRY ? undefined : await this.row(this.db, parentCode);
    if (parentCode !== COUNTRY && !parent) throw failWith(REGION_MESSAGES.parentMissing);
    if (parent && Number(parent.region_level) >= VILLAGE_LEVEL) throw failWith(REGION_MESSAGES.village);
    if (code === COUNTRY) throw new ApiError(400, MESSAGES.exists, { label: field('code').label });
    if (parent && !(code.startsWith(parentCode) && code.length > parentCode.length)) {
      throw failWith(REGION_MESSAGES.codePrefix, { name: parentCode });
    }
    const row = { ...childRow(parent, { code, name }, Number(sort ?? 0)), remark };
    const inserted = await this.db
      .insertInto(TABLE)
      .values(row as Insertable<BladeRegion>)
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('code')
      .executeTakeFirst();
    if (!inserted) throw new ApiError(400, MESSAGES.exists, { label: field('code').label });
    return (await this.row(this.db, code))!;
  }

  private async update(current: RegionRow, input: Query): Promise<RegionRow> {
    if (input.parentCode !== undefined) {
      const parentCode = String(parseFieldValue(field('parentCode'), input.parentCode)).trim();
      if (parentCode !== current.parent_code) throw failWith(REGION_MESSAGES.parentFixed);
    }
    const changes: RegionRow = {};
    for (const name of ['name', 'sort', 'remark']) {
      if (input[name] !== undefined)
        changes[field(name).column] = parseFieldValue(field(name), input[name], { update: true });
    }
    const code = String(current.code);
    return this.db.transaction().execute(async (trx) => {
      if (Object.keys(changes).length) await trx.updateTable(TABLE).set(changes).where('code', '=', code).execute();
      if (changes.name !== undefined && changes.name !== current.name) {
        // The division and every row below it hold its name in the column of its level.
        const level = LEVELS[Number(current.region_level) - 1];
        await trx
          .updateTable(TABLE)
          .set({ [`${level}_name`]: changes.name })
          .where(`${level}_code`, '=', code)
          .execute();
      }
      return (await this.row(trx, code))!;
    });
  }

  /** One level (children of `parentCode`, default 00), or every imported row matching code/name filters. */
  private async level(query: Query): Promise<RegionRow[]> {
    const { parentCode, ...filters } = query;
    const list = parseListQuery(REGION_LEVELS, filters, { paged: false });
    if (list.conditions.length)
      return this.sorted(this.rows.selectColumns(this.filtered(list)), list)
        .limit(list.size)
        .execute();
    const code = blank(parentCode)
      ? COUNTRY
      : String(Array.isArray(parentCode) ? parentCode[parentCode.length - 1] : parentCode).trim();
    await this.loader.ensureChildren(code);
    return this.sorted(this.childRows(code), list).execute();
  }

  private childRows(code: string) {
    return this.rows.selectColumns(this.db.selectFrom(TABLE).where('parent_code', '=', code));
  }

  private filtered(list: ListQuery) {
    const query = this.db.selectFrom(TABLE);
    return list.conditions.length ? query.where((eb) => eb.and(conditionsPredicate(eb, list.conditions))) : query;
  }

  private sorted<Q extends DynamicQuery>(query: Q, list: ListQuery): Q {
    let sorted = query;
    for (const sort of list.sorts) sorted = sorted.orderBy(sort.field.column, sort.direction) as Q;
    return sorted;
  }

  private row(db: Db, code: string): Promise<RegionRow | undefined> {
    return this.rows.selectColumns(db.selectFrom(TABLE).where('code', '=', code)).executeTakeFirst();
  }

  /** Codes among `rows` with children: rows below them, or dataset children not imported yet. */
  private async parentsAmong(rows: RegionRow[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const found = await this.db
      .selectFrom(TABLE)
      .select('parent_code')
      .distinct()
      .where(
        'parent_code',
        'in',
        rows.map((row) => String(row.code)),
      )
      .execute();
    const parents = await this.loader.pendingParents(rows);
    for (const { parent_code: code } of found) parents.add(String(code));
    return parents;
  }
}
