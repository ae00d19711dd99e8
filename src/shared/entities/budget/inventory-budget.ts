import { defineEntity, type FieldDef } from '../define.ts';
import { productRowFields } from '../product-row.ts';

/** Month-end inventory values: never negative (budget.md §5.5); blank saves as 0. */
const VALUE = {
  type: 'money',
  default: 0,
  form: true,
  pattern: { regex: '^[^-]', message: { zh: '存货预算不能为负数', en: 'An inventory budget cannot be negative' } },
} as const satisfies Omit<FieldDef, 'label'>;

const row = productRowFields(
  {
    amount: { zh: '预算', en: 'Budget' },
    actual: { zh: '实际', en: 'Actual' },
    value: VALUE,
    totals: {
      amount: { zh: '预算合计', en: 'Budget total' },
      actual: { zh: '实际合计', en: 'Actual total' },
      finish: { zh: '完成率', en: 'Completion' },
    },
    // Worked out in SQL by the rows' read (modules/budget/inventory-budget.queries.ts), over the searched months.
    finish: { byModule: true },
  },
  {},
);

/** The row's key, set when it is added: `batchupdate` refuses a change (`年度、公司、零件号不能修改`). */
const keyed = (field: FieldDef): FieldDef => ({ ...field, fixed: true });

/**
 * 存货预算 (domain/budget.md §5.5): the month-end inventory value budget of a company by customer, project and part
 * (the product row of §2), against the actual month-end value finance enters. No generic routes: the grid reads
 * `statlist` and `totalstat` and writes through `batchsave` / `batchupdate` / `batchcopy`
 * (modules/budget/inventory-budget.routes.ts); nothing is deleted, a row entered by mistake is zeroed.
 */
export const inventoryBudget = defineEntity({
  name: 'inventorybudget',
  service: 'blade-system',
  table: 'erp_inventory_budget',
  label: { zh: '存货预算', en: 'Inventory budget' },
  code: 'inventorybudget',
  tenant: true,
  audit: true,
  dataScope: true,
  moduleRoutes: ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'],
  fields: {
    ...row,
    year: keyed(row.year),
    orgId: keyed(row.orgId),
    productId: keyed(row.productId),
    productNo: keyed(row.productNo),
    avgAmount: {
      type: 'money',
      list: true,
      form: true,
      label: { zh: '月均预算', en: 'Monthly average budget' },
      derive: { byModule: true },
    },
    avgActual: {
      type: 'money',
      list: true,
      form: true,
      label: { zh: '月均实际', en: 'Monthly average actual' },
      derive: { byModule: true },
    },
  },
  defaultSort: [
    ['orgId', 'asc'],
    ['customerName', 'asc'],
    ['project', 'asc'],
    ['productNo', 'asc'],
  ],
});
