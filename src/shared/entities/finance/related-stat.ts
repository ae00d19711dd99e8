import { defineEntity } from '../define.ts';
import type { LocalText } from '../../i18n/server-messages.ts';
import { COMPANY_FIELD, yearField } from '../month-row.ts';

/**
 * The transaction type the other company of a group pair reports (`related_trans_type`): what one sells the other
 * buys (1 ↔ 2), services rendered are services received (3 ↔ 4); financing, leases, guarantees and management fees
 * are reported under the same type by both sides (the lender and the borrower both report 资金拆借, the parent
 * charging and the subsidiary paying both report 管理费).
 */
export const MIRROR_TRANS_TYPE: Readonly<Record<string, string>> = {
  '1': '2',
  '2': '1',
  '3': '4',
  '4': '3',
  '5': '5',
  '6': '6',
  '7': '7',
  '8': '8',
};

/** The list's hint on a row whose group counterparty reports another amount (domain/finance.md § relatedstat). */
export const COUNTERPARTY_DIFFERS: LocalText = { zh: '双方金额不一致', en: 'Counterparty amount differs' };

export const RELATED_TO_ITSELF: LocalText = {
  zh: '关联方公司不能是本公司',
  en: 'The related group company cannot be the reporting company',
};

/** `counterpartyCheck`: the mirror row(s) agree, or not; rows without a group company are not checked (null). */
export const COUNTERPARTY_CHECK = { matches: 0, differs: 1 } as const;

/**
 * 关联交易统计 (domain/finance.md § relatedstat): one company's transactions of one type with one related party in a
 * month, with the year to date the server keeps for every month of the party and type (recomputed for the later
 * months when a month is saved or deleted) and, for a party inside the group, whether the other company reports the
 * same amount under the opposite type (`counterpartyCheck`, worked out for the page in one query):
 * modules/finance/related-stat.hooks.ts.
 */
export const relatedStat = defineEntity({
  name: 'relatedstat',
  service: 'blade-system',
  table: 'erp_related_stat',
  label: { zh: '关联交易统计', en: 'Related-party statistics' },
  code: 'relatedstat',
  tenant: true,
  audit: true,
  dataScope: true,
  fields: {
    orgId: { ...COMPANY_FIELD, export: true, label: { zh: '公司', en: 'Reporting company' }, required: true },
    year: { ...yearField({ zh: '年度', en: 'Year' }), export: true },
    month: {
      type: 'int',
      range: { min: 1, max: 12 },
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '月份', en: 'Month' },
      required: true,
    },
    relatedParty: {
      type: 'string',
      max: 128,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '关联方', en: 'Related party' },
      required: true,
    },
    relatedOrgId: {
      type: 'string',
      max: 64,
      company: true,
      list: true,
      form: true,
      export: true,
      label: { zh: '关联方公司', en: 'Related group company' },
    },
    relationType: {
      type: 'string',
      max: 32,
      bizDict: 'related_type',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '关联关系', en: 'Relationship' },
      required: true,
    },
    transType: {
      type: 'string',
      max: 32,
      bizDict: 'related_trans_type',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '交易类型', en: 'Transaction type' },
      required: true,
      unique: {
        scope: ['orgId', 'year', 'month', 'relatedParty'],
        message: {
          zh: '该关联方本月此类交易已存在',
          en: 'This type of transaction with the related party already exists for the month',
        },
      },
    },
    amount: {
      type: 'money',
      range: { min: 0 },
      list: true,
      form: true,
      export: true,
      label: { zh: '本期发生额', en: 'Amount this month' },
      required: true,
    },
    ytdAmount: {
      type: 'money',
      readonly: true,
      list: true,
      form: true,
      export: true,
      label: { zh: '本年累计', en: 'Year to date' },
    },
    balance: {
      type: 'money',
      nullable: true,
      list: true,
      form: true,
      export: true,
      label: { zh: '期末往来余额', en: 'Period-end balance' },
    },
    pricingPolicy: {
      type: 'string',
      max: 32,
      bizDict: 'pricing_policy',
      list: true,
      form: true,
      export: true,
      label: { zh: '定价政策', en: 'Pricing policy' },
    },
    remark: { type: 'string', max: 255, list: true, form: true, export: true, label: { zh: '备注', en: 'Remarks' } },
    counterpartyCheck: {
      type: 'int',
      nullable: true,
      list: true,
      label: { zh: '对方核对', en: 'Counterparty check' },
      derive: { byModule: true },
    },
  },
  screen: { leadColumns: ['orgId', 'year', 'month', 'relatedParty'] },
  defaultSort: [
    ['year', 'desc'],
    ['month', 'desc'],
    ['orgId', 'asc'],
    ['relatedParty', 'asc'],
  ],
});
