import type { AgingMonth, CashMonth, ProfitMonth } from '../../../shared/contract/api/finance.schemas.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { compact, money, titled, type ChartOption } from './chart-options.ts';

/**
 * What the finance charts draw (issue 35), from the figures their endpoints answer (pure: tested without a canvas);
 * each undefined when there is nothing to draw.
 */

const periodsOf = (rows: ReadonlyArray<{ period: string }>) => [...new Set(rows.map((row) => row.period))].sort();

/**
 * 财务统计: each company's revenue and cost as bars a month, its net profit as a line, companies side by side (the
 * series named `公司 营业收入`).
 */
export function profitOption(
  rows: readonly ProfitMonth[],
  look: { lang: Lang; title: string; names: { revenue: string; cost: string; netProfit: string } },
): ChartOption | undefined {
  if (!rows.length) return undefined;
  const periods = periodsOf(rows);
  const companies = [...new Map(rows.map((row) => [row.orgId, row.orgName])).entries()];
  const valueOf = (orgId: string, figure: 'revenue' | 'cost' | 'netProfit') =>
    periods.map((period) => rows.find((row) => row.orgId === orgId && row.period === period)?.[figure] ?? null);
  return {
    title: titled(look.title),
    legend: { top: 24, left: 0, type: 'scroll' },
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 8, top: 64, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: periods },
    yAxis: { type: 'value', axisLabel: { formatter: compact(look.lang) } },
    series: companies.flatMap(([orgId, orgName]) => [
      {
        type: 'bar' as const,
        name: `${orgName} ${look.names.revenue}`,
        data: valueOf(orgId, 'revenue'),
        tooltip: { valueFormatter: money },
      },
      {
        type: 'bar' as const,
        name: `${orgName} ${look.names.cost}`,
        data: valueOf(orgId, 'cost'),
        tooltip: { valueFormatter: money },
      },
      {
        type: 'line' as const,
        name: `${orgName} ${look.names.netProfit}`,
        data: valueOf(orgId, 'netProfit'),
        tooltip: { valueFormatter: money },
      },
    ]),
  };
}

/** The aging buckets in the order they stack, not yet due first, and their colours: green through to deep red. */
export const AGING_FIELDS = [
  'notDueAmount',
  'overdue1to30',
  'overdue31to60',
  'overdue61to90',
  'overdue91to180',
  'overdue181to365',
  'overdueOver365',
] as const;
const AGING_COLOURS = ['#52c41a', '#fadb14', '#faad14', '#fa8c16', '#fa541c', '#f5222d', '#a8071a'];

/** 逾期统计: each statement month's receivables as one bar, stacked by bucket. */
export function agingOption(
  rows: readonly AgingMonth[],
  look: { lang: Lang; title: string; names: Readonly<Record<(typeof AGING_FIELDS)[number], string>> },
): ChartOption | undefined {
  if (!rows.some((row) => AGING_FIELDS.some((field) => row[field] !== 0))) return undefined;
  return {
    title: titled(look.title),
    legend: { top: 24, left: 0, type: 'scroll' },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 8, top: 64, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: rows.map((row) => row.statMonth) },
    yAxis: { type: 'value', axisLabel: { formatter: compact(look.lang) } },
    series: AGING_FIELDS.map((field, i) => ({
      type: 'bar' as const,
      stack: 'aging',
      name: look.names[field],
      color: AGING_COLOURS[i],
      data: rows.map((row) => row[field]),
      tooltip: { valueFormatter: money },
    })),
  };
}

/** 收支流水: receipts and payments as bars a month, the net as a line. */
export function cashOption(
  rows: readonly CashMonth[],
  look: {
    lang: Lang;
    title: string;
    names: { receipts: string; payments: string; net: string };
    colors: { receipts: string; payments: string; net: string };
  },
): ChartOption | undefined {
  if (!rows.length) return undefined;
  const series = (key: 'receipts' | 'payments' | 'net', type: 'bar' | 'line') => ({
    type,
    name: look.names[key],
    color: look.colors[key],
    data: rows.map((row) => row[key]),
    tooltip: { valueFormatter: money },
  });
  return {
    title: titled(look.title),
    legend: { top: 0, right: 0 },
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 8, top: 48, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: rows.map((row) => row.period) },
    yAxis: { type: 'value', axisLabel: { formatter: compact(look.lang) } },
    series: [series('receipts', 'bar'), series('payments', 'bar'), series('net', 'line')] as ChartOption['series'],
  };
}
