import { defineEntity, type DerivedRow, type FieldDef } from '../define.ts';
import type { LocalText } from '../../i18n/server-messages.ts';
import { COMPANY_FIELD, numberOf, yearField } from '../month-row.ts';
import { SUBJECT_IN_USE } from './subject.ts';

/** 生成余额: writes the balances the posted ledger lines give (modules/finance/subject-balance.service.ts). */
export const SUBJECTBALANCE_GENERATE = 'subjectbalance_generate';
/** 导入: a period's trial balance from the exports of 用友 / 金蝶 (modules/finance/books-import). */
export const SUBJECTBALANCE_IMPORT = 'subjectbalance_import';

export const ONE_OPENING_SIDE: LocalText = {
  zh: '期初余额只能在一个方向',
  en: 'The opening balance has one side only',
};

const cents = (value: unknown) => Math.round(numberOf(value) * 100);

/** The signed closing balance in cents, debit positive: opening, plus debits, less credits. */
export const closingNet = (row: DerivedRow): number =>
  cents(row.openingDebit) - cents(row.openingCredit) + cents(row.periodDebit) - cents(row.periodCredit);

/** A signed balance (debit positive) as the debit and credit columns of a trial balance: one of them is 0. */
export const sidesOf = (net: number): { debit: number; credit: number } => ({
  debit: Math.max(net, 0),
  credit: Math.max(-net, 0),
});

const money = (zh: string, en: string, more: Partial<FieldDef> = {}): FieldDef => ({
  type: 'money',
  default: 0,
  range: { min: 0 },
  list: true,
  form: true,
  export: true,
  label: { zh, en },
  ...more,
});

/** Σ periodDebit (or credit) of months 1..month of the account: the server's, kept on every save and delete. */
const yearToDate = (zh: string, en: string): FieldDef => ({
  type: 'money',
  readonly: true,
  list: true,
  form: true,
  export: true,
  label: { zh, en },
});

/**
 * 科目余额表 (domain/finance.md § subjectbalance): one leaf account's opening, movement, year to date and closing for one
 * company and month. Typed, imported, or generated from the posted ledger lines (生成余额). The year to date runs over
 * the months of the account and is kept by the server (modules/finance/subject-balance.hooks.ts); the closing follows
 * from the row. The list's footer sums every money column: a balanced trial balance has equal debit and credit totals.
 */
export const subjectBalance = defineEntity({
  name: 'subjectbalance',
  service: 'blade-system',
  table: 'erp_subject_balance',
  label: { zh: '科目余额表', en: 'Subject balances' },
  code: 'subjectbalance',
  tenant: true,
  audit: true,
  // No data scope: a company's trial balance is whole or wrong; 生成余额 writes every account of it.
  keyword: ['subjectCode', 'subjectName'],
  fields: {
    orgId: { ...COMPANY_FIELD, required: true },
    year: yearField({ zh: '年度', en: 'Year' }),
    month: {
      type: 'int',
      range: { min: 1, max: 12 },
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '期间', en: 'Period' },
      required: true,
    },
    // A leaf account of the chart by its code (`请选择末级科目` otherwise).
    subjectCode: {
      type: 'string',
      max: 32,
      ref: 'subject',
      inUse: SUBJECT_IN_USE,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '科目代码', en: 'Account code' },
      required: true,
      unique: {
        scope: ['orgId', 'year', 'month'],
        message: { zh: '该科目本期余额已存在', en: 'The account already has a balance for this period' },
      },
    },
    subjectName: {
      type: 'string',
      max: 64,
      readonly: true,
      copyFrom: { ref: 'subjectCode', field: 'subjectName' },
      list: true,
      filter: true,
      export: true,
      label: { zh: '科目名称', en: 'Account name' },
    },
    openingDebit: money('期初借方', 'Opening debit'),
    openingCredit: money('期初贷方', 'Opening credit'),
    periodDebit: money('本期借方', 'Period debit'),
    periodCredit: money('本期贷方', 'Period credit'),
    ytdDebit: yearToDate('本年累计借方', 'YTD debit'),
    ytdCredit: yearToDate('本年累计贷方', 'YTD credit'),
    closingDebit: {
      ...money('期末借方', 'Closing debit'),
      derive: { compute: (row) => sidesOf(closingNet(row)).debit / 100 },
    },
    closingCredit: {
      ...money('期末贷方', 'Closing credit'),
      derive: { compute: (row) => sidesOf(closingNet(row)).credit / 100 },
    },
  },
  sums: [
    'openingDebit',
    'openingCredit',
    'periodDebit',
    'periodCredit',
    'ytdDebit',
    'ytdCredit',
    'closingDebit',
    'closingCredit',
  ],
  screen: { leadColumns: ['orgId', 'year', 'month', 'subjectCode', 'subjectName'] },
  defaultSort: [
    ['year', 'desc'],
    ['orgId', 'asc'],
    ['month', 'asc'],
    ['subjectCode', 'asc'],
  ],
});
