import { lazy, Suspense, useState } from 'react';
import { Button, Spin } from 'antd';
import { BarChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudOptions } from '../../components/crud/fields.ts';
import type { FinanceChartKind } from '../../components/charts/FinanceCharts.tsx';

// The chart, its options and echarts arrive only when 图表 is first opened.
const FinanceChart = lazy(() => import('../../components/charts/FinanceCharts.tsx'));

/**
 * A finance list (the shared page over `entity`, laid out by its definition's hint and `options`) with 图表 in its
 * toolbar: the chart of `kind` over what the search selects, shown above the table while it is on.
 */
export function ChartedListPage({
  entity,
  chart,
  options = {},
}: {
  entity: EntityDef;
  chart: FinanceChartKind;
  options?: CrudOptions;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <CrudPage
      entity={entity}
      options={{
        ...entity.screen,
        ...options,
        toolbar: (context) => (
          <>
            {options.toolbar?.(context)}
            <Button icon={<BarChartOutlined />} aria-pressed={shown} onClick={() => setShown((on) => !on)}>
              {t('crud.chart.toggle')}
            </Button>
          </>
        ),
        above: (context) =>
          shown && (
            <div className="tenon-crud-chart" style={{ marginBottom: 12 }}>
              <Suspense fallback={<Spin />}>
                <FinanceChart kind={chart} query={context.query} />
              </Suspense>
            </div>
          ),
      }}
    />
  );
}
