// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { getInstanceByDom, type EChartsType } from 'echarts/core';
import { MonthlyBudgetChart, OverspendChart } from '../../../src/desktop/components/charts/BudgetCharts.tsx';
import {
  budgetActualOption,
  monthlySeries,
  overspendOption,
  topOverspends,
} from '../../../src/desktop/components/charts/chart-options.ts';
import { themeStore } from '../../../src/desktop/theme/theme-store.ts';
import { renderDesktop } from './render.tsx';

/**
 * The budget charts (ECharts): what they draw, worked out from the sums (budget.md §1 formulas, the zero-budget rule),
 * and the wrapper drawing it on a canvas in the console's theme and language. happy-dom has no canvas and no layout:
 * its canvas adapter here records what echarts writes, and a container is 640 × 320.
 */
const LOOK = {
  lang: 'zh' as const,
  title: '月度预算与实际',
  names: { budget: '预算', actual: '实际', finish: '完成率' },
  colors: { budget: '#91caff', actual: '#1677ff', finish: '#faad14' },
};
const OVERSPEND = { lang: 'zh' as const, title: '超支', name: '超支差', color: '#ff4d4f', limit: 10 };

describe('the budget charts’ figures', () => {
  it('works out each month’s completion from the sums, none where the month has no budget', () => {
    const series = monthlySeries(
      { amount1: 1000, actual1: 987.6, amount2: 0, actual2: 50, amount3: -200, actual3: -100, amount4: '2500.50' },
      'zh',
    );
    expect(series.months.slice(0, 3)).toEqual(['1月', '2月', '3月']);
    expect(series.amounts.slice(0, 5)).toEqual([1000, 0, -200, 2500.5, 0]);
    expect(series.actuals.slice(0, 5)).toEqual([987.6, 50, -100, 0, 0]);
    // 98.76 %; an actual without a budget is no percentage (a gap in the line), whatever the actual.
    expect(series.finishes.slice(0, 5)).toEqual([98.76, null, 50, 0, null]);
    expect(series.finishes).toHaveLength(12);
    expect(monthlySeries({}, 'en').months).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
  });

  it('draws bars of budget and actual a month and the completion line on its own % axis, nothing without figures', () => {
    expect(budgetActualOption(undefined, LOOK)).toBeUndefined();
    expect(budgetActualOption({ amount1: 0, actual1: '0.00' }, LOOK)).toBeUndefined();
    expect(budgetActualOption({ actual3: 80 }, LOOK)).toBeDefined();

    const option = budgetActualOption({ amount1: 200, actual1: 250, actual2: 10 }, LOOK)!;
    const series = option.series as Array<Record<string, unknown>>;
    expect(series.map((s) => [s.type, s.name, s.color, s.yAxisIndex])).toEqual([
      ['bar', '预算', '#91caff', undefined],
      ['bar', '实际', '#1677ff', undefined],
      ['line', '完成率', '#faad14', 1],
    ]);
    expect((series[0].data as number[]).slice(0, 2)).toEqual([200, 0]);
    expect((series[2].data as Array<number | null>).slice(0, 2)).toEqual([125, null]);
    const yAxes = option.yAxis as Array<{ axisLabel: { formatter: unknown } }>;
    expect(yAxes[1].axisLabel.formatter).toBe('{value}%');
    expect((option.xAxis as { data: string[] }).data[11]).toBe('12月');
  });

  it('ranks the overspends, largest first, and leaves out savings and rows on budget', () => {
    const rows = [
      { id: 'a', subject: '500101', title: '辅料', totalDiffer: 120 },
      { id: 'b', subject: '500101', title: '钢材', totalDiffer: '98000.50' },
      { id: 'c', subject: '500101', title: '包装材料', totalDiffer: 0 },
      { id: 'd', subject: '500101', title: '塑料粒子', totalDiffer: -5000 },
      ...Array.from({ length: 10 }, (_, i) => ({ id: `p${i}`, subject: '500102', title: `件${i}`, totalDiffer: 500 })),
      { id: 'e', subject: '500101', title: '外购件', totalDiffer: 500 },
    ];
    const top = topOverspends(rows, 10);
    expect(top.map((row) => row.id)).toEqual(['b', 'e', 'p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
    expect(topOverspends(rows, 3).map((row) => row.id)).toEqual(['b', 'e', 'p0']);

    const option = overspendOption(rows, { ...OVERSPEND, limit: 3 })!;
    const axis = option.yAxis as { type: string; inverse: boolean; data: string[] };
    expect(axis).toMatchObject({
      type: 'category',
      inverse: true,
      data: ['500101 钢材', '500101 外购件', '500102 件0'],
    });
    expect((option.series as Array<{ data: number[]; color: string }>)[0]).toMatchObject({
      data: [98000.5, 500, 500],
      color: '#ff4d4f',
    });
    expect(overspendOption([rows[2], rows[3]], OVERSPEND)).toBeUndefined();
  });
});

/** What echarts wrote on the canvases (axis labels, legend), and how many canvases it asked a context of. */
const drawn: string[] = [];
const recordingContext = () =>
  new Proxy({} as Record<string | symbol, unknown>, {
    get(state, name) {
      if (name in state) return state[name];
      if (name === 'measureText') return (text: string) => ({ width: String(text).length * 7 });
      if (name === 'fillText') return (text: unknown) => drawn.push(String(text));
      if (name === 'getLineDash') return () => [];
      if (name === 'createLinearGradient' || name === 'createRadialGradient' || name === 'createPattern')
        return () => ({ addColorStop: () => undefined });
      return () => undefined;
    },
    set(state, name, value) {
      state[name] = value;
      return true;
    },
  });

/** ResizeObservers made, so that a test can say the container's size changed (happy-dom lays nothing out). */
const observers: Array<{ callback: ResizeObserverCallback; observed: Element[]; disconnected: boolean }> = [];
class RecordingResizeObserver {
  private entry: (typeof observers)[number];
  constructor(callback: ResizeObserverCallback) {
    this.entry = { callback, observed: [], disconnected: false };
    observers.push(this.entry);
  }
  observe(element: Element) {
    this.entry.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.entry.disconnected = true;
  }
}

const settings = (window as unknown as { happyDOM: { settings: { canvasAdapter: unknown } } }).happyDOM.settings;
const size = (name: 'clientWidth' | 'clientHeight') => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
const sizes = { clientWidth: size('clientWidth'), clientHeight: size('clientHeight') };
const realResizeObserver = window.ResizeObserver;

beforeAll(() => {
  settings.canvasAdapter = { getContext: recordingContext, toDataURL: () => '', toBlob: () => undefined };
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 640 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 320 });
  window.ResizeObserver = RecordingResizeObserver as unknown as typeof ResizeObserver;
});
afterAll(() => {
  settings.canvasAdapter = null;
  for (const [name, descriptor] of Object.entries(sizes))
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  window.ResizeObserver = realResizeObserver;
});
afterEach(async () => {
  drawn.length = 0;
  observers.length = 0;
  themeStore.setTheme('default');
  await i18next.changeLanguage('zh');
});

