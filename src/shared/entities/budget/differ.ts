import { defineEntity, type FieldDef } from '../define.ts';
import { MONTHS, MONTH_NAMES_EN, monthSum, numberOf } from '../month-row.ts';
import { budgetRowColumns, budgetRowFields } from './budget-row.ts';

const row = budgetRowFields({
  negative: false,
  taken: {
    zh: '该公司本年度已存在此科目和名称的差异',
    en: 'The company already has a difference row of this account and item for the year',
  },
});

/** `actual − amount` in cents (a positive difference is an overspend, 超支差; a negative one a saving, 节约差). */
export const differenceOf = (actual: unknown, amount: unknown): number =>
  (Math.round(numberOf(actual) * 100) - Math.round(numberOf(amount) * 100)) / 100;

/**
 * 材料成本差异 (domain/budget.md §5.6): planned (standard) against actual material cost per company, account and
 * material item or part, by month, in the monthly row of §1 with each month's and the year's difference (§1.1). The
 * summary (`statlist`, modules/budget/differ-summary.service.ts) sums the year by account and item across companies.
 */
export const differ = defineEntity({
  name: 'differ',
  service: 'blade-system',
  table: 'erp_differ',
  label: { zh: '材料成本差异', en: 'Material cost difference' },
  code: 'differ',
  tenant: true,
  audit: true,
  dataScope: true,
  keyword: ['subject', 'title', 'productNo'],
  // The grid's columns, each month's difference beside it (hidden in the grid, present in the export: §1.1).
  excel: {
    file: { zh: '材料成本差异', en: 'Material cost differences' },
    import: true,
    columns: budgetRowColumns(row, {
      captions: ['productNo', 'materialCategory'],
      perMonth: ['differ'],
      trailing: ['totalDiffer'],
    }),
  },
  fields: {
    ...row,
    productNo: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      filter: true,
      label: { zh: '产品零件号', en: 'Part number' },
    },
    materialCategory: {
      type: 'string',
      max: 64,
      form: true,
      label: { zh: '材料类别', en: 'Material category' },
    },
    // Hidden in the grid, in the detail and the export (§1.1).
    ...Object.fromEntries(
      MONTHS.map((month) => [
        `differ${month}`,
        {
          type: 'money',
          form: true,
          export: true,
          label: { zh: `${month}月差异`, en: `Difference ${MONTH_NAMES_EN[month - 1]}` },
          derive: { compute: (r) => differenceOf(r[`actual${month}`], r[`amount${month}`]) },
        } satisfies FieldDef,
      ]),
    ),
    totalDiffer: {
      type: 'money',
      list: true,
      form: true,
      export: true,
      label: { zh: '全年材料成本差异', en: 'Full-year material cost difference' },
      derive: { compute: (r) => differenceOf(monthSum(r, 'actual'), monthSum(r, 'amount')) },
    },
  },
  defaultSort: [
    ['year', 'desc'],
    ['orgId', 'asc'],
    ['subject', 'asc'],
    ['title', 'asc'],
  ],
});
