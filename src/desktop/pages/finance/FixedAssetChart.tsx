import { useMemo } from 'react';
import { theme } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../client/http.ts';
import type { AssetCategoryStat } from '../../../shared/contract/api/finance.schemas.ts';
import { FIXEDLEDGER_CATEGORY_STAT_URL } from '../../../shared/contract/api/finance.ts';
import { Chart } from '../../components/charts/Chart.tsx';
import { depreciationByCategoryOption } from '../../components/charts/chart-options.ts';
import { DESKTOP_KEY } from '../../queries.ts';

/** The chart's figures, by the list's search: reloaded with the list after a run or a save. */
export const categoryStatKey = (query: Record<string, string | number>) => [
  DESKTOP_KEY,
  'fixedledger',
  'category-stat',
  query,
];

/**
 * 折旧 by asset category for the cards the list's search selects, as they stand this month (the server works the
 * straight line out on read): echarts loads only when this screen draws it (Chart.tsx).
 */
export function FixedAssetChart({ query }: { query: Record<string, string | number> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { token } = theme.useToken();
  const stats = useQuery({
    queryKey: categoryStatKey(query),
    queryFn: () => getData<AssetCategoryStat[]>(FIXEDLEDGER_CATEGORY_STAT_URL, query),
  });
  const option = useMemo(
    () =>
      depreciationByCategoryOption(stats.data, {
        lang,
        title: t('finance.fixedAsset.chartTitle'),
        names: {
          accumulated: t('finance.fixedAsset.accumulated'),
          net: t('finance.fixedAsset.net'),
          month: t('finance.fixedAsset.thisMonth'),
        },
        colors: { accumulated: token.colorWarning, net: token.colorPrimary, month: token.colorError },
      }),
    [stats.data, lang, t, token.colorWarning, token.colorPrimary, token.colorError],
  );
  return (
    <Chart
      option={option}
      label={t('finance.fixedAsset.chartTitle')}
      empty={t('finance.fixedAsset.noAssets')}
      loading={stats.isPending}
      height={280}
    />
  );
}
