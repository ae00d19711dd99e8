import { init, use as registerParts, type EChartsType } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * ECharts with only what the console's charts draw (bars, lines, pies, their grid, title, legend and tooltip, on
 * canvas).
 * Only Chart.tsx imports this module, and only dynamically: echarts is a chunk of its own that a phone and a screen
 * without a chart never download (guarded by tests/architecture/chart-chunks.test.ts and the phone's chunk test).
 */
registerParts([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** A chart on `element`, in echarts' dark theme for a dark console, its own texts (tooltips, loading) in `locale`. */
export function createChart(element: HTMLElement, { dark, locale }: { dark: boolean; locale: 'ZH' | 'EN' }) {
  return init(element, dark ? 'dark' : undefined, { renderer: 'canvas', locale });
}

export type { EChartsType };
