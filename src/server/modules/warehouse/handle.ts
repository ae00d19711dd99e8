import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { stockFigures } from '../../../shared/entities/warehouse/inventory.ts';
import { HANDLE_STATUS, inventoryLog } from '../../../shared/entities/warehouse/inventory-log.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { failWith, ok } from '../../platform/errors.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { nextId } from '../../platform/ids.ts';
import { Param, paramsOf, queryOrBody } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';

/** Quantities keep 4 decimals, unit costs 6 (numeric(18,4) / numeric(18,6)). */
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
/** A quantity as people read it: up to 4 decimals, no trailing zeros. */
const qtyText = (value: number) => String(round(value, 4));

interface Stock {
  id: string;
  qty: number;
  lockedQty: number;
  unitCost: number;
  safetyStock: string | null;
  location: string;
  lastIn?: string;
  lastOut?: string;
}

/** The stock row a movement posts to: company, warehouse, part and batch. */
const keyOf = (row: { org_id: unknown; warehouse: unknown; product_id: unknown; batch_no: unknown }) =>
  [row.org_id, row.warehouse, row.product_id, row.batch_no].map(String).join('\u001f');

/** One field of `rows` as an array parameter (`unnest($1::numeric[], …)`): text, or null where it has none. */
const arrayOf = <T>(rows: T[], pick: (row: T) => unknown) =>
  rows.map((row) => {
    const value = pick(row);
    return value === null || value === undefined ? null : String(value);
  });

/** The first movement of each stock row (company, warehouse, part, batch) among `movements`. */
function firstByPlace<T extends Parameters<typeof keyOf>[0]>(movements: T[]): T[] {
  const first = new Map<string, T>();
  for (const movement of movements) if (!first.has(keyOf(movement))) first.set(keyOf(movement), movement);
  return [...first.values()];
}

/**
 * Posts pending movements into the stock (domain/warehouse.md, `inventorylog/handle`): all of them or none, in the
 * order of (bizDate, createTime, id), receipts at the moving average cost, issues at the stock's cost and never more
 * than is available. Concurrent posts wait for each other on row locks: the movements' (in id order), then the stock
 * rows' (in key order, created first where a receipt needs one), so two posts never deadlock and never lose an update.
 */
