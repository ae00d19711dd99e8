import { useMemo } from 'react';
import { Alert, Button, Space, Table, Typography } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { useTenantName } from '../../../client/queries.ts';
import { REPORT_ROW_CAP, type ReportDefinition, type ReportResult } from '../../../shared/entities/report/report.ts';
import { Chart } from '../../components/charts/Chart.tsx';
import { reportChartOption } from './report-chart.ts';

// The print layout: only the report (its company header, table and chart) goes on paper.
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  .report-print, .report-print * { visibility: visible; }
  .report-print { position: absolute; left: 0; top: 0; width: 100%; }
  .report-print .report-no-print { display: none; }
  .report-print .report-print-only { display: block !important; }
}`;

type Row = ReportResult['rows'][number];

/**
 * A run's result: the company header (shown on paper), the table with each group's subtotal after its rows and the
 * total last, the design's chart, and the print and export buttons.
 */
export function ReportResultView({
  title,
  definition,
  result,
  onExport,
}: {
  title: string;
  definition: ReportDefinition;
  result: ReportResult;
  onExport?: () => void;
}) {
  const { t } = useTranslation();
  const company = useTenantName();
  const option = useMemo(() => reportChartOption(definition.chart, result), [definition.chart, result]);
  const by = definition.groupBy;
  const rows = useMemo(() => withSubtotals(result, by, t('report.subtotal'), t('report.total')), [result, by, t]);
  const columns = result.columns.map((c) => ({
    title: c.label,
    dataIndex: c.field,
    key: c.field,
    align: result.total.sums[c.field] !== undefined ? ('right' as const) : undefined,
  }));
  return (
    <div className="report-print">
      <style>{PRINT_CSS}</style>
      <div className="report-print-only" style={{ display: 'none', textAlign: 'center', marginBottom: 12 }}>
        <Typography.Title level={4}>{company}</Typography.Title>
        <Typography.Title level={5}>{title}</Typography.Title>
        <div>
          {t('report.printedAt')}: {formatDateTime()}
        </div>
      </div>
      <Space className="report-no-print" style={{ marginBottom: 8 }}>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('report.print')}
        </Button>
        {onExport && (
          <Button icon={<DownloadOutlined />} onClick={onExport}>
            {t('report.export')}
          </Button>
        )}
        <span>{t('report.rows', { count: result.rows.length })}</span>
      </Space>
      {result.truncated && (
        <Alert
          type="warning"
          showIcon
          message={t('report.truncated', { cap: REPORT_ROW_CAP })}
          style={{ marginBottom: 8 }}
        />
      )}
      <Table<Row & { key: string }>
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 480 }}
        locale={{ emptyText: t('report.noRows') }}
        rowClassName={(row) => (String(row.key).startsWith('sum') ? 'ant-table-row-selected' : '')}
      />
      {option && (
        <div style={{ marginTop: 16 }}>
          <Chart option={option} label={title} height={320} />
        </div>
      )}
    </div>
  );
}

function withSubtotals(result: ReportResult, by: string | undefined, subtotal: string, total: string) {
  const first = result.columns[0]?.field ?? '';
  const line = (key: string, text: string, sums: Record<string, number>) =>
    ({ key, ...sums, [first]: text }) as Row & {
      key: string;
    };
  const out: Array<Row & { key: string }> = [];
  const groups = new Map(result.subtotals.map((g) => [g.group, g]));
  result.rows.forEach((row, i) => {
    out.push({ ...row, key: `row${i}` });
    const next = result.rows[i + 1];
    if (by && (!next || String(next[by] ?? '') !== String(row[by] ?? ''))) {
      const group = groups.get(String(row[by] ?? ''));
      if (group) out.push(line(`sum${i}`, `${subtotal} ${group.group}`, group.sums));
    }
  });
  if (result.rows.length && Object.keys(result.total.sums).length) out.push(line('sumTotal', total, result.total.sums));
  return out;
}
