import { defineEntity, greaterThanZero } from '../define.ts';
import { EXPENSE_TYPE_FIELD } from './expense-type.ts';
import { REQUEST_FIELDS } from '../flow/request-fields.ts';
import type { LocalText } from '../../i18n/server-messages.ts';
import { SUBJECT_IN_USE } from './subject.ts';
import { ATTACHMENTS_FIELD } from '../attachments-field.ts';

/** `expense_status` (domain/finance.md § expense). */
export const EXPENSE_STATUS = { draft: '0', running: '1', approved: '2', rejected: '3', paid: '4' } as const;

/** 付款: the button that takes an approved claim to paid, finance's alone (claimants hold the edit right). */
export const EXPENSE_PAY = 'expense_pay';
/** Button code of 提交审批: a claim sent through the fund approval. */
export const EXPENSE_SUBMIT = 'expense_submit';

/**
 * 费用报销预算控制 (issue 35, docs/budget-control.md): the platform parameter saying what a claim over its expense budget
 * does when sent: `warn` (default: it goes to approval marked 超预算), `stop` (refused, stays a draft) or `off`. A
 * tenant's own value is the parameter `finance.budgetControl.<tenantId>`, read before the install's.
 */
export const BUDGET_CONTROL_PARAM = 'finance.budgetControl';
export const BUDGET_CONTROL_MODES = ['warn', 'stop', 'off'] as const;
export type BudgetControlMode = (typeof BUDGET_CONTROL_MODES)[number];

/** The states a claimant still edits and deletes: a draft, and a claim his approver sent back. */
export const EXPENSE_EDITABLE: readonly string[] = [EXPENSE_STATUS.draft, EXPENSE_STATUS.rejected];

export const EXPENSE_LOCKED: LocalText = {
  zh: '审批中或已通过的报销单不能修改',
  en: 'A claim in approval or approved cannot be changed',
};

/** Where a claim is booked: a leaf under 6601 销售费用, 6602 管理费用 or 5101 制造费用 (the account itself if a leaf). */
export const EXPENSE_ACCOUNT = {
  regex: '^(6601|6602|5101)(\\d{2})*$',
  message: {
    zh: '费用科目须为6601、6602或5101下的末级科目',
    en: 'The expense account must be a leaf account under 6601, 6602 or 5101',
  },
};

/**
 * 费用报销 (domain/finance.md § expense): an employee's claim, numbered `BX<yyyyMMdd><seq>`, saved as a draft and sent
 * to the fund-approval process (`/process/finance/start-process` with its id: the server's
 * platform/workflow/approval-send.ts), whose steps set its state; finance then pays an approved claim (2 → 4 with the
 * payment date). Only drafts and rejected claims change or go; editing a rejected one makes it a draft again
 * (modules/finance/expense.hooks.ts, which also defaults the claimant, his department and company, and the account of
 * the expense type).
 */
