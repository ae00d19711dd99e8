import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { formatNumber } from '../../../client/format.ts';
import { finishRate, monthLabel, MONTHS, numberOf } from '../../../shared/entities/month-row.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';

/**
 * What the budget charts draw, worked out from the figures alone (pure: tested without a canvas). Types only from
 * echarts here: echarts itself loads with echarts.ts, when a chart is shown.
 */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>;

/**
 * Σ of each month's budget and actual (`amount1..12`, `actual1..12`) over every row a screen's filters select: a
 * list's sums or the row beside its page (expensesituation's `sum`), or a `stat` endpoint's answer (budgetsituation).
 */
export type MonthlySums = Readonly<Record<string, unknown>>;

export interface MonthlySeries {
  months: string[];
  amounts: number[];
  actuals: number[];
  /** Completion in % (98.76), null where the month has no budget (the zero-budget rule): a gap in the line. */
  finishes: Array<number | null>;
}

/** The months' budgets, actuals and completions, the completion worked out from the sums (never added up). */
export function monthlySeries(sums: MonthlySums, lang: Lang): MonthlySeries {
  return {
    months: MONTHS.map((month) => monthLabel(month)[lang]),
    amounts: MONTHS.map((month) => numberOf(sums[`amount${month}`])),
    actuals: MONTHS.map((month) => numberOf(sums[`actual${month}`])),
    finishes: MONTHS.map((month) => {
      const rate = finishRate(sums[`actual${month}`], sums[`amount${month}`]);
      return rate === null ? null : Math.round(rate * 10_000) / 100;
    }),
  };
}

export const money = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : '-');
const percent = (value: unknown) => (typeof value === 'number' ? `${formatNumber(value)}%` : '-');
/** Axis figures short (3600万, 36M): amounts run to tens of millions. */
export const compact = (lang: Lang) => {
  const format = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'zh-CN', {
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return (value: number) => format.format(value);
};
export const titled = (text: string): TitleComponentOption => ({ text, left: 0, textStyle: { fontSize: 14 } });

/**
 * 预算/实际 bars a month and the 完成率 line on a second axis (%), or undefined when there is nothing to draw (no rows,
 * or every month's budget and actual 0).
 */
export function budgetActualOption(
  sums: MonthlySums | undefined,
  look: {
    lang: Lang;
    title: string;
    names: { budget: string; actual: string; finish: string };
    colors: { budget: string; actual: string; finish: string };
  },
): ChartOption | undefined {
  if (!sums) return undefined;
  const series = monthlySeries(sums, look.lang);
  if (![...series.amounts, ...series.actuals].some((value) => value !== 0)) return undefined;
  const { names, colors } = look;
  return {
    title: titled(look.title),
    legend: { top: 0, right: 0 },
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 8, top: 48, bottom: 8 },
    xAxis: { type: 'category', data: series.months },
    yAxis: [
      { type: 'value', axisLabel: { formatter: compact(look.lang) } },
      { type: 'value', axisLabel: { formatter: '{value}%' }, splitLine: { show: false } },
    ],
    series: [
      {
        type: 'bar',
        name: names.budget,
        color: colors.budget,
        data: series.amounts,
        tooltip: { valueFormatter: money },
      },
      {
        type: 'bar',
        name: names.actual,
        color: colors.actual,
        data: series.actuals,
        tooltip: { valueFormatter: money },
      },
      {
        type: 'line',
        name: names.finish,
        color: colors.finish,
        yAxisIndex: 1,
        data: series.finishes,
        tooltip: { valueFormatter: percent },
      },
    ],
  };
}

/** A summary row's caption: its account and item (`500101 钢材`). */
export const rowCaption = (row: Readonly<Record<string, unknown>>) =>
  [row.subject, row.title].filter((part) => part !== undefined && part !== null && part !== '').join(' ');

/**
 * The `limit` rows that overspent most (`totalDiffer` > 0: actual above budget), largest first; equal ones by caption.
 */
export function topOverspends<T extends Readonly<Record<string, unknown>>>(rows: readonly T[], limit: number): T[] {
  return rows
    .filter((row) => numberOf(row.totalDiffer) > 0)
    .sort(
      (a, b) =>
        numberOf(b.totalDiffer) - numberOf(a.totalDiffer) || rowCaption(a).localeCompare(rowCaption(b), 'zh-CN'),
    )
    .slice(0, limit);
}

/** The largest overspends as horizontal bars, largest on top, or undefined when no row overspent. */
export function overspendOption(
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>,
  look: { lang: Lang; title: string; name: string; color: string; limit: number },
): ChartOption | undefined {
  const top = topOverspends(rows, look.limit);
  if (!top.length) return undefined;
  const short = compact(look.lang);
  return {
    title: titled(look.title),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 56, top: 40, bottom: 8 },
    xAxis: { type: 'value', axisLabel: { formatter: short } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: top.map(rowCaption),
      axisLabel: { width: 180, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: look.name,
        color: look.color,
        data: top.map((row) => numberOf(row.totalDiffer)),
        tooltip: { valueFormatter: money },
        label: { show: true, position: 'right', formatter: ({ value }) => short(Number(value)) },
      },
    ],
  };
}

/** One asset category's cards summed as they stand this month (`fixedledger/category-stat`). */
export interface CategoryFigures {
  assetCategoryName: string;
  accumulatedDepreciation: number;
  netValue: number;
  monthlyDepreciation: number;
}

/**
 * 折旧 by asset category: each category's original cost as a bar split into its accumulated depreciation and its net
 * value, and this month's depreciation as a line on a second axis; undefined when there is no card.
 */
export function depreciationByCategoryOption(
  stats: readonly CategoryFigures[] | undefined,
  look: {
    lang: Lang;
    title: string;
    names: { accumulated: string; net: string; month: string };
    colors: { accumulated: string; net: string; month: string };
  },
): ChartOption | undefined {
  if (!stats?.length) return undefined;
  const short = compact(look.lang);
  return {
    title: titled(look.title),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: money },
    legend: { top: 0, right: 0 },
    grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: stats.map((s) => s.assetCategoryName) },
    yAxis: [
      { type: 'value', axisLabel: { formatter: short } },
      { type: 'value', axisLabel: { formatter: short }, splitLine: { show: false } },
    ],
    series: [
      {
        type: 'bar',
        stack: 'cost',
        name: look.names.accumulated,
        color: look.colors.accumulated,
        data: stats.map((s) => s.accumulatedDepreciation),
      },
      {
        type: 'bar',
        stack: 'cost',
        name: look.names.net,
        color: look.colors.net,
        data: stats.map((s) => s.netValue),
      },
      {
        type: 'line',
        yAxisIndex: 1,
        name: look.names.month,
        color: look.colors.month,
        data: stats.map((s) => s.monthlyDepreciation),
      },
    ],
  };
}
