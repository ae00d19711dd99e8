import { downloadFile } from '../../../client/download.ts';
import { getData, postData } from '../../../client/http.ts';
import * as report from '../../../shared/entities/report/report.ts';
import type { ReportDefinition, ReportResult, ReportView } from '../../../shared/entities/report/report.ts';

export interface ReportRow {
  id: string;
  name: string;
  createTime: string;
  updateTime: string;
}
export type ReportDetail = ReportRow & { definition: ReportDefinition };
type Values = Record<string, string | null>;

export const REPORTS_KEY = ['report', 'list'];

export const listReports = (query: { current: number; size: number; name?: string }) =>
  getData<{ records: ReportRow[]; total: number }>(report.REPORT_LIST_URL, query);
export const reportDetail = (id: string) => getData<ReportDetail>(report.REPORT_DETAIL_URL, { id });
export const reportViews = () => getData<ReportView[]>(report.REPORT_VIEWS_URL);
export const removeReports = (ids: readonly string[]) =>
  postData<null>(report.REPORT_REMOVE_URL, undefined, { ids: ids.join(',') });
export const saveReport = (body: { id?: string; name: string; definition: ReportDefinition }) =>
  postData<ReportRow>(report.REPORT_SUBMIT_URL, body);
export const runSaved = (id: string, params: Values) => postData<ReportResult>(report.REPORT_RUN_URL, { id, params });
export const runPreview = (definition: ReportDefinition, params: Values) =>
  postData<ReportResult>(report.REPORT_RUN_URL, { definition, params });
export const exportReport = (id: string, params: Values) =>
  downloadFile(report.REPORT_EXPORT_URL, { id, params: JSON.stringify(params) });
