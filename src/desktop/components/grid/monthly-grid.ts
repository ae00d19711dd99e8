import type { ReactNode } from 'react';
import { finishRate, MONTHS, numberOf } from '../../../shared/entities/month-row.ts';
import type { Lang, LocalText } from '../../../shared/i18n/server-messages.ts';

/**
 * The monthly grid's description (budget.md §1 "Grid layout", §2): what a budget, plan or statistics screen says about
 * its columns, and the pure rules the grid follows. Nothing here knows an entity.
 */
export type GridRow = Record<string, unknown> & { id: string };

/**
 * A column on the left naming the row (subject and title; part number, company ...), fixed while the months scroll
 * unless `scrolls` (a product row has more captions than a screen can hold still): those come after the fixed ones.
 */
export interface GridCaption {
  /** The wire key shown (a company's `orgName`, not its code). */
  key: string;
  label: LocalText;
  width?: number;
  scrolls?: boolean;
  /**
   * The control of a row whose open cells (`editable`) name this caption's key (a labour row's post, whose name is its
   * caption), handed what saves the row's changes; undefined where the row shows the text alone.
   */
  edit?: (row: GridRow, save: (changes: Record<string, unknown>) => void, lang: Lang) => ReactNode | undefined;
}

/** A completion: `actual / amount` with the zero-budget rule, from two fields (or month prefixes) of the row. */
export interface GridFinish {
  actual: string;
  amount: string;
}

/**
 * One column of every month group: a money value `<prefix>N` (预算/计划, 实际), or a completion worked out from two
 * prefixes (完成率).
 */
export type GridMonthColumn =
  | { key: string; label: LocalText; prefix: string; width?: number }
  | { key: string; label: LocalText; finish: GridFinish; width?: number };

/** A column of the full-year group: a money field, or a rate field whose sums `finish` names. */
export type GridTotalColumn =
  | { key: string; label: LocalText; field: string; width?: number }
  | { key: string; label: LocalText; field: string; finish: GridFinish; width?: number };

export interface MonthlyGridConfig {
  captions: readonly GridCaption[];
  months: readonly GridMonthColumn[];
  totals: { label: LocalText; columns: readonly GridTotalColumn[] };
  /**
   * Money columns after the full-year group (a material cost difference's 全年材料成本差异), `overspend`: red when above
   * zero.
   */
  trailing?: ReadonlyArray<{ key: string; label: LocalText; field: string; width?: number; overspend?: true }>;
  /**
   * The month prefixes a row takes in the grid (a draft plan: amounts and actuals), and the keys of the captions it
   * takes (`edit`); none when absent.
   */
  editable?: (row: GridRow) => readonly string[];
}

/** A budget month's columns (budget.md §1): 预算, 实际 and their completion; a product row (§2) has the first two. */
export const BUDGET_MONTHS: readonly GridMonthColumn[] = [
  { key: 'amount', prefix: 'amount', label: { zh: '预算', en: 'Budget' } },
  { key: 'actual', prefix: 'actual', label: { zh: '实际', en: 'Actual' } },
  { key: 'finish', finish: { actual: 'actual', amount: 'amount' }, label: { zh: '完成率', en: 'Completion' } },
];

/**
 * The full-year group of a monthly row (budget.md §1): its totals and their completion, labelled as the entity's fields
 * `totalAmount`, `totalActual` and `totalFinish`.
 */
export function fullYearTotals(fields: Readonly<Record<string, { label: LocalText }>>): MonthlyGridConfig['totals'] {
  const columns: GridTotalColumn[] = [
    { key: 'totalAmount', field: 'totalAmount', label: fields.totalAmount.label, width: 120 },
    ...(fields.totalActual
      ? [{ key: 'totalActual', field: 'totalActual', label: fields.totalActual.label, width: 120 }]
      : []),
    ...(fields.totalFinish
      ? [
          {
            key: 'totalFinish',
            field: 'totalFinish',
            finish: { actual: 'totalActual', amount: 'totalAmount' },
            label: fields.totalFinish.label,
          },
        ]
      : []),
  ];
  // A budget without actuals (budgetfill) has its full-year budget alone.
  return { label: { zh: '全年合计', en: 'Full year' }, columns };
}

