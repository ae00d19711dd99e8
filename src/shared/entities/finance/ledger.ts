import { defineEntity } from '../define.ts';
import type { LocalText } from '../../i18n/server-messages.ts';
import { SUBJECT_IN_USE } from './subject.ts';
import { ATTACHMENTS_FIELD } from '../attachments-field.ts';

/** `voucher_status` (domain/finance.md § ledger): 0 未审核 → 1 已审核 → 2 已记账; 1 → 0 is 反审核. */
export const VOUCHER_STATUS = { unaudited: '0', audited: '1', posted: '2' } as const;

/** The voucher word a new voucher takes (`voucher_word` 记). */
export const DEFAULT_VOUCHER_WORD = '记';
/** The bookkeeping currency: any other needs its exchange rate and original amount. */
export const BOOK_CURRENCY = 'CNY';

/**
 * Button codes of the voucher's actions beside the standard ones. [DESIGN] menus.md names none for ledger: auditing,
 * taking an audit back and posting are the finance supervisor's, apart from the clerks' add and edit rights.
 */
export const LEDGER_AUDIT = 'ledger_audit';
export const LEDGER_UNAUDIT = 'ledger_unaudit';
export const LEDGER_POST = 'ledger_post';
/** 导入: vouchers from the ledger exports of 用友 / 金蝶 (modules/finance/books-import). */
export const LEDGER_IMPORT = 'ledger_import';

export const LEDGER_LOCKED: LocalText = {
  zh: '已审核或已记账的凭证不能修改或删除',
  en: 'An audited or posted voucher cannot be changed or deleted',
};
export const VOUCHER_UNBALANCED: LocalText = { zh: '凭证借贷不平衡', en: 'The voucher does not balance' };
export const ONE_SIDE: LocalText = {
  zh: '借方和贷方金额必须且只能填写一方',
  en: 'Enter either a debit or a credit amount, not both',
};

/** The voucher a line belongs to: its company, period, word and number. */
export const VOUCHER_KEY = ['orgId', 'year', 'month', 'voucherWord', 'voucherNo'] as const;

const yearOf = (date: unknown): number | null => (date ? Number(String(date).slice(0, 4)) : null);
const monthOf = (date: unknown): number | null => (date ? Number(String(date).slice(5, 7)) : null);

/**
 * 明细账 (domain/finance.md § ledger): one line of an accounting voucher. A voucher is its lines sharing company,
 * period, word and number; it is entered, audited, unaudited and posted as one document through the routes of
 * modules/finance/ledger.routes.ts, and the hooks (ledger.hooks.ts) hold each line to the account's rules (leaf,
 * enabled, its auxiliary dimensions), the one side of debit or credit, the currency's rate and the voucher's balance
 * when it is audited.
 */
