import { formatDateTime } from '../../../../shared/contract/time.ts';
import { stockFigures } from '../../../../shared/entities/warehouse/inventory.ts';
import { directionOf, inventoryLog } from '../../../../shared/entities/warehouse/inventory-log.ts';
import type { Insertable } from 'kysely';
import type { Db } from '../../../db/connect.ts';
import type { Schema } from '../../../db/schema.ts';
import { takeNumbers } from '../../../platform/entity/derived.ts';
import { nextId } from '../../../platform/ids.ts';
import { demoAudit } from '../../system/demo/figures.ts';

/** Parts stocked in the demo, and days of movements before today. */
const PARTS = 90;
const DAYS = 45;
/** The store a part type lives in (`item_type` → `warehouse`): finished goods, semi-finished, raw, the rest. */
const STORE: Record<string, string> = { '1': 'FG', '2': 'WIP', '3': 'RM' };

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const dayBefore = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

interface Stock {
  qty: number;
  unitCost: number;
  lastIn: string | null;
  lastOut: string | null;
}

/**
 * Demo stock of tenant 000000 (`npm run demo`), after the parts: opening balances of 90 parts in the two companies'
 * stores, six weeks of receipts and issues posted into them at the moving average cost (worked out as posting does),
 * the last few days' movements still pending (过账 has something to post), a few parts below their safety stock, and
 * packing specifications of finished parts. Added once: a tenant with stock rows keeps them.
 */
