import { depreciationOf } from '../../../shared/entities/finance/depreciation.ts';
import type { AssetCategoryStat } from '../../../shared/contract/api/finance.schemas.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import type { EntityService } from '../../platform/entity/service.ts';
import { assetFigures, currentMonth } from './fixed-asset.hooks.ts';

/**
 * The cards a list with these filters matches, by asset category, each as it stands this month (the wire records'
 * figures, which the card's hooks work out on read): count, original cost, accumulated depreciation, net value and
 * this month's depreciation. The screen's chart, beside the list it sums.
 */
export async function categoryStat(
  service: EntityService,
  user: AuthUser,
  query: Record<string, unknown>,
  lang: Lang,
): Promise<AssetCategoryStat[]> {
  const rows = await service.selectColumns(await service.matchingRows(user, query)).execute();
  const records = await service.wire(rows, lang);
  const month = currentMonth();
  const byCategory = new Map<string, AssetCategoryStat>();
  const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);
  for (const record of records) {
    const key = String(record.assetCategory);
    const stat = byCategory.get(key) ?? {
      assetCategory: key,
      assetCategoryName: String(record.assetCategoryName ?? key),
      count: 0,
      originalValue: 0,
      accumulatedDepreciation: 0,
      netValue: 0,
      monthlyDepreciation: 0,
    };
    stat.count += 1;
    stat.originalValue += cents(record.originalValue);
    stat.accumulatedDepreciation += cents(record.accumulatedDepreciation);
    stat.netValue += cents(record.netValue);
    stat.monthlyDepreciation += cents(depreciationOf(assetFigures(record), month));
    byCategory.set(key, stat);
  }
  const yuan = (value: number) => value / 100;
  return [...byCategory.values()]
    .sort((a, b) => Number(a.assetCategory) - Number(b.assetCategory))
    .map((stat) => ({
      ...stat,
      originalValue: yuan(stat.originalValue),
      accumulatedDepreciation: yuan(stat.accumulatedDepreciation),
      netValue: yuan(stat.netValue),
      monthlyDepreciation: yuan(stat.monthlyDepreciation),
    }));
}
