import { defineEntity } from '../define.ts';
import { COMPANY_FIELD, finishRate, monthFields, monthSum, yearField } from '../month-row.ts';

/** Plan statuses (`plan_status`): 0 草稿, 1 已下达, 2 已关闭 (domain/production.md § prodplane). */
export const PLAN_STATUS = { draft: '0', released: '1', closed: '2' } as const;

/** A month's planned or actual output: pieces, never negative; blank saves as 0. */
const QUANTITY = { type: 'money', default: 0, range: { min: 0 }, form: true } as const;

/** The button code that releases a plan and takes a released one back to draft. */
export const PLAN_RELEASE = 'prodplane_release';

/** What a released plan still takes: like an approved budget (budget.md §5.2), actual output keeps coming in. */
const OPEN_WHEN_RELEASED = [...Array.from({ length: 12 }, (_, i) => `actual${i + 1}`), 'remark'];

/**
 * 生产计划 (domain/production.md § prodplane): a company's yearly plan of one part, planned and actual output per
 * month, in the product-row shape of budget.md §2. Lists add `totalFinish`; the list's month range (`searchMonth`)
 * narrows the totals it returns (modules/production/prodplane.service.ts). A plan starts as a draft; releasing it and
 * taking it back need `prodplane_release`; a released plan takes actuals and remarks only; a closed one nothing, and it
 * stays.
 */
export const prodplane = defineEntity({
  name: 'prodplane',
  service: 'blade-system',
  table: 'erp_prod_plan',
  label: { zh: '生产计划', en: 'Production plan' },
  code: 'prodplane',
  tenant: true,
  audit: true,
  dataScope: true,
  keyword: ['productNo', 'productName'],
  moduleRoutes: ['list', 'page'],
  states: {
    field: 'planStatus',
    initial: [PLAN_STATUS.draft],
    next: {
      [PLAN_STATUS.draft]: [PLAN_STATUS.released],
      [PLAN_STATUS.released]: [PLAN_STATUS.draft, PLAN_STATUS.closed],
    },
    needs: { '0>1': PLAN_RELEASE, '1>0': PLAN_RELEASE },
    frozen: {
      [PLAN_STATUS.released]: {
        open: OPEN_WHEN_RELEASED,
        message: {
          zh: '已下达的计划只能修改实际数量和备注',
          en: 'A released plan only takes actual output and remarks',
        },
      },
      [PLAN_STATUS.closed]: { message: { zh: '已关闭的计划不能修改', en: 'A closed plan cannot be changed' } },
    },
    kept: { [PLAN_STATUS.closed]: { zh: '已关闭的计划不能删除', en: 'A closed plan cannot be deleted' } },
  },
  fields: {
    year: yearField({ zh: '年度', en: 'Year' }),
    orgId: COMPANY_FIELD,
    productId: {
      type: 'id',
      nullable: true,
      ref: 'product',
      // The part's number, not `productName`: that key is the plan's own part name.
      shows: 'linkedProductNo',
      form: true,
      label: { zh: '关联物料', en: 'Linked product' },
    },
    productNo: {
      type: 'string',
      max: 64,
      unique: {
        scope: ['year', 'orgId'],
        message: { zh: '该公司本年度已存在此零件号', en: 'The company already plans this part number for the year' },
      },
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
    lineId: {
      type: 'id',
      nullable: true,
      ref: 'line',
      within: {
        match: { orgId: 'orgId' },
        message: { zh: '产线不属于所选公司', en: 'The line does not belong to the selected company' },
      },
      form: true,
      label: { zh: '计划产线', en: 'Planned line' },
    },
    planStatus: {
      type: 'string',
      max: 32,
      bizDict: 'plan_status',
      default: '0',
      list: true,
      form: true,
      filter: true,
      label: { zh: '计划状态', en: 'Plan status' },
      required: true,
    },
    // Before the months: ten fields in the form's two columns, then each month's plan and actual side by side.
    remark: { type: 'string', max: 255, form: true, label: { zh: '备注', en: 'Remarks' } },
    ...monthFields([
      { prefix: 'amount', label: { zh: '计划', en: 'Plan' }, field: QUANTITY },
      { prefix: 'actual', label: { zh: '实际', en: 'Actual' }, field: QUANTITY },
    ]),
    totalAmount: {
      type: 'money',
      list: true,
      form: true,
      label: { zh: '计划合计', en: 'Plan total' },
      derive: { compute: (row) => monthSum(row, 'amount') },
    },
    totalActual: {
      type: 'money',
      list: true,
      form: true,
      label: { zh: '实际合计', en: 'Actual total' },
      derive: { compute: (row) => monthSum(row, 'actual') },
    },
    // Read, not stored (production.md): worked out on every read, like the values of today (the date unused).
    totalFinish: {
      type: 'decimal',
      percent: true,
      list: true,
      form: true,
      label: { zh: '达成率', en: 'Attainment' },
      derive: { today: (row) => finishRate(row.totalActual, row.totalAmount) },
    },
  },
  defaultSort: [
    ['year', 'desc'],
    ['orgId', 'asc'],
    ['productNo', 'asc'],
  ],
});
