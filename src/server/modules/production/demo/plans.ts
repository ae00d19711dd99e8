import type { Insertable } from 'kysely';
import { formatDateTime } from '../../../../shared/contract/time.ts';
import { MONTHS } from '../../../../shared/entities/month-row.ts';
import { PLAN_STATUS, prodplane } from '../../../../shared/entities/production/prodplane.ts';
import type { Db } from '../../../db/connect.ts';
import { DEMO_SEASON as SEASON, demoAudit, demoNoise as noise } from '../../system/demo/figures.ts';
import type { ErpProdPlan } from '../../../db/schema.ts';
import { computedValues } from '../../../platform/entity/derived.ts';
import { nextId } from '../../../platform/ids.ts';

const YEAR = 2026;
/** Plans per company: enough to page through, few enough to read. */
const PARTS_PER_COMPANY = 24;
/** The first `limit` finished parts in production of a demo company (by number), with their customer's name. */
export function demoFinishedParts(db: Db, orgId: string, limit: number) {
  return db
    .selectFrom('erp_product as p')
    .leftJoin('erp_customer as c', 'c.id', 'p.customer_id')
    .select(['p.id', 'p.product_no', 'p.product_name', 'p.project', 'c.customer_name'])
    .where('p.tenant_id', '=', '000000')
    .where('p.is_deleted', '=', 0)
    .where('p.product_type', '=', '1')
    .where('p.product_status', '=', '2')
    .where('p.org_id', '=', orgId)
    .orderBy('p.product_no')
    .limit(limit)
    .execute();
}

/**
 * The 2026 production plan of both demo companies (`npm run demo`): their finished parts in mass production, a
 * monthly plan in pieces and, for the months up to the current one, actual output between 85 % and 115 % of plan.
 * Most plans are released, every fifth is still a draft. Rows already there (same company, year and part) are kept.
 */
export async function seedDemoPlan(db: Db): Promise<string[]> {
  const today = formatDateTime();
  const [thisYear, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const monthsDone = thisYear < YEAR ? 0 : thisYear > YEAR ? 12 : thisMonth;
  const rows: Insertable<ErpProdPlan>[] = [];
  for (const orgId of ['1010', '1020']) {
    const parts = await demoFinishedParts(db, orgId, PARTS_PER_COMPANY);
    for (const [index, part] of parts.entries()) {
      const productNo = String(part.product_no);
      const monthly = 1000 + Math.round(noise(productNo, 0) * 40) * 100;
      const row: Record<string, unknown> = {
        id: nextId(),
        tenant_id: '000000',
        year: YEAR,
        org_id: orgId,
        product_id: String(part.id),
        product_no: productNo,
        product_name: part.product_name,
        customer_name: part.customer_name ?? '',
        project: part.project || '-',
        unit: '件',
        plan_status: index % 5 === 4 ? PLAN_STATUS.draft : PLAN_STATUS.released,
        remark: '',
        ...demoAudit(),
      };
      for (const month of MONTHS) {
        const plan = Math.round((monthly * SEASON[month - 1]) / 10) * 10;
        row[`amount${month}`] = plan;
        row[`actual${month}`] = month <= monthsDone ? Math.round(plan * (0.85 + noise(productNo, month) * 0.3)) : 0;
      }
      // The month columns are built by name: the row is the table's by construction.
      rows.push({ ...row, ...computedValues(prodplane, row) } as Insertable<ErpProdPlan>);
    }
  }
  if (!rows.length) return [];
  const added = await db
    .insertInto('erp_prod_plan')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return added.length ? [`${added.length} production plans of ${YEAR}`] : [];
}