export async function seedWarehouseDemo(db: Db): Promise<string[]> {
  const have = await db
    .selectFrom('erp_inventory')
    .select('id')
    .where('tenant_id', '=', '000000')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (have) return ['0 stock rows', '0 movements', '0 packing specifications'];
  const parts = await db
    .selectFrom('erp_product')
    .select(['id', 'product_no', 'product_name', 'spec', 'unit', 'safety_stock', 'product_type', 'customer_id'])
    .where('tenant_id', '=', '000000')
    .where('is_deleted', '=', 0)
    .where('status', '=', 1)
    .orderBy('product_no')
    .limit(PARTS)
    .execute();
  if (!parts.length) return ['0 stock rows', '0 movements', '0 packing specifications'];
  const today = formatDateTime().slice(0, 10);
  const now = formatDateTime();
  const audit = demoAudit();
  const stockRows: Array<Insertable<Schema['erp_inventory']>> = [];
  const logRows: Array<Insertable<Schema['erp_inventory_log']>> = [];
  const sequences = new Map<string, number>();
  const safetyStocks: Array<[string, string]> = [];
  for (const [i, part] of parts.entries()) {
    const orgId = i % 3 === 2 ? '1020' : '1010';
    const warehouse = STORE[String(part.product_type)] ?? 'SP';
    const location = `${warehouse}-${String(1 + (i % 6)).padStart(2, '0')}-${String(1 + (i % 9)).padStart(2, '0')}`;
    const stock: Stock = { qty: 200 + ((i * 37) % 400), unitCost: 4.5 + ((i * 13) % 90), lastIn: null, lastOut: null };
    // Every ninth part runs low: its issues take most of what there is.
    const hungry = i % 9 === 4;
    const moves: Array<{ bizType: string; qty: number; cost: number | null; days: number }> = [];
    for (let k = 0; k < 7; k++) {
      const days = DAYS - k * 6 - (i % 5);
      const receipt = k % 2 === 0;
      const bizType = receipt ? (k % 4 === 0 ? '101' : '102') : i % 2 ? '202' : '201';
      // A part running low gets no receipt in its last three weeks.
      if (receipt && hungry && k >= 4) continue;
      const qty = receipt ? 50 + ((i * 11 + k * 17) % 150) : hungry ? 0 : 30 + ((i * 7 + k * 13) % 120);
      moves.push({
        bizType,
        qty,
        cost: bizType === '101' ? round(stock.unitCost * (0.95 + (k % 3) * 0.05), 4) : null,
        days,
      });
    }
    for (const [k, move] of moves.entries()) {
      const bizDate = dayBefore(today, Math.max(move.days, 0));
      const direction = directionOf(move.bizType);
      // The last two movements of a part are recent and still pending.
      const pending = k >= moves.length - 2 && i % 4 === 0;
      let qty = move.qty;
      if (direction === -1 && hungry) qty = Math.max(round(stock.qty * 0.9, 0), 1);
      if (direction === -1 && qty > stock.qty) qty = stock.qty;
      if (qty <= 0) continue;
      const prefix = direction === 1 ? 'RK' : 'CK';
      let logNo: string;
      if (bizDate === today) [logNo] = await takeNumbers(db, inventoryLog, 'logNo', '000000', 1, String(direction));
      else {
        const key = `${prefix}${bizDate}`;
        const next = (sequences.get(key) ?? 0) + 1;
        sequences.set(key, next);
        logNo = `${prefix}${bizDate.replaceAll('-', '')}${String(next).padStart(4, '0')}`;
      }
      const row = {
        id: nextId(),
        tenant_id: '000000',
        log_no: logNo,
        biz_type: move.bizType,
        direction,
        biz_date: bizDate,
        org_id: orgId,
        warehouse,
        location,
        product_id: String(part.id),
        product_no: part.product_no,
        product_name: part.product_name,
        unit: part.unit,
        batch_no: '',
        qty: String(qty),
        partner_name: move.bizType === '101' ? '宝钢股份' : move.bizType === '201' ? '一汽-大众' : '',
        source_no: `${move.bizType === '101' ? 'PO' : move.bizType === '201' ? 'DN' : 'MO'}${bizDate.replaceAll('-', '')}${i}`,
        remark: '',
        client_key: '',
        ...audit,
        create_time: `${bizDate} 09:${String(10 + (i % 50)).padStart(2, '0')}:00`,
      };
      if (pending) {
        logRows.push({
          ...row,
          unit_cost: move.cost === null ? null : String(move.cost),
          amount: move.cost === null ? null : String(round(qty * move.cost, 2)),
          handle_status: '0',
        });
        continue;
      }
      let cost: number;
      if (direction === 1) {
        cost = move.cost ?? stock.unitCost;
        stock.unitCost = round((stock.qty * stock.unitCost + qty * cost) / (stock.qty + qty), 6);
        stock.qty = round(stock.qty + qty, 4);
        stock.lastIn = `${bizDate} 10:00:00`;
      } else {
        cost = stock.unitCost;
        stock.qty = round(stock.qty - qty, 4);
        stock.lastOut = `${bizDate} 15:00:00`;
      }
      logRows.push({
        ...row,
        unit_cost: String(cost),
        amount: String(round(qty * cost, 2)),
        handle_status: '1',
        handle_user: audit.create_user,
        handle_time: `${bizDate} 16:00:00`,
        qty_after: String(stock.qty),
      });
    }
    // A stocked part without a safety stock gets one (the part master's field; lists flag stock below it).
    const safetyStock = part.safety_stock === null ? String(100 + ((i * 29) % 5) * 10) : String(part.safety_stock);
    if (part.safety_stock === null) safetyStocks.push([String(part.id), safetyStock]);
    const figures = stockFigures({ qty: stock.qty, lockedQty: 0, unitCost: stock.unitCost, safetyStock });
    stockRows.push({
      id: nextId(),
      tenant_id: '000000',
      org_id: orgId,
      warehouse,
      location,
      product_id: String(part.id),
      product_no: part.product_no,
      product_name: part.product_name,
      spec: part.spec,
      unit: part.unit,
      batch_no: '',
      qty: String(stock.qty),
      locked_qty: '0',
      available_qty: String(figures.availableQty),
      unit_cost: String(stock.unitCost),
      amount: String(figures.amount),
      safety_stock: safetyStock,
      below_safety: figures.belowSafety,
      last_in_time: stock.lastIn,
      last_out_time: stock.lastOut,
      remark: '',
      ...audit,
      create_time: `${dayBefore(today, DAYS + 5)} 08:00:00`,
      update_time: now,
    });
  }
  const finished = parts.filter((p) => String(p.product_type) === '1').slice(0, 24);
  const packs = finished.map((part, i) => {
    const qtyPerPack = [20, 40, 60, 100][i % 4];
    const unitCost = [8, 35, 120, 260][i % 4];
    return {
      id: nextId(),
      tenant_id: '000000',
      packaging_code: `PK-${part.product_no}`.slice(0, 32),
      product_id: String(part.id),
      product_no: part.product_no,
      product_name: part.product_name,
      customer_id: part.customer_id === null ? null : String(part.customer_id),
      packaging_type: ['1', '2', '3', '4'][i % 4],
      qty_per_pack: String(qtyPerPack),
      packs_per_pallet: [24, 16, 4, 1][i % 4],
      length: String([600, 800, 1200, 1200][i % 4]),
      width: String([400, 600, 1000, 1000][i % 4]),
      height: String([300, 400, 900, 150][i % 4]),
      gross_weight: String(round(qtyPerPack * 0.8 + 2, 2)),
      is_returnable: i % 4 === 0 ? 0 : 1,
      unit_cost: String(unitCost),
      cost_per_part: String(round(unitCost / qtyPerPack, 6)),
      remark: '',
      ...audit,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let at = 0; at < stockRows.length; at += 200)
      await trx
        .insertInto('erp_inventory')
        .values(stockRows.slice(at, at + 200))
        .execute();
    for (let at = 0; at < logRows.length; at += 200)
      await trx
        .insertInto('erp_inventory_log')
        .values(logRows.slice(at, at + 200))
        .execute();
    if (packs.length) await trx.insertInto('erp_packaging').values(packs).execute();
    for (const [id, safety] of safetyStocks)
      await trx.updateTable('erp_product').set({ safety_stock: safety }).where('id', '=', id).execute();
  });
  return [`${stockRows.length} stock rows`, `${logRows.length} movements`, `${packs.length} packing specifications`];
}
