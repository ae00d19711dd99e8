import type { FieldDef } from './define.ts';
import type { LocalText } from '../i18n/server-messages.ts';

/**
 * Monthly rows (domain/README.md §3.3, budget.md §1–§2): fixed columns `amount1..12` / `actual1..12` and their
 * full-year figures. The formulas live here once, for the definitions, the server's range totals and the console's
 * grid.
 */
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** A monthly row's year (this year by default), labelled as its screen names it (年度, 预算年度). */
export const yearField = (label: LocalText): FieldDef => ({
  type: 'int',
  default: new Date().getFullYear(),
  range: { min: 2000, max: 2099 },
  list: true,
  form: true,
  filter: true,
  label,
  required: { zh: '请选择年度', en: 'Please select the year' },
});

/** A monthly row's company (domain/README.md §3.4: a company code, `请输入公司`). */
export const COMPANY_FIELD: FieldDef = {
  type: 'string',
  max: 64,
  company: true,
  list: true,
  form: true,
  filter: true,
  label: { zh: '公司', en: 'Company' },
  required: { zh: '请输入公司', en: 'Please enter the company' },
};

export const MONTH_NAMES_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A month group's heading: `1月` / `Jan`. */
export const monthLabel = (month: number): LocalText => ({ zh: `${month}月`, en: MONTH_NAMES_EN[month - 1] });

/** A number of the wire (a number, a numeric string, or blank) as a number; blank and garbage count as 0. */
export function numberOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : 0;
  return Number.isFinite(n) ? n : 0;
}

/** Σ `<prefix>from..to` of a row, in cents so that 0.1 + 0.2 stays 0.3. */
export function monthSum(row: Readonly<Record<string, unknown>>, prefix: string, from = 1, to = 12): number {
  let cents = 0;
  for (let month = from; month <= to; month++) cents += Math.round(numberOf(row[`${prefix}${month}`]) * 100);
  return cents / 100;
}

/**
 * A completion rate: actual / amount rounded half-up to 4 decimals; null when the amount is 0 (the zero-budget rule:
 * an actual without a budget is not a percentage).
 */
export function finishRate(actual: unknown, amount: unknown): number | null {
  const plan = numberOf(amount);
  if (plan === 0) return null;
  const rate = numberOf(actual) / plan;
  return (Math.sign(rate) * Math.round(Math.abs(rate) * 10_000 + 1e-9)) / 10_000;
}

/**
 * The month fields of each kind (`amount` 计划, `actual` 实际 ...), month by month (`amount1, actual1, amount2 ...`:
 * a form's two columns are then a 12-row month block), each labelled by its month (`1月计划` / `Plan Jan`).
 */
export function monthFields(
  kinds: ReadonlyArray<{ prefix: string; label: LocalText; field: Omit<FieldDef, 'label'> }>,
): Record<string, FieldDef> {
  return Object.fromEntries(
    MONTHS.flatMap((month) =>
      kinds.map(({ prefix, label, field }) => [
        `${prefix}${month}`,
        { ...field, label: { zh: `${month}月${label.zh}`, en: `${label.en} ${MONTH_NAMES_EN[month - 1]}` } },
      ]),
    ),
  );
}

/** `yyyy-MM,yyyy-MM` of the dimension search (budget.md §3), read: one year and a month range. */
export interface MonthRange {
  year: number;
  from: number;
  to: number;
}

/**
 * Whether the field `name` is shown with a searched month range: a month's field (`amount3`, `finish12`, `differ1`)
 * only within it, any other field always. The grid hides the months outside the range; its export does too.
 */
export function shownInRange(name: string, range: Pick<MonthRange, 'from' | 'to'>): boolean {
  const match = /^(?:amount|actual|finish|differ)(\d{1,2})$/.exec(name);
  const month = match ? Number(match[1]) : undefined;
  return month === undefined || (month >= range.from && month <= range.to);
}
