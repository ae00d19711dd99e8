import { defineEntity, greaterThanZero, type DerivedRow } from '../define.ts';
import type { LocalText } from '../../i18n/server-messages.ts';
import { COMPANY_FIELD, numberOf } from '../month-row.ts';
import { SUBJECT_IN_USE } from './subject.ts';

/** `io_type` (domain/README.md §4.2). */
export const IO_TYPE = { receipt: '1', payment: '2' } as const;

/** A category's first digit names its type: 1xx are receipts, 2xx payments (`income_expense_category`). */
export const categoryFits = (ioType: unknown, category: unknown): boolean =>
  String(category ?? '').startsWith(String(ioType ?? '')) && String(ioType ?? '') !== '';

export const CATEGORY_MISMATCH: LocalText = {
  zh: '收支类别与收支类型不一致',
  en: 'The category does not match the receipt / payment type',
};

/** +amount for a receipt, −amount for a payment (domain/finance.md § incomeexpense). */
export const signedAmountOf = (row: DerivedRow): number =>
  String(row.ioType) === IO_TYPE.payment ? -numberOf(row.amount) : numberOf(row.amount);

/**
 * 收支流水 (domain/finance.md § incomeexpense): one cash or bank receipt or payment of a company, categorised for
 * cash-flow reporting. The category must be of the row's type (modules/finance/income-expense.hooks.ts); the list
 * answers Σ receipts and Σ payments beside the page, the net being the footer's Σ of the signed amounts.
 */
export const incomeExpense = defineEntity({
  name: 'incomeexpense',
  service: 'blade-system',
  table: 'erp_income_expense',
  label: { zh: '收支流水', en: 'Income and expense' },
  code: 'incomeexpense',
  tenant: true,
  audit: true,
  dataScope: true,
  fields: {
    orgId: { ...COMPANY_FIELD, export: true, required: true },
    bizDate: {
      type: 'date',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '日期', en: 'Date' },
      required: true,
    },
    ioType: {
      type: 'string',
      max: 32,
      bizDict: 'io_type',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '收支类型', en: 'Receipt / payment' },
      required: true,
    },
    category: {
      type: 'string',
      max: 32,
      bizDict: 'income_expense_category',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '收支类别', en: 'Category' },
      required: true,
    },
    amount: {
      type: 'money',
      pattern: greaterThanZero('金额', 'The amount'),
      list: true,
      form: true,
      export: true,
      label: { zh: '金额', en: 'Amount' },
      required: true,
    },
    signedAmount: {
      type: 'money',
      list: true,
      form: true,
      export: true,
      label: { zh: '收支净额', en: 'Signed amount' },
      derive: { compute: signedAmountOf },
    },
    fundAccount: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '资金账户', en: 'Cash/bank account' },
      required: true,
    },
    settlementMethod: {
      type: 'string',
      max: 32,
      bizDict: 'settlement_method',
      list: true,
      form: true,
      export: true,
      label: { zh: '结算方式', en: 'Settlement method' },
    },
    counterparty: {
      type: 'string',
      max: 128,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '往来单位', en: 'Counterparty' },
    },
    subjectCode: {
      type: 'string',
      max: 32,
      ref: 'subject',
      shows: 'subjectName',
      inUse: SUBJECT_IN_USE,
      list: true,
      form: true,
      export: true,
      label: { zh: '对应科目', en: 'Contra account' },
    },
    voucherNo: {
      type: 'string',
      max: 32,
      list: true,
      form: true,
      export: true,
      label: { zh: '凭证号', en: 'Voucher ref.' },
    },
    handler: {
      type: 'string',
      max: 32,
      list: true,
      form: true,
      export: true,
      label: { zh: '经办人', en: 'Handled by' },
    },
    summary: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      export: true,
      label: { zh: '摘要', en: 'Description' },
      required: true,
    },
  },
  sums: ['signedAmount'],
  screen: { leadColumns: ['orgId', 'bizDate'] },
  defaultSort: [
    ['bizDate', 'desc'],
    ['id', 'desc'],
  ],
});
