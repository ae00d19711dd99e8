import { defineEntity } from '../define.ts';

export const SUBJECT_IN_USE = { zh: '科目已被使用，不能删除', en: 'The account is in use and cannot be deleted' };

/** A code is 4 digits at level 1, then 2 more a level (4-2-2-2): its parent is the code without the last two. */
export const SUBJECT_CODE = /^\d{4}(\d{2}){0,3}$/;
export const parentCodeOf = (code: string): string => (code.length > 4 ? code.slice(0, -2) : '');
export const levelOf = (code: string): number => 1 + (code.length - 4) / 2;

/** Level 1 decides the category by its first digit (1 资产 … 6 损益); children inherit it. */
export const categoryOf = (code: string): string => code.charAt(0);

/**
 * The normal balance an account starts with: credit for liabilities, equity and income (损益 60xx, 61xx, 63xx), debit
 * for the rest (assets, cost, expenses); common accounts (3xxx) debit until someone says otherwise.
 */
export function balanceDirectionOf(code: string): '1' | '2' {
  const category = categoryOf(code);
  if (category === '2' || category === '4') return '2';
  if (category === '6' && ['60', '61', '63'].includes(code.slice(0, 2))) return '2';
  return '1';
}

/**
 * An account of the tenant's chart (会计科目, domain/finance.md subject): China Accounting Standards codes such as
 * 6602 管理费用 > 660201 办公费. The tree follows the code: the parent is the code without its last two digits
 * (src/server/modules/finance/subject.hooks.ts places it, keeps the full name and which accounts are leaves). The code
 * is fixed once saved: children's codes start with it. Only leaf accounts are used by budgets, ledger and balances.
 */
export const subject = defineEntity({
  name: 'subject',
  service: 'blade-system',
  table: 'erp_subject',
  label: { zh: '会计科目', en: 'Accounting subject' },
  code: 'subject',
  tenant: true,
  audit: true,
  keyword: ['subjectCode', 'subjectName'],
  refKey: 'subjectCode',
  tree: {
    title: 'subjectName',
    parentLabel: { zh: '上级科目', en: 'Parent account' },
    ancestors: true,
    inherit: ['subjectCategory'],
    // Disabled accounts (status 2) are hidden from selects.
    picker: { status: 1 },
    leavesOnly: { field: 'isLeaf', message: { zh: '请选择末级科目', en: 'Please select a leaf account' } },
    messages: { children: SUBJECT_IN_USE },
  },
  fields: {
    subjectCode: {
      type: 'string',
      max: 32,
      fixed: true,
      unique: { scope: [], message: { zh: '科目代码已存在', en: 'The account code already exists' } },
      pattern: {
        regex: SUBJECT_CODE.source,
        message: {
          zh: '科目代码须为数字：一级4位，以下每级2位',
          en: 'The account code is digits: 4 at level 1, then 2 a level',
        },
      },
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '科目代码', en: 'Account code' },
      required: true,
    },
    subjectName: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '科目名称', en: 'Account name' },
      required: true,
    },
    parentCode: {
      type: 'string',
      max: 32,
      readonly: true,
      list: true,
      export: true,
      label: { zh: '上级科目', en: 'Parent account' },
    },
    level: { type: 'int', readonly: true, list: true, export: true, label: { zh: '科目级次', en: 'Level' } },
    fullName: { type: 'string', max: 255, readonly: true, export: true, label: { zh: '科目全称', en: 'Full name' } },
    subjectCategory: {
      type: 'string',
      max: 32,
      bizDict: 'subject_category',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '科目类别', en: 'Category' },
      required: true,
    },
    balanceDirection: {
      type: 'string',
      max: 32,
      bizDict: 'balance_direction',
      list: true,
      form: true,
      export: true,
      label: { zh: '余额方向', en: 'Normal balance' },
      required: true,
    },
    auxTypes: {
      type: 'string',
      max: 128,
      bizDict: 'aux_type',
      multiple: true,
      form: true,
      export: true,
      label: { zh: '辅助核算', en: 'Auxiliary dimensions' },
    },
    isLeaf: {
      type: 'switch',
      readonly: true,
      list: true,
      export: true,
      label: { zh: '是否末级', en: 'Leaf account' },
    },
    isCash: {
      type: 'switch',
      default: 0,
      form: true,
      export: true,
      label: { zh: '现金/银行科目', en: 'Cash or bank account' },
    },
    sort: { type: 'int', default: 0, list: true, form: true, label: { zh: '排序', en: 'Sort order' } },
    remark: {
      type: 'string',
      max: 255,
      control: 'textarea',
      form: true,
      export: true,
      label: { zh: '备注', en: 'Remarks' },
    },
  },
  // An account's parent follows its code (the server places it): no parent picker in the form.
  screen: { hideFields: ['parentId'] },
  defaultSort: [['subjectCode', 'asc']],
});
