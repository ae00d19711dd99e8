import { formatDateTime } from '../../../../shared/contract/time.ts';
import { FEE_BASE } from '../../../../shared/entities/budget/retention.ts';
import type { Db } from '../../../db/connect.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { nextId } from '../../../platform/ids.ts';
import { DEMO_BUSINESS_UNITS } from '../../system/demo/organisation.ts';
import { demoAudit } from '../../system/demo/figures.ts';

/** Each demo company's business unit, management fee rate (a fraction) and what the rate is applied to. */
const RATES: ReadonlyArray<readonly [orgId: string, deptId: string, rate: string, feeBase: string]> = [
  ['1010', DEMO_BUSINESS_UNITS.body, '0.02', FEE_BASE.revenue],
  ['1020', DEMO_BUSINESS_UNITS.interior, '0.03', FEE_BASE.totalProfit],
];

/**
 * The demo group's management fee rates (`npm run demo`), last year's and this year's for both companies: 2 % of
 * 常州's revenue, 3 % of 苏州's total profit, so the list's estimated fees come from the finance statistics. Each
 * company's year once: a rate already set stays.
 */
export async function seedRetentionDemo(db: Db): Promise<string[]> {
  const set = await db
    .selectFrom('erp_retention')
    .select(['org_id', 'year'])
    .where('tenant_id', '=', '000000')
    .where('is_deleted', '=', 0)
    .execute();
  const taken = new Set(set.map((r) => `${r.org_id}/${r.year}`));
  const thisYear = Number(formatDateTime().slice(0, 4));
  const audit = demoAudit();
  const rows = [thisYear - 1, thisYear].flatMap((year) =>
    RATES.filter(([orgId]) => !taken.has(`${orgId}/${year}`)).map(([orgId, deptId, rate, feeBase]) => ({
      id: nextId(),
      tenant_id: '000000',
      year,
      dept_id: deptId,
      org_id: orgId,
      total_amount: rate,
      fee_base: feeBase,
      remark: '',
      ...audit,
    })),
  );
  await insertRows(db, 'erp_retention', rows);
  return [`${rows.length} management fee rates`];
}