export async function handleMovements(services: Services, user: AuthUser, ids: string[]): Promise<{ handled: number }> {
  const logs = services.entities.get(inventoryLog.name)!;
  const visible = await logs.visibleRows(user);
  return services.db.transaction().execute(async (trx) => {
    const rows = await visible(trx).where('id', 'in', ids).orderBy('id').selectAll().forUpdate().execute();
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    ids.forEach((id, index) => {
      const row = byId.get(id);
      if (!row || String(row.handle_status) !== HANDLE_STATUS.pending)
        throw failWith({
          zh: `第${index + 1}条记录已处理或不存在`,
          en: `Record ${index + 1} has been posted already or does not exist`,
        });
    });
    const now = formatDateTime();
    const movements = [...byId.values()].sort(
      (a, b) =>
        String(a.biz_date).localeCompare(String(b.biz_date)) ||
        String(a.create_time ?? '').localeCompare(String(b.create_time ?? '')) ||
        (BigInt(a.id) < BigInt(b.id) ? -1 : 1),
    );
    const places = firstByPlace(movements);
    const tenantId = String(movements[0]?.tenant_id ?? user.tenantId);
    // A receipt into a place the part has no stock row in yet opens one (quantity 0, cost 0) first. One statement
    // for the batch, in the order the rows are locked below, so two posts never wait for each other in a circle.
    const receipts = firstByPlace(movements.filter((m) => Number(m.direction) === 1));
    if (receipts.length)
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
    // Every stock row the batch changes, locked in one order.
    const { rows: locked } = await sql<{
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
    }>`
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
    const stocks = new Map<string, Stock>(
      locked.map((row) => [
        keyOf(row),
        {
          id: String(row.id),
          qty: Number(row.qty),
          lockedQty: Number(row.locked_qty),
          unitCost: Number(row.unit_cost),
          safetyStock: row.safety_stock === null ? null : String(row.safety_stock),
          location: String(row.location ?? ''),
        },
      ]),
    );
    const posted: Array<{ id: string; unitCost: number; amount: number; qtyAfter: number }> = [];
    for (const movement of movements) {
      const stock = stocks.get(keyOf(movement));
      const qty = Number(movement.qty);
      if (Number(movement.direction) === 1) {
        // Created above for every receipt, so it is there.
        const current = stock!;
        const inCost =
          movement.unit_cost === null || movement.unit_cost === undefined
            ? current.unitCost
            : Number(movement.unit_cost);
        const total = current.qty + qty;
        if (total !== 0) current.unitCost = round((current.qty * current.unitCost + qty * inCost) / total, 6);
        current.qty = round(total, 4);
        current.lastIn = now;
        if (!current.location && movement.location) current.location = String(movement.location);
        posted.push({
          id: String(movement.id),
          unitCost: inCost,
          amount: round(qty * inCost, 2),
          qtyAfter: current.qty,
        });
      } else {
        const available = stock ? round(stock.qty - stock.lockedQty, 4) : 0;
        if (!stock || qty > available)
          throw failWith({
            zh: `库存不足：${movement.product_no} 可用 ${qtyText(available)}，需出库 ${qtyText(qty)}`,
            en: `Not enough stock: ${movement.product_no} has ${qtyText(available)} available, ${qtyText(qty)} to issue`,
          });
        stock.qty = round(stock.qty - qty, 4);
        stock.lastOut = now;
        if (!stock.location && movement.location) stock.location = String(movement.location);
        posted.push({
          id: String(movement.id),
          unitCost: stock.unitCost,
          amount: round(qty * stock.unitCost, 2),
          qtyAfter: stock.qty,
        });
      }
    }
    // The changed stock rows and the posted movements, one statement each.
    const changed = [...stocks.values()];
    const figures = changed.map((stock) => stockFigures({ ...stock }));
    await sql`
      update erp_inventory i set qty = v.qty, unit_cost = v.unit_cost, available_qty = v.available_qty,
        amount = v.amount, below_safety = v.below_safety, location = v.location,
        last_in_time = coalesce(v.last_in, i.last_in_time), last_out_time = coalesce(v.last_out, i.last_out_time),
        update_user = ${user.userId}, update_time = ${now}
      from unnest(${arrayOf(changed, (s) => s.id)}::bigint[], ${arrayOf(changed, (s) => s.qty)}::numeric[],
        ${arrayOf(changed, (s) => s.unitCost)}::numeric[], ${arrayOf(figures, (f) => f.availableQty)}::numeric[],
        ${arrayOf(figures, (f) => f.amount)}::numeric[], ${arrayOf(figures, (f) => f.belowSafety)}::int[],
        ${arrayOf(changed, (s) => s.location)}::text[], ${arrayOf(changed, (s) => s.lastIn)}::timestamp[],
        ${arrayOf(changed, (s) => s.lastOut)}::timestamp[])
        as v(id, qty, unit_cost, available_qty, amount, below_safety, location, last_in, last_out)
      where i.id = v.id`.execute(trx);
    await sql`
      update erp_inventory_log l set unit_cost = v.unit_cost, amount = v.amount, qty_after = v.qty_after,
        handle_status = ${HANDLE_STATUS.handled}, handle_user = ${user.userId}, handle_time = ${now},
        update_user = ${user.userId}, update_time = ${now}
      from unnest(${arrayOf(posted, (p) => p.id)}::bigint[], ${arrayOf(posted, (p) => p.unitCost)}::numeric[],
        ${arrayOf(posted, (p) => p.amount)}::numeric[], ${arrayOf(posted, (p) => p.qtyAfter)}::numeric[])
        as v(id, unit_cost, amount, qty_after)
      where l.id = v.id`.execute(trx);
    return { handled: posted.length };
  });
}

/** `POST inventorylog/handle` (过账, `inventorylog_handle`): `ids` in the query or the body. */
export async function handleRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    `/api/${inventoryLog.service}/${inventoryLog.name}/handle`,
    { config: { permission: `${inventoryLog.code}_handle` }, schema: queryOrBody({ ids: Param }) },
    async (request) => ok(request, await handleMovements(services, request.user, parseIds(paramsOf(request).ids))),
  );
}
