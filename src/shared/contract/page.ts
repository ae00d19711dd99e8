/**
 * A list counts the rows its filters match up to COUNT_CAP: an exact count of millions reads every one of them
 * (issue 16). Past the cap the page's `total` is the cap, `totalCapped` is true and the entity's sums are null; the
 * request parameter `exactTotal=1` counts and sums them all, which the console asks for when the user clicks the
 * capped total or the footer's sum.
 */
export const COUNT_CAP = 10_000;
export const EXACT_TOTAL = 'exactTotal';
/**
 * The deepest row a page may start at: a deeper page is a 400 (只能翻阅前 … 条数据), as OFFSET reads and skips every row
 * before it. A capped list pages as deep as its total says, COUNT_CAP rows (the console's pager stays within it); an
 * exact total (`exactTotal=1`) pages to here, its late pages read from the end.
 */
export const MAX_OFFSET = 100_000;

/** The page fields beside `records` (the contract's, and ours). */
export interface PageTotals {
  total: number;
  size: number;
  current: number;
  pages: number;
  /** More rows match than `total` (the cap) says. */
  totalCapped?: boolean;
}

/** The key of a field's total over every filtered row beside a page (`sums`: amount1 → `sumAmount1`). */
export const sumKey = (field: string): string => `sum${field[0].toUpperCase()}${field.slice(1)}`;
