import { sql } from 'kysely';
import { formatDateTime } from '../../../../shared/contract/time.ts';
import { incomeExpense } from '../../../../shared/entities/finance/income-expense.ts';
import { OVERDUE_BUCKETS, overdueStat } from '../../../../shared/entities/finance/overdue-stat.ts';
import type { Db } from '../../../db/connect.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { computedValues } from '../../../platform/entity/derived.ts';
import { nextId } from '../../../platform/ids.ts';
import { DEMO_SEASON, demoAudit, demoNoise } from '../../system/demo/figures.ts';

/**
 * The demo group's cash journal, receivable aging and related-party statistics (`npm run demo`), for both companies
 * (1010 常州布雷德, 1020 苏州布雷德), on the same scale as their finance statistics (finance-stats.ts). Each row once:
 * a journal entry by its company and voucher, an aging row by its key, a related-party row by its key.
 */

const TENANT = '000000';
const round2 = (value: number) => Math.round(value * 100) / 100;
const pad = (n: number) => String(n).padStart(2, '0');

/** Yearly revenue of each company (finance-stats.ts), its bank account and its main customers (by code). */
const COMPANIES = [
  {
    orgId: '1010',
    yearly: 36_000_000,
    account: '工商银行常州分行 1105 0201 0900 1234 567',
    customers: ['C-FAW-VW', 'C-SAIC-GM', 'C-BYD', 'C-GEELY', 'C-GWM'],
    suppliers: ['宝山钢铁股份有限公司', '博世汽车部件(苏州)有限公司', '上海申光高强度螺栓有限公司'],
  },
  {
    orgId: '1020',
    yearly: 24_000_000,
    account: '建设银行苏州分行 3220 1986 3360 5100 0123',
    customers: ['C-GAC-HONDA', 'C-NIO', 'C-LI', 'C-CHERY'],
    suppliers: ['中国铝业股份有限公司', '常州涂装加工有限公司', '宁波模具科技有限公司'],
  },
] as const;

/** The months the demo covers: this year's closed months (last year's twelve in January). */
function demoMonths(): { year: number; months: number[]; today: string } {
  const today = formatDateTime().slice(0, 10);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month > 1
    ? { year, months: Array.from({ length: month - 1 }, (_, i) => i + 1), today }
    : { year: year - 1, months: Array.from({ length: 12 }, (_, i) => i + 1), today };
}

async function customerNames(db: Db): Promise<Map<string, { id: string; name: string; creditDays: number }>> {
  const rows = await db
    .selectFrom('erp_customer')
    .select(['id', 'customer_code', 'customer_name', 'credit_days'])
    .where('tenant_id', '=', TENANT)
    .where('is_deleted', '=', 0)
    .execute();
  return new Map(
    rows.map((r) => [
      r.customer_code,
      { id: String(r.id), name: r.customer_name, creditDays: Number(r.credit_days ?? 0) },
    ]),
  );
}

type Entry = [day: number, ioType: '1' | '2', category: string, share: number, counterparty: string, summary: string];

/** One company's month of receipts and payments, as shares of the month's revenue. */
function monthEntries(company: (typeof COMPANIES)[number], names: Map<string, { name: string }>): Entry[] {
  const customer = (i: number) => names.get(company.customers[i % company.customers.length])?.name ?? '';
  return [
    [5, '1', '101', 0.38, customer(0), '收到货款'],
    [12, '1', '101', 0.27, customer(1), '收到货款'],
    [20, '1', '101', 0.22, customer(2), '银行承兑汇票到期托收'],
    [25, '1', '102', 0.004, '', '废料销售收入'],
    [8, '2', '201', 0.36, company.suppliers[0], '支付材料款'],
    [18, '2', '201', 0.21, company.suppliers[1], '支付外购件货款'],
    [22, '2', '201', 0.06, company.suppliers[2], '支付外协加工费'],
    [10, '2', '202', 0.085, '', '发放上月工资'],
    [15, '2', '202', 0.032, '', '缴纳社会保险及公积金'],
    [15, '2', '203', 0.045, '国家税务总局', '缴纳增值税及附加'],
    [26, '2', '204', 0.008, '', '支付员工费用报销'],
  ];
}

