import type { Db } from '../../db/connect.ts';
import { PLAN_STATUS } from '../../../shared/entities/production/prodplane.ts';

/** How many of the tenant's live plans among `ids` are closed. */
export async function closedPlanCount(db: Db, tenantId: string, ids: string[]): Promise<number> {
  const row = await db
    .selectFrom('erp_prod_plan')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .where('plan_status', '=', PLAN_STATUS.closed)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
