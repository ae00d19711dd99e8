import { useMemo } from 'react';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HomeChart } from '../../../client/api/home.ts';
import { monthLabel } from '../../../shared/entities/month-row.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { Chart } from '../../components/charts/Chart.tsx';
import { compact, type ChartOption } from '../../components/charts/chart-options.ts';

/** An axis label as people read it: a month `yyyy-MM` by its name, a day `yyyy-MM-dd` as `MM-dd`. */
function axisLabel(label: string, lang: Lang): string {
  if (/^\d{4}-\d{2}$/.test(label)) return monthLabel(Number(label.slice(5)))[lang];
  return /^\d{4}-\d{2}-\d{2}$/.test(label) ? label.slice(5) : label;
}

function optionOf(chart: HomeChart, lang: Lang, name: (key: string) => string): ChartOption {
  return {
    legend: { top: 0, right: 0 },
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 8, top: 32, bottom: 8 },
    xAxis: { type: 'category', data: chart.labels.map((label) => axisLabel(label, lang)) },
    yAxis: { type: 'value', axisLabel: { formatter: compact(lang) } },
    series: chart.series.map((series) =>
      chart.kind === 'line'
        ? { type: 'line', name: name(series.key), data: series.values }
        : { type: 'bar', name: name(series.key), data: series.values },
    ),
  };
}

/**
 * The home page's charts, one card each (finance's expenses, the warehouse's movements, the caller's approvals), in
 * their own chunk: only a caller the server drew a chart for loads it, and echarts with it (Chart.tsx).
 */
export default function HomeCharts({ charts }: { charts: readonly HomeChart[] }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const options = useMemo(
    () => charts.map((chart) => optionOf(chart, lang, (key) => t(`desk.home.series.${key}`))),
    [charts, lang, t],
  );
  return (
    <Row gutter={[16, 16]} className="tenon-home-charts">
      {charts.map((chart, index) => (
        <Col key={chart.key} xs={24} xl={charts.length > 1 ? 12 : 24}>
          <Card size="small" title={t(`desk.home.chartTitles.${chart.key}`)} data-chart={chart.key}>
            <Chart option={options[index]} label={t(`desk.home.chartTitles.${chart.key}`)} height={260} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
