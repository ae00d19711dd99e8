import { sql } from 'kysely';
import { stockFigures } from '../../../shared/entities/warehouse/inventory.ts';
import { HANDLE_STATUS, inventoryLog } from '../../../shared/entities/warehouse/inventory-log.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { failWith } from '../../platform/errors.ts';
import { fieldsOf, parseFieldValue } from '../../platform/entity/fields.ts';
import type { EntityHooks, EntityReaction } from '../../platform/entity/service.ts';
import type { Row } from '../../platform/entity/types.ts';
import type { Services } from '../../services.ts';

const IN_USE = {
  zh: '库存不为零或已有出入库记录，不能删除',
  en: 'Stock that is not zero or has posted movements cannot be deleted',
};
const FUTURE_DATE = { zh: '业务日期不能晚于今天', en: 'The posting date cannot be later than today' };
const KEY_REUSED = {
  zh: '客户端单据键已用于另一条出入库记录',
  en: 'This client key was already used for a different movement',
};
const KEY_DELETED = {
  zh: '该出入库记录已提交并已被删除',
  en: 'This movement was submitted before and has since been deleted',
};
const KEY_RACING = {
  zh: '该出入库记录正在提交，请稍后刷新查看',
  en: 'This movement is being submitted: refresh in a moment to see it',
};

/** A stock row is deleted only when empty and never posted to (its movements name it by its key). */
export function inventoryHooks({ db }: Services): EntityHooks {
  return {
    async beforeRemove(user, ids) {
      const blocked = await db
        .selectFrom('erp_inventory as i')
        .select('i.id')
        .where('i.id', 'in', ids)
        .where('i.tenant_id', '=', user.tenantId)
        .where((eb) =>
          eb.or([
            eb('i.qty', '<>', '0'),
            eb.exists(
              eb
                .selectFrom('erp_inventory_log as l')
                .select('l.id')
                .whereRef('l.tenant_id', '=', 'i.tenant_id')
                .whereRef('l.org_id', '=', 'i.org_id')
                .whereRef('l.warehouse', '=', 'i.warehouse')
                .whereRef('l.product_id', '=', 'i.product_id')
                .whereRef('l.batch_no', '=', 'i.batch_no')
                .where('l.handle_status', '=', HANDLE_STATUS.handled)
                .where('l.is_deleted', '=', 0),
            ),
          ]),
        )
        .executeTakeFirst();
      if (blocked) throw failWith(IN_USE);
    },
  };
}

/** Fields a replayed movement must repeat as they were saved. */
const REPEATED = [
  'bizType',
  'bizDate',
  'orgId',
  'warehouse',
  'location',
  'productId',
  'batchNo',
  'qty',
  'unitCost',
  'partnerName',
  'sourceNo',
  'remark',
] as const;

/** Whether a sent value is the saved one: numbers by value, dates by day, the rest as text. */
function same(name: (typeof REPEATED)[number], sent: unknown, saved: unknown): boolean {
  const field = fieldsOf(inventoryLog).get(name)!;
  let value: unknown;
  try {
    value = parseFieldValue({ ...field, required: undefined }, sent);
  } catch {
    return false;
  }
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(value) || blank(saved)) return blank(value) && blank(saved);
  if (field.type === 'decimal') return Number(value) === Number(saved);
  if (field.type === 'date') return String(value).slice(0, 10) === String(saved).slice(0, 10);
  return String(value) === String(saved);
}

/**
 * Movements: the posting date is not after the tenant's today; a movement sent again with its client key (a retry,
 * the phone's offline queue) is answered with the one saved the first time, and refused when it says otherwise.
 */
export function inventoryLogHooks({ db }: Services): EntityHooks {
  const savedWithKey = (executor: Db, user: AuthUser, key: string) =>
    executor
      .selectFrom('erp_inventory_log')
      .selectAll()
      .where('tenant_id', '=', user.tenantId)
      .where('client_key', '=', key)
      .executeTakeFirst();
  return {
    async replay(user, input) {
      const key = typeof input.clientKey === 'string' ? input.clientKey.trim() : '';
      if (!key) return undefined;
      const saved = await savedWithKey(db, user, key);
      if (!saved) return undefined;
      if (saved.is_deleted) throw failWith(KEY_DELETED);
      const columns = fieldsOf(inventoryLog);
      for (const name of REPEATED) {
        if (input[name] === undefined) continue;
        const column = columns.get(name)!.column as keyof typeof saved;
        if (!same(name, input[name], saved[column])) throw failWith(KEY_REUSED);
      }
      return saved as Row;
    },
    async beforeWrite(trx, user, values, before) {
      const bizDate = values.biz_date;
      if (bizDate !== undefined && String(bizDate).slice(0, 10) > formatDateTime().slice(0, 10))
        throw failWith(FUTURE_DATE);
      const key = typeof values.client_key === 'string' ? values.client_key : '';
      if (before || !key) return;
      // Two sends of one movement at the same moment: the second waits for the first and then finds it.
      await sql`select pg_advisory_xact_lock(hashtext(${`inventorylog:${user.tenantId}:${key}`}))`.execute(trx);
      if (await savedWithKey(trx, user, key)) throw failWith(KEY_RACING);
    },
  };
}

/** A part's safety stock is saved on its stock rows (lists filter on "below safety stock"): kept in step. */
export function productSafetyReaction(): EntityReaction {
  return {
    async afterWrite(trx, user, row, before) {
      if (before && String(before.safety_stock ?? '') === String(row.safety_stock ?? '')) return;
      const rows = await trx
        .selectFrom('erp_inventory')
        .select(['id', 'qty', 'locked_qty', 'unit_cost'])
        .where('tenant_id', '=', String(row.tenant_id ?? user.tenantId))
        .where('product_id', '=', String(row.id))
        .where('is_deleted', '=', 0)
        .execute();
      const safetyStock = row.safety_stock === null || row.safety_stock === undefined ? null : String(row.safety_stock);
      for (const stock of rows) {
        const { belowSafety } = stockFigures({ qty: stock.qty, lockedQty: stock.locked_qty, safetyStock });
        await trx
          .updateTable('erp_inventory')
          .set({ safety_stock: safetyStock, below_safety: belowSafety })
          .where('id', '=', stock.id)
          .execute();
      }
    },
  };
}