export const ledger = defineEntity({
  name: 'ledger',
  service: 'blade-system',
  table: 'erp_ledger',
  label: { zh: '明细账', en: 'Ledger' },
  code: 'ledger',
  tenant: true,
  audit: true,
  dataScope: true,
  states: {
    field: 'voucherStatus',
    initial: [VOUCHER_STATUS.unaudited],
    // Posted lines never go back.
    next: {
      [VOUCHER_STATUS.unaudited]: [VOUCHER_STATUS.audited],
      [VOUCHER_STATUS.audited]: [VOUCHER_STATUS.unaudited, VOUCHER_STATUS.posted],
    },
    needs: {
      [`${VOUCHER_STATUS.unaudited}>${VOUCHER_STATUS.audited}`]: LEDGER_AUDIT,
      [`${VOUCHER_STATUS.audited}>${VOUCHER_STATUS.unaudited}`]: LEDGER_UNAUDIT,
      [`${VOUCHER_STATUS.audited}>${VOUCHER_STATUS.posted}`]: LEDGER_POST,
    },
    frozen: {
      [VOUCHER_STATUS.audited]: { message: LEDGER_LOCKED },
      [VOUCHER_STATUS.posted]: { message: LEDGER_LOCKED },
    },
    kept: { [VOUCHER_STATUS.audited]: LEDGER_LOCKED, [VOUCHER_STATUS.posted]: LEDGER_LOCKED },
  },
  fields: {
    orgId: {
      type: 'string',
      max: 64,
      company: true,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '公司', en: 'Company' },
      required: true,
    },
    voucherDate: {
      type: 'date',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '凭证日期', en: 'Voucher date' },
      required: true,
    },
    year: {
      type: 'int',
      derive: { compute: (row) => yearOf(row.voucherDate) },
      export: true,
      label: { zh: '会计年度', en: 'Year' },
    },
    month: {
      type: 'int',
      derive: { compute: (row) => monthOf(row.voucherDate) },
      list: true,
      export: true,
      label: { zh: '会计期间', en: 'Period' },
    },
    voucherWord: {
      type: 'string',
      max: 32,
      bizDict: 'voucher_word',
      default: DEFAULT_VOUCHER_WORD,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '凭证字', en: 'Voucher type' },
      required: true,
    },
    voucherNo: {
      type: 'int',
      range: { min: 1 },
      search: 'equal',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '凭证号', en: 'Voucher no.' },
      required: true,
    },
    entryNo: {
      type: 'int',
      range: { min: 1 },
      unique: {
        scope: [...VOUCHER_KEY],
        message: { zh: '该凭证的分录号已存在', en: 'The line number already exists in this voucher' },
      },
      list: true,
      form: true,
      export: true,
      label: { zh: '分录号', en: 'Line no.' },
      required: true,
    },
    summary: {
      type: 'string',
      max: 255,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '摘要', en: 'Description' },
      required: true,
    },
    // A leaf of the chart (`请选择末级科目`), enabled (the hooks).
    subjectCode: {
      type: 'string',
      max: 32,
      ref: 'subject',
      shows: 'subjectName',
      inUse: SUBJECT_IN_USE,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '科目代码', en: 'Account code' },
      required: true,
    },
    subjectName: {
      type: 'string',
      max: 255,
      readonly: true,
      copyFrom: { ref: 'subjectCode', field: 'fullName' },
      list: true,
      export: true,
      label: { zh: '科目名称', en: 'Account name' },
    },
    // Sent with every line (0 on a credit line); the credit side defaults to 0, so that a line names its debit.
    debitAmount: {
      type: 'money',
      range: { min: 0 },
      list: true,
      form: true,
      export: true,
      label: { zh: '借方金额', en: 'Debit' },
      required: true,
    },
    creditAmount: {
      type: 'money',
      default: 0,
      range: { min: 0 },
      list: true,
      form: true,
      export: true,
      label: { zh: '贷方金额', en: 'Credit' },
      required: true,
    },
    currency: {
      type: 'string',
      max: 32,
      bizDict: 'currency',
      default: BOOK_CURRENCY,
      list: true,
      form: true,
      export: true,
      label: { zh: '币种', en: 'Currency' },
      required: true,
    },
    // Required and > 0 when the currency is not CNY (the hooks: the rule follows a value, not a list of values).
    exchangeRate: {
      type: 'decimal',
      nullable: true,
      range: { min: 0 },
      form: true,
      export: true,
      label: { zh: '汇率', en: 'Exchange rate' },
    },
    originalAmount: {
      type: 'money',
      nullable: true,
      range: { min: 0 },
      form: true,
      export: true,
      label: { zh: '原币金额', en: 'Amount in currency' },
    },
    // The auxiliary dimensions: each required when the account's auxTypes name it (the hooks).
    customerId: {
      type: 'id',
      ref: 'customer',
      nullable: true,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '客户', en: 'Customer' },
    },
    supplierId: {
      type: 'id',
      ref: 'supplier',
      nullable: true,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '供应商', en: 'Supplier' },
    },
    deptId: {
      type: 'id',
      ref: 'dept',
      nullable: true,
      form: true,
      export: true,
      label: { zh: '部门', en: 'Department' },
    },
    project: { type: 'string', max: 64, form: true, export: true, label: { zh: '项目', en: 'Project' } },
    attachmentCount: {
      type: 'int',
      default: 0,
      range: { min: 0 },
      form: true,
      export: true,
      label: { zh: '附件张数', en: 'Attachments' },
    },
    attach: ATTACHMENTS_FIELD,
    // The real name of whoever entered the line (the hooks, on insert).
    maker: {
      type: 'string',
      max: 32,
      readonly: true,
      list: true,
      export: true,
      label: { zh: '制单人', en: 'Prepared by' },
    },
    voucherStatus: {
      type: 'string',
      max: 32,
      bizDict: 'voucher_status',
      default: VOUCHER_STATUS.unaudited,
      list: true,
      filter: true,
      export: true,
      label: { zh: '凭证状态', en: 'Status' },
      required: true,
    },
  },
  screen: { leadColumns: ['voucherDate', 'voucherWord', 'voucherNo'] },
  defaultSort: [
    ['voucherDate', 'desc'],
    ['voucherNo', 'desc'],
    ['entryNo', 'asc'],
  ],
  sums: ['debitAmount', 'creditAmount'],
});
