// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  MonthlyGrid,
  type GridRow,
  type MonthlyGridConfig,
} from '../../../src/desktop/components/grid/MonthlyGrid.tsx';
import { renderDesktop } from './render.tsx';

/**
 * The monthly grid (budget.md §1 "Grid layout"), configured as a budget row with a completion per month and a row
 * rule: rows with `locked` take actuals only, rows with `closed` nothing.
 */
const CONFIG: MonthlyGridConfig = {
  captions: [
    { key: 'orgName', label: { zh: '公司', en: 'Company' } },
    { key: 'title', label: { zh: '名称', en: 'Item' }, width: 300 },
  ],
  months: [
    { key: 'amount', prefix: 'amount', label: { zh: '预算', en: 'Budget' } },
    { key: 'actual', prefix: 'actual', label: { zh: '实际', en: 'Actual' } },
    { key: 'finish', finish: { actual: 'actual', amount: 'amount' }, label: { zh: '完成率', en: 'Completion' } },
  ],
  totals: {
    label: { zh: '全年合计', en: 'Full year' },
    columns: [
      { key: 'totalAmount', field: 'totalAmount', label: { zh: '全年预算', en: 'Budget' } },
      { key: 'totalActual', field: 'totalActual', label: { zh: '全年实际', en: 'Actual' } },
      {
        key: 'totalFinish',
        field: 'totalFinish',
        finish: { actual: 'totalActual', amount: 'totalAmount' },
        label: { zh: '全年完成率', en: 'Completion' },
      },
    ],
  },
  editable: (row) => (row.closed ? [] : row.locked ? ['actual'] : ['amount', 'actual']),
};

const ROWS: GridRow[] = [
  {
    id: 'r1',
    orgName: '常州布雷德',
    title: '差旅费',
    amount1: 1234.5,
    actual1: 1219.2,
    amount2: 0,
    actual2: 300,
    amount3: 100,
    totalAmount: 1334.5,
    totalActual: 1519.2,
    totalFinish: 1.1384,
  },
  {
    id: 'r2',
    orgName: '苏州布雷德',
    title: '办公费',
    amount1: 1000,
    actual1: 0,
    totalAmount: 1000,
    totalActual: 0,
    totalFinish: 0,
    locked: true,
  },
  {
    id: 'r3',
    orgName: '苏州布雷德',
    title: '零预算',
    actual5: 7,
    totalAmount: 0,
    totalActual: 7,
    totalFinish: null,
    closed: true,
  },
];

const cell = (row: string, field: string) =>
  document.querySelector<HTMLElement>(`[data-row="${row}"][data-cell="${field}"]`)!;
/** The text of the row holding `text`, cell by cell. */
const rowCells = (text: string) =>
  [...(screen.getByText(text).closest('tr') as HTMLElement).querySelectorAll('td')].map((td) => td.textContent);
const totalCells = () => [...document.querySelectorAll('.tenon-grid-total td')].map((td) => td.textContent);
const input = () => document.querySelector<HTMLInputElement>('.tenon-grid input')!;

type Save = (row: GridRow, changes: Record<string, unknown>) => Promise<GridRow>;
function renderGrid(onSave?: Save, months?: number[]) {
  return renderDesktop(<MonthlyGrid config={CONFIG} rows={ROWS} lang="zh" onSave={onSave} months={months} />);
}

afterEach(cleanup);

