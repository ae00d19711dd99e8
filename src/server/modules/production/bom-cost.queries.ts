import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * SQL of the cost roll-up: BOM lines, BOM costs of a year and the prices valid on its 1 January. Prices are read
 * from the master data's `erp_price` (domain/masterdata.md § price: price_type 1 sell, 2 buy, 3 subcontract).
 */

export interface CostLine {
  product_id: string;
  bom_version: string;
  is_default: number;
  component_id: string;
  component_no: string;
  component_name: string;
  gross_qty: string;
  unit: string;
  line_no: number;
}

const LINE_COLUMNS = sql`b.product_id, b.bom_version, b.is_default, b.component_id, b.component_no, b.component_name,
  b.gross_qty, b.unit, b.line_no`;

/** The lines of one BOM version and of the default versions of every part below it. */
export async function linesBelow(db: Db, tenantId: string, productId: string, version: string) {
  const { rows } = await sql<CostLine>`
    with recursive parts(id) as (
      select b.component_id from erp_product_bom b
      where b.tenant_id = ${tenantId} and b.is_deleted = 0 and b.product_id = cast(${productId} as bigint)
        and b.bom_version = ${version}
      union
      select b.component_id from parts p join erp_product_bom b on b.product_id = p.id
      where b.tenant_id = ${tenantId} and b.is_deleted = 0 and b.is_default = 1
    )
    select ${LINE_COLUMNS} from erp_product_bom b
    where b.tenant_id = ${tenantId} and b.is_deleted = 0 and (
      (b.product_id = cast(${productId} as bigint) and b.bom_version = ${version})
      or (b.is_default = 1 and b.product_id in (select id from parts)))
    order by b.product_id, b.bom_version, b.line_no`.execute(db);
  return rows;
}

/** Every live BOM line of the tenant (a whole year's recalculation). */
export async function allLines(db: Db, tenantId: string) {
  const { rows } = await sql<CostLine>`
    select ${LINE_COLUMNS} from erp_product_bom b where b.tenant_id = ${tenantId} and b.is_deleted = 0
    order by b.product_id, b.bom_version, b.line_no`.execute(db);
  return rows;
}

export interface CostRow {
  id: string;
  product_id: string;
  bom_version: string;
  currency: string;
  material_cost: string;
  labor_cost: string | null;
  manufacturing_cost: string | null;
  packaging_cost: string | null;
  freight_cost: string | null;
  total_cost: string;
  sales_price: string | null;
}

/** The year's BOM costs, of the given parts or (without `productIds`) of all. */
export async function costsOfYear(db: Db, tenantId: string, year: number, productIds?: string[]) {
  if (productIds && !productIds.length) return [];
  let query = db
    .selectFrom('erp_bom_cost')
    .select([
      'id',
      'product_id',
      'bom_version',
      'currency',
      'material_cost',
      'labor_cost',
      'manufacturing_cost',
      'packaging_cost',
      'freight_cost',
      'total_cost',
      'sales_price',
    ])
    .where('tenant_id', '=', tenantId)
    .where('cost_year', '=', year)
    .where('is_deleted', '=', 0);
  if (productIds) query = query.where('product_id', 'in', productIds);
  return (await query.orderBy('id').execute()) as CostRow[];
}

export interface ValidPrice {
  product_id: string;
  currency: string;
  unit_price: string;
}

/**
 * The price of each part (and currency) valid on `day`, of one price type: when several counterparties have one,
 * the most recent agreement (latest valid-from), then the lowest price. With `preferPartner`, that counterparty's
 * price first (a part's main customer).
 */
export async function validPrices(
  db: Db,
  tenantId: string,
  priceType: '1' | '2',
  day: string,
  productIds?: string[],
  preferPartner?: string,
) {
  if (productIds && !productIds.length) return [];
  const parts = productIds
    ? sql`and p.product_id in (${sql.join(productIds.map((id) => sql`cast(${id} as bigint)`))})`
    : sql``;
  const preferred = preferPartner ? sql`(p.partner_id = cast(${preferPartner} as bigint)) desc,` : sql``;
  const { rows } = await sql<ValidPrice>`
    select distinct on (p.product_id, p.currency) p.product_id, p.currency, p.unit_price
    from erp_price p
    where p.tenant_id = ${tenantId} and p.is_deleted = 0 and p.price_type = ${priceType} ${parts}
      and p.valid_from <= cast(${day} as date) and (p.valid_to is null or p.valid_to >= cast(${day} as date))
    order by p.product_id, p.currency, ${preferred} p.valid_from desc, p.unit_price asc`.execute(db);
  return rows;
}

