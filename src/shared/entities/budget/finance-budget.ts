import { defineEntity } from '../define.ts';
import { MONTHS } from '../month-row.ts';
import { budgetRowColumns, budgetRowFields } from './budget-row.ts';

const row = budgetRowFields({
  negative: true,
  taken: {
    zh: '该公司本年度已存在此科目和名称的预算',
    en: 'The company already has a budget row of this account and item for the year',
  },
});

/**
 * 财务预算 (domain/budget.md §5.4): a company's P&L budget by account and month (营业收入, 营业成本, 期间费用 …) with
 * its actuals, maintained directly (no approval), entered in batches (`batchsave`, pasted from Excel) and copied to the
 * next year (`batchcopy`, modules/budget/budget-batch.ts). Amounts may be negative (finance costs that are income).
 */
export const financeBudget = defineEntity({
  name: 'financebudget',
  service: 'blade-system',
  table: 'erp_finance_budget',
  label: { zh: '财务预算', en: 'Financial budget' },
  code: 'financebudget',
  tenant: true,
  audit: true,
  dataScope: true,
  keyword: ['subject', 'title'],
  fields: row,
  excel: {
    file: { zh: '财务预算', en: 'Financial budget' },
    import: true,
    columns: budgetRowColumns(row),
  },
  // Each month's budget and actual over every filtered row (`sumAmount1` ...): the screen's chart (budget vs actual).
  // The month fields come from monthFields, typed as a record: named here as the row's keys.
  sums: MONTHS.flatMap((month) => [`amount${month}`, `actual${month}`]) as Array<keyof typeof row>,
  defaultSort: [
    ['year', 'desc'],
    ['orgId', 'asc'],
    ['sort', 'asc'],
    ['subject', 'asc'],
  ],
});
