import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { itemLabel } from '../../../shared/entities/dict-items.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';

/**
 * SQL of BOM lines (erp_product_bom): the cycle check and its lock, default versions, and the recursive walks of the
 * explosion and where-used views. Every statement carries the tenant predicate (row-level security doubles it).
 */

/** Deeper than any real BOM: a walk stops here whatever the data (cycles are refused on save). */
export const MAX_LEVELS = 30;

/**
 * Serialises, until the transaction ends, the BOM writes of one tenant that could close a cycle: two users saving
 * the two halves of a cycle at once would each pass a check that does not see the other's uncommitted line. After
 * the lock a statement sees every line committed before it (read committed), so the second check finds the first.
 */
export async function lockTenantBoms(trx: Db, tenantId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`tenon:bom:${tenantId}`}))`.execute(trx);
}

/** Whether `componentId` is `productId` or contains it at some level, through any version of any BOM. */
export async function containsPart(trx: Db, tenantId: string, componentId: string, productId: string) {
  const { rows } = await sql<{ found: number }>`
    with recursive down(id) as (
      select cast(${componentId} as bigint)
      union
      select b.component_id from erp_product_bom b join down d on b.product_id = d.id
      where b.tenant_id = ${tenantId} and b.is_deleted = 0
    )
    select 1 as found from down where id = cast(${productId} as bigint) limit 1`.execute(trx);
  return rows.length > 0;
}

/** Whether some live line of the parent other than `exceptId` is of a default version, and which version. */
export async function defaultVersionOf(trx: Db, tenantId: string, productId: string, exceptId: string) {
  const row = await trx
    .selectFrom('erp_product_bom')
    .select('bom_version')
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .where('is_default', '=', 1)
    .where('is_deleted', '=', 0)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row?.bom_version;
}

/** Makes `version` the parent's one default version: its lines 1, every line of the others 0. */
export async function makeDefault(trx: Db, tenantId: string, productId: string, version: string) {
  await trx
    .updateTable('erp_product_bom')
    .set({ is_default: sql<number>`case when bom_version = ${version} then 1 else 0 end` })
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .where('is_deleted', '=', 0)
    .execute();
}

/**
 * After lines were deleted: a parent with lines left but no default version gets its highest version as default
 * (exactly one default version per parent).
 */
export async function keepOneDefault(trx: Db, tenantId: string, productIds: string[]) {
  for (const productId of new Set(productIds)) {
    const versions = await trx
      .selectFrom('erp_product_bom')
      .select(['bom_version', sql<number>`max(is_default)`.as('is_default')])
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('is_deleted', '=', 0)
      .groupBy('bom_version')
      .orderBy('bom_version', 'desc')
      .execute();
    if (versions.length && !versions.some((v) => Number(v.is_default) === 1))
      await makeDefault(trx, tenantId, productId, versions[0].bom_version);
  }
}

/** Whether the part has lines of this BOM version. */
export async function versionExists(trx: Db, tenantId: string, productId: string, version: string) {
  const row = await trx
    .selectFrom('erp_product_bom')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .where('bom_version', '=', version)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return Boolean(row);
}

export interface ExplodedLine {
  id: string;
  /** The line this one explodes (0 at the top). */
  parent_line: string;
  level: number;
  component_id: string;
  component_no: string;
  component_name: string;
  component_spec: string;
  line_no: number;
  gross_qty: string;
  total_qty: string;
  unit: string;
  source_type: string;
}

/**
 * The lines of the explosion of one BOM version: its lines, then under each component the lines of that component's
 * default version, down every level. `total_qty` is the gross quantity per one parent multiplied down the levels.
 * Unordered: the caller puts them depth first (a sort over path arrays and a window for "has children" were a third
 * of the query's time: 5,730 lines, 36 -> 22 ms).
 */
export async function explode(db: Db, tenantId: string, productId: string, version: string) {
  const { rows } = await sql<ExplodedLine>`
    with recursive x as (
      select b.id, cast(0 as bigint) as parent_line, 1 as level, b.component_id, b.line_no, b.gross_qty,
        cast(b.gross_qty as numeric) as total_qty, b.unit, b.source_type, b.component_no, b.component_name,
        b.component_spec
      from erp_product_bom b
      where b.tenant_id = ${tenantId} and b.is_deleted = 0 and b.product_id = cast(${productId} as bigint)
        and b.bom_version = ${version}
      union all
      select c.id, x.id, x.level + 1, c.component_id, c.line_no, c.gross_qty, x.total_qty * c.gross_qty, c.unit,
        c.source_type, c.component_no, c.component_name, c.component_spec
      from x join erp_product_bom c on c.product_id = x.component_id
      where c.tenant_id = ${tenantId} and c.is_deleted = 0 and c.is_default = 1 and x.level < ${MAX_LEVELS}
    )
    select id, parent_line, level, component_id, component_no, component_name, component_spec, line_no, gross_qty,
      round(total_qty, 6) as total_qty, unit, source_type
    from x`.execute(db);
  return rows;
}

export interface ParentUse {
  product_id: string;
  product_no: string;
  product_name: string;
  bom_version: string;
  is_default: number;
  level: number;
  component_no: string;
}

/**
 * Every BOM that contains the part at some level, as explosions see it: any version holding it as a line, then up
 * through default versions only (a sub-assembly's other versions are not in its parents' explosions). Each parent
 * version once, at the level of its nearest use, with the component through which it holds the part.
 */
export async function whereUsed(db: Db, tenantId: string, partId: string) {
  const { rows } = await sql<ParentUse>`
    with recursive u as (
      select b.product_id, b.bom_version, b.is_default, 1 as level, b.component_no, b.product_no, b.product_name
      from erp_product_bom b
      where b.tenant_id = ${tenantId} and b.is_deleted = 0 and b.component_id = cast(${partId} as bigint)
      union
      select b.product_id, b.bom_version, b.is_default, u.level + 1, b.component_no, b.product_no, b.product_name
      from u join erp_product_bom b on b.component_id = u.product_id
      where u.is_default = 1 and b.tenant_id = ${tenantId} and b.is_deleted = 0 and u.level < ${MAX_LEVELS}
    )
    select distinct on (product_id, bom_version) product_id, bom_version, is_default, level, component_no, product_no,
      product_name
    from u order by product_id, bom_version, level, component_no`.execute(db);
  return rows.sort((a, b) => a.level - b.level || a.product_no.localeCompare(b.product_no));
}

export interface BomGroup {
  product_id: string;
  product_no: string;
  product_name: string;
  bom_version: string;
  is_default: number;
  line_count: string;
  total: string;
}

/**
 * One page of BOMs (a parent and a version, with its line count) for the grouped screen: the parent's number
 * (like), the version (exact), BOMs with a component whose number contains `componentNo`, or of a source type.
 */
export async function bomGroups(
  db: Db,
  tenantId: string,
  filter: { productNo?: string; bomVersion?: string; componentNo?: string; sourceType?: string },
  page: { current: number; size: number },
) {
  const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const lineFilter = sql.join(
    [
      sql`b.tenant_id = ${tenantId}`,
      sql`b.is_deleted = 0`,
      ...(filter.productNo ? [sql`b.product_no like ${like(filter.productNo)}`] : []),
      ...(filter.bomVersion ? [sql`b.bom_version = ${filter.bomVersion}`] : []),
    ],
    sql` and `,
  );
  const having = [
    ...(filter.componentNo ? [sql`bool_or(b.component_no like ${like(filter.componentNo)})`] : []),
    ...(filter.sourceType ? [sql`bool_or(b.source_type = ${filter.sourceType})`] : []),
  ];
  const { rows } = await sql<BomGroup>`
    select b.product_id, max(b.product_no) as product_no, max(b.product_name) as product_name, b.bom_version,
      max(b.is_default) as is_default, count(*) as line_count, count(*) over () as total
    from erp_product_bom b where ${lineFilter}
    group by b.product_id, b.bom_version
    ${having.length ? sql`having ${sql.join(having, sql` and `)}` : sql``}
    order by max(b.product_no), b.bom_version
    limit ${page.size} offset ${(page.current - 1) * page.size}`.execute(db);
  return rows;
}

/** The parent's default version (else its highest one), if it has lines. */
export async function latestDefaultVersion(db: Db, tenantId: string, productId: string) {
  const row = await db
    .selectFrom('erp_product_bom')
    .select('bom_version')
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .where('is_deleted', '=', 0)
    .orderBy('is_default', 'desc')
    .orderBy('bom_version', 'desc')
    .executeTakeFirst();
  return row?.bom_version;
}

/** The tenant's BOM stamp (migration 0027): it moves with every change of the tenant's BOM lines. */
export async function bomStamp(db: Db, tenantId: string): Promise<string> {
  const row = await db.selectFrom('erp_bom_stamp').select('stamp').where('tenant_id', '=', tenantId).executeTakeFirst();
  return String(row?.stamp ?? 0);
}

/** The labels of one of the tenant's business dictionaries (`bom_source`, `unit`) in `lang`. */
export async function dictNames(db: Db, tenantId: string, code: string, lang: Lang): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('blade_dict_biz')
    .select(['dict_key', 'dict_value', 'remark'])
    .where('tenant_id', '=', tenantId)
    .where('code', '=', code)
    .where('parent_id', '<>', '0')
    .where('is_deleted', '=', 0)
    .execute();
  return new Map(
    rows.map((r) => [
      String(r.dict_key),
      itemLabel({ dictValue: String(r.dict_value), remark: String(r.remark ?? '') }, lang),
    ]),
  );
}

/** A part's unit, if the tenant has the part. */
export async function partUnit(db: Db, tenantId: string, productId: string) {
  const row = await db
    .selectFrom('erp_product')
    .select('unit')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', productId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return row?.unit;
}