describe('the monthly grid', () => {
  it('lays out the captions, a group per month, the full year and a total row', async () => {
    renderGrid();
    await screen.findByText('差旅费');
    const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    expect(headers.slice(0, 3)).toEqual(['序号', '公司', '名称']);
    expect(headers).toContain('12月');
    expect(headers.filter((h) => /^\d+月$/.test(h ?? ''))).toHaveLength(12);
    expect(headers).toEqual(expect.arrayContaining(['全年合计', '预算', '实际', '完成率', '全年预算', '全年完成率']));
    // Money with two decimals and separators, completion x100 with %, no budget as -.
    expect(rowCells('差旅费').slice(0, 9)).toEqual([
      '1',
      '常州布雷德',
      '差旅费',
      '1,234.50',
      '1,219.20',
      '98.76%',
      '0.00',
      '300.00',
      '-',
    ]);
    expect(rowCells('差旅费').slice(-3)).toEqual(['1,334.50', '1,519.20', '113.84%']);
    // Caption widths stay within 80-140.
    const widths = [...document.querySelectorAll('colgroup col')].map((col) => (col as HTMLElement).style.width);
    expect(widths.slice(0, 3)).toEqual(['56px', '120px', '140px']);
  });

  it('sums the total row and works its completions out from the sums', async () => {
    renderGrid();
    await screen.findByText('差旅费');
    const total = totalCells();
    expect(total[0]).toBe('合计');
    // January: 1,234.50 + 1,000 budget, 1,219.20 actual -> 54.56%.
    expect(total.slice(1, 4)).toEqual(['2,234.50', '1,219.20', '54.56%']);
    expect(total.slice(-3)).toEqual(['2,334.50', '1,526.20', '65.38%']);
  });

  it('colours a completion orange where there is an actual without a budget (the zero-budget rule)', async () => {
    renderGrid();
    await screen.findByText('差旅费');
    const marked = (text: string) =>
      [...(screen.getByText(text).closest('tr') as HTMLElement).querySelectorAll('.is-zero-budget')].length;
    expect(marked('差旅费')).toBe(1);
    expect(marked('办公费')).toBe(0);
    expect(marked('零预算')).toBe(2);
    // The total row follows the same rule over its sums: February and May, not the full year.
    const total = [...document.querySelectorAll('.tenon-grid-total .is-zero-budget')].map((el) => el.textContent);
    expect(total).toEqual(['-', '-']);
    // An empty month is not marked.
    expect(cell('r2', 'actual2').closest('td')!.nextElementSibling!.querySelector('.is-zero-budget')).toBeNull();
  });

  it('shows only the months of a range', async () => {
    renderGrid(undefined, [2, 3]);
    await screen.findByText('差旅费');
    const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    expect(headers.filter((h) => /^\d+月$/.test(h ?? ''))).toEqual(['2月', '3月']);
  });

  it('saves an edited cell with Enter and shows the saved totals; Escape cancels', async () => {
    const onSave = vi.fn<Save>(async (row, changes) => ({
      ...row,
      ...changes,
      totalAmount: 1284.5,
      totalFinish: 1.1827,
    }));
    renderGrid(onSave);
    await screen.findByText('差旅费');
    fireEvent.click(cell('r1', 'amount3'));
    fireEvent.change(input(), { target: { value: '50' } });
    fireEvent.keyDown(input(), { key: 'Escape' });
    await waitFor(() => expect(input()).toBeNull());
    expect(cell('r1', 'amount3').textContent).toBe('100.00');
    fireEvent.click(cell('r1', 'amount3'));
    fireEvent.change(input(), { target: { value: '50' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0].id).toBe('r1');
    expect(onSave.mock.calls[0][1]).toEqual({ amount3: 50 });
    await waitFor(() => expect(rowCells('差旅费').slice(-3)).toEqual(['1,284.50', '1,519.20', '118.27%']));
    expect(cell('r1', 'amount3').textContent).toBe('50.00');
  });

  it('moves to the next open cell with Tab, and saves on leaving a cell', async () => {
    const onSave = vi.fn<Save>(async (row, changes) => ({ ...row, ...changes }));
    renderGrid(onSave);
    await screen.findByText('办公费');
    // A locked row: its budget is not editable, its actuals are, Tab goes from month to month.
    fireEvent.click(cell('r2', 'amount1'));
    expect(input()).toBeNull();
    fireEvent.click(cell('r2', 'actual1'));
    fireEvent.change(input(), { target: { value: '900' } });
    fireEvent.keyDown(input(), { key: 'Tab' });
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][1]).toEqual({ actual1: 900 });
    await waitFor(() => expect(input()?.getAttribute('aria-label')).toBe('2月 actual2'));
    fireEvent.change(input(), { target: { value: '12.345' } });
    fireEvent.blur(input());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1][1]).toEqual({ actual2: 12.35 });
    // A closed row takes nothing; an unchanged value is not saved.
    fireEvent.click(cell('r3', 'actual5'));
    expect(input()).toBeNull();
    fireEvent.click(cell('r1', 'actual1'));
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(input()).toBeNull());
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('shows the old value again when the save is refused', async () => {
    let refuse: (reason: Error) => void = () => undefined;
    const onSave = vi.fn<Save>(
      () =>
        new Promise((_resolve, reject) => {
          refuse = reject;
        }),
    );
    renderGrid(onSave);
    await screen.findByText('差旅费');
    fireEvent.click(cell('r1', 'amount1'));
    fireEvent.change(input(), { target: { value: '5' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    // While it saves the cell shows what was typed; refused, the old value.
    await waitFor(() => expect(cell('r1', 'amount1').textContent).toBe('5.00'));
    await act(async () => refuse(new Error('已下达的计划只能修改实际数量和备注')));
    await waitFor(() => expect(cell('r1', 'amount1').textContent).toBe('1,234.50'));
    expect(totalCells()[1]).toBe('2,234.50');
  });

  it('fills the following months of a row from a block pasted from Excel', async () => {
    const onSave = vi.fn<Save>(async (row, changes) => ({ ...row, ...changes }));
    renderGrid(onSave);
    await screen.findByText('办公费');
    fireEvent.click(cell('r1', 'amount11'));
    fireEvent.paste(input(), { clipboardData: { getData: () => '1,000.5\t2000\t3000\r\n4\t5\t6\r\n' } });
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    // December is the last month: the third cell has nowhere to go.
    expect(onSave.mock.calls[0][1]).toEqual({ amount11: 1000.5, amount12: 2000 });
    await waitFor(() => expect(cell('r1', 'amount12').textContent).toBe('2,000.00'));
  });
});
