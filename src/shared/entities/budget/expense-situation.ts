import { defineEntity } from '../define.ts';
import { EXPENSE_TYPE_FIELD } from '../finance/expense-type.ts';
import { BUDGET_DEPT_FIELD } from './budget-fill.ts';
import { budgetRowColumns, budgetRowFields } from './budget-row.ts';

const row = budgetRowFields({
  negative: false,
  key: ['year', 'orgId', 'deptId', 'subject'],
  taken: {
    zh: '该部门本年度已存在此科目和名称的费用预算',
    en: 'The department already has an expense budget row of this account and item for the year',
  },
});

/**
 * The expense accounts (§5.3): 制造费用, 销售费用, 管理费用, 财务费用 and 研发费用, and the accounts under them (their codes
 * start with the parent's). The reference takes leaves only (`请选择末级科目`).
 */
export const EXPENSE_SITUATION_ACCOUNT = {
  regex: '^(5101|660[1-4])',
  message: { zh: '请选择费用类科目', en: 'Please select an expense account' },
};

/**
 * 费用预算执行 (domain/budget.md §5.3): a department's expense budget against its actuals per expense account and month,
 * the controllable-cost view of department heads, maintained directly (no approval). Lists add the year's approved and
 * paid claims of the row's company, department and account (`claimTotal`, a reference for the actuals) and, beside the
 * page, the 合计 of every filtered row (`sum`, as budgetsituation/stat): modules/budget/expense-situation.hooks.ts.
 */
export const expenseSituation = defineEntity({
  name: 'expensesituation',
  service: 'blade-system',
  table: 'erp_expense_situation',
  label: { zh: '费用预算执行', en: 'Expense budget situation' },
  code: 'expensesituation',
  tenant: true,
  audit: true,
  dataScope: true,
  excel: {
    file: { zh: '费用预算执行', en: 'Expense budget situation' },
    import: true,
    columns: budgetRowColumns(row, { captions: ['deptId', 'expenseType'], trailing: ['claimTotal'] }),
  },
  fields: {
    ...row,
    subject: {
      ...row.subject,
      label: { zh: '费用科目', en: 'Expense account' },
      pattern: EXPENSE_SITUATION_ACCOUNT,
    },
    deptId: {
      ...BUDGET_DEPT_FIELD,
      label: { zh: '部门', en: 'Department' },
      required: { zh: '请选择部门', en: 'Please select the department' },
    },
    expenseType: EXPENSE_TYPE_FIELD,
    claimTotal: {
      type: 'money',
      list: true,
      label: { zh: '已报销金额', en: 'Claims approved (year)' },
      derive: { byModule: true },
    },
  },
  pageRow: { key: 'sum', label: { zh: '合计', en: 'Total' } },
  defaultSort: [
    ['year', 'desc'],
    ['orgId', 'asc'],
    ['deptId', 'asc'],
    ['sort', 'asc'],
    ['subject', 'asc'],
  ],
});
