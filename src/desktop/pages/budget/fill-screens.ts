import { createElement } from 'react';
import { getData } from '../../../client/http.ts';
import { lazyPage } from '../../../client/lazy.ts';
import type { MonthlySums } from '../../components/charts/chart-options.ts';
import { withData, type Screens } from '../screens.ts';
import { budgetData } from './budget-data.ts';
import type { BudgetRowList } from './budget-queries.ts';
import type { GridRow, MonthlyGridConfig } from '../../components/grid/MonthlyGrid.tsx';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { ApprovalAction } from './ApprovalButtons.tsx';

type BudgetFillModule = typeof import('../../../shared/entities/budget/budget-fill.ts');
const budgetFill = async (): Promise<BudgetFillModule> =>
  await import('../../../shared/entities/budget/budget-fill.ts');
const budgetFillEntity = async () => (await budgetFill()).budgetFill;
const budgetSituation = async () => await import('../../../shared/entities/budget/budget-situation.ts');
const expenseSituation = async () =>
  (await import('../../../shared/entities/budget/expense-situation.ts')).expenseSituation;

/** 预算填报's list: `list` (the entity has no `page`) and the 合计 row of `stat`. */
const FILL_LIST: BudgetRowList = { listAction: 'list', stat: true };

/** 预算填报's toolbar (menus.md), its codes from the definition (loaded with the page, not with the screen table). */
const fillActions = (codes: BudgetFillModule): ApprovalAction[] => [
  { action: 'submit', code: codes.BUDGETFILL_SUBMIT, label: 'crud.approval.submit' },
  { action: 'withdraw', code: codes.BUDGETFILL_WITHDRAW, label: 'crud.approval.withdraw' },
  { action: 'approve', code: codes.BUDGETFILL_APPROVE, label: 'crud.approval.approve', opinion: 'optional' },
  { action: 'reject', code: codes.BUDGETFILL_REJECT, label: 'crud.approval.reject', opinion: 'required', danger: true },
  { action: 'unapprove', code: codes.BUDGETFILL_UNAPPROVE, label: 'crud.approval.unapprove', danger: true },
];

/** The department, budget type and state beside the account and caption (they scroll; the account stays). */
const withLineColumns =
  (entity: EntityDef, amountsOnly: boolean) =>
  (config: MonthlyGridConfig): MonthlyGridConfig => ({
    ...config,
    captions: [
      ...config.captions,
      { key: 'deptName', label: entity.fields.deptId.label, width: 110, scrolls: true },
      { key: 'budgetTypeName', label: entity.fields.budgetType.label, width: 110, scrolls: true },
      { key: 'approveStatusName', label: entity.fields.approveStatus.label, width: 90, scrolls: true },
    ],
    // budgetfill shows the budget of each month and of the year alone (budget.md §1).
    months: amountsOnly ? config.months.filter((column) => column.key === 'amount') : config.months,
  });

const situationScreen = (labour: boolean) =>
  lazyPage(async () => {
    const [{ BudgetRowPage }, { withPostTitle }, situation, { APPROVE_STATUS, LABOUR_BUDGET }] = await Promise.all([
      import('./BudgetRowPage.tsx'),
      import('./post-title.tsx'),
      budgetSituation(),
      budgetFill(),
    ]);
    const entity = situation.budgetSituation;
    const postTitle = withPostTitle(entity, LABOUR_BUDGET);
    const actions: ApprovalAction[] = [
      { action: 'approve', code: situation.BUDGETSITUATION_APPROVE, label: 'crud.approval.approve' },
    ];
    return {
      default: function BudgetSituationScreen() {
        return createElement(BudgetRowPage, {
          entity,
          grid: (config) => postTitle(withLineColumns(entity, false)(config)),
          stat: true,
          // The chart draws what the 合计 row sums: the stat of every filtered row.
          chartSums: (query: Record<string, string | number>) =>
            getData<MonthlySums>(`/api/${entity.service}/${entity.name}/stat`, query),
          dimension: !labour,
          ...(labour ? { fixed: { budgetType_equal: LABOUR_BUDGET }, preset: { budgetType: LABOUR_BUDGET } } : {}),
          approval: { actions, body: (ids) => ({ ids }) },
          // Approved: the budget side (a labour row's post too) is frozen, finance keeps entering actuals (§5.2).
          open: (row: GridRow) =>
            row.approveStatus === APPROVE_STATUS.approved ? ['actual'] : ['amount', 'actual', 'title'],
        });
      },
    };
  });

/** 预算填报, 预算执行情况, 人工预算执行 and 费用预算执行 (budget.md §6). */
export const budgetFillScreens: Screens = {
  '/budget/budgetfill': withData(
    lazyPage(async () => {
      const [{ BudgetRowPage }, { withPostTitle }, fill] = await Promise.all([
        import('./BudgetRowPage.tsx'),
        import('./post-title.tsx'),
        budgetFill(),
      ]);
      const { budgetFill: entity, APPROVE_STATUS, LABOUR_BUDGET } = fill;
      const actions = fillActions(fill);
      const editable: string[] = [APPROVE_STATUS.draft, APPROVE_STATUS.rejected];
      const postTitle = withPostTitle(entity, LABOUR_BUDGET);
      return {
        default: function BudgetFillScreen() {
          return createElement(BudgetRowPage, {
            entity,
            grid: (config) => postTitle(withLineColumns(entity, true)(config)),
            ...FILL_LIST,
            approval: { actions, body: (ids, action, opinion) => ({ ids, action, opinion }) },
            // A submitted or approved line is locked (已提交或已审核的预算不能修改).
            open: (row: GridRow) => (editable.includes(String(row.approveStatus)) ? ['amount', 'title'] : []),
            rowMenu: { view: false, delete: false, fromList: true },
          });
        },
      };
    }),
    budgetData(budgetFillEntity, FILL_LIST),
    budgetFillEntity,
  ),
  '/budget/budgetsituation': situationScreen(false),
  '/budget/labourbudget': situationScreen(true),
  '/budget/expensesituation': withData(
    lazyPage(async () => {
      const [{ BudgetRowPage }, { listMonthlySums }, entity] = await Promise.all([
        import('./BudgetRowPage.tsx'),
        import('../../components/charts/BudgetCharts.tsx'),
        expenseSituation(),
      ]);
      return {
        default: function ExpenseSituationScreen() {
          return createElement(BudgetRowPage, {
            entity,
            // The department and expense type beside the account; the year's claims after the full year, to compare
            // with its actuals. The 合计 row and the chart are the list's `sum` (every filtered row).
            grid: (config) => ({
              ...config,
              captions: [
                ...config.captions,
                { key: 'deptName', label: entity.fields.deptId.label, width: 110, scrolls: true },
                { key: 'expenseTypeName', label: entity.fields.expenseType.label, width: 100, scrolls: true },
              ],
              trailing: [{ key: 'claimTotal', field: 'claimTotal', label: entity.fields.claimTotal.label }],
            }),
            chartSums: (query: Record<string, string | number>) => listMonthlySums(entity, query),
          });
        },
      };
    }),
    budgetData(expenseSituation),
    expenseSituation,
  ),
};
