import { createElement } from 'react';
import { postData } from '../../../client/http.ts';
import { lazyPage } from '../../../client/lazy.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { MonthlyGridConfig } from '../../components/grid/MonthlyGrid.tsx';
import { BUDGET_MONTHS, fullYearTotals } from '../../components/grid/monthly-grid.ts';
import { withData, type Screens } from '../screens.ts';
import { budgetData } from './budget-data.ts';
import type { BudgetRowList } from './budget-queries.ts';
import type { StatGroup } from './StatListPage.tsx';

const inventoryBudget = async () =>
  (await import('../../../shared/entities/budget/inventory-budget.ts')).inventoryBudget;

/** The grid reads `statlist` a page at a time (the entity has no generic list), its 合计 from `totalstat`. */
const ROWS: BudgetRowList = { listAction: 'statlist', stat: 'totalstat', dimension: 'plain' };

/**
 * The product row's grid (budget.md §2): company, customer, project, part number and name, unit fixed on the left; a
 * month's 预算 and 实际; the totals with their completion and the monthly averages.
 */
const productGrid = (entity: EntityDef): MonthlyGridConfig => {
  const { fields } = entity;
  const totals = fullYearTotals(fields);
  return {
    captions: [
      { key: 'orgName', label: fields.orgId.label, width: 110 },
      { key: 'customerName', label: fields.customerName.label, width: 110 },
      { key: 'project', label: fields.project.label, width: 90 },
      { key: 'productNo', label: fields.productNo.label, width: 120 },
      { key: 'productName', label: fields.productName.label, width: 120 },
      { key: 'unit', label: fields.unit.label, width: 80 },
    ],
    months: BUDGET_MONTHS.filter((column) => 'prefix' in column),
    totals: {
      ...totals,
      columns: [
        ...totals.columns,
        { key: 'avgAmount', field: 'avgAmount', label: fields.avgAmount.label, width: 120 },
        { key: 'avgActual', field: 'avgActual', label: fields.avgActual.label, width: 120 },
      ],
    },
  };
};

/** 存货预算汇总's groupings (`statlist?groupBy=`). */
const GROUPS: StatGroup[] = [
  { value: 'org', label: { zh: '按公司', en: 'By company' } },
  { value: 'customer', label: { zh: '按客户', en: 'By customer' } },
  { value: 'project', label: { zh: '按项目', en: 'By project' } },
];

/** 存货预算 and 存货预算汇总 (budget.md §5.5, §6). */
export const inventoryBudgetScreens: Screens = {
  // The rows of `statlist` and the 合计 of `totalstat`; added, edited and copied through the batches, never deleted.
  '/budget/inventorybudget': withData(
    lazyPage(async () => {
      const [{ BudgetRowPage }, entity] = await Promise.all([import('./BudgetRowPage.tsx'), inventoryBudget()]);
      const base = `/api/${entity.service}/${entity.name}`;
      return {
        default: function InventoryBudgetScreen() {
          return createElement(BudgetRowPage, {
            entity,
            columns: productGrid(entity),
            ...ROWS,
            hideEmpty: true,
            writes: {
              add: (row) => postData(`${base}/batchsave`, [row]),
              edit: (row) => postData(`${base}/batchupdate`, [row]),
            },
            rowMenu: { view: true, delete: false, fromList: true },
          });
        },
      };
    }),
    budgetData(inventoryBudget, ROWS),
    inventoryBudget,
  ),
  // The read-only summary (§1.4): the group's name in the title column, its key in the subject column.
  '/budget/inventorybudgetstat': lazyPage(async () => {
    const [{ StatListPage }, entity] = await Promise.all([import('./StatListPage.tsx'), inventoryBudget()]);
    const config: MonthlyGridConfig = {
      captions: [
        { key: 'groupKey', label: { zh: '分组', en: 'Group' }, width: 100 },
        { key: 'groupName', label: { zh: '名称', en: 'Name' }, width: 140 },
      ],
      months: BUDGET_MONTHS,
      totals: fullYearTotals(entity.fields),
    };
    return {
      default: function InventoryBudgetSummaryScreen() {
        return createElement(StatListPage, { entity, config, groups: GROUPS });
      },
    };
  }),
};
