import { sql } from 'kysely';
import { HANDLE_STATUS } from '../../../shared/entities/warehouse/inventory-log.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { nextId } from '../../platform/ids.ts';

/** The place a movement posts to (company, warehouse, part, batch) as the movement row holds it. */
export interface StockPlace {
  org_id: unknown;
  warehouse: unknown;
  product_id: unknown;
  batch_no: unknown;
  location?: unknown;
}

/** A locked stock row, as `lockStockRows` reads it. */
export interface LockedStockRow {
  id: string;
  org_id: string;
  warehouse: string;
  product_id: string;
  batch_no: string;
  qty: string;
  locked_qty: string;
  unit_cost: string;
  safety_stock: string | null;
  location: string | null;
}

/** A stock row's new figures after a post. */
export interface PostedStock {
  id: string;
  qty: number;
  unitCost: number;
  availableQty: number;
  amount: number;
  belowSafety: number;
  location: string;
  lastIn?: string;
  lastOut?: string;
}

/** A posted movement's cost, amount and the stock after it. */
export interface PostedMovement {
  id: string;
  unitCost: number;
  amount: number;
  qtyAfter: number;
}

/** One field of `rows` as an array parameter (`unnest($1::numeric[], …)`): text, or null where it has none. */
const arrayOf = <T>(rows: T[], pick: (row: T) => unknown) =>
  rows.map((row) => {
    const value = pick(row);
    return value === null || value === undefined ? null : String(value);
  });

/**
 * Opens a stock row (quantity 0, cost 0) for each receipt's place that has none yet. One statement for the batch, in
 * the order `lockStockRows` locks, so two posts never wait for each other in a circle.
 */
export async function openStockRows(trx: Db, tenantId: string, user: AuthUser, now: string, receipts: StockPlace[]) {
  await sql`
    insert into erp_inventory (id, tenant_id, org_id, warehouse, location, product_id, product_no, product_name,
      spec, unit, batch_no, qty, locked_qty, available_qty, unit_cost, amount, safety_stock, below_safety,
      create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
    select r.id, ${tenantId}, r.org_id, r.warehouse, r.location, p.id, p.product_no, p.product_name, p.spec, p.unit,
      r.batch_no, 0, 0, 0, 0, 0, p.safety_stock, case when p.safety_stock > 0 then 1 else 0 end,
      ${user.userId}, ${user.deptIds[0] ?? null}, ${now}, ${user.userId}, ${now}, 1, 0
    from unnest(${receipts.map(() => nextId())}::bigint[], ${arrayOf(receipts, (m) => m.org_id)}::text[],
      ${arrayOf(receipts, (m) => m.warehouse)}::text[], ${arrayOf(receipts, (m) => m.location ?? '')}::text[],
      ${arrayOf(receipts, (m) => m.product_id)}::bigint[], ${arrayOf(receipts, (m) => m.batch_no)}::text[])
      as r(id, org_id, warehouse, location, product_id, batch_no)
    join erp_product p on p.id = r.product_id
    order by r.org_id, r.warehouse, r.product_id, r.batch_no
    on conflict (tenant_id, org_id, warehouse, product_id, batch_no) where is_deleted = 0 do nothing`.execute(trx);
}

/** Locks and reads the stock rows of `places`, in one order (company, warehouse, part, batch). */
export async function lockStockRows(trx: Db, tenantId: string, places: StockPlace[]): Promise<LockedStockRow[]> {
  const { rows } = await sql<LockedStockRow>`
    select i.id, i.org_id, i.warehouse, i.product_id, i.batch_no, i.qty, i.locked_qty, i.unit_cost, i.safety_stock,
      i.location
    from erp_inventory i
    join unnest(${arrayOf(places, (m) => m.org_id)}::text[], ${arrayOf(places, (m) => m.warehouse)}::text[],
      ${arrayOf(places, (m) => m.product_id)}::bigint[], ${arrayOf(places, (m) => m.batch_no)}::text[])
      as k(org_id, warehouse, product_id, batch_no)
      on i.org_id = k.org_id and i.warehouse = k.warehouse and i.product_id = k.product_id and i.batch_no = k.batch_no
    where i.tenant_id = ${tenantId} and i.is_deleted = 0
    order by i.org_id, i.warehouse, i.product_id, i.batch_no
    for update of i`.execute(trx);
  return rows;
}

/** Writes the changed stock rows' figures, one statement. */
export async function saveStockRows(trx: Db, user: AuthUser, now: string, changed: PostedStock[]) {
  await sql`
    update erp_inventory i set qty = v.qty, unit_cost = v.unit_cost, available_qty = v.available_qty,
      amount = v.amount, below_safety = v.below_safety, location = v.location,
      last_in_time = coalesce(v.last_in, i.last_in_time), last_out_time = coalesce(v.last_out, i.last_out_time),
      update_user = ${user.userId}, update_time = ${now}
    from unnest(${arrayOf(changed, (s) => s.id)}::bigint[], ${arrayOf(changed, (s) => s.qty)}::numeric[],
      ${arrayOf(changed, (s) => s.unitCost)}::numeric[], ${arrayOf(changed, (s) => s.availableQty)}::numeric[],
      ${arrayOf(changed, (s) => s.amount)}::numeric[], ${arrayOf(changed, (s) => s.belowSafety)}::int[],
      ${arrayOf(changed, (s) => s.location)}::text[], ${arrayOf(changed, (s) => s.lastIn)}::timestamp[],
      ${arrayOf(changed, (s) => s.lastOut)}::timestamp[])
      as v(id, qty, unit_cost, available_qty, amount, below_safety, location, last_in, last_out)
    where i.id = v.id`.execute(trx);
}

/** Marks the movements posted, with their cost, amount and the stock after each, one statement. */
export async function markMovementsPosted(trx: Db, user: AuthUser, now: string, posted: PostedMovement[]) {
  await sql`
    update erp_inventory_log l set unit_cost = v.unit_cost, amount = v.amount, qty_after = v.qty_after,
      handle_status = ${HANDLE_STATUS.handled}, handle_user = ${user.userId}, handle_time = ${now},
      update_user = ${user.userId}, update_time = ${now}
    from unnest(${arrayOf(posted, (p) => p.id)}::bigint[], ${arrayOf(posted, (p) => p.unitCost)}::numeric[],
      ${arrayOf(posted, (p) => p.amount)}::numeric[], ${arrayOf(posted, (p) => p.qtyAfter)}::numeric[])
      as v(id, unit_cost, amount, qty_after)
    where l.id = v.id`.execute(trx);
}
