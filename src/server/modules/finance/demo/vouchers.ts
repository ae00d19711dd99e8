import { formatDateTime } from '../../../../shared/contract/time.ts';
import { VOUCHER_STATUS } from '../../../../shared/entities/finance/ledger.ts';
import type { Db } from '../../../db/connect.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { nextId } from '../../../platform/ids.ts';
import { DEMO_USERS } from '../../system/demo/organisation.ts';
import { demoAudit, demoNoise } from '../../system/demo/figures.ts';

/** The demo group's companies and a month's sales (before VAT): the scale of their vouchers. */
const COMPANIES: ReadonlyArray<readonly [orgId: string, monthlySales: number]> = [
  ['1010', 3_000_000],
  ['1020', 2_000_000],
];
const VAT = 0.13;
/** Who enters the vouchers: the finance clerk of the demo (赵财务). */
const MAKER = DEMO_USERS.find((user) => user.account === 'zhaocw')!.realName;

type Line = readonly [
  subjectCode: string,
  debit: number,
  credit: number,
  aux?: { customer?: string; supplier?: string },
];
interface DemoVoucher {
  word: string;
  day: number;
  summary: string;
  lines: readonly Line[];
  attachments: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * One month of a company's books, as a 用友 ledger shows them: sales on credit (1122 / 6001, 2221 output VAT),
 * collections (1002 / 1122), purchases (1403, 2221 input VAT / 2202), payments to suppliers, expense claims paid by
 * bank (6601, 6602 / 1002), cash drawn and spent (1001), payroll accrued and paid (2211), depreciation (5101, 6602 /
 * 1602) and the month's cost of sales (6401 / 1405): about 40 to 55 vouchers, each balanced.
 */
function monthVouchers(
  orgId: string,
  sales: number,
  month: string,
  customers: readonly string[],
  suppliers: readonly string[],
): DemoVoucher[] {
  const m = Number(month.slice(5, 7));
  const noise = (key: string) => demoNoise(`${orgId}${month}${key}`, m);
  const pick = <T>(list: readonly T[], key: string) => list[Math.floor(noise(key) * list.length)];
  const vouchers: DemoVoucher[] = [];
  const salesCount = 8 + Math.floor(noise('sales') * 5);
  for (let i = 0; i < salesCount; i++) {
    const net = round2((sales / salesCount) * (0.7 + 0.6 * noise(`s${i}`)));
    const tax = round2(net * VAT);
    const customer = pick(customers, `c${i}`);
    vouchers.push({
      word: '记',
      day: 1 + Math.floor(noise(`sd${i}`) * 27),
      summary: '销售商品确认收入',
      lines: [
        ['1122', round2(net + tax), 0, { customer }],
        ['6001', 0, net],
        ['2221', 0, tax],
      ],
      attachments: 2,
    });
    if (noise(`collect${i}`) < 0.7) {
      const amount = round2((net + tax) * (0.8 + 0.2 * noise(`ca${i}`)));
      vouchers.push({
        word: '收',
        day: 1 + Math.floor(noise(`cd${i}`) * 27),
        summary: '收到客户货款',
        lines: [
          ['100201', amount, 0],
          ['1122', 0, amount, { customer }],
        ],
        attachments: 1,
      });
    }
  }
  const purchaseCount = 6 + Math.floor(noise('purchases') * 4);
  for (let i = 0; i < purchaseCount; i++) {
    const net = round2(((sales * 0.55) / purchaseCount) * (0.7 + 0.6 * noise(`p${i}`)));
    const tax = round2(net * VAT);
    const supplier = pick(suppliers, `v${i}`);
    vouchers.push({
      word: '记',
      day: 1 + Math.floor(noise(`pd${i}`) * 27),
      summary: '采购原材料入库',
      lines: [
        ['1403', net, 0],
        ['2221', tax, 0],
        ['2202', 0, round2(net + tax), { supplier }],
      ],
      attachments: 3,
    });
    if (noise(`pay${i}`) < 0.6)
      vouchers.push({
        word: '付',
        day: 1 + Math.floor(noise(`pp${i}`) * 27),
        summary: '支付供应商货款',
        lines: [
          ['2202', round2(net + tax), 0, { supplier }],
          ['100202', 0, round2(net + tax)],
        ],
        attachments: 1,
      });
  }
  const claims: ReadonlyArray<readonly [string, string]> = [
    ['660202', '报销办公费'],
    ['660203', '报销差旅费'],
    ['660204', '报销业务招待费'],
    ['660102', '报销运输费'],
    ['660104', '报销客户招待费'],
  ];
  const claimCount = 6 + Math.floor(noise('claims') * 5);
  for (let i = 0; i < claimCount; i++) {
    const [account, summary] = pick(claims, `e${i}`);
    const amount = round2(800 + 7200 * noise(`ea${i}`));
    vouchers.push({
      word: '付',
      day: 1 + Math.floor(noise(`ed${i}`) * 27),
      summary,
      lines: [
        [account, amount, 0],
        ['100201', 0, amount],
      ],
      attachments: 1 + Math.floor(noise(`en${i}`) * 5),
    });
  }
  const cash = round2(20_000 + 10_000 * noise('cash'));
  vouchers.push({
    word: '付',
    day: 3,
    summary: '提取备用金',
    lines: [
      ['1001', cash, 0],
      ['100201', 0, cash],
    ],
    attachments: 1,
  });
  for (let i = 0; i < 3; i++) {
    const amount = round2(300 + 2700 * noise(`k${i}`));
    vouchers.push({
      word: '付',
      day: 5 + i * 8,
      summary: '现金支付办公用品',
      lines: [
        ['660202', amount, 0],
        ['1001', 0, amount],
      ],
      attachments: 1,
    });
  }
  const production = round2(sales * 0.12 * (0.95 + 0.1 * noise('wages')));
  const selling = round2(sales * 0.015);
  const office = round2(sales * 0.03 * (0.95 + 0.1 * noise('office')));
  const wages = round2(production + selling + office);
  vouchers.push({
    word: '转',
    day: 28,
    summary: '计提本月工资',
    lines: [
      ['500102', production, 0],
      ['660101', selling, 0],
      ['660201', office, 0],
      ['221101', 0, wages],
    ],
    attachments: 1,
  });
  vouchers.push({
    word: '付',
    day: 10,
    summary: '发放上月工资',
    lines: [
      ['221101', wages, 0],
      ['100201', 0, wages],
    ],
    attachments: 1,
  });
  const plant = round2(sales * 0.04);
  const officeAssets = round2(sales * 0.004);
  vouchers.push({
    word: '转',
    day: 28,
    summary: '计提本月折旧',
    lines: [
      ['510101', plant, 0],
      ['660205', officeAssets, 0],
      ['1602', 0, round2(plant + officeAssets)],
    ],
    attachments: 1,
  });
  const cost = round2(sales * (0.76 + 0.05 * noise('cost')));
  vouchers.push({
    word: '转',
    day: 28,
    summary: '结转本月销售成本',
    lines: [
      ['6401', cost, 0],
      ['1405', 0, cost],
    ],
    attachments: 1,
  });
  return vouchers;
}

/** The months of the demo's ledger: the twelve up to this one, oldest first (`yyyy-MM`). */
function demoMonths(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: 12 }, (_, i) => {
    const index = year * 12 + month - 1 - (11 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * The state of a demo voucher: the months before the last are posted; last month is audited and waits for posting;
 * this month's vouchers are audited up to a week ago and the rest still unaudited.
 */
function stateOf(month: string, date: string, months: readonly string[], today: string): string {
  if (month < months[months.length - 2]) return VOUCHER_STATUS.posted;
  if (month < months[months.length - 1]) return VOUCHER_STATUS.audited;
  const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  return date <= weekAgo ? VOUCHER_STATUS.audited : VOUCHER_STATUS.unaudited;
}

/** Ids of a demo tenant's live rows of a master-data table, in a stable order. */
async function liveIds(db: Db, table: 'erp_customer' | 'erp_supplier'): Promise<string[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', '000000')
    .where('is_deleted', '=', 0)
    .orderBy('id')
    .limit(20)
    .execute();
  return rows.map((r) => String(r.id));
}

/** The accounts' full names (the lines' subjectName), and the receivables and payables keeping their partners. */
async function demoAccounts(db: Db): Promise<Map<string, string>> {
  for (const [code, aux] of [
    ['1122', 'customer'],
    ['2202', 'supplier'],
  ])
    await db
      .updateTable('erp_subject')
      .set({ aux_types: aux })
      .where('tenant_id', '=', '000000')
      .where('subject_code', '=', code)
      .where('aux_types', '=', '')
      .execute();
  const rows = await db
    .selectFrom('erp_subject')
    .select(['subject_code', 'full_name', 'is_leaf'])
    .where('tenant_id', '=', '000000')
    .where('is_deleted', '=', 0)
    .execute();
  return new Map(rows.filter((r) => Number(r.is_leaf) === 1).map((r) => [r.subject_code, String(r.full_name)]));
}

/**
 * The demo's ledger (`npm run demo`): a year of balanced vouchers of both demo companies, numbered per company,
 * month and word, dated in their month (this month's up to today); earlier months posted, last month audited, this
 * month's recent ones unaudited. The finance role gets the ledger's buttons. Added once (while the tenant has none).
 */
export async function seedLedgerDemo(db: Db): Promise<string[]> {
  const any = await db.selectFrom('erp_ledger').select('id').where('tenant_id', '=', '000000').executeTakeFirst();
  if (any) return [];
  const accounts = await demoAccounts(db);
  const customers = await liveIds(db, 'erp_customer');
  const suppliers = await liveIds(db, 'erp_supplier');
  if (!customers.length || !suppliers.length) return [];
  const today = formatDateTime().slice(0, 10);
  const months = demoMonths(today);
  const audit = demoAudit();
  const rows: Array<Record<string, unknown>> = [];
  let vouchers = 0;
  for (const [orgId, sales] of COMPANIES)
    for (const month of months) {
      const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
      const entered = monthVouchers(orgId, sales, month, customers, suppliers)
        .map((v) => ({ ...v, date: `${month}-${String(Math.min(v.day, lastDay)).padStart(2, '0')}` }))
        .filter((v) => v.date <= today && v.lines.every(([code]) => accounts.has(code)))
        .sort((a, b) => a.date.localeCompare(b.date));
      const numbers = new Map<string, number>();
      for (const voucher of entered) {
        const voucherNo = (numbers.get(voucher.word) ?? 0) + 1;
        numbers.set(voucher.word, voucherNo);
        vouchers++;
        const state = stateOf(month, voucher.date, months, today);
        voucher.lines.forEach(([code, debit, credit, aux], index) =>
          rows.push({
            id: nextId(),
            tenant_id: '000000',
            org_id: orgId,
            voucher_date: voucher.date,
            year: Number(month.slice(0, 4)),
            month: Number(month.slice(5, 7)),
            voucher_word: voucher.word,
            voucher_no: voucherNo,
            entry_no: index + 1,
            summary: voucher.summary,
            subject_code: code,
            subject_name: accounts.get(code),
            debit_amount: debit,
            credit_amount: credit,
            currency: 'CNY',
            customer_id: aux?.customer ?? null,
            supplier_id: aux?.supplier ?? null,
            project: '',
            attachment_count: voucher.attachments,
            maker: MAKER,
            voucher_status: state,
            ...audit,
          }),
        );
      }
    }
  await insertRows(db, 'erp_ledger', rows);
  return [`${vouchers} vouchers (${rows.length} ledger lines)`];
}
