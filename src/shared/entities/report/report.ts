/**
 * Reports (contract develop-report.md §4, blade_report_file): a saved read-only query over the report views, its
 * parameters a form, its result a table with subtotals and a chart. The definition travels as JSON and is stored in
 * the row's `content`; the server checks it (modules/report/report-definition.ts) and runs it (report-run.ts).
 */

/** Menu and button codes (menus of modules/report/manifest.ts). */
export const REPORT_LIST = 'report_list';
export const REPORT_SETTING = 'report_setting';
export const REPORT_DESIGN = 'report_setting_design';
export const REPORT_RUN = 'report_list_run';
export const REPORT_EXPORT = 'report_list_export';
export const REPORT_DELETE = 'report_list_delete';

export const REPORT_API = '/api/blade-report/report/rest';
export const REPORT_LIST_URL = `${REPORT_API}/list`;
export const REPORT_DETAIL_URL = `${REPORT_API}/detail`;
export const REPORT_REMOVE_URL = `${REPORT_API}/remove`;
export const REPORT_SUBMIT_URL = `${REPORT_API}/submit`;
export const REPORT_RUN_URL = `${REPORT_API}/run`;
export const REPORT_EXPORT_URL = `${REPORT_API}/export`;
export const REPORT_VIEWS_URL = `${REPORT_API}/views`;

export const PARAM_TYPES = ['text', 'number', 'date', 'dict'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];
export const CHART_TYPES = ['none', 'bar', 'line', 'pie', 'stacked'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export interface ReportParam {
  /** Written `:name` in the query. */
  name: string;
  label: string;
  type: ParamType;
  /** A dictionary code, for `dict`. */
  dict?: string;
  default?: string;
  required?: boolean;
}

export interface ReportColumn {
  field: string;
  label: string;
}

export interface ReportDefinition {
  sql: string;
  params: ReportParam[];
  /** Labels of the result's columns, in order; a column not listed shows under its own name. */
  columns: ReportColumn[];
  /** Subtotals: rows grouped by this column, the `sums` columns added up per group and in all. */
  groupBy?: string;
  sums: string[];
  chart: { type: ChartType; x?: string; y: string[] };
}

/** What a run answers. */
export interface ReportResult {
  columns: ReportColumn[];
  rows: Array<Record<string, string | number | null>>;
  subtotals: Array<{ group: string; count: number; sums: Record<string, number> }>;
  total: { count: number; sums: Record<string, number> };
  /** More rows matched than a run returns (REPORT_ROW_CAP). */
  truncated: boolean;
}

export const REPORT_ROW_CAP = 5000;

export interface ReportView {
  name: string;
  columns: Array<{ name: string; type: string }>;
}
