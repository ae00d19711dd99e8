// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import {
  MonthlyGrid,
  type GridRow,
  type MonthlyGridConfig,
} from '../../../src/desktop/components/grid/MonthlyGrid.tsx';
import { isEmptyRow } from '../../../src/desktop/components/grid/monthly-grid.ts';
import { renderDesktop } from './render.tsx';

/**
 * The monthly grid's options of the inventory budget (budget.md §5.5): rows whose every month is 0 hidden, and a 合计
 * from a stat that answers sums only (totalstat: no completion, no averages).
 */
const CONFIG: MonthlyGridConfig = {
  captions: [{ key: 'productNo', label: { zh: '产品零件号', en: 'Part number' } }],
  months: [
    { key: 'amount', prefix: 'amount', label: { zh: '预算', en: 'Budget' } },
    { key: 'actual', prefix: 'actual', label: { zh: '实际', en: 'Actual' } },
  ],
  totals: {
    label: { zh: '全年合计', en: 'Full year' },
    columns: [
      { key: 'totalAmount', field: 'totalAmount', label: { zh: '预算合计', en: 'Budget total' } },
      { key: 'totalActual', field: 'totalActual', label: { zh: '实际合计', en: 'Actual total' } },
      {
        key: 'totalFinish',
        field: 'totalFinish',
        finish: { actual: 'totalActual', amount: 'totalAmount' },
        label: { zh: '完成率', en: 'Completion' },
      },
      { key: 'avgAmount', field: 'avgAmount', label: { zh: '月均预算', en: 'Monthly average budget' } },
    ],
  },
};
const ROWS: GridRow[] = [
  { id: '1', productNo: 'P-1', amount1: 400, actual1: 100, totalAmount: 400, totalActual: 100, avgAmount: 33.33 },
  { id: '2', productNo: 'P-ONLY-ACTUAL', actual12: 5, totalActual: 5, avgAmount: 0 },
  { id: '3', productNo: 'P-ZERO', amount1: 0, actual1: '0', totalAmount: 0, avgAmount: 0 },
];
const totalCells = () => [...document.querySelectorAll('.tenon-grid-total td')].map((td) => td.textContent);

afterEach(cleanup);

describe('the monthly grid options', () => {
  it('knows an empty row by its month values alone', () => {
    expect(ROWS.map((row) => isEmptyRow(row, CONFIG))).toEqual([false, false, true]);
  });

  it('hides the rows whose every month is 0, and shows them without the option', async () => {
    const { rerender } = renderDesktop(<MonthlyGrid config={CONFIG} rows={ROWS} lang="zh" hideEmpty />);
    expect(await screen.findByText('P-ONLY-ACTUAL')).toBeVisible();
    expect(screen.queryByText('P-ZERO')).toBeNull();
    // Numbered as shown.
    expect(screen.getByText('P-ONLY-ACTUAL').closest('tr')!.querySelector('td')!.textContent).toBe('2');
    rerender(<MonthlyGrid config={CONFIG} rows={ROWS} lang="zh" />);
    expect(await screen.findByText('P-ZERO')).toBeVisible();
  });

  it('works the 合计’s completion out of a stat’s sums and leaves what it does not answer blank', async () => {
    renderDesktop(
      <MonthlyGrid
        config={CONFIG}
        rows={ROWS}
        lang="zh"
        summary={{ amount1: 400, actual1: 100, totalAmount: 1000, totalActual: 250, rowCount: 3 }}
      />,
    );
    await screen.findByText('P-1');
    expect(totalCells().slice(-4)).toEqual(['1,000.00', '250.00', '25.00%', '']);
    expect(totalCells().slice(1, 3)).toEqual(['400.00', '100.00']);
  });

  it('sums the 合计 over the rows without a stat, every column answered', async () => {
    renderDesktop(<MonthlyGrid config={CONFIG} rows={ROWS} lang="zh" />);
    await screen.findByText('P-1');
    expect(totalCells().slice(-4)).toEqual(['400.00', '105.00', '26.25%', '33.33']);
  });
});
