import { defineEntity, type DerivedRow, type FieldDef } from '../define.ts';
import { COMPANY_FIELD, numberOf, yearField } from '../month-row.ts';

/** Income-statement lines summed over months (a year to date adds them up). */
export const FLOW_FIELDS = [
  'revenue',
  'cost',
  'taxSurcharge',
  'sellingExpense',
  'adminExpense',
  'rdExpense',
  'financeExpense',
  'otherGains',
  'incomeTax',
] as const;

/** Month-end balances: a year to date takes the latest month's. */
export const BALANCE_FIELDS = ['receivableBalance', 'inventoryBalance', 'cashBalance'] as const;

const cents = (value: unknown) => Math.round(numberOf(value) * 100);

/**
 * The figures a month (or a year to date) derives from its lines (domain/finance.md § financestat), an empty line
 * counting as 0: profits in cents so that they add up exactly, margins as fractions of revenue rounded to 6 decimals
 * (the column's), none without revenue.
 */
export function profitFigures(row: DerivedRow) {
  const revenue = cents(row.revenue);
  const gross = revenue - cents(row.cost);
  const total =
    gross -
    cents(row.taxSurcharge) -
    cents(row.sellingExpense) -
    cents(row.adminExpense) -
    cents(row.rdExpense) -
    cents(row.financeExpense) +
    cents(row.otherGains);
  const net = total - cents(row.incomeTax);
  const margin = (profit: number) => {
    if (revenue === 0) return null;
    const rate = profit / revenue;
    return (Math.sign(rate) * Math.round(Math.abs(rate) * 1e6)) / 1e6;
  };
  return {
    grossProfit: gross / 100,
    grossMargin: margin(gross),
    totalProfit: total / 100,
    netProfit: net / 100,
    netMargin: margin(net),
  };
}

type Figure = keyof ReturnType<typeof profitFigures>;

const money = (zh: string, en: string, more: Partial<FieldDef> = {}): FieldDef => ({
  type: 'money',
  list: true,
  form: true,
  label: { zh, en },
  ...more,
});
/** An optional line: blank is none (0 in the formulas), and an edit may clear it. */
const optional = (zh: string, en: string) => money(zh, en, { nullable: true });
const derived = (zh: string, en: string, figure: Figure, rate = false): FieldDef => ({
  type: rate ? 'decimal' : 'money',
  ...(rate ? { percent: true, nullable: true } : {}),
  list: true,
  form: true,
  label: { zh, en },
  derive: { compute: (row) => profitFigures(row)[figure] },
});

/**
 * 财务统计 (domain/finance.md § financestat): a company's key figures of one month, the income statement's lines and
 * month-end balances as finance enters them, with the profits and margins the server works out on every write. Listed
 * for a year without a month, the list adds the year-to-date row beside the page (`ytd`,
 * modules/finance/finance-stat.hooks.ts).
 */
export const financeStat = defineEntity({
  name: 'financestat',
  service: 'blade-system',
  table: 'erp_finance_stat',
  label: { zh: '财务统计', en: 'Finance statistics' },
  code: 'financestat',
  tenant: true,
  audit: true,
  dataScope: true,
  pageRow: { key: 'ytd', label: { zh: '本年累计', en: 'Year to date' } },
  fields: {
    orgId: { ...COMPANY_FIELD, required: true },
    year: yearField({ zh: '年度', en: 'Year' }),
    month: {
      type: 'int',
      range: { min: 1, max: 12 },
      list: true,
      form: true,
      filter: true,
      label: { zh: '月份', en: 'Month' },
      required: true,
      unique: {
        scope: ['orgId', 'year'],
        message: { zh: '该公司本月数据已存在', en: 'The company already has figures for this month' },
      },
    },
    revenue: money('营业收入', 'Revenue', { required: true, range: { min: 0 } }),
    cost: money('营业成本', 'Cost of sales', { required: true, range: { min: 0 } }),
    taxSurcharge: optional('税金及附加', 'Taxes and surcharges'),
    sellingExpense: optional('销售费用', 'Selling expenses'),
    adminExpense: optional('管理费用', 'Administrative expenses'),
    rdExpense: optional('研发费用', 'R&D expenses'),
    // May be negative: net interest income.
    financeExpense: optional('财务费用', 'Finance costs'),
    // Investment income and non-operating items, gains or losses.
    otherGains: optional('其他损益', 'Other gains and losses'),
    incomeTax: optional('所得税费用', 'Income tax'),
    grossProfit: derived('毛利', 'Gross profit', 'grossProfit'),
    grossMargin: derived('毛利率', 'Gross margin', 'grossMargin', true),
    totalProfit: derived('利润总额', 'Profit before tax', 'totalProfit'),
    netProfit: derived('净利润', 'Net profit', 'netProfit'),
    netMargin: derived('净利率', 'Net margin', 'netMargin', true),
    receivableBalance: optional('应收账款余额', 'Trade receivables'),
    inventoryBalance: optional('存货余额', 'Inventories'),
    cashBalance: optional('货币资金余额', 'Cash and equivalents'),
  },
  // The company and its month stay in view beside the many figures; a year searched without a month shows its year
  // to date under the table (pageRow).
  screen: { leadColumns: ['orgId', 'year', 'month'] },
  defaultSort: [
    ['year', 'desc'],
    ['orgId', 'asc'],
    ['month', 'asc'],
  ],
});
