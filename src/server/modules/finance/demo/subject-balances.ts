import { sql } from 'kysely';
import { formatDateTime } from '../../../../shared/contract/time.ts';
import { MONTHS } from '../../../../shared/entities/month-row.ts';
import type { Db } from '../../../db/connect.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { nextId } from '../../../platform/ids.ts';
import { DEMO_SEASON, demoAudit, demoNoise } from '../../system/demo/figures.ts';
import { SEED } from '../../system/install.ts';
import { generateBalances, recomputeYearToDate } from '../subject-balance.service.ts';

const TENANT = '000000';
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The demo companies, their monthly revenue, and the opening balances (signed, debit positive) of the year. */
const COMPANIES: ReadonlyArray<readonly [string, number, Readonly<Record<string, number>>]> = [
  [
    '1010',
    3_000_000,
    {
      '100201': 5_200_000,
      '100202': 1_300_000,
      '1122': 7_400_000,
      '1405': 3_600_000,
      '1601': 26_000_000,
      '1602': -7_800_000,
      '2202': -5_700_000,
      '221101': -1_000_000,
      '4001': -20_000_000,
      '4104': -9_000_000,
    },
  ],
  [
    '1020',
    2_000_000,
    {
      '100201': 3_100_000,
      '100202': 900_000,
      '1122': 4_800_000,
      '1405': 2_500_000,
      '1601': 16_000_000,
      '1602': -4_600_000,
      '2202': -3_900_000,
      '221101': -700_000,
      '4001': -15_000_000,
      '4104': -3_100_000,
    },
  ],
];

/**
 * A month's entries of a manufacturer, each balanced (debit account, credit account, amount): sales on credit,
 * collections, cost of sales, purchases and payments, payroll, depreciation and office costs.
 */
function monthEntries(orgId: string, revenue: number, month: number): Array<readonly [string, string, number]> {
  const band = (line: string, low: number, high: number) => low + (high - low) * demoNoise(`${orgId}tb${line}`, month);
  const sales = round2(revenue * DEMO_SEASON[month - 1] * band('sales', 0.9, 1.1));
  const payroll = round2(revenue * band('payroll', 0.1, 0.12));
  return [
    ['1122', '6001', sales],
    ['100201', '1122', round2(sales * band('collect', 0.85, 1.05))],
    ['6401', '1405', round2(sales * band('cost', 0.76, 0.8))],
    ['1405', '2202', round2(sales * band('buy', 0.7, 0.82))],
    ['2202', '100201', round2(sales * band('pay', 0.68, 0.8))],
    ['660201', '221101', payroll],
    ['221101', '100201', round2(payroll * 0.98)],
    ['510101', '1602', round2(revenue * 0.045)],
    ['660202', '100202', round2(revenue * band('office', 0.004, 0.007))],
    ['660301', '100201', round2(revenue * band('interest', 0.002, 0.004))],
  ];
}

/** The last closed month of this year (at least January): the demo's months. */
function demoMonths(): { year: number; months: number[] } {
  const today = formatDateTime().slice(0, 10);
  const last = Math.max(Number(today.slice(5, 7)) - 1, 1);
  return { year: Number(today.slice(0, 4)), months: MONTHS.filter((month) => month <= last) };
}

/**
 * The demo group's trial balances (`npm run demo`). Where the books hold posted demo vouchers (demo/vouchers.ts), each
 * company's posted months are generated from them in order (生成余额), the first one opening at zero as a company that
 * starts its books then; otherwise this year's months up to the last closed one are typed from a month of entries each,
 * as a company that imports its balances from its accounting software. One deliberate typing difference (1010's
 * office costs of its last month, an invoice keyed twice) makes 账表核对 show something. A month already there stays as
 * it is.
 */
