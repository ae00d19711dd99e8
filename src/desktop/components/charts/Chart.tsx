import { useEffect, useRef, useState } from 'react';
import { Alert, Empty, Spin } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import { useThemeState } from '../../theme/theme-store.ts';
import { SHELL_THEMES } from '../../theme/themes.ts';
import type { EChartsType } from './echarts.ts';

type State = 'loading' | 'shown' | 'failed';

export interface ChartProps {
  /** What to draw (keep it the same object while nothing changes: a new one draws again); undefined: nothing. */
  option: EChartsCoreOption | undefined;
  /** The chart's accessible name. */
  label: string;
  /** The Empty state's text when there is nothing to draw. */
  empty?: string;
  /** The figures are being fetched. */
  loading?: boolean;
  height?: number;
}

/** Stops a chart's drawing: one without a canvas context also fails to clear it while being disposed. */
function disposeQuietly(chart: EChartsType) {
  if (chart.isDisposed()) return;
  try {
    chart.dispose();
  } catch {
    // Its animation loop stopped before the clearing failed: nothing more draws.
  }
}

/**
 * An ECharts chart on a div that fills its container's width: echarts arrives in its own chunk the first time a chart
 * has something to draw, the chart follows the container's size, the console's theme (light or dark) and language,
 * and is disposed with the component. Nothing to draw: antd's Empty state, and echarts is not loaded at all.
 */
export function Chart({ option, label, empty, loading = false, height = 320 }: ChartProps) {
  const { t, i18n } = useTranslation();
  const dark = SHELL_THEMES[useThemeState().themeKey].dark;
  const locale = i18n.language === 'en' ? 'EN' : 'ZH';
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType>();
  const [state, setState] = useState<State>('loading');
  const drawn = option !== undefined;

  // A theme or language is given when a chart is made: another one makes it again.
  useEffect(() => {
    const element = container.current;
    if (!element || !drawn) return undefined;
    let cancelled = false;
    let made: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    setState('loading');
    import('./echarts.ts')
      .then(({ createChart }) => {
        if (cancelled) return;
        made = createChart(element, { dark, locale });
        const resized = made;
        observer = new ResizeObserver(() => {
          try {
            resized.resize();
          } catch {
            setState('failed');
          }
        });
        observer.observe(element);
        setChart(made);
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      if (made) disposeQuietly(made);
      setChart(undefined);
    };
  }, [drawn, dark, locale]);

  useEffect(() => {
    // A chart just disposed for another theme or language waits for its successor. Transparent: the card's own
    // background shows, light or dark.
    if (!chart || !option || chart.isDisposed()) return;
    // A chart that cannot draw (no canvas: a locked-down browser, a test DOM) says so in its place; the screen around
    // it stays.
    try {
      chart.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
      setState('shown');
    } catch {
      disposeQuietly(chart);
      setState('failed');
    }
  }, [chart, option]);

  if (!drawn && !loading)
    return (
      <div className="tenon-chart" style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? t('crud.chart.empty')} />
      </div>
    );
  return (
    <div className="tenon-chart" style={{ position: 'relative', height }}>
      <div ref={container} role="img" aria-label={label} data-state={state} style={{ height: '100%' }} />
      {(loading || (drawn && state === 'loading')) && (
        <div
          style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <Spin />
        </div>
      )}
      {state === 'failed' && (
        <div
          style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <Alert type="warning" showIcon title={t('crud.chart.failed')} />
        </div>
      )}
    </div>
  );
}
