import { differ } from '../../../shared/entities/budget/differ.ts';
import { OverspendChart } from '../../components/charts/BudgetCharts.tsx';
import { gridOf } from './BudgetRowPage.tsx';
import { StatListPage } from './StatListPage.tsx';

/** The read-only grid's captions (budget.md §1.4): 科目 and 名称. */
const config = (() => {
  const base = gridOf(differ, false);
  return {
    ...base,
    captions: [
      { key: 'subject', label: { zh: '科目', en: 'Account' }, width: 100 },
      { key: 'title', label: { zh: '名称', en: 'Item' }, width: 140 },
    ],
    trailing: [{ key: 'totalDiffer', field: 'totalDiffer', label: differ.fields.totalDiffer.label, overspend: true }],
  } as const;
})();

/**
 * 材料成本差异汇总 (budget.md §5.6 `statlist`, read-only grid §1.4): a year's differences by account and item across the
 * companies (or of one), numbered, nothing to edit; the server's 合计 row at the bottom. Red: an overspend.
 */
export default function DifferStatPage() {
  return (
    <StatListPage
      entity={differ}
      config={config}
      chart={(rows, year, loading) => <OverspendChart rows={rows} year={year} loading={loading} />}
    />
  );
}
