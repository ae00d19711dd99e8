import { stockFigures } from '../../../shared/entities/warehouse/inventory.ts';
import { HANDLE_STATUS, inventoryLog } from '../../../shared/entities/warehouse/inventory-log.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { failWith } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { lockStockRows, markMovementsPosted, openStockRows, saveStockRows } from './stock-posting.queries.ts';

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
    if (receipts.length) await openStockRows(trx, tenantId, user, now, receipts);
    // Every stock row the batch changes, locked in one order.
    const locked = await lockStockRows(trx, tenantId, places);
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
    await saveStockRows(
      trx,
      user,
      now,
      changed.map((stock) => ({ ...stock, ...stockFigures({ ...stock }) })),
    );
    await markMovementsPosted(trx, user, now, posted);
    return { handled: posted.length };
  });
}