export async function seedSubjectBalanceDemo(db: Db): Promise<string[]> {
  const leaves = await db
    .selectFrom('erp_subject')
    .select(['subject_code', 'subject_name'])
    .where('tenant_id', '=', TENANT)
    .where('is_deleted', '=', 0)
    .where('is_leaf', '=', 1)
    .execute();
  const names = new Map(leaves.map((r) => [r.subject_code, r.subject_name]));
  if (!names.has('660202')) return []; // the demo chart (demo/subjects.ts) is not there
  const done = await db
    .selectFrom('erp_subject_balance')
    .select(['org_id', 'year', 'month'])
    .distinct()
    .where('tenant_id', '=', TENANT)
    .where('is_deleted', '=', 0)
    .execute();
  const taken = new Set(done.map((r) => `${r.org_id}/${r.year}/${r.month}`));
  const writer = { tenantId: TENANT, userId: SEED.userAdmin, deptIds: [SEED.deptRoot] };
  const typed = demoMonths();
  let added = 0;
  for (const [orgId, revenue, openings] of COMPANIES) {
    const posted = await postedMonths(db, orgId);
    const periods = posted.length ? posted : typed.months.map((month) => ({ year: typed.year, month }));
    const fresh = periods.filter(({ year, month }) => !taken.has(`${orgId}/${year}/${month}`));
    if (!fresh.length) continue;
    if (posted.length) {
      for (const period of fresh) added += (await generateBalances(db, writer, { orgId, ...period }, [])).inserted;
    } else if (fresh.length === periods.length) {
      added += await typeBalances(db, orgId, typed.year, typed.months, revenue, openings, names);
    }
    const last = periods[periods.length - 1];
    if (orgId === '1010' && fresh.includes(last)) await keyTwice(db, orgId, last.year, last.month);
  }
  return added ? [`${added} trial balance rows`] : [];
}

/** The periods in which the company has posted lines, in order. */
async function postedMonths(db: Db, orgId: string): Promise<Array<{ year: number; month: number }>> {
  const { rows } = await sql<{ year: number; month: number }>`select distinct year, month from erp_ledger
    where tenant_id = ${TENANT} and org_id = ${orgId} and is_deleted = 0 and voucher_status = '2'
    order by year, month`.execute(db);
  return rows.map((r) => ({ year: Number(r.year), month: Number(r.month) }));
}

/** A company's typed months: each opening the month before's closing, the year to date running. */
async function typeBalances(
  db: Db,
  orgId: string,
  year: number,
  months: number[],
  revenue: number,
  openings: Readonly<Record<string, number>>,
  names: ReadonlyMap<string, string>,
): Promise<number> {
  const cents = new Map(Object.entries(openings).map(([code, value]) => [code, Math.round(value * 100)]));
  const ytd = new Map<string, { debit: number; credit: number }>();
  const audit = demoAudit();
  const rows: object[] = [];
  for (const month of months) {
    const moves = new Map<string, { debit: number; credit: number }>();
    const move = (code: string) => moves.get(code) ?? { debit: 0, credit: 0 };
    for (const [debit, credit, amount] of monthEntries(orgId, revenue, month)) {
      moves.set(debit, { ...move(debit), debit: move(debit).debit + Math.round(amount * 100) });
      moves.set(credit, { ...move(credit), credit: move(credit).credit + Math.round(amount * 100) });
    }
    for (const code of [...new Set([...cents.keys(), ...moves.keys()])].sort()) {
      if (!names.has(code)) continue;
      const opening = cents.get(code) ?? 0;
      const { debit, credit } = move(code);
      const closing = opening + debit - credit;
      const total = ytd.get(code) ?? { debit: 0, credit: 0 };
      ytd.set(code, { debit: total.debit + debit, credit: total.credit + credit });
      cents.set(code, closing);
      rows.push({
        id: nextId(),
        tenant_id: TENANT,
        org_id: orgId,
        year,
        month,
        subject_code: code,
        subject_name: names.get(code),
        opening_debit: Math.max(opening, 0) / 100,
        opening_credit: Math.max(-opening, 0) / 100,
        period_debit: debit / 100,
        period_credit: credit / 100,
        ytd_debit: ytd.get(code)!.debit / 100,
        ytd_credit: ytd.get(code)!.credit / 100,
        closing_debit: Math.max(closing, 0) / 100,
        closing_credit: Math.max(-closing, 0) / 100,
        ...audit,
      });
    }
  }
  await insertRows(db, 'erp_subject_balance', rows);
  return rows.length;
}

/**
 * The deliberate difference: an office-supplies invoice of 1,280.00 keyed twice into 1010's office costs (and its
 * bank account left alone), so that the month no longer balances and differs from the books; made with the month.
 */
async function keyTwice(db: Db, orgId: string, year: number, month: number): Promise<void> {
  const changed = await db
    .updateTable('erp_subject_balance')
    .set(() => ({
      period_debit: sql`period_debit + 1280`,
      closing_debit: sql`greatest(closing_debit - closing_credit + 1280, 0)`,
      closing_credit: sql`greatest(closing_credit - closing_debit - 1280, 0)`,
      update_time: formatDateTime(),
    }))
    .where('tenant_id', '=', TENANT)
    .where('org_id', '=', orgId)
    .where('year', '=', year)
    .where('month', '=', month)
    .where('subject_code', '=', '660202')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows)) await recomputeYearToDate(db, TENANT, { orgId, year, month }, '660202');
}