/** Column widths stay within 80–140 (budget.md §1). */
export const columnWidth = (width: number | undefined, fallback = 100) =>
  Math.min(140, Math.max(80, width ?? fallback));

export const monthKey = (prefix: string, month: number) => `${prefix}${month}`;

/** The completion of month `month` (or of the row's totals when `month` is undefined). */
export function finishOf(row: Record<string, unknown>, finish: GridFinish, month?: number): number | null {
  const key = (name: string) => (month === undefined ? name : monthKey(name, month));
  return finishRate(row[key(finish.actual)], row[key(finish.amount)]);
}

/** The zero-budget rule's mark: an actual without a budget (shown `-`, coloured orange). */
export function actualWithoutBudget(row: Record<string, unknown>, finish: GridFinish, month?: number): boolean {
  const key = (name: string) => (month === undefined ? name : monthKey(name, month));
  return numberOf(row[key(finish.amount)]) === 0 && numberOf(row[key(finish.actual)]) !== 0;
}

/**
 * The 合计 row summed client-side over `rows`: each month's and each total's money summed, completions worked out
 * again from the sums (never added up).
 */
export function summaryOf(
  rows: readonly Record<string, unknown>[],
  config: MonthlyGridConfig,
): Record<string, unknown> {
  // In cents, so that 0.1 + 0.2 stays 0.3.
  const sum = (key: string) => rows.reduce((cents, row) => cents + Math.round(numberOf(row[key]) * 100), 0) / 100;
  const summary: Record<string, unknown> = {};
  const prefixes = new Set<string>();
  for (const column of config.months) {
    if ('prefix' in column) prefixes.add(column.prefix);
    else prefixes.add(column.finish.actual).add(column.finish.amount);
  }
  for (const prefix of prefixes)
    for (const month of MONTHS) summary[monthKey(prefix, month)] = sum(monthKey(prefix, month));
  for (const column of config.totals.columns) {
    if ('finish' in column) {
      summary[column.finish.actual] = sum(column.finish.actual);
      summary[column.finish.amount] = sum(column.finish.amount);
    } else summary[column.field] = sum(column.field);
  }
  for (const column of config.totals.columns)
    if ('finish' in column) summary[column.field] = finishOf(summary, column.finish);
  for (const column of config.trailing ?? []) summary[column.field] = sum(column.field);
  return summary;
}

/** A row whose every month value is 0 (an inventory budget entered by mistake, zeroed: budget.md §5.5). */
export function isEmptyRow(row: Record<string, unknown>, config: MonthlyGridConfig): boolean {
  const prefixes = config.months.flatMap((column) => ('prefix' in column ? [column.prefix] : []));
  return prefixes.every((prefix) => MONTHS.every((month) => numberOf(row[monthKey(prefix, month)]) === 0));
}

/**
 * The cells of a row that take input, in the grid's order (month by month, left to right): where Tab goes next.
 * `months`: the months shown.
 */
export function editableCells(config: MonthlyGridConfig, row: GridRow, months: readonly number[]): string[] {
  const open = new Set(config.editable?.(row) ?? []);
  return months.flatMap((month) =>
    config.months.flatMap((column) =>
      'prefix' in column && open.has(column.prefix) ? [monthKey(column.prefix, month)] : [],
    ),
  );
}

/**
 * A block copied from Excel: its first line's tab-separated cells as numbers (thousands separators allowed, blank =
 * 0); undefined when a cell is no number.
 */
export function pastedNumbers(text: string): number[] | undefined {
  const line = text.replace(/\r/g, '').split('\n')[0] ?? '';
  const cells = line.split('\t').map((cell) => cell.trim().replace(/,/g, ''));
  const numbers = cells.map((cell) => (cell === '' ? 0 : Number(cell)));
  return numbers.every(Number.isFinite) ? numbers.map((n) => Math.round(n * 100) / 100) : undefined;
}

/** Whether clipboard text is a block (several cells), not a single value for the input itself. */
export const isBlock = (text: string) => /[\t\n]/.test(text.trim());
