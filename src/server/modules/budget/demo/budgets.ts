import { formatDateTime } from '../../../../shared/contract/time.ts';
import { financeBudget } from '../../../../shared/entities/budget/finance-budget.ts';
import { differ } from '../../../../shared/entities/budget/differ.ts';
import { expenseSituation } from '../../../../shared/entities/budget/expense-situation.ts';
import type { EntityDef } from '../../../../shared/entities/define.ts';
import { MONTHS } from '../../../../shared/entities/month-row.ts';
import type { Db } from '../../../db/connect.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { computedValues } from '../../../platform/entity/derived.ts';
import { nextId } from '../../../platform/ids.ts';
import { SEED } from '../../system/install.ts';
import { DEMO_SEASON, demoAudit, demoNoise } from '../../system/demo/figures.ts';
import { demoLeafAccounts, seedBudgetFillDemo } from './budget-fill.ts';
import { seedInventoryBudgetDemo } from './inventory-budgets.ts';

/** The demo group's companies and their yearly revenue budget (CNY). */
const COMPANIES: ReadonlyArray<readonly [string, number]> = [
  ['1010', 36_000_000],
  ['1020', 24_000_000],
];

/** A P&L budget's lines: the account (a leaf of the demo chart) and its share of revenue (negative: none). */
const LINES: ReadonlyArray<readonly [string, number]> = [
  ['6001', 1],
  ['6401', 0.78],
  ['6403', 0.008],
  ['660101', 0.012],
  ['660102', 0.015],
  ['660103', 0.004],
  ['660104', 0.003],
  ['660201', 0.025],
  ['660202', 0.002],
  ['660203', 0.003],
  ['660204', 0.002],
  ['660205', 0.006],
  ['660206', 0.001],
  ['660301', 0.006],
  ['660302', 0.0005],
  ['660401', 0.018],
  ['660402', 0.009],
  ['6801', 0.02],
];

const SEASON_SUM = DEMO_SEASON.reduce((a, b) => a + b, 0);
const round2 = (value: number) => Math.round(value * 100) / 100;

interface Spec {
  year: number;
  orgId: string;
  subject: string;
  title: string;
  /** The year's budget, spread over the months by season. */
  yearly: number;
  sort: number;
  /** How far the actuals run above the budget on average (a material whose price rose); none by default. */
  drift?: number;
  /** The entity's own columns. */
  extra?: Record<string, unknown>;
}

/**
 * Rows of a monthly budget entity: each year's budget in whole hundreds a month (December taking what rounding left,
 * so the months add up to the year), actuals 85–115 % of it (plus the drift) for the months before this one, derived
 * values worked out as a save does.
 */
function monthlyRows(entity: EntityDef, specs: Spec[], today: string): Array<Record<string, unknown>> {
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  const audit = demoAudit();
  return specs.map(({ year, orgId, subject, title, yearly, sort, drift = 0, extra }) => {
    const row: Record<string, unknown> = { year, org_id: orgId, subject, title, sort, ...extra };
    let left = yearly;
    for (const month of MONTHS) {
      const amount = month === 12 ? left : Math.round((yearly * DEMO_SEASON[month - 1]) / SEASON_SUM / 100) * 100;
      left -= amount;
      const done = year < thisYear || month < thisMonth;
      row[`amount${month}`] = amount;
      row[`actual${month}`] = done
        ? round2(amount * (0.85 + drift + 0.3 * demoNoise(`${orgId}${subject}${title}${year}`, month)))
        : 0;
    }
    return { ...row, ...computedValues(entity, row), id: nextId(), tenant_id: '000000', ...audit };
  });
}

/** Whether the demo tenant has rows in `table` (each entity's demo is added once). */
const filled = async (db: Db, table: 'erp_finance_budget' | 'erp_differ' | 'erp_expense_situation') =>
  Boolean(await db.selectFrom(table).select('id').where('tenant_id', '=', '000000').executeTakeFirst());

/** The demo group's departments with their company: 常州布雷德 and 苏州布雷德, whose employees claim expenses. */
const DEPARTMENTS: ReadonlyArray<readonly [deptId: string, orgId: string]> = [
  [SEED.deptChangzhou, '1010'],
  [SEED.deptSuzhou, '1020'],
];

