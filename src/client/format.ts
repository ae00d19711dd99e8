/**
 * Number display of spec §9: 2 decimals by default, thousands separators; completion rates are fractions shown x100 %.
 */
export function formatNumber(value: number | string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  return n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A fraction as a percentage: 0.1234 -> "12.34%"; null/blank -> "-". */
export function formatRate(value: number | string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '-';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '-';
  return `${formatNumber(n * 100, decimals)}%`;
}
