import { defineEntity, type DerivedRow, type FieldDef } from '../define.ts';
import { COMPANY_FIELD, numberOf } from '../month-row.ts';

/** The six overdue buckets, youngest first (domain/finance.md § overduestat): the aging chart stacks them so. */
export const OVERDUE_BUCKETS = [
  'overdue1to30',
  'overdue31to60',
  'overdue61to90',
  'overdue91to180',
  'overdue181to365',
  'overdueOver365',
] as const;

const cents = (value: unknown) => Math.round(numberOf(value) * 100);

/** Σ of the six buckets, in cents so that they add up exactly. */
export const overdueTotalOf = (row: DerivedRow): number =>
  OVERDUE_BUCKETS.reduce((sum, bucket) => sum + cents(row[bucket]), 0) / 100;

/**
 * The overdue ratio of an overdue amount in a receivable balance, rounded to the column's 6 decimals; none without a
 * balance. A footer works it out from the column totals, never by adding up or averaging the rows' ratios.
 */
export function overdueRateOf(overdue: unknown, receivable: unknown): number | null {
  const balance = numberOf(receivable);
  if (balance === 0) return null;
  return Math.round((numberOf(overdue) / balance) * 1e6) / 1e6;
}

const receivableOf = (row: DerivedRow) => (cents(row.notDueAmount) + cents(overdueTotalOf(row))) / 100;

const bucket = (zh: string, en: string): FieldDef => ({
  type: 'money',
  default: 0,
  range: { min: 0 },
  list: true,
  form: true,
  export: true,
  label: { zh, en },
  required: true,
});

/** A derived amount; `filter`: searched as "above" (逾期合计 > 0: the overdue rows). */
const derivedMoney = (zh: string, en: string, compute: (row: DerivedRow) => number, filter = false): FieldDef => ({
  type: 'money',
  list: true,
  form: true,
  export: true,
  ...(filter ? { filter: true, searchAbove: true } : {}),
  label: { zh, en },
  derive: { compute },
});

/**
 * 逾期统计 (domain/finance.md § overduestat): the receivable aging of one customer in one company at a month-end. The
 * customer's name and credit days are copied from the customer when the row is saved; the totals and the ratio are
 * the server's. The list's footer totals every money column of the filtered rows and answers the ratio of those
 * totals (`sumOverdueRate`, modules/finance/overdue-stat.hooks.ts).
 */
export const overdueStat = defineEntity({
  name: 'overduestat',
  service: 'blade-system',
  table: 'erp_overdue_stat',
  label: { zh: '逾期统计', en: 'Overdue statistics' },
  code: 'overduestat',
  tenant: true,
  audit: true,
  dataScope: true,
  fields: {
    orgId: { ...COMPANY_FIELD, export: true, required: true },
    statMonth: {
      type: 'string',
      max: 7,
      pattern: {
        regex: '^\\d{4}-(0[1-9]|1[0-2])$',
        message: { zh: '统计月份格式应为yyyy-MM', en: 'The statement month must be yyyy-MM' },
      },
      list: true,
      form: true,
      filter: true,
      search: 'equal',
      export: true,
      label: { zh: '统计月份', en: 'Statement month' },
      required: true,
    },
    customerId: {
      type: 'id',
      ref: 'customer',
      // The copied name is the list's column and search; the reference stays for the form.
      shows: 'customerName',
      form: true,
      label: { zh: '客户', en: 'Customer' },
      required: true,
      unique: {
        scope: ['orgId', 'statMonth'],
        message: {
          zh: '该客户本月逾期统计已存在',
          en: 'The customer already has an aging row for this company and month',
        },
      },
    },
    customerName: {
      type: 'string',
      max: 128,
      readonly: true,
      copyFrom: { ref: 'customerId' },
      list: true,
      filter: true,
      export: true,
      label: { zh: '客户名称', en: 'Customer name' },
    },
    creditDays: {
      type: 'int',
      nullable: true,
      readonly: true,
      copyFrom: { ref: 'customerId', field: 'creditDays' },
      list: true,
      form: true,
      export: true,
      label: { zh: '账期(天)', en: 'Credit days' },
    },
    notDueAmount: { ...bucket('未到期金额', 'Not yet due'), default: undefined },
    overdue1to30: bucket('逾期1-30天', '1–30 days overdue'),
    overdue31to60: bucket('逾期31-60天', '31–60 days'),
    overdue61to90: bucket('逾期61-90天', '61–90 days'),
    overdue91to180: bucket('逾期91-180天', '91–180 days'),
    overdue181to365: bucket('逾期181-365天', '181–365 days'),
    overdueOver365: bucket('逾期1年以上', 'Over 1 year'),
    overdueTotal: derivedMoney('逾期合计', 'Total overdue', overdueTotalOf, true),
    receivableAmount: derivedMoney('应收余额', 'Receivable balance', receivableOf),
    overdueRate: {
      type: 'decimal',
      percent: true,
      nullable: true,
      list: true,
      form: true,
      export: true,
      label: { zh: '逾期率', en: 'Overdue ratio' },
      derive: { compute: (row) => overdueRateOf(overdueTotalOf(row), receivableOf(row)) },
    },
    salesman: {
      type: 'string',
      max: 32,
      list: true,
      form: true,
      export: true,
      label: { zh: '业务员', en: 'Account manager' },
    },
    collectionPlan: {
      type: 'string',
      max: 500,
      control: 'textarea',
      list: true,
      form: true,
      export: true,
      label: { zh: '催收措施', en: 'Collection actions' },
    },
  },
  sums: ['notDueAmount', ...OVERDUE_BUCKETS, 'overdueTotal', 'receivableAmount'],
  screen: { leadColumns: ['orgId', 'statMonth', 'customerName'] },
  defaultSort: [
    ['statMonth', 'desc'],
    ['orgId', 'asc'],
    ['overdueTotal', 'desc'],
  ],
});
