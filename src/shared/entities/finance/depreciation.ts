/**
 * Depreciation of a fixed-asset card (domain/finance.md § fixedledger), one place for the server's derived values, the
 * depreciation run and the console's card. Amounts are worked in cents so sums and caps are exact.
 */

/** `depreciation_method` 1 年限平均法: the method whose figures the server works out. */
export const STRAIGHT_LINE = '1';
/** `asset_status` 5 报废 and 6 已处置: depreciation stops at the month the asset reached one of them (`stopMonth`). */
export const STOPPED_STATUSES: readonly string[] = ['5', '6'];

/** The figures of a card the arithmetic reads (wire names). */
export interface AssetFigures {
  originalValue: number;
  salvageRate: number;
  usefulLifeMonths: number;
  depreciationMethod: string;
  /** Entered for methods 2–4; ignored for the straight line. */
  monthlyDepreciation: number;
  accumulatedDepreciation: number;
  impairment: number;
  /** yyyy-MM-dd */
  startUseDate: string;
  /** yyyy-MM, or '' while the asset depreciates. */
  stopMonth: string;
}

const cents = (value: number) => Math.round(value * 100);
const yuan = (value: number) => value / 100;

/** A month `yyyy-MM` (or a date) as a count of months, so that months subtract. */
export const monthIndex = (month: string): number => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** The month `yyyy-MM` before `month`. */
export function previousMonth(month: string): string {
  const index = monthIndex(month) - 1;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** 应计折旧总额: what the asset may lose at most, its original value less the residual value. */
export const depreciableCents = (asset: Pick<AssetFigures, 'originalValue' | 'salvageRate'>): number =>
  Math.round(cents(asset.originalValue) * (1 - asset.salvageRate));

/** The straight line's monthly depreciation, `originalValue × (1 − salvageRate) / usefulLifeMonths`. */
export function straightLineMonthly(asset: Pick<AssetFigures, 'originalValue' | 'salvageRate' | 'usefulLifeMonths'>) {
  return asset.usefulLifeMonths >= 1 ? yuan(Math.round(depreciableCents(asset) / asset.usefulLifeMonths)) : 0;
}

/**
 * n: the whole months depreciated by the end of `month`, from the month after the in-service month (当月增加当月不计提)
 * to `month` inclusive, frozen at the stop month of a scrapped or disposed asset.
 */
export function monthsDepreciated(asset: Pick<AssetFigures, 'startUseDate' | 'stopMonth'>, month: string): number {
  const last = asset.stopMonth ? Math.min(monthIndex(asset.stopMonth), monthIndex(month)) : monthIndex(month);
  return Math.max(0, last - monthIndex(asset.startUseDate));
}

/**
 * The straight line's accumulated depreciation at the end of `month`: `monthly × min(n, life)`, capped at the
 * depreciable amount, which the last month of the useful life reaches exactly (the rounding of the monthly figure
 * falls there, as 用友 and 金蝶 book it).
 */
export function straightLineAccumulated(asset: AssetFigures, month: string): number {
  const n = monthsDepreciated(asset, month);
  const cap = depreciableCents(asset);
  if (n >= asset.usefulLifeMonths) return yuan(cap);
  return yuan(Math.min(cents(straightLineMonthly(asset)) * n, cap));
}

/** The card's figures as they stand at the end of `month` (the tenant's current month, when read). */
export function figuresAt(asset: AssetFigures, month: string) {
  const straight = asset.depreciationMethod === STRAIGHT_LINE;
  const monthlyDepreciation = straight ? straightLineMonthly(asset) : asset.monthlyDepreciation;
  const accumulatedDepreciation = straight ? straightLineAccumulated(asset, month) : asset.accumulatedDepreciation;
  return {
    monthlyDepreciation,
    accumulatedDepreciation,
    netValue: netValueOf({ ...asset, accumulatedDepreciation }),
  };
}

/** 净值: `originalValue − accumulatedDepreciation − impairment`. */
export const netValueOf = (asset: Pick<AssetFigures, 'originalValue' | 'accumulatedDepreciation' | 'impairment'>) =>
  yuan(cents(asset.originalValue) - cents(asset.accumulatedDepreciation) - cents(asset.impairment));

/**
 * The depreciation the run books for `month`: for the straight line, the growth of the accumulated depreciation over
 * that month; for methods 2–4, the entered monthly figure up to what is left to depreciate. None in the in-service
 * month or before, after the stop month, or once fully depreciated.
 */
export function depreciationOf(asset: AssetFigures, month: string): number {
  if (monthsDepreciated(asset, month) <= monthsDepreciated(asset, previousMonth(month))) return 0;
  if (asset.depreciationMethod === STRAIGHT_LINE)
    return yuan(
      cents(straightLineAccumulated(asset, month)) - cents(straightLineAccumulated(asset, previousMonth(month))),
    );
  const left = depreciableCents(asset) - cents(asset.accumulatedDepreciation);
  return yuan(Math.max(0, Math.min(cents(asset.monthlyDepreciation), left)));
}
