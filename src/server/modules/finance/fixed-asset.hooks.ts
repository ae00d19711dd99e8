import {
  ACCUMULATED_OVER_CAP,
  USEFUL_LIFE_BY_CATEGORY,
  fixedAsset,
} from '../../../shared/entities/finance/fixed-asset.ts';
import {
  STOPPED_STATUSES,
  STRAIGHT_LINE,
  depreciableCents,
  figuresAt,
  type AssetFigures,
} from '../../../shared/entities/finance/depreciation.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { sumKey } from '../../../shared/contract/page.ts';
import { failWith } from '../../platform/errors.ts';
import { toWire } from '../../platform/entity/fields.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';

const DEPRECIATED_CARD = {
  zh: '已计提折旧的固定资产不能删除，请做报废或处置',
  en: 'An asset with recorded depreciation cannot be deleted: scrap or dispose of it instead',
};

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** The tenant's current month (yyyy-MM): inside a request, dates are the caller's tenant's zone. */
export const currentMonth = () => formatDateTime().slice(0, 7);

/** A card's figures from its wire form (`toWire` of its columns). */
export function assetFigures(record: Readonly<Record<string, unknown>>): AssetFigures {
  return {
    originalValue: Number(record.originalValue ?? 0),
    salvageRate: Number(record.salvageRate ?? 0),
    usefulLifeMonths: Number(record.usefulLifeMonths ?? 0),
    depreciationMethod: String(record.depreciationMethod ?? STRAIGHT_LINE),
    monthlyDepreciation: Number(record.monthlyDepreciation ?? 0),
    accumulatedDepreciation: Number(record.accumulatedDepreciation ?? 0),
    impairment: Number(record.impairment ?? 0),
    startUseDate: String(record.startUseDate ?? ''),
    stopMonth: String(record.stopMonth ?? ''),
  };
}

/** The straight line's stored figures of a card's columns, as they stand at the end of `month`. */
export function storedFigures(row: Readonly<Record<string, unknown>>, month: string): Record<string, unknown> {
  const asset = assetFigures(toWire(fixedAsset, row));
  const figures = figuresAt(asset, month);
  return {
    monthly_depreciation: figures.monthlyDepreciation,
    accumulated_depreciation: figures.accumulatedDepreciation,
    net_value: figures.netValue,
  };
}

const SUMMED = [
  'original_value',
  'salvage_rate',
  'useful_life_months',
  'depreciation_method',
  'monthly_depreciation',
  'accumulated_depreciation',
  'impairment',
  'start_use_date',
  'stop_month',
] as const;

/**
 * 固定资产台账 (domain/finance.md § fixedledger). The straight line's figures depend on the month they are read in:
 * they are worked out on every read in the tenant's current month (each card read, the footer's sums over every
 * filtered card), so a list opened in a new month is right without anybody saving or running anything. Each write
 * (and each depreciation run) also stores them as of its month: the stored figures only order the list.
 * - A blank useful life takes the category's; a move to 报废/已处置 stores the month it happens in (`stopMonth`).
 * - Methods 2–4 keep the figures entered, the accumulated depreciation no more than the depreciable amount.
 */
export function fixedAssetHooks({ db }: Services): EntityHooks {
  return {
    // [DESIGN] Not in the domain file: a card whose depreciation is on the books leaves them by 报废/已处置 (as in 金蝶
    // and 用友), never by a delete that would orphan its records.
    async beforeRemove(user, ids) {
      const recorded = await db
        .selectFrom('erp_fixed_depreciation')
        .select('asset_id')
        .where('tenant_id', '=', user.tenantId)
        .where('asset_id', 'in', ids)
        .limit(1)
        .executeTakeFirst();
      if (recorded) throw failWith(DEPRECIATED_CARD);
    },
    async prepare(_user, input, inserting) {
      if ((inserting || 'usefulLifeMonths' in input) && blank(input.usefulLifeMonths) && !blank(input.assetCategory)) {
        const life = USEFUL_LIFE_BY_CATEGORY[String(input.assetCategory).trim()];
        if (life) return { ...input, usefulLifeMonths: life };
      }
      return input;
    },
    async beforeWrite(_trx, _user, values, before) {
      const month = currentMonth();
      const status = values.asset_status === undefined ? undefined : String(values.asset_status);
      const wasStopped = before !== undefined && STOPPED_STATUSES.includes(String(before.asset_status));
      if (status !== undefined && STOPPED_STATUSES.includes(status) && !wasStopped) values.stop_month = month;
      const row = { ...before, ...values };
      if (String(row.depreciation_method) === STRAIGHT_LINE) {
        const { monthly_depreciation, accumulated_depreciation } = storedFigures(row, month);
        Object.assign(values, { monthly_depreciation, accumulated_depreciation });
        return;
      }
      const asset = assetFigures(toWire(fixedAsset, row));
      if (Math.round(asset.accumulatedDepreciation * 100) > depreciableCents(asset))
        throw failWith(ACCUMULATED_OVER_CAP).about('accumulatedDepreciation');
    },
    async decorate(records) {
      const month = currentMonth();
      for (const record of records) Object.assign(record, figuresAt(assetFigures(record), month));
    },
    // The footer's Σ of every filtered card, each as read this month (not the figures stored by its last write).
    async pageExtras(_user, _query, matching) {
      const month = currentMonth();
      const rows = await matching.select(SUMMED.map((column) => `${fixedAsset.table}.${column}`)).execute();
      const totals = { originalValue: 0, accumulatedDepreciation: 0, netValue: 0 };
      for (const row of rows) {
        const asset = assetFigures(toWire(fixedAsset, row));
        const figures = figuresAt(asset, month);
        totals.originalValue += Math.round(asset.originalValue * 100);
        totals.accumulatedDepreciation += Math.round(figures.accumulatedDepreciation * 100);
        totals.netValue += Math.round(figures.netValue * 100);
      }
      return Object.fromEntries(Object.entries(totals).map(([name, cents]) => [sumKey(name), cents / 100]));
    },
  };
}
