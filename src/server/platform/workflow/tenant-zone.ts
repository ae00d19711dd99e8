import type { Db } from '../../db/connect.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/contract/time.ts';

/**
 * A tenant's time zone (blade_tenant.time_zone), read in the step's own transaction: a timer's step runs outside any
 * request, and a zone the administrator just changed applies to the next step at once.
 */
export async function tenantZone(trx: Db, tenantId: string): Promise<string> {
  const row = await trx
    .selectFrom('blade_tenant')
    .select('time_zone')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return row?.time_zone || DEFAULT_TIME_ZONE;
}
