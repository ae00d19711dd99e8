import { Type, type Static } from 'typebox';

/** What the finance module's own routes answer inside the envelope (urls: finance.ts). */

/** A depreciation run: the company, the period, how many assets it recorded and their total depreciation. */
export const DepreciationRun = Type.Object({
  orgId: Type.String(),
  period: Type.String({ description: 'yyyy-MM' }),
  assets: Type.Integer(),
  amount: Type.Number(),
});
export type DepreciationRun = Static<typeof DepreciationRun>;

/** One month's depreciation of an asset, with its accumulated depreciation and net value after it. */
export const DepreciationRecord = Type.Object({
  id: Type.String(),
  period: Type.String({ description: 'yyyy-MM' }),
  amount: Type.Number(),
  accumulated: Type.Number(),
  netValue: Type.Number(),
  createTime: Type.String(),
});
export type DepreciationRecord = Static<typeof DepreciationRecord>;

/** The matching cards of one asset category, summed as they stand this month. */
export const AssetCategoryStat = Type.Object({
  assetCategory: Type.String(),
  assetCategoryName: Type.String(),
  count: Type.Integer(),
  originalValue: Type.Number(),
  accumulatedDepreciation: Type.Number(),
  netValue: Type.Number(),
  monthlyDepreciation: Type.Number(),
});
export type AssetCategoryStat = Static<typeof AssetCategoryStat>;
