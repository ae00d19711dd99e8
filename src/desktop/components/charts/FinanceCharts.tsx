import { useMemo } from 'react';
import { theme } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../client/http.ts';
import {
  FINANCE_STAT_CHART_URL,
  INCOME_EXPENSE_CHART_URL,
  OVERDUE_STAT_CHART_URL,
} from '../../../shared/contract/api/finance.ts';
import type { AgingMonth, CashMonth, ProfitMonth } from '../../../shared/contract/api/finance.schemas.ts';
import { financeStat } from '../../../shared/entities/finance/finance-stat.ts';
import { overdueStat } from '../../../shared/entities/finance/overdue-stat.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { Chart } from './Chart.tsx';
import type { ChartOption } from './chart-options.ts';
import { AGING_FIELDS, agingOption, cashOption, profitOption } from './finance-chart-options.ts';

/** Which finance chart a screen draws. */
export type FinanceChartKind = 'profit' | 'aging' | 'cash';

type Query = Readonly<Record<string, string | number>>;

const URLS: Record<FinanceChartKind, string> = {
  profit: FINANCE_STAT_CHART_URL,
  aging: OVERDUE_STAT_CHART_URL,
  cash: INCOME_EXPENSE_CHART_URL,
};

/**
 * A finance screen's chart of the rows its search selects (the list's own filters, sent to the chart's endpoint,
 * which sums them in SQL): loaded only when the screen's 图表 is opened, echarts with it.
 */
export default function FinanceChart({ kind, query }: { kind: FinanceChartKind; query: Query }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { token } = theme.useToken();
  const figures = useQuery({
    queryKey: [DESKTOP_KEY, 'finance-chart', kind, query],
    queryFn: () => getData<unknown[]>(URLS[kind], { ...query }),
  });
  const title = t(`finance.chart.${kind}`);
  const option = useMemo((): ChartOption | undefined => {
    const rows = figures.data;
    if (!rows) return undefined;
    if (kind === 'profit') {
      const { revenue, cost, netProfit } = financeStat.fields;
      return profitOption(rows as ProfitMonth[], {
        lang,
        title,
        names: { revenue: revenue.label[lang], cost: cost.label[lang], netProfit: netProfit.label[lang] },
      });
    }
    if (kind === 'aging') {
      const names = Object.fromEntries(AGING_FIELDS.map((field) => [field, overdueStat.fields[field].label[lang]]));
      return agingOption(rows as AgingMonth[], {
        lang,
        title,
        names: names as Record<(typeof AGING_FIELDS)[number], string>,
      });
    }
    return cashOption(rows as CashMonth[], {
      lang,
      title,
      names: {
        receipts: t('finance.chart.receipts'),
        payments: t('finance.chart.payments'),
        net: t('finance.chart.net'),
      },
      colors: { receipts: token.colorSuccess, payments: token.colorError, net: token.colorPrimary },
    });
  }, [figures.data, kind, lang, title, t, token.colorSuccess, token.colorError, token.colorPrimary]);
  return <Chart option={option} label={title} loading={figures.isFetching} />;
}
