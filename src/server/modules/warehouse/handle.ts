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
    const keys = [...new Set(movements.map(keyOf))].sort();
    // A receipt into a place the part has no stock row in yet opens one (quantity 0, cost 0) first.
    for (const key of keys) {
      const receipt = movements.find((m) => keyOf(m) === key && Number(m.direction) === 1);
      if (!receipt) continue;
      await sql`
        insert into erp_inventory (id, tenant_id, org_id, warehouse, location, product_id, product_no, product_name,
          spec, unit, batch_no, qty, locked_qty, available_qty, unit_cost, amount, safety_stock, below_safety,
          create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
        select ${nextId()}, ${String(receipt.tenant_id)}, ${receipt.org_id}, ${receipt.warehouse}, ${receipt.location},
          p.id, p.product_no, p.product_name, p.spec, p.unit, ${receipt.batch_no}, 0, 0, 0, 0, 0, p.safety_stock,
          case when p.safety_stock > 0 then 1 else 0 end,
          ${user.userId}, ${user.deptIds[0] ?? null}, ${now}, ${user.userId}, ${now}, 1, 0
        from erp_product p where p.id = ${receipt.product_id}
        on conflict (tenant_id, org_id, warehouse, product_id, batch_no) where is_deleted = 0 do nothing`.execute(trx);
    }
    const stocks = new Map<string, Stock>();
    for (const key of keys) {
      const [orgId, warehouse, productId, batchNo] = key.split('\u001f');
      const tenantId = String(movements.find((m) => keyOf(m) === key)!.tenant_id);
      const row = await trx
        .selectFrom('erp_inventory')
        .select(['id', 'qty', 'locked_qty', 'unit_cost', 'safety_stock', 'location'])
        .where('tenant_id', '=', tenantId)
        .where('org_id', '=', orgId)
        .where('warehouse', '=', warehouse)
        .where('product_id', '=', productId)
        .where('batch_no', '=', batchNo)
        .where('is_deleted', '=', 0)
        .forUpdate()
        .executeTakeFirst();
      if (row)
        stocks.set(key, {
          id: String(row.id),
          qty: Number(row.qty),
          lockedQty: Number(row.locked_qty),
          unitCost: Number(row.unit_cost),
          safetyStock: row.safety_stock === null ? null : String(row.safety_stock),
          location: String(row.location ?? ''),
        });
    }
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
    for (const stock of stocks.values()) {
      const figures = stockFigures({ ...stock });
      await trx
        .updateTable('erp_inventory')
        .set({
          qty: String(stock.qty),
          unit_cost: String(stock.unitCost),
          available_qty: String(figures.availableQty),
          amount: String(figures.amount),
          below_safety: figures.belowSafety,
          location: stock.location,
          ...(stock.lastIn ? { last_in_time: stock.lastIn } : {}),
          ...(stock.lastOut ? { last_out_time: stock.lastOut } : {}),
          update_user: user.userId,
          update_time: now,
        })
        .where('id', '=', stock.id)
        .execute();
    }
    for (const done of posted)
      await trx
        .updateTable('erp_inventory_log')
        .set({
          unit_cost: String(done.unitCost),
          amount: String(done.amount),
          qty_after: String(done.qtyAfter),
          handle_status: HANDLE_STATUS.handled,
          handle_user: user.userId,
          handle_time: now,
          update_user: user.userId,
          update_time: now,
        })
        .where('id', '=', done.id)
        .execute();
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