const SUMS = { amount1: 1000, actual1: 900, amount2: 1000, actual2: 1200, amount3: 0, actual3: 30 };

/** The chart element once echarts has drawn on it, and its echarts instance. */
async function shownChart(name: string): Promise<{ element: HTMLElement; chart: EChartsType }> {
  const element = await screen.findByRole('img', { name });
  await waitFor(() => expect(element.dataset.state).toBe('shown'));
  return { element, chart: getInstanceByDom(element)! };
}

describe('the chart wrapper', () => {
  it('shows the Empty state without figures, and loads no chart', async () => {
    renderDesktop(<MonthlyBudgetChart sums={{ amount1: 0, actual1: 0 }} loading={false} />);
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeDefined();
    expect(document.querySelector('canvas')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();

    renderDesktop(<OverspendChart rows={[{ id: 'a', title: '钢材', totalDiffer: -1 }]} year={2025} loading={false} />);
    expect(await screen.findByText('2025年没有超支', { selector: '.ant-empty-description' })).toBeDefined();
  });

  it('draws the monthly chart on a canvas in the console’s language, resizes it with its box, disposes it', async () => {
    const { unmount } = renderDesktop(<MonthlyBudgetChart sums={SUMS} loading={false} />);
    const { element, chart } = await shownChart('月度预算与实际');
    expect(element.querySelector('canvas')).not.toBeNull();
    expect(drawn).toEqual(expect.arrayContaining(['1月', '12月', '预算', '实际', '完成率', '月度预算与实际']));
    const option = chart.getOption() as { series: Array<{ name: string; data: unknown[] }> };
    expect(option.series.map((s) => s.name)).toEqual(['预算', '实际', '完成率']);
    expect(option.series[2].data.slice(0, 3)).toEqual([90, 120, null]);

    const observer = observers.find((o) => o.observed.includes(element))!;
    const resize = vi.spyOn(chart, 'resize');
    act(() => observer.callback([], observer as unknown as ResizeObserver));
    expect(resize).toHaveBeenCalledTimes(1);

    unmount();
    expect(chart.isDisposed()).toBe(true);
    expect(getInstanceByDom(element)).toBeUndefined();
    expect(observer.disconnected).toBe(true);
  });

  it('says it cannot draw where the browser gives it no canvas, the screen around it kept', async () => {
    const adapter = settings.canvasAdapter;
    settings.canvasAdapter = { getContext: () => null, toDataURL: () => '', toBlob: () => undefined };
    try {
      renderDesktop(
        <div>
          <p>预算汇总</p>
          <MonthlyBudgetChart sums={SUMS} loading={false} />
        </div>,
      );
      const element = await screen.findByRole('img', { name: '月度预算与实际' });
      await waitFor(() => expect(element.dataset.state).toBe('failed'));
      expect(screen.getByText('图表加载失败')).toBeVisible();
      expect(screen.getByText('预算汇总')).toBeVisible();
    } finally {
      settings.canvasAdapter = adapter;
    }
  });

  it('names the months and series in English for an English console', async () => {
    await i18next.changeLanguage('en');
    renderDesktop(<MonthlyBudgetChart sums={SUMS} loading={false} />);
    const { chart } = await shownChart('Monthly budget vs actual');
    expect(drawn).toEqual(expect.arrayContaining(['Jan', 'Dec', 'Budget', 'Actual', 'Completion']));
    expect(drawn).not.toContain('1月');
    expect((chart.getOption() as { xAxis: Array<{ data: string[] }> }).xAxis[0].data[0]).toBe('Jan');
  });

  it('follows the console into its dark theme and back, a chart made anew each time', async () => {
    renderDesktop(
      <OverspendChart
        rows={[{ id: 'a', subject: '500101', title: '钢材', totalDiffer: 980 }]}
        year={2025}
        loading={false}
      />,
    );
    const name = '2025年超支前10名';
    const light = await shownChart(name);
    const labelColour = (chart: EChartsType) =>
      (chart.getOption() as { xAxis: Array<{ axisLabel: { color: string } }> }).xAxis[0].axisLabel.color;
    expect(drawn).toContain('500101 钢材');
    const lightColour = labelColour(light.chart);

    act(() => themeStore.setTheme('dark'));
    await waitFor(() => expect(getInstanceByDom(light.element)).not.toBe(light.chart));
    const dark = await shownChart(name);
    expect(light.chart.isDisposed()).toBe(true);
    expect(labelColour(dark.chart)).not.toBe(lightColour);

    act(() => themeStore.setTheme('default'));
    await waitFor(() => expect(getInstanceByDom(dark.element)).not.toBe(dark.chart));
    const again = await shownChart(name);
    expect(labelColour(again.chart)).toBe(lightColour);
  });
});