/** Contra accounts of the categories (leaves of the seeded chart where it has them). */
const SUBJECTS: Readonly<Record<string, string>> = {
  '101': '1122',
  '102': '6051',
  '201': '2202',
  '202': '2211',
  '203': '2221',
  '204': '1221',
};

async function leafSubjects(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom('erp_subject')
    .select('subject_code')
    .where('tenant_id', '=', TENANT)
    .where('is_deleted', '=', 0)
    .where('is_leaf', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.subject_code));
}

async function seedCashJournal(db: Db, names: Map<string, { name: string }>): Promise<number> {
  const { year, months, today } = demoMonths();
  const taken = new Set(
    (
      await db
        .selectFrom('erp_income_expense')
        .select(['org_id', 'voucher_no', 'biz_date'])
        .where('tenant_id', '=', TENANT)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r) => `${r.org_id}/${r.voucher_no}`),
  );
  const leaves = await leafSubjects(db);
  const audit = demoAudit();
  const rows = COMPANIES.flatMap((company) =>
    months.flatMap((month) => {
      const revenue = (company.yearly * DEMO_SEASON[month - 1]) / DEMO_SEASON.reduce((a, b) => a + b, 0);
      return monthEntries(company, names).flatMap(([day, ioType, category, share, counterparty, summary], i) => {
        const voucherNo = `${ioType === '1' ? '收' : '付'}-${year}${pad(month)}${pad(i + 1)}`;
        const bizDate = `${year}-${pad(month)}-${pad(day)}`;
        if (taken.has(`${company.orgId}/${voucherNo}`) || bizDate > today) return [];
        const amount = round2(revenue * share * (0.9 + 0.2 * demoNoise(`${company.orgId}${i}`, month)));
        const row = {
          org_id: company.orgId,
          biz_date: bizDate,
          io_type: ioType,
          category,
          amount,
          fund_account: company.account,
          settlement_method: category === '101' && day === 20 ? '2' : '1',
          counterparty,
          subject_code: leaves.has(SUBJECTS[category]) ? SUBJECTS[category] : '',
          voucher_no: voucherNo,
          handler: company.orgId === '1010' ? '刘芳' : '黄丽',
          summary,
        };
        return [{ ...row, ...computedValues(incomeExpense, row), id: nextId(), tenant_id: TENANT, ...audit }];
      });
    }),
  );
  await insertRows(db, 'erp_income_expense', rows);
  return rows.length;
}

