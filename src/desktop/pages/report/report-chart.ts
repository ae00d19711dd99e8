import type { EChartsCoreOption } from 'echarts/core';
import type { ReportDefinition, ReportResult } from '../../../shared/entities/report/report.ts';

/** The design's chart over a run's rows: categories from `x`, one series per `y` column (a pie: the first). */
export function reportChartOption(
  chart: ReportDefinition['chart'],
  result: ReportResult | undefined,
): EChartsCoreOption | undefined {
  if (!result || chart.type === 'none' || !chart.x || !chart.y.length || !result.rows.length) return undefined;
  const label = (field: string) => result.columns.find((c) => c.field === field)?.label ?? field;
  const categories = result.rows.map((row) => String(row[chart.x!] ?? ''));
  const values = (field: string) => result.rows.map((row) => Number(row[field]) || 0);
  if (chart.type === 'pie') {
    const field = chart.y[0]!;
    return {
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          name: label(field),
          radius: '65%',
          data: categories.map((name, i) => ({ name, value: values(field)[i] })),
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: chart.y.map(label) },
    grid: { left: 60, right: 20, bottom: 40, top: 40 },
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value' },
    series: chart.y.map((field) => ({
      type: chart.type === 'line' ? 'line' : 'bar',
      name: label(field),
      stack: chart.type === 'stacked' ? 'total' : undefined,
      data: values(field),
    })),
  };
}