/** A part's main customer (whose selling price a cost row takes first). */
export async function mainCustomerOf(db: Db, tenantId: string, productId: string) {
  const row = await db
    .selectFrom('erp_product')
    .select('customer_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', productId)
    .executeTakeFirst();
  return row?.customer_id ?? undefined;
}

/**
 * The packaging cost per part a new cost row starts with (domain/production.md: packaging.unitCost / qtyPerPack): the
 * packing for the part's main customer, else its default one (no customer); undefined without a priced packing.
 */
export async function packagingCostOf(db: Db, tenantId: string, productId: string): Promise<string | undefined> {
  const customer = await mainCustomerOf(db, tenantId, productId);
  const rows = await db
    .selectFrom('erp_packaging')
    .select(['customer_id', 'cost_per_part'])
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .where('is_deleted', '=', 0)
    .where('cost_per_part', 'is not', null)
    .execute();
  const chosen =
    rows.find((r) => customer !== undefined && r.customer_id !== null && String(r.customer_id) === String(customer)) ??
    rows.find((r) => r.customer_id === null);
  return chosen ? String(Math.round(Number(chosen.cost_per_part) * 100) / 100) : undefined;
}

/** The parts whose default BOMs hold `partId` at any level, and the part itself (a CTE `up(id)`). */
const partAndUsers = (tenantId: string, partId: string) => sql`
    with recursive up(id) as (
      select cast(${partId} as bigint)
      union
      select b.product_id from up join erp_product_bom b on b.component_id = up.id
      where b.tenant_id = ${tenantId} and b.is_deleted = 0 and b.is_default = 1
    )`;

/** A cost row whose BOM version holds one of the parts of `up` as a line. */
const holdsUp = (tenantId: string) => sql`exists (
        select 1 from erp_product_bom b
        where b.tenant_id = ${tenantId} and b.is_deleted = 0 and b.product_id = c.product_id
          and b.bom_version = c.bom_version and b.component_id in (select id from up))`;

/**
 * Marks stale the costs a buying price of `partId` valid over [from, to] feeds: costs of the years whose 1 January
 * falls in that period, of the part itself or of a BOM whose explosion contains it (its own lines, or the default
 * versions of the parts below). `users`: only the BOMs containing it (the part's own cost changed: its users' roll-up
 * takes its total). Returns how many rows were marked.
 */
export async function markStale(
  db: Db,
  tenantId: string,
  partId: string,
  from: string,
  to: string | null,
  of: 'part' | 'users' = 'part',
) {
  const self = of === 'part' ? sql`c.product_id = cast(${partId} as bigint) or` : sql``;
  const result = await sql`${partAndUsers(tenantId, partId)}
    update erp_bom_cost c set stale = 1
    where c.tenant_id = ${tenantId} and c.is_deleted = 0 and c.stale = 0
      and make_date(c.cost_year, 1, 1) between cast(${from} as date) and coalesce(cast(${to} as date), date '9999-12-31')
      and (${self} ${holdsUp(tenantId)})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Marks stale, for every year, the costs a BOM version's lines feed: the costs of that version of the part, and of
 * every BOM whose explosion holds the part (its default version may be the one changed).
 */
export async function markBomStale(db: Db, tenantId: string, partId: string, version: string) {
  const result = await sql`${partAndUsers(tenantId, partId)}
    update erp_bom_cost c set stale = 1
    where c.tenant_id = ${tenantId} and c.is_deleted = 0 and c.stale = 0
      and ((c.product_id = cast(${partId} as bigint) and c.bom_version = ${version}) or ${holdsUp(tenantId)})`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}

export interface RecalculatedCost {
  id: string;
  material_cost: number;
  total_cost: number;
  gross_margin: number | null;
}

/** Writes recalculated costs in one statement and clears their stale mark. */
export async function writeRecalculated(
  db: Db,
  tenantId: string,
  userId: string,
  now: string,
  rows: RecalculatedCost[],
) {
  if (!rows.length) return;
  await sql`
    update erp_bom_cost c
    set material_cost = v.material_cost, total_cost = v.total_cost, gross_margin = v.gross_margin, stale = 0,
      update_user = cast(${userId} as bigint), update_time = cast(${now} as timestamp)
    from jsonb_to_recordset(cast(${JSON.stringify(rows)} as jsonb))
      as v(id bigint, material_cost numeric, total_cost numeric, gross_margin numeric)
    where c.id = v.id and c.tenant_id = ${tenantId} and c.is_deleted = 0`.execute(db);
}
