import { sql } from 'kysely';
import { fixedAsset } from '../../../shared/entities/finance/fixed-asset.ts';
import { STRAIGHT_LINE, depreciationOf, figuresAt, monthIndex } from '../../../shared/entities/finance/depreciation.ts';
import type { DepreciationRecord, DepreciationRun } from '../../../shared/contract/api/finance.schemas.ts';
import { formatDateTime, wireDateTime } from '../../../shared/contract/time.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { checkCompanies } from '../../platform/entity/company.ts';
import { toWire } from '../../platform/entity/fields.ts';
import type { VisibleRows } from '../../platform/entity/service.ts';
import { failWith } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import { assetFigures, currentMonth, storedFigures } from './fixed-asset.hooks.ts';

const COMPANY_REQUIRED = { zh: '请选择公司', en: 'Please select company' };
const PERIOD_FORMAT = { zh: '折旧期间格式应为yyyy-MM', en: 'The depreciation period must be yyyy-MM' };
const FUTURE_PERIOD = { zh: '不能计提未来期间的折旧', en: 'Depreciation cannot be recorded for a future period' };
const ALREADY_RECORDED = {
  zh: '{name}的折旧已计提，没有需要补提的资产',
  en: 'Depreciation of {name} has been recorded already: no asset is left to record',
};
const NOTHING_TO_RECORD = {
  zh: '{name}没有需要计提折旧的资产',
  en: 'No asset of the company depreciates in {name}',
};

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * 计提折旧 of a company for a period (the tenant's current month unless `period` names an earlier one): one record per
 * asset that depreciates in it (not in its in-service month, not after its stop month, not once fully depreciated),
 * each recorded once. The unique key (asset, period) decides between overlapping runs: a run inserts only the
 * records no other run has, so a second run of the period records nothing and says so, and two at once record each
 * asset once between them. Methods 2–4 add the month's figure to the entered accumulated depreciation; the straight
 * line's stored figures are brought to the current month (reads work them out anyway).
 */
export async function recordDepreciation(
  db: Db,
  visible: VisibleRows,
  user: AuthUser,
  body: { orgId?: unknown; period?: unknown },
): Promise<DepreciationRun> {
  if (blank(body.orgId)) throw failWith(COMPANY_REQUIRED).about('orgId');
  const orgId = String(body.orgId).trim();
  await checkCompanies(db, fixedAsset, user.tenantId, { org_id: orgId });
  const month = currentMonth();
  const period = blank(body.period) ? month : String(body.period).trim();
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) throw failWith(PERIOD_FORMAT).about('period');
  if (monthIndex(period) > monthIndex(month)) throw failWith(FUTURE_PERIOD).about('period');
  const now = formatDateTime();
  return db.transaction().execute(async (trx) => {
    // The company's cards, locked in id order: a card saved meanwhile waits for the run (and the run for it).
    const assets = await visible(trx).where('org_id', '=', orgId).orderBy('id').selectAll().forUpdate().execute();
    const due = assets
      .map((row) => ({ row, amount: depreciationOf(assetFigures(toWire(fixedAsset, row)), period) }))
      .filter(({ amount }) => amount > 0);
    const records = due.map(({ row, amount }) => {
      const asset = assetFigures(toWire(fixedAsset, row));
      const after =
        asset.depreciationMethod === STRAIGHT_LINE
          ? figuresAt(asset, period)
          : figuresAt({ ...asset, accumulatedDepreciation: asset.accumulatedDepreciation + amount }, period);
      return {
        id: nextId(),
        tenant_id: user.tenantId,
        asset_id: String(row.id),
        org_id: orgId,
        period,
        amount,
        accumulated: after.accumulatedDepreciation,
        net_value: after.netValue,
        create_user: user.userId,
        create_time: now,
      };
    });
    const inserted = records.length
      ? await trx
          .insertInto('erp_fixed_depreciation')
          .values(records)
          .onConflict((oc) => oc.columns(['tenant_id', 'asset_id', 'period']).doNothing())
          .returning(['asset_id', 'amount', 'accumulated', 'net_value'])
          .execute()
      : [];
    if (!inserted.length) {
      const recorded = await trx
        .selectFrom('erp_fixed_depreciation')
        .select(sql<number>`1`.as('found'))
        .where('tenant_id', '=', user.tenantId)
        .where('org_id', '=', orgId)
        .where('period', '=', period)
        .limit(1)
        .executeTakeFirst();
      throw failWith(recorded ? ALREADY_RECORDED : NOTHING_TO_RECORD, { name: period });
    }
    const rows = new Map(assets.map((row) => [String(row.id), row]));
    for (const record of inserted) {
      const row = rows.get(String(record.asset_id))!;
      const entered = String(row.depreciation_method) !== STRAIGHT_LINE;
      const figures = entered
        ? { accumulated_depreciation: Number(record.accumulated), net_value: Number(record.net_value) }
        : storedFigures(row, month);
      await trx.updateTable('erp_fixed_ledger').set(figures).where('id', '=', String(row.id)).execute();
    }
    const total = inserted.reduce((sum, record) => sum + Math.round(Number(record.amount) * 100), 0);
    return { orgId, period, assets: inserted.length, amount: total / 100 };
  });
}

/** One card's depreciation records, newest period first (the card's 折旧记录). */
export async function depreciationRecords(db: Db, tenantId: string, assetId: string): Promise<DepreciationRecord[]> {
  const rows = await db
    .selectFrom('erp_fixed_depreciation')
    .select(['id', 'period', 'amount', 'accumulated', 'net_value', 'create_time'])
    .where('tenant_id', '=', tenantId)
    .where('asset_id', '=', assetId)
    .orderBy('period', 'desc')
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    period: row.period,
    amount: Number(row.amount),
    accumulated: Number(row.accumulated),
    netValue: Number(row.net_value),
    createTime: wireDateTime(row.create_time),
  }));
}
