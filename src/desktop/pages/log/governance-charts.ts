import type { ComposeOption } from 'echarts/core';
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { MinutePoint } from '../../../shared/contract/governance.ts';

/** What the 服务治理 charts draw, from a process's minute points alone (pure). Types only from echarts here. */
export type GovernanceChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export interface Line {
  name: string;
  color: string;
  value: (point: MinutePoint) => number | null;
}

/** A line a figure over the last hour on a time axis (a minute missed is a gap); undefined without points. */
export function minutesOption(
  points: readonly MinutePoint[],
  lines: readonly Line[],
): GovernanceChartOption | undefined {
  if (!points.length) return undefined;
  return {
    legend: { top: 0, right: 0 },
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 32, bottom: 8 },
    xAxis: { type: 'time', minInterval: 60_000 },
    yAxis: { type: 'value', min: 0 },
    series: lines.map((line) => ({
      type: 'line',
      name: line.name,
      color: line.color,
      showSymbol: points.length < 3,
      connectNulls: false,
      data: points.map((point) => [point.at, line.value(point)]),
    })),
  };
}

/** `3725` seconds as its two largest units: days and hours, hours and minutes, or minutes and seconds. */
export function durationParts(seconds: number): { key: 'days' | 'hours' | 'minutes'; values: Record<string, number> } {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return { key: 'days', values: { d, h } };
  if (h) return { key: 'hours', values: { h, m } };
  return { key: 'minutes', values: { m, s: s % 60 } };
}
