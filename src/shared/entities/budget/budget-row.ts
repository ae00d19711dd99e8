import type { FieldDef } from '../define.ts';
import type { LocalText } from '../../i18n/server-messages.ts';
import { COMPANY_FIELD, MONTHS, MONTH_NAMES_EN, finishRate, monthFields, monthSum, yearField } from '../month-row.ts';
import { SUBJECT_IN_USE } from '../finance/subject.ts';

/**
 * The monthly budget row of domain/budget.md §1 (科目月度预算行), which budgetsituation, expensesituation,
 * financebudget and differ are made of: year, company, a leaf account and the row's caption, a budget and an actual per
 * month, each month's completion and the full-year figures, worked out by the server on every write (client values
 * ignored). `negative`: amounts and actuals may be below zero (an adjustment row, finance costs that are income).
 * A row is keyed by (year, orgId, subject, title), `taken` refusing a second one.
 */
export function budgetRowFields({ negative, taken }: { negative: boolean; taken: LocalText }) {
  const money = (required: { zh: string; en: string }): Omit<FieldDef, 'label'> => ({
    type: 'money',
    default: 0,
    form: true,
    list: true,
    required,
    ...(negative ? {} : { range: { min: 0 } }),
  });
  return {
    year: yearField({ zh: '预算年度', en: 'Budget year' }),
    orgId: COMPANY_FIELD,
    // An account of the chart by its code, a leaf (budget.md §1): `请选择末级科目` otherwise.
    subject: {
      type: 'string',
      max: 32,
      ref: 'subject',
      inUse: SUBJECT_IN_USE,
      list: true,
      form: true,
      filter: true,
      label: { zh: '科目代码', en: 'Account code' },
      required: { zh: '请选择科目', en: 'Please select the account' },
    },
    // The row's caption; blank takes the account's full name (modules/budget/budget-row.hooks.ts).
    title: {
      type: 'string',
      max: 128,
      fillFrom: { ref: 'subject', field: 'fullName', blankOnly: true },
      list: true,
      form: true,
      filter: true,
      label: { zh: '科目名称', en: 'Item' },
      required: { zh: '请输入科目', en: 'Please enter the item' },
      unique: { scope: ['year', 'orgId', 'subject'], message: taken },
    },
    sort: { type: 'int', default: 0, form: true, label: { zh: '排序', en: 'Sort order' } },
    remark: { type: 'string', max: 255, form: true, label: { zh: '备注', en: 'Remarks' } },
    ...monthFields([
      {
        prefix: 'amount',
        label: { zh: '预算', en: 'Budget' },
        field: money({ zh: '请输入预算', en: 'Please enter the budget' }),
      },
      {
        prefix: 'actual',
        label: { zh: '实际', en: 'Actual' },
        field: money({ zh: '请输入实际', en: 'Please enter the actual' }),
      },
    ]),
    ...Object.fromEntries(
      MONTHS.map((month) => [
        `finish${month}`,
        {
          type: 'decimal',
          percent: true,
          nullable: true,
          form: true,
          list: true,
          label: { zh: `${month}月完成率`, en: `Completion ${MONTH_NAMES_EN[month - 1]}` },
          derive: { compute: (row) => finishRate(row[`actual${month}`], row[`amount${month}`]) },
        } satisfies FieldDef,
      ]),
    ),
    totalAmount: {
      type: 'money',
      list: true,
      form: true,
      label: { zh: '全年预算', en: 'Full-year budget' },
      derive: { compute: (row) => monthSum(row, 'amount') },
    },
    totalActual: {
      type: 'money',
      list: true,
      form: true,
      label: { zh: '全年实际', en: 'Full-year actual' },
      derive: { compute: (row) => monthSum(row, 'actual') },
    },
    totalFinish: {
      type: 'decimal',
      percent: true,
      nullable: true,
      list: true,
      form: true,
      label: { zh: '全年完成率', en: 'Full-year completion' },
      derive: { compute: (row) => finishRate(monthSum(row, 'actual'), monthSum(row, 'amount')) },
    },
  } satisfies Record<string, FieldDef>;
}
