import type { FieldDef } from '../define.ts';
import type { LocalText } from '../../i18n/server-messages.ts';
import { COMPANY_FIELD, MONTHS, MONTH_NAMES_EN, finishRate, monthFields, monthSum, yearField } from '../month-row.ts';
import { SUBJECT_IN_USE } from '../finance/subject.ts';

/**
 * The monthly budget row of domain/budget.md §1 (科目月度预算行), which budgetsituation, expensesituation,
 * financebudget and differ are made of: year, company, a leaf account and the row's caption, a budget and an actual per
 * month, each month's completion and the full-year figures, worked out by the server on every write (client values
 * ignored). `negative`: amounts and actuals may be below zero (an adjustment row, finance costs that are income).
 * A row is keyed by its `key` fields and its title (year, orgId, subject, title by default), `taken` refusing a second
 * one. `negative` as a message: amounts below zero are refused with it (budgetfill's `预算金额不能为负数`).
 */
export interface BudgetRowOptions {
  negative: boolean | LocalText;
  taken: LocalText;
  key?: readonly string[];
}

/** The full row: budgets and actuals by month, completions and full-year figures. */
export function budgetRowFields(options: BudgetRowOptions) {
  return rowFields(options, true);
}

/** A budget without actuals (budgetfill, budget.md §5.1): amounts by month and their full-year total only. */
export function budgetAmountFields(options: BudgetRowOptions) {
  const { totalActual: _actual, totalFinish: _finish, ...fields } = rowFields(options, false);
  return fields;
}

function rowFields({ negative, taken, key = ['year', 'orgId', 'subject'] }: BudgetRowOptions, actuals: boolean) {
  const money = (required: { zh: string; en: string }): Omit<FieldDef, 'label'> => ({
    type: 'money',
    default: 0,
    form: true,
    list: true,
    required,
    ...(negative === true
      ? {}
      : negative === false
        ? { range: { min: 0 } }
        : { pattern: { regex: '^[^-]', message: negative } }),
  });
  const kinds: Parameters<typeof monthFields>[0] = [
    {
      prefix: 'amount',
      label: { zh: '预算', en: 'Budget' },
      field: money({ zh: '请输入预算', en: 'Please enter the budget' }),
    },
    ...(actuals
      ? [
          {
            prefix: 'actual',
            label: { zh: '实际', en: 'Actual' },
            field: money({ zh: '请输入实际', en: 'Please enter the actual' }),
          },
        ]
      : []),
  ];
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
      unique: { scope: key, message: taken },
    },
    sort: { type: 'int', default: 0, form: true, label: { zh: '排序', en: 'Sort order' } },
    remark: { type: 'string', max: 255, form: true, label: { zh: '备注', en: 'Remarks' } },
    ...monthFields(kinds),
    ...Object.fromEntries(
      (actuals ? MONTHS : []).map((month) => [
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

/**
 * A monthly budget row's Excel columns in its grid's order (budget.md §1): account and caption, company and year (an
 * import needs them), the entity's `captions`, then month by month its budget, actual, completion and `perMonth`
 * columns, the full-year figures and `trailing` ones, sort and remarks last. Of `row`, only the fields it has.
 */
export function budgetRowColumns(
  row: Readonly<Record<string, FieldDef>>,
  extra: { captions?: readonly string[]; perMonth?: readonly string[]; trailing?: readonly string[] } = {},
): string[] {
  const has = (name: string) => name in row;
  const kinds = ['amount', 'actual', 'finish'].filter((prefix) => has(`${prefix}1`));
  return [
    ...['subject', 'title', 'orgId', 'year'].filter(has),
    ...(extra.captions ?? []),
    ...MONTHS.flatMap((month) => [...kinds, ...(extra.perMonth ?? [])].map((prefix) => `${prefix}${month}`)),
    ...['totalAmount', 'totalActual', 'totalFinish'].filter(has),
    ...(extra.trailing ?? []),
    ...['sort', 'remark'].filter(has),
  ];
}
