import type { ReportDefinition } from '../../../shared/entities/report/report.ts';
import type { Db } from '../../db/connect.ts';
import { nextId } from '../../platform/ids.ts';
import { demoAudit } from '../system/demo/figures.ts';

const TENANT = '000000';
const year = (): ReportDefinition['params'][number] => ({
  name: 'year',
  label: '年度',
  type: 'number',
  default: String(new Date().getFullYear()),
  required: true,
});

/** A report as written here: its columns as [field, label] pairs. */
type DemoReport = Omit<ReportDefinition, 'columns'> & {
  columns: ReadonlyArray<readonly [field: string, label: string]>;
};

/** Five reports over budgets, stock, production and the books, for the demo tenant. */
const REPORTS: ReadonlyArray<[name: string, definition: DemoReport]> = [
  [
    '部门预算执行',
    {
      sql: `select dept_name, budget_type, subject, total_amount, total_actual
from report_budget_execution where year = :year order by dept_name, subject`,
      params: [year()],
      columns: [
        ['dept_name', '部门'],
        ['budget_type', '预算类型'],
        ['subject', '科目'],
        ['total_amount', '预算金额'],
        ['total_actual', '实际金额'],
      ],
      groupBy: 'dept_name',
      sums: ['total_amount', 'total_actual'],
      chart: { type: 'bar', x: 'dept_name', y: ['total_amount', 'total_actual'] },
    },
  ],
  [
    '月度预算与实际',
    {
      sql: `select month, sum(amount) as amount, sum(actual) as actual
from report_budget_months where year = :year group by month order by month`,
      params: [year()],
      columns: [
        ['month', '月份'],
        ['amount', '预算'],
        ['actual', '实际'],
      ],
      sums: ['amount', 'actual'],
      chart: { type: 'line', x: 'month', y: ['amount', 'actual'] },
    },
  ],
  [
    '库存金额分布',
    {
      sql: `select warehouse, product_no, product_name, qty, amount
from report_stock where (:warehouse::text is null or warehouse = :warehouse) order by warehouse, amount desc`,
      params: [{ name: 'warehouse', label: '仓库', type: 'text' }],
      columns: [
        ['warehouse', '仓库'],
        ['product_no', '料号'],
        ['product_name', '品名'],
        ['qty', '数量'],
        ['amount', '金额'],
      ],
      groupBy: 'warehouse',
      sums: ['qty', 'amount'],
      chart: { type: 'pie', x: 'warehouse', y: ['amount'] },
    },
  ],
  [
    '生产计划完成',
    {
      sql: `select customer_name, product_no, product_name, planned_qty, actual_qty
from report_production_orders where year = :year order by customer_name, product_no`,
      params: [year()],
      columns: [
        ['customer_name', '客户'],
        ['product_no', '料号'],
        ['product_name', '品名'],
        ['planned_qty', '计划数量'],
        ['actual_qty', '实际数量'],
      ],
      groupBy: 'customer_name',
      sums: ['planned_qty', 'actual_qty'],
      chart: { type: 'stacked', x: 'customer_name', y: ['planned_qty', 'actual_qty'] },
    },
  ],
  [
    '科目发生额',
    {
      sql: `select subject_code, subject_name, sum(debit_amount) as debit, sum(credit_amount) as credit
from report_ledger_lines where year = :year and (:month::int is null or month = :month)
group by subject_code, subject_name order by subject_code`,
      params: [year(), { name: 'month', label: '月份', type: 'number' }],
      columns: [
        ['subject_code', '科目编码'],
        ['subject_name', '科目名称'],
        ['debit', '借方'],
        ['credit', '贷方'],
      ],
      sums: ['debit', 'credit'],
      chart: { type: 'bar', x: 'subject_name', y: ['debit', 'credit'] },
    },
  ],
];

export async function seedReportDemo(db: Db): Promise<string[]> {
  const existing = await db
    .selectFrom('blade_report_file')
    .select('name')
    .where('tenant_id', '=', TENANT)
    .where('is_deleted', '=', 0)
    .execute();
  const have = new Set(existing.map((r) => r.name));
  const rows = REPORTS.filter(([name]) => !have.has(name)).map(([name, definition]) => ({
    id: nextId(),
    tenant_id: TENANT,
    name,
    content: JSON.stringify({
      ...definition,
      columns: definition.columns.map(([field, label]) => ({ field, label })),
    } satisfies ReportDefinition),
    ...demoAudit(),
  }));
  if (rows.length) await db.insertInto('blade_report_file').values(rows).execute();
  return rows.length ? [`报表 ${rows.length}`] : [];
}
