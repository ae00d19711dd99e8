import { defineEntity, type FieldDef } from '../define.ts';
import { MONTHS } from '../month-row.ts';
import {
  APPROVE_STATUS,
  APPROVER_FIELDS,
  BUDGET_DEPT_FIELD,
  BUDGET_LOCKED,
  BUDGET_POST_FIELD,
  BUDGET_TYPE_FIELD,
  LINE_CAPTIONS,
  approveStatusField,
} from './budget-fill.ts';
import { budgetRowColumns, budgetRowFields } from './budget-row.ts';

const row = budgetRowFields({
  negative: true,
  key: ['year', 'orgId', 'deptId', 'budgetType', 'subject'],
  taken: {
    zh: '该部门本年度已存在此类型、科目和名称的预算执行',
    en: 'The department already has a budget situation row of this type, account and item for the year',
  },
});

const dimension = (max: number, zh: string, en: string): FieldDef => ({
  type: 'string',
  max,
  list: true,
  form: true,
  export: true,
  label: { zh, en },
});

/** What an approved row still takes: finance enters the actuals month by month (§5.2). */
const OPEN_WHEN_APPROVED = [...MONTHS.map((month) => `actual${month}`), 'remark'];

/** 审核 of 预算执行情况: every chosen row approved at once (budget.md §5.2). */
export const BUDGETSITUATION_APPROVE = 'budgetsituation_approve';

/**
 * 预算执行情况 (domain/budget.md §5.2): budget vs actual per item and month of a company (and optionally a department,
 * customer, project or part). Approved budget lines land here (budgetfill's approve); its approval freezes the budget
 * side while finance keeps entering actuals; a change to an approved budget is an adjustment row (`（调整）`), so
 * amounts may be negative. The dimension search (§3) and `stat` are modules/budget/budget-situation.routes.ts.
 */
export const budgetSituation = defineEntity({
  name: 'budgetsituation',
  service: 'blade-system',
  table: 'erp_budget_situation',
  label: { zh: '预算执行情况', en: 'Budget situation' },
  code: 'budgetsituation',
  tenant: true,
  audit: true,
  dataScope: true,
  keyword: ['subject', 'title'],
  // Its list and export: a searched month range narrows the totals (§3, modules/budget/budget-fill.routes.ts).
  moduleRoutes: ['list', 'page', 'export'],
  excel: {
    file: { zh: '预算执行情况', en: 'Budget situation' },
    import: true,
    columns: budgetRowColumns(row, {
      captions: [...LINE_CAPTIONS, 'customerName', 'project', 'productNo', 'productName'],
    }),
  },
  states: {
    field: 'approveStatus',
    initial: [APPROVE_STATUS.draft],
    next: { [APPROVE_STATUS.draft]: [APPROVE_STATUS.approved] },
    frozen: { [APPROVE_STATUS.approved]: { open: OPEN_WHEN_APPROVED, message: BUDGET_LOCKED } },
    kept: { [APPROVE_STATUS.approved]: { zh: '已审核的预算不能删除', en: 'An approved budget cannot be deleted' } },
  },
  fields: {
    ...row,
    title: { ...row.title, copyFrom: { ref: 'postId', field: 'postName' } },
    // Required for expense, labour and capex budgets; a sales row may stand for a customer or part instead.
    subject: {
      ...row.subject,
      required: undefined,
      requiredWhen: {
        field: 'budgetType',
        values: ['1', '2', '3'],
        message: { zh: '请选择科目', en: 'Please select the account' },
      },
    },
    deptId: { ...BUDGET_DEPT_FIELD, nullable: true, required: undefined, label: { zh: '部门', en: 'Department' } },
    budgetType: BUDGET_TYPE_FIELD,
    postId: BUDGET_POST_FIELD,
    customerName: dimension(128, '客户', 'Customer'),
    project: dimension(64, '项目', 'Project'),
    productNo: dimension(64, '产品零件号', 'Part number'),
    productName: dimension(128, '产品名称', 'Part name'),
    sourceFillId: {
      type: 'id',
      nullable: true,
      readonly: true,
      label: { zh: '来源填报', en: 'Source fill row' },
    },
    approveStatus: approveStatusField(APPROVE_STATUS.draft),
    ...APPROVER_FIELDS,
  },
  defaultSort: [
    ['year', 'desc'],
    ['orgId', 'asc'],
    ['sort', 'asc'],
    ['subject', 'asc'],
  ],
  // 审核 (§5.2): the approval kit's move without a process, every chosen draft approved at once.
  approval: {
    kind: 'budgetsituation',
    field: 'approveStatus',
    start: {
      by: 'direct',
      decide: BUDGETSITUATION_APPROVE,
      notDraft: { zh: '第{name}条记录已审核', en: 'Record {name} is already approved' },
    },
    stamps: { decided: { user: 'approveUser', time: 'approveTime' } },
    status: { withdrawn: Number(APPROVE_STATUS.draft), approved: Number(APPROVE_STATUS.approved) },
    variables: [],
    summary: [],
  },
});
