import { useMemo } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../client/http.ts';
import { EXACT_TOTAL, sumKey } from '../../../shared/contract/page.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { MONTHS } from '../../../shared/entities/month-row.ts';
import { entityApi } from '../crud/crud-api.ts';
import { Chart } from './Chart.tsx';
import { budgetActualOption, overspendOption, type MonthlySums } from './chart-options.ts';

/** How many rows the overspend chart shows. */
const TOP = 10;

/**
 * The monthly sums of every row a list's filters select, from the list itself (an entity whose `sums` are the months'
 * amounts and actuals answers them beside the page, in SQL; one with a `pageRow` answers them in that row): one row's
 * page, counted and summed past the cap.
 */
export async function listMonthlySums(entity: EntityDef, query: Record<string, string | number>) {
  const page = await entityApi(entity).rows<Page<unknown> & Record<string, unknown>>('page', {
    ...query,
    current: 1,
    size: 1,
    [EXACT_TOTAL]: 1,
  });
  const row = entity.pageRow && page[entity.pageRow.key];
  if (row && typeof row === 'object') return row as MonthlySums;
  const sums: Record<string, unknown> = {};
  for (const month of MONTHS)
    for (const prefix of ['amount', 'actual']) sums[`${prefix}${month}`] = page[sumKey(`${prefix}${month}`)];
  return sums as MonthlySums;
}

/**
 * 预算/实际 a month with the 完成率 line (budget.md §1 formulas on the sums) for whichever rows `sums` adds up: a
 * financial budget's filter, a budget situation's `stat`.
 */
export function MonthlyBudgetChart({ sums, loading }: { sums: MonthlySums | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { token } = theme.useToken();
  const option = useMemo(
    () =>
      budgetActualOption(sums, {
        lang,
        title: t('crud.chart.monthly'),
        names: { budget: t('crud.chart.budget'), actual: t('crud.chart.actual'), finish: t('crud.chart.finish') },
        colors: { budget: token.colorPrimaryBorder, actual: token.colorPrimary, finish: token.colorWarning },
      }),
    [sums, lang, t, token.colorPrimaryBorder, token.colorPrimary, token.colorWarning],
  );
  return <Chart option={option} label={t('crud.chart.monthly')} loading={loading} />;
}

/** The year's largest overspends (`totalDiffer` > 0) among summary rows, largest on top, red like the grid's. */
export function OverspendChart({
  rows,
  year,
  loading,
}: {
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>;
  year: number;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { token } = theme.useToken();
  const title = t('crud.chart.topOverspends', { year, limit: TOP });
  const option = useMemo(
    () => overspendOption(rows, { lang, title, name: t('crud.chart.overspend'), color: token.colorError, limit: TOP }),
    [rows, lang, title, t, token.colorError],
  );
  return <Chart option={option} label={title} empty={t('crud.chart.noOverspend', { year })} loading={loading} />;
}