/** The last three closed month-ends: each company's customers' aging, older buckets thinning out. */
async function seedAging(db: Db, customers: Awaited<ReturnType<typeof customerNames>>): Promise<number> {
  const { year, months } = demoMonths();
  const statMonths = months.slice(-3).map((month) => `${year}-${pad(month)}`);
  const taken = new Set(
    (
      await db
        .selectFrom('erp_overdue_stat')
        .select(['org_id', 'stat_month', 'customer_id'])
        .where('tenant_id', '=', TENANT)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r) => `${r.org_id}/${r.stat_month}/${r.customer_id}`),
  );
  const audit = demoAudit();
  // Of a month's sales still open: the share not yet due, then each bucket's (a slow payer has more overdue).
  const SHARES = [0.7, 0.12, 0.06, 0.04, 0.025, 0.01, 0.005];
  const rows = COMPANIES.flatMap((company) =>
    statMonths.flatMap((statMonth, m) =>
      company.customers.flatMap((code, c) => {
        const customer = customers.get(code);
        if (!customer || taken.has(`${company.orgId}/${statMonth}/${customer.id}`)) return [];
        const open = (company.yearly / 12 / company.customers.length) * 2.5;
        const slow = c === company.customers.length - 1 ? 3 : 1;
        const amounts = SHARES.map((share, b) =>
          round2(open * share * (b === 0 ? 1 : slow) * (0.8 + 0.4 * demoNoise(`${company.orgId}${code}${b}`, m + 1))),
        );
        const row: Record<string, unknown> = {
          org_id: company.orgId,
          stat_month: statMonth,
          customer_id: customer.id,
          customer_name: customer.name,
          credit_days: customer.creditDays,
          not_due_amount: amounts[0],
          salesman: company.orgId === '1010' ? '陈建国' : '马志强',
          collection_plan: slow > 1 ? '已发催款函，约定下月分两次回款' : '',
        };
        OVERDUE_BUCKETS.forEach((bucket, b) => {
          row[bucket.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`)] = amounts[b + 1];
        });
        return [{ ...row, ...computedValues(overdueStat, row), id: nextId(), tenant_id: TENANT, ...audit }];
      }),
    ),
  );
  await insertRows(db, 'erp_overdue_stat', rows);
  return rows.length;
}

/**
 * The two companies' dealings with each other, reported by both (1010 sells goods to 1020 and charges it a
 * management fee), and 1010's sales to the group's related customer, which no group company mirrors. The last month's
 * purchase that 1020 reports is short of what 1010 sold (goods in transit at month end): the one pair the list flags
 * 双方金额不一致.
 */
async function seedRelated(db: Db, customers: Awaited<ReturnType<typeof customerNames>>): Promise<number> {
  const { year, months } = demoMonths();
  const related = customers.get('C-GRP-01')?.name;
  const last = months[months.length - 1];
  const rows: Array<Record<string, unknown>> = [];
  for (const month of months) {
    const sale = round2(600_000 * DEMO_SEASON[month - 1] * (0.9 + 0.2 * demoNoise('related-sale', month)));
    const fee = 80_000;
    rows.push(
      {
        org_id: '1010',
        related_party: '苏州布雷德',
        related_org_id: '1020',
        relation_type: '3',
        trans_type: '1',
        amount: sale,
        pricing_policy: '3',
      },
      {
        org_id: '1020',
        related_party: '常州布雷德',
        related_org_id: '1010',
        relation_type: '3',
        trans_type: '2',
        amount: month === last ? round2(sale - 48_600) : sale,
        pricing_policy: '3',
        remark: month === last ? '月末在途货物未入账' : '',
      },
      {
        org_id: '1010',
        related_party: '苏州布雷德',
        related_org_id: '1020',
        relation_type: '3',
        trans_type: '8',
        amount: fee,
        pricing_policy: '2',
      },
      {
        org_id: '1020',
        related_party: '常州布雷德',
        related_org_id: '1010',
        relation_type: '3',
        trans_type: '8',
        amount: fee,
        pricing_policy: '2',
      },
    );
    if (related)
      rows.push({
        org_id: '1010',
        related_party: related,
        related_org_id: '',
        relation_type: '3',
        trans_type: '1',
        amount: round2(150_000 * (0.8 + 0.4 * demoNoise('related-customer', month))),
        pricing_policy: '1',
      });
    for (const row of rows.slice(-5)) Object.assign(row, { year, month });
  }
  const taken = new Set(
    (
      await db
        .selectFrom('erp_related_stat')
        .select(['org_id', 'year', 'month', 'related_party', 'trans_type'])
        .where('tenant_id', '=', TENANT)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r) => `${r.org_id}/${r.year}/${r.month}/${r.related_party}/${r.trans_type}`),
  );
  const audit = demoAudit();
  const fresh = rows
    .filter((r) => !taken.has(`${r.org_id}/${r.year}/${r.month}/${r.related_party}/${r.trans_type}`))
    .map((row) => ({ remark: '', ...row, id: nextId(), tenant_id: TENANT, ...audit }));
  await insertRows(db, 'erp_related_stat', fresh);
  // Each party's year to date, as a save keeps it.
  await sql`
    update erp_related_stat t set ytd_amount = s.ytd
    from (
      select id, sum(amount) over (partition by org_id, year, related_party, trans_type order by month) as ytd
      from erp_related_stat where tenant_id = ${TENANT} and is_deleted = 0
    ) s
    where t.id = s.id and t.ytd_amount is distinct from s.ytd`.execute(db);
  return fresh.length;
}

export async function seedCashAgingRelatedDemo(db: Db): Promise<string[]> {
  const customers = await customerNames(db);
  const cash = await seedCashJournal(db, customers);
  const aging = await seedAging(db, customers);
  const related = await seedRelated(db, customers);
  return [`${cash} cash journal entries`, `${aging} receivable aging rows`, `${related} related-party rows`];
}