export const expense = defineEntity({
  name: 'expense',
  service: 'blade-system',
  table: 'erp_expense',
  label: { zh: '费用报销', en: 'Expense claim' },
  code: 'expense',
  tenant: true,
  audit: true,
  dataScope: true,
  states: {
    field: 'expenseStatus',
    initial: [EXPENSE_STATUS.draft],
    // 0 → 1 and 1 → 2/3 belong to the process (no edit reaches them); 3 → 0 is the edit of a rejected claim.
    next: {
      [EXPENSE_STATUS.rejected]: [EXPENSE_STATUS.draft],
      [EXPENSE_STATUS.approved]: [EXPENSE_STATUS.paid],
    },
    needs: { [`${EXPENSE_STATUS.approved}>${EXPENSE_STATUS.paid}`]: EXPENSE_PAY },
    // The pay date is 付款's: no claimant dates his own claim paid, before or after its approval.
    setOnMove: { [`${EXPENSE_STATUS.approved}>${EXPENSE_STATUS.paid}`]: ['payDate'] },
    frozen: {
      [EXPENSE_STATUS.running]: { message: EXPENSE_LOCKED },
      [EXPENSE_STATUS.approved]: { message: EXPENSE_LOCKED },
      [EXPENSE_STATUS.paid]: { message: EXPENSE_LOCKED },
    },
    kept: {
      [EXPENSE_STATUS.running]: EXPENSE_LOCKED,
      [EXPENSE_STATUS.approved]: EXPENSE_LOCKED,
      [EXPENSE_STATUS.paid]: EXPENSE_LOCKED,
    },
  },
  fields: {
    expenseNo: {
      type: 'string',
      max: 32,
      sequence: { prefix: 'BX', period: 'day' },
      list: true,
      filter: true,
      export: true,
      label: { zh: '报销单号', en: 'Claim no.' },
    },
    applicantId: {
      type: 'id',
      ref: 'employee',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '报销人', en: 'Claimant' },
      required: true,
    },
    deptId: {
      type: 'id',
      ref: 'dept',
      fillFrom: { ref: 'applicantId', field: 'deptId' },
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '报销部门', en: 'Department' },
      required: true,
    },
    orgId: {
      type: 'string',
      max: 64,
      company: true,
      fillFrom: { ref: 'applicantId', field: 'orgId' },
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '公司', en: 'Company' },
      required: true,
    },
    expenseType: { ...EXPENSE_TYPE_FIELD, required: true },
    // A leaf of the chart (`请选择末级科目`); blank takes the expense type's account (its item's `subject:` remark).
    subjectCode: {
      type: 'string',
      max: 32,
      ref: 'subject',
      shows: 'subjectName',
      inUse: SUBJECT_IN_USE,
      pattern: EXPENSE_ACCOUNT,
      list: true,
      form: true,
      export: true,
      label: { zh: '费用科目', en: 'Expense account' },
    },
    // Not after today (the hook: the tenant's today).
    expenseDate: {
      type: 'date',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '发生日期', en: 'Expense date' },
      required: true,
    },
    amount: {
      type: 'money',
      pattern: greaterThanZero('报销金额', 'The amount'),
      list: true,
      form: true,
      export: true,
      label: { zh: '报销金额', en: 'Amount' },
      required: true,
    },
    invoiceCount: {
      type: 'int',
      default: 0,
      range: { min: 0 },
      list: true,
      form: true,
      export: true,
      label: { zh: '票据张数', en: 'Receipts attached' },
      required: true,
    },
    project: { type: 'string', max: 64, form: true, export: true, label: { zh: '项目', en: 'Project' } },
    reason: {
      type: 'string',
      max: 500,
      control: 'textarea',
      list: true,
      form: true,
      export: true,
      label: { zh: '报销事由', en: 'Purpose' },
      required: true,
    },
    // The receipts, scanned or photographed.
    attach: ATTACHMENTS_FIELD,
    // Not a form field: its process moves it, and finance's 付款 takes an approved claim to paid.
    expenseStatus: {
      type: 'string',
      max: 32,
      bizDict: 'expense_status',
      default: EXPENSE_STATUS.draft,
      list: true,
      filter: true,
      export: true,
      label: { zh: '单据状态', en: 'Status' },
    },
    payDate: {
      type: 'date',
      nullable: true,
      requiredWhen: { field: 'expenseStatus', values: [EXPENSE_STATUS.paid] },
      list: true,
      export: true,
      label: { zh: '付款日期', en: 'Payment date' },
    },
    // By how much it went over its expense budget when last sent (budget control, docs/budget-control.md): the
    // server's, set in the transaction that sends it; null within the budget, without one, or with control off.
    overBudget: {
      type: 'money',
      nullable: true,
      readonly: true,
      list: true,
      export: true,
      label: { zh: '超预算', en: 'Over budget' },
    },
    // Its process in the fund-approval flow, set when it is sent.
    ...REQUEST_FIELDS,
    processInstanceId: { ...REQUEST_FIELDS.processInstanceId, label: { zh: '流程实例', en: 'Workflow instance' } },
  },
  screen: { leadColumns: ['expenseNo'] },
  defaultSort: [
    ['expenseDate', 'desc'],
    ['id', 'desc'],
  ],
  approval: {
    kind: 'expense',
    start: { by: 'kind', kind: 'finance', code: EXPENSE_SUBMIT },
    field: 'expenseStatus',
    status: { running: 1, approved: 2, rejected: 3, withdrawn: 0 },
    variables: ['amount'],
    summary: ['expenseNo', 'applicantId', 'expenseType', 'amount'],
    alerts: ['overBudget'],
  },
});
