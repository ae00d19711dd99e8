import type { Db } from '../../db/connect.ts';

/** A row of blade_log_change as the reads answer it. */
export interface ChangeRow {
  id: string;
  tenant_id: string;
  entity: string;
  record_id: string;
  operation: string;
  changes: unknown;
  api_log_id: string | null;
  create_by: string;
  create_time: string | null;
}

const CHANGE_COLUMNS = [
  'id',
  'tenant_id',
  'entity',
  'record_id',
  'operation',
  'changes',
  'api_log_id',
  'create_by',
  'create_time',
] as const;

/** One record's change records, newest first, through the (tenant, entity, record, time) index. */
export async function recordChanges(
  db: Db,
  { tenantId, entity, recordId, limit }: { tenantId: string; entity: string; recordId: string; limit: number },
): Promise<ChangeRow[]> {
  return db
    .selectFrom('blade_log_change')
    .select(CHANGE_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('entity', '=', entity)
    .where('record_id', '=', recordId)
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** What one call changed, in the order it wrote; `tenantId`: only that tenant's (undefined: the platform's, all). */
export async function callChanges(
  db: Db,
  apiLogId: string,
  tenantId: string | undefined,
  limit: number,
): Promise<ChangeRow[]> {
  let query = db
    .selectFrom('blade_log_change')
    .select(CHANGE_COLUMNS)
    .where('api_log_id', '=', apiLogId)
    .orderBy('id')
    .limit(limit);
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  return query.execute();
}
