import { OSS_STATUS } from '../../../shared/entities/resource/oss.ts';
import type { Db } from '../../db/connect.ts';
import type { VisibleRows } from '../../platform/entity/service.ts';

/**
 * `enable`: every config of the tenant disabled, then the chosen one enabled, in one transaction (the partial unique
 * index blade_oss_enabled refuses a second enabled row should two calls race). `check` sees the chosen row first and
 * may refuse it; false when the tenant has no such config.
 */
export async function enableConfig(
  db: Db,
  visible: VisibleRows,
  tenantId: string,
  id: string,
  check: (row: { category: number }) => void,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await visible(trx).select(['id', 'category']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) return false;
    check({ category: Number(row.category) });
    await trx
      .updateTable('blade_oss')
      .set({ status: OSS_STATUS.disabled })
      .where('tenant_id', '=', tenantId)
      .where('status', '=', OSS_STATUS.enabled)
      .execute();
    await trx
      .updateTable('blade_oss')
      .set({ status: OSS_STATUS.enabled })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
    return true;
  });
}

/** Where the objects of the caller's attachments `ids` live: their store's domain and key. */
export async function attachmentObjects(db: Db, visible: VisibleRows, ids: string[]) {
  if (!ids.length) return [];
  const rows = await visible(db).select(['domain', 'name']).where('id', 'in', ids).execute();
  return rows.map((r) => ({ domain: String(r.domain), name: String(r.name) }));
}
