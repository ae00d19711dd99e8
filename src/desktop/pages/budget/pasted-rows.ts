import { MONTHS } from '../../../shared/entities/month-row.ts';

/**
 * Rows copied from an Excel sheet (tab-separated): 科目代码, 科目名称, then the budget of each month. A first line
 * whose first cell is no account code is the sheet's header; blank lines are skipped; `1,234.50` is 1234.5 and a blank
 * month 0. A cell that is no number is sent as it is, for the server to name its row (`第3行：…`).
 */
export function pastedBudgetRows(text: string): Array<Record<string, unknown>> {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+$/, ''))
    .filter((line) => line.trim() !== '');
  if (lines.length && !/^\s*\d+\s*$/.test(lines[0].split('\t')[0])) lines.shift();
  return lines.map((line) => {
    const cells = line.split('\t').map((cell) => cell.trim());
    const row: Record<string, unknown> = { subject: cells[0] ?? '', title: cells[1] ?? '' };
    for (const month of MONTHS) {
      const cell = (cells[month + 1] ?? '').replace(/[,\s]/g, '');
      row[`amount${month}`] = cell === '' ? 0 : Number.isFinite(Number(cell)) ? Number(cell) : cell;
    }
    return row;
  });
}
