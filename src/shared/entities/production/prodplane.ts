import { defineEntity } from '../define.ts';
import { finishRate } from '../month-row.ts';
import { productRowFields } from '../product-row.ts';

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
 * narrows the totals it returns (platform/product-row.ts). A plan starts as a draft; releasing it and
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
  fields: productRowFields(
    {
      amount: { zh: '计划', en: 'Plan' },
      actual: { zh: '实际', en: 'Actual' },
      value: QUANTITY,
      totals: {
        amount: { zh: '计划合计', en: 'Plan total' },
        actual: { zh: '实际合计', en: 'Actual total' },
        finish: { zh: '达成率', en: 'Attainment' },
      },
      // Read, not stored (production.md): worked out on every read, like the values of today (the date unused).
      finish: { today: (row) => finishRate(row.totalActual, row.totalAmount) },
    },
    {
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
    },
  ),
  defaultSort: [
    ['year', 'desc'],
    ['orgId', 'asc'],
    ['productNo', 'asc'],
  ],
});
