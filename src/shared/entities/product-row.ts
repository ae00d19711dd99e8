import type { Derivation, FieldDef } from './define.ts';
import type { LocalText } from '../i18n/server-messages.ts';
import { COMPANY_FIELD, monthFields, monthSum, yearField } from './month-row.ts';

/**
 * The product budget row of domain/budget.md §2 (产品月度预算行), which the production plan and the inventory budget
 * are made of: a company's year of one part (customer, project, part number and name, unit), picked from the part
 * master or typed, with two values a month and their totals. Picking a part fills its number, name, unit, customer
 * and project, which stay editable. A company plans a part number once a year.
 */
export interface ProductRowOptions {
  /** A month's two values (计划 / 实际, 预算 / 实际), labelled `1月计划` / `Plan Jan`. */
  amount: LocalText;
  actual: LocalText;
  /** What a month's value must be (never negative, with the entity's message); blank is saved as 0. */
  value: Omit<FieldDef, 'label'>;
  /** The labels of `totalAmount`, `totalActual` and `totalFinish`. */
  totals: { amount: LocalText; actual: LocalText; finish: LocalText };
  /** How `totalFinish` is worked out on read (lists return it, no table stores it: §2). */
  finish: Derivation;
}

/** The unique key's message (budget.md §2): (year, orgId, productNo). */
export const PART_TAKEN: LocalText = {
  zh: '该公司本年度已存在此零件号',
  en: 'The company already has this part number for the year',
};

/**
 * The §2 fields, the entity's `own` ones after the part's and before the remark and the months (a form's two columns
 * then end in a 12-row month block).
 */
export function productRowFields<O extends Record<string, FieldDef>>(options: ProductRowOptions, own: O) {
  return {
    year: yearField({ zh: '年度', en: 'Year' }),
    orgId: COMPANY_FIELD,
    productId: {
      type: 'id',
      nullable: true,
      ref: 'product',
      // The part's number, not `productName`: that key is the row's own part name.
      shows: 'linkedProductNo',
      form: true,
      label: { zh: '关联物料', en: 'Linked product' },
    },
    productNo: {
      type: 'string',
      max: 64,
      unique: { scope: ['year', 'orgId'], message: PART_TAKEN },
      fillFrom: { ref: 'productId', field: 'productNo' },
      list: true,
      form: true,
      label: { zh: '产品零件号', en: 'Part number' },
      required: { zh: '请输入产品零件号', en: 'Please enter the part number' },
    },
    productName: {
      type: 'string',
      max: 128,
      fillFrom: { ref: 'productId', field: 'productName' },
      list: true,
      form: true,
      label: { zh: '产品名称', en: 'Part name' },
      required: { zh: '请输入产品名称', en: 'Please enter the part name' },
    },
    customerName: {
      type: 'string',
      max: 128,
      fillFrom: { ref: 'productId', field: 'customerName' },
      list: true,
      form: true,
      label: { zh: '客户', en: 'Customer' },
    },
    project: {
      type: 'string',
      max: 64,
      fillFrom: { ref: 'productId', field: 'project' },
      list: true,
      form: true,
      label: { zh: '项目', en: 'Project' },
      required: { zh: '请输入项目', en: 'Please enter the project' },
    },
    unit: {
      type: 'string',
      max: 20,
      // The part's unit as people read it (件), not its dictionary key (PCS).
      fillFrom: { ref: 'productId', field: 'unitName' },
      list: true,
      form: true,
      label: { zh: '单位', en: 'Unit' },
      required: { zh: '请输入单位', en: 'Please enter the unit' },
    },
    ...own,
    remark: { type: 'string', max: 255, form: true, label: { zh: '备注', en: 'Remarks' } },
    ...monthFields([
      { prefix: 'amount', label: options.amount, field: options.value },
      { prefix: 'actual', label: options.actual, field: options.value },
    ]),
    totalAmount: {
      type: 'money',
      list: true,
      form: true,
      label: options.totals.amount,
      derive: { compute: (row) => monthSum(row, 'amount') },
    },
    totalActual: {
      type: 'money',
      list: true,
      form: true,
      label: options.totals.actual,
      derive: { compute: (row) => monthSum(row, 'actual') },
    },
    totalFinish: {
      type: 'decimal',
      percent: true,
      list: true,
      form: true,
      label: options.totals.finish,
      derive: options.finish,
    },
  } satisfies Record<string, FieldDef>;
}
