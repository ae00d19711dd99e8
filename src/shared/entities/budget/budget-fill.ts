import { defineEntity, type FieldDef } from '../define.ts';
import { REQUEST_FIELDS } from '../flow/request-fields.ts';
import type { LocalText } from '../../i18n/server-messages.ts';
import { budgetAmountFields, budgetRowColumns } from './budget-row.ts';

/** `approve_status` (domain/budget.md §4). */
export const APPROVE_STATUS = { draft: '0', submitted: '1', approved: '2', rejected: '3' } as const;

/** `budget_type` 2: a labour budget, by post (§1.2). */
export const LABOUR_BUDGET = '2';

/** 预算填报's approval buttons (menus.md): sending a line needs `budgetfill_add`, these show its toolbar's moves. */
export const BUDGETFILL_SUBMIT = 'budgetfill_submit';
export const BUDGETFILL_WITHDRAW = 'budgetfill_withdraw';
/** 审核 and 驳回 on the page and in the inbox: its holders are the line's approvers. */
export const BUDGETFILL_APPROVE = 'budgetfill_approve';
export const BUDGETFILL_REJECT = 'budgetfill_reject';
/** 反审核: an approved line back to the draft. */
export const BUDGETFILL_UNAPPROVE = 'budgetfill_unapprove';

export const BUDGET_LOCKED: LocalText = {
  zh: '已提交或已审核的预算不能修改',
  en: 'A submitted or approved budget cannot be changed',
};

/** Who did a step of the approval, and when: the server's (§4). */
const actor = (zh: string, en: string): FieldDef => ({
  type: 'id',
  nullable: true,
  ref: 'user',
  readonly: true,
  list: true,
  label: { zh, en },
});
const moment = (zh: string, en: string): FieldDef => ({
  type: 'datetime',
  nullable: true,
  readonly: true,
  list: true,
  label: { zh, en },
});

/** The fields budgetfill and budgetsituation share beyond the monthly row: department, budget type, post, state. */
export const BUDGET_DEPT_FIELD: FieldDef = {
  type: 'id',
  ref: 'dept',
  list: true,
  form: true,
  filter: true,
  export: true,
  label: { zh: '填报部门', en: 'Department' },
  required: { zh: '请选择填报部门', en: 'Please select the department' },
};

export const BUDGET_TYPE_FIELD: FieldDef = {
  type: 'string',
  max: 32,
  bizDict: 'budget_type',
  default: '1',
  list: true,
  form: true,
  filter: true,
  export: true,
  label: { zh: '预算类型', en: 'Budget type' },
  required: { zh: '请选择预算类型', en: 'Please select the budget type' },
};

/** A labour row's post (§1.2): its name is the row's caption. */
export const BUDGET_POST_FIELD: FieldDef = {
  type: 'id',
  nullable: true,
  ref: 'post',
  form: true,
  list: true,
  export: true,
  label: { zh: '岗位', en: 'Post' },
  requiredWhen: {
    field: 'budgetType',
    values: [LABOUR_BUDGET],
    message: { zh: '请选择岗位', en: 'Please select a post' },
  },
};

export const approveStatusField = (initial: string): FieldDef => ({
  type: 'string',
  max: 32,
  bizDict: 'approve_status',
  readonly: true,
  default: initial,
  list: true,
  filter: true,
  export: true,
  label: { zh: '审核状态', en: 'Approval status' },
});

/** A budget line's columns beside its account and caption, as the lines' grids show them (Excel's order too). */
export const LINE_CAPTIONS = ['deptId', 'budgetType', 'approveStatus', 'postId'] as const;

export const APPROVER_FIELDS = {
  approveUser: actor('审核人', 'Approved by'),
  approveTime: moment('审核时间', 'Approved at'),
} satisfies Record<string, FieldDef>;

/**
 * 预算填报 (domain/budget.md §5.1): a department's budget line for a year, month by month (amounts only, never
 * negative), saved by `submit` while a draft or rejected, then sent, withdrawn, approved, rejected or taken back by
 * `approval` (§4, modules/budget/budget-fill.routes.ts). A sent line is also a task in its approvers' inbox (the
 * workflow's to-do list and the phone's 审批 tab): deciding either side moves both, in one transaction. Approving
 * writes the amounts into budgetsituation. Its API is only list, stat, submit and approval.
 */
const row = budgetAmountFields({
  negative: { zh: '预算金额不能为负数', en: 'A budget amount cannot be negative' },
  key: ['year', 'orgId', 'deptId', 'budgetType', 'subject'],
  taken: {
    zh: '该部门本年度已存在此类型、科目和名称的预算',
    en: 'The department already has a budget line of this type, account and item for the year',
  },
});

export const budgetFill = defineEntity({
  name: 'budgetfill',
  service: 'blade-system',
  table: 'erp_budget_fill',
  label: { zh: '预算填报', en: 'Budget fill-in' },
  code: 'budgetfill',
  tenant: true,
  audit: true,
  dataScope: true,
  keyword: ['subject', 'title'],
  moduleRoutes: ['page', 'detail', 'save', 'update', 'remove', 'picker'],
  // New lines and drafts: a submitted or approved line is refused as its submit refuses it.
  excel: {
    file: { zh: '预算填报', en: 'Budget fill-in' },
    import: true,
    columns: budgetRowColumns(row, { captions: LINE_CAPTIONS }),
  },
  fields: {
    ...row,
    // A labour line is captioned by its post (§1.2).
    title: { ...row.title, copyFrom: { ref: 'postId', field: 'postName' } },
    deptId: BUDGET_DEPT_FIELD,
    budgetType: BUDGET_TYPE_FIELD,
    postId: {
      ...BUDGET_POST_FIELD,
      unique: {
        scope: ['year', 'orgId', 'deptId'],
        message: {
          zh: '该部门本年度已存在此岗位的人工预算',
          en: 'The department already has a labour budget of this post',
        },
      },
    },
    approveStatus: approveStatusField(APPROVE_STATUS.draft),
    submitUser: actor('提交人', 'Submitted by'),
    submitTime: moment('提交时间', 'Submitted at'),
    ...APPROVER_FIELDS,
    approveOpinion: {
      type: 'string',
      max: 500,
      readonly: true,
      list: true,
      label: { zh: '审核意见', en: 'Approval comment' },
    },
    // Its inbox task (the process the line's submission started).
    ...REQUEST_FIELDS,
  },
  defaultSort: [
    ['year', 'desc'],
    ['orgId', 'asc'],
    ['deptId', 'asc'],
    ['sort', 'asc'],
    ['subject', 'asc'],
  ],
  approval: {
    kind: 'budgetfill',
    field: 'approveStatus',
    start: {
      by: 'state',
      code: 'budgetfill_add',
      processKey: 'BudgetFill',
      decide: BUDGETFILL_APPROVE,
      undo: BUDGETFILL_UNAPPROVE,
    },
    stamps: {
      sent: { user: 'submitUser', time: 'submitTime' },
      decided: { user: 'approveUser', time: 'approveTime', opinion: 'approveOpinion' },
    },
    status: { running: 1, approved: 2, rejected: 3, withdrawn: 0 },
    variables: ['totalAmount'],
    summary: ['title', 'deptId', 'year', 'totalAmount'],
  },
});
