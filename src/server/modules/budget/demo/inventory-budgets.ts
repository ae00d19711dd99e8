import { formatDateTime } from '../../../../shared/contract/time.ts';
import { inventoryBudget } from '../../../../shared/entities/budget/inventory-budget.ts';
import { MONTHS } from '../../../../shared/entities/month-row.ts';
import type { Db } from '../../../db/connect.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { computedValues } from '../../../platform/entity/derived.ts';
import { nextId } from '../../../platform/ids.ts';
import { DEMO_SEASON, demoAudit, demoNoise } from '../../system/demo/figures.ts';
import { demoFinishedParts } from '../../production/demo/plans.ts';

/** Parts budgeted per company: enough to page through and to sum by customer and project, few enough to read. */
const PARTS_PER_COMPANY = 12;

/**
 * The demo group's inventory budgets (`npm run demo`), last year's and this year's for both companies: the month-end
 * stock value (元) of their finished parts in mass production, a budget every month that follows the season, and the
 * actual value within 85–115 % of it for the months before this one. Rows already there (same year, company and part)
 * are kept.
 */
export async function seedInventoryBudgetDemo(db: Db): Promise<string[]> {
  const today = formatDateTime().slice(0, 10);
  const [thisYear, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const years = [thisYear - 1, thisYear];
  const keyOf = (year: unknown, orgId: unknown, productNo: unknown) => `${year}|${orgId}|${productNo}`;
  const kept = new Set(
    (
      await db
        .selectFrom('erp_inventory_budget')
        .select(['year', 'org_id', 'product_no'])
        .where('tenant_id', '=', '000000')
        .where('is_deleted', '=', 0)
        .where('year', 'in', years)
        .execute()
    ).map((row) => keyOf(row.year, row.org_id, row.product_no)),
  );
  const rows: Array<Record<string, unknown>> = [];
  for (const orgId of ['1010', '1020']) {
    const parts = await demoFinishedParts(db, orgId, PARTS_PER_COMPANY);
    for (const year of years)
      for (const part of parts) {
        const productNo = String(part.product_no);
        if (kept.has(keyOf(year, orgId, productNo))) continue;
        // A part's usual month-end stock: 20,000–220,000 元 in whole hundreds.
        const usual = 20_000 + Math.round(demoNoise(productNo, 0) * 2_000) * 100;
        const row: Record<string, unknown> = {
          id: nextId(),
          tenant_id: '000000',
          year,
          org_id: orgId,
          product_id: String(part.id),
          product_no: productNo,
          product_name: part.product_name,
          customer_name: part.customer_name ?? '',
          project: part.project || '-',
          unit: '元',
          remark: '',
          ...demoAudit(),
        };
        for (const month of MONTHS) {
          const amount = Math.round((usual * DEMO_SEASON[month - 1]) / 100) * 100;
          const done = year < thisYear || month < thisMonth;
          row[`amount${month}`] = amount;
          row[`actual${month}`] = done
            ? Math.round(amount * (0.85 + 0.3 * demoNoise(`${productNo}${year}`, month)) * 100) / 100
            : 0;
        }
        rows.push({ ...row, ...computedValues(inventoryBudget, row) });
      }
  }
  await insertRows(db, 'erp_inventory_budget', rows);
  return rows.length ? [`${rows.length} inventory budget rows`] : [];
}