/**
 * A department's expense lines (account, the year's budget, `expense_type`): the accounts the demo's claims are booked
 * to (modules/finance/demo/expense-claims.ts), so the claims show beside them, and the workshop's overheads.
 */
const EXPENSE_LINES: ReadonlyArray<readonly [subject: string, yearly: number, type: string]> = [
  ['660202', 60_000, '3'],
  ['660203', 150_000, '1'],
  ['660204', 48_000, '2'],
  ['660104', 90_000, '2'],
  ['660102', 72_000, '8'],
  ['510103', 240_000, ''],
  ['510104', 120_000, '7'],
  ['660401', 360_000, ''],
];

/** Material lines of the demo companies' difference (材料类别), their share of the revenue budget. */
const MATERIALS: ReadonlyArray<readonly [string, number]> = [
  ['钢材', 0.32],
  ['塑料粒子', 0.09],
  ['外购件', 0.18],
  ['包装材料', 0.02],
  ['辅料', 0.015],
];
/** Steel cost more than planned every month (its price rose): the summary's overspend, the others mostly saved. */
const PRICE_RISE: Readonly<Record<string, number>> = { 钢材: 0.15 };

/**
 * The demo group's budgets (`npm run demo`), last year's and this year's for both companies: the P&L budget by account
 * and month (财务预算), and the planned against actual material cost by material (材料成本差异); this year's expense
 * budget of each company's department (费用预算执行). Each added once: a tenant with such rows keeps them.
 */
export async function seedBudgetDemo(db: Db): Promise<string[]> {
  const accounts = await demoLeafAccounts(db);
  const today = formatDateTime().slice(0, 10);
  const thisYear = Number(today.slice(0, 4));
  const years = [thisYear - 1, thisYear];
  const finance = (await filled(db, 'erp_finance_budget'))
    ? []
    : years.flatMap((year) =>
        COMPANIES.flatMap(([orgId, revenue]) =>
          LINES.filter(([subject]) => accounts.has(subject)).map(([subject, share], i) => ({
            year,
            orgId,
            subject,
            title: accounts.get(subject)!,
            yearly: Math.round((revenue * share) / 100) * 100,
            sort: i + 1,
          })),
        ),
      );
  const materials =
    (await filled(db, 'erp_differ')) || !accounts.has('500101')
      ? []
      : years.flatMap((year) =>
          COMPANIES.flatMap(([orgId, revenue]) =>
            MATERIALS.map(([title, share], i) => ({
              year,
              orgId,
              subject: '500101',
              title,
              yearly: Math.round((revenue * share) / 100) * 100,
              sort: i + 1,
              drift: PRICE_RISE[title],
              extra: { material_category: title },
            })),
          ),
        );
  await insertRows(db, 'erp_finance_budget', monthlyRows(financeBudget, finance, today));
  await insertRows(db, 'erp_differ', monthlyRows(differ, materials, today));
  return [
    `${finance.length} financial budget rows`,
    `${materials.length} material cost difference rows`,
    ...(await seedExpenseSituationDemo(db)),
    ...(await seedBudgetFillDemo(db)),
    ...(await seedInventoryBudgetDemo(db)),
  ];
}

/**
 * This year's expense budget of each demo department (费用预算执行) by expense account, its actuals entered for the
 * months gone. Added once: a tenant with such rows keeps them.
 */
export async function seedExpenseSituationDemo(db: Db): Promise<string[]> {
  if (await filled(db, 'erp_expense_situation')) return [];
  const accounts = await demoLeafAccounts(db);
  const today = formatDateTime().slice(0, 10);
  const rows = DEPARTMENTS.flatMap(([deptId, orgId]) =>
    EXPENSE_LINES.filter(([subject]) => accounts.has(subject)).map(([subject, yearly, type], i) => ({
      year: Number(today.slice(0, 4)),
      orgId,
      subject,
      title: accounts.get(subject)!,
      yearly,
      sort: i + 1,
      extra: { dept_id: deptId, expense_type: type },
    })),
  );
  await insertRows(db, 'erp_expense_situation', monthlyRows(expenseSituation, rows, today));
  return [`${rows.length} expense situation rows`];
}
