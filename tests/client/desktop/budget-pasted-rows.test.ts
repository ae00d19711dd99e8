import { describe, expect, it } from 'vitest';
import { pastedBudgetRows } from '../../../src/desktop/pages/budget/pasted-rows.ts';

/** 批量保存's paste (budget.md §5.4): rows copied from an Excel sheet become batchsave rows. */
describe('pastedBudgetRows', () => {
  const tabs = (...cells: Array<string | number>) => cells.join('\t');

  it('reads the account, the caption and twelve budgets, skipping a header and blank lines', () => {
    const text = [
      tabs('科目代码', '科目名称', '1月', '2月'),
      tabs('660202', '办公费', '1,234.50', '', ...Array(10).fill(100)),
      '',
      tabs('6001', '主营业务收入', 1000),
    ].join('\r\n');
    const rows = pastedBudgetRows(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ subject: '660202', title: '办公费', amount1: 1234.5, amount2: 0, amount12: 100 });
    // Months Excel left out are 0.
    expect(rows[1]).toMatchObject({ subject: '6001', amount1: 1000, amount2: 0, amount12: 0 });
  });

  it('keeps a first row that is data, and sends a cell that is no number as it is, for the server to name', () => {
    const rows = pastedBudgetRows(tabs('6001', '收入', 'abc'));
    expect(rows).toEqual([expect.objectContaining({ subject: '6001', amount1: 'abc' })]);
  });
});
