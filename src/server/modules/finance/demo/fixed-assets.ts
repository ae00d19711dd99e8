import { formatDateTime } from '../../../../shared/contract/time.ts';
import {
  STRAIGHT_LINE,
  depreciationOf,
  figuresAt,
  monthIndex,
  previousMonth,
} from '../../../../shared/entities/finance/depreciation.ts';
import { USEFUL_LIFE_BY_CATEGORY } from '../../../../shared/entities/finance/fixed-asset.ts';
import type { Db } from '../../../db/connect.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { nextId } from '../../../platform/ids.ts';
import { SEED } from '../../system/install.ts';
import { demoAudit } from '../../system/demo/figures.ts';
import { assetFigures } from '../fixed-asset.hooks.ts';

const TENANT = '000000';

/**
 * code | name | category | spec | company | in service | original cost | method | status | device code ('' none).
 * The machines are the production demo's devices (modules/production/demo/shopfloor.ts), whose asset numbers
 * `FA-<company>-<n>` they carry; the rest are each company's buildings, vehicles, computers and office furniture.
 * Every status is among them: 停用 forklift idle, a compressor scrapped, an old server disposed of, a press under
 * repair, a van leased out. Two cards take the accelerated methods (entered figures).
 */
const ASSETS: ReadonlyArray<string> = [
  'FA-1010-0001|闭式四点压力机|2|E4W-1000|1010|2016-06-18|3860000|1|1|EQ-CZ-P001',
  'FA-1010-0002|闭式双点压力机|2|JH25-800|1010|2016-06-18|2150000|1|1|EQ-CZ-P002',
  'FA-1010-0003|闭式双点压力机|2|JH25-630|1010|2017-03-02|1680000|1|1|EQ-CZ-P003',
  'FA-1010-0004|闭式单点压力机|2|JH31-400|1010|2017-03-02|920000|1|3|EQ-CZ-P004',
  'FA-1010-0005|开式固定台压力机|2|JH21-250|1010|2018-09-12|386000|1|1|EQ-CZ-P005',
  'FA-1010-0006|开式固定台压力机|2|JH21-160|1010|2018-09-12|268000|1|1|EQ-CZ-P006',
  'FA-1010-0007|点焊机器人|2|R-2000iC/210F|1010|2019-11-05|458000|2|1|EQ-CZ-R001',
  'FA-1010-0008|点焊机器人|2|R-2000iC/210F|1010|2019-11-05|458000|1|1|EQ-CZ-R002',
  'FA-1010-0009|中频逆变点焊机|2|DM-200|1010|2019-11-05|126000|1|1|EQ-CZ-W001',
  'FA-1010-0010|CO2气体保护焊机|2|NB-500|1010|2020-04-20|38600|1|1|EQ-CZ-W002',
  'FA-1010-0011|弧焊机器人|2|KR 8 R2100|1010|2020-04-20|312000|1|1|EQ-CZ-R003',
  'FA-1010-0012|电动拧紧机|2|QST 42-50|1010|2021-08-01|96000|1|1|EQ-CZ-T001',
  'FA-1010-0013|三坐标测量机|4|Global S 9.15.8|1010|2018-01-15|1280000|1|1|EQ-CZ-M001',
  'FA-1010-0014|电动叉车|3|CPD30|1010|2015-05-10|168000|1|2|EQ-CZ-F001',
  'FA-1010-B001|冲压车间厂房|1|钢结构 12000㎡|1010|2015-03-01|28600000|1|1|',
  'FA-1010-B002|综合办公楼|1|框架结构 4800㎡|1010|2015-03-01|12800000|1|1|',
  'FA-1010-V001|厂内物流货车|3|江铃顺达 JX1041|1010|2022-05-16|186000|1|4|',
  'FA-1010-E001|ERP服务器|4|Dell PowerEdge R750|1010|2020-02-10|96000|1|6|',
  'FA-1010-E002|设计工作站|4|HP Z4 G5|1010|YEAR-02-20|42000|1|1|',
  'FA-1010-O001|会议室家具|5|定制|1010|2021-06-01|58000|1|1|',
  'FA-1020-0015|闭式四点压力机|2|E4W-800|1020|2019-02-25|3120000|1|1|EQ-SZ-P001',
  'FA-1020-0016|闭式双点压力机|2|JH25-500|1020|2019-02-25|1360000|1|1|EQ-SZ-P002',
  'FA-1020-0017|点焊机器人|2|MH225|1020|2020-10-10|426000|3|1|EQ-SZ-R001',
  'FA-1020-0018|悬挂式点焊机|2|DN3-160|1020|2020-10-10|68000|1|3|EQ-SZ-W001',
  'FA-1020-0019|蓝光三维扫描仪|4|ATOS Q|1020|2022-06-30|865000|1|1|EQ-SZ-M001',
  'FA-1020-0020|空气压缩机|2|GA90|1020|2014-03-01|286000|1|5|EQ-SZ-X001',
  'FA-1020-B001|焊装车间厂房|1|钢结构 8600㎡|1020|2018-09-01|19800000|1|1|',
  'FA-1020-B002|成品仓库|1|钢结构 3600㎡|1020|2019-05-01|6200000|1|1|',
  'FA-1020-V001|商务车|3|别克 GL8|1020|2021-03-18|328000|1|1|',
  'FA-1020-V002|叉车|3|杭叉 CPCD35|1020|2017-07-01|125000|1|5|',
  'FA-1020-E001|研发笔记本电脑|4|ThinkPad P16|1020|YEAR-01-10|24000|1|1|',
  'FA-1020-E002|网络交换机|4|H3C S6520|1020|2023-04-12|68000|1|1|',
  'FA-1020-E003|门禁考勤系统|4|海康 DS-K1T|1020|2019-10-08|36000|1|6|',
  'FA-1020-O001|办公桌椅|5|定制|1020|2019-05-01|86000|1|1|',
  'FA-1020-O002|档案密集柜|5|手动式|1020|2020-08-15|42000|1|2|',
  'FA-1020-T001|翼子板冲压模|6|5G0821105|1020|2021-11-20|1260000|1|1|',
  'FA-1020-T002|门内板冲压模|6|5G4867011|1020|2022-03-08|980000|1|4|',
  'FA-1020-T003|焊装夹具|6|JG-5G-01|1020|2020-12-01|460000|1|1|',
  'FA-1010-T001|后纵梁冲压模|6|3QD809601|1010|2023-07-15|1120000|1|1|',
  'FA-1010-T002|检具|6|JJ-3QD-02|1010|2024-01-20|186000|1|1|',
];

/** The departments that use the cards: each company's own (the seed's). */
const DEPT_OF: Readonly<Record<string, string>> = { '1010': SEED.deptChangzhou, '1020': SEED.deptSuzhou };

/**
 * The demo's fixed-asset register (`npm run demo`): 40 cards of the two companies, in every status, their machines
 * linked to the production demo's devices, and the depreciation records of every month of this year before the
 * current one, as the monthly runs would have booked them. Added once (while the tenant has none of their numbers).
 */
export async function seedFixedAssetDemo(db: Db): Promise<string[]> {
  const codes = ASSETS.map((line) => line.slice(0, line.indexOf('|')));
  const existing = await db
    .selectFrom('erp_fixed_ledger')
    .select('asset_code')
    .where('tenant_id', '=', TENANT)
    .where('asset_code', 'in', codes)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (existing) return [];
  const month = formatDateTime().slice(0, 7);
  const year = month.slice(0, 4);
  const devices = new Map(
    (
      await db
        .selectFrom('erp_device')
        .select(['id', 'device_code'])
        .where('tenant_id', '=', TENANT)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((row) => [row.device_code, String(row.id)]),
  );
  // Scrapped and disposed cards stopped three months ago, or in January of a year just begun.
  const stopMonth =
    monthIndex(month) - 3 < monthIndex(`${year}-01`)
      ? `${year}-01`
      : previousMonth(previousMonth(previousMonth(month)));
  // The periods of this year already closed: January up to the month before this one.
  const periods: string[] = [];
  for (let period = previousMonth(month); period.startsWith(year); period = previousMonth(period))
    periods.unshift(period);
  const cards = ASSETS.map((line) => {
    const [code, name, category, spec, org, startText, cost, method, assetStatus, deviceCode] = line.split('|');
    const startUseDate = startText.replace('YEAR', year);
    const life = USEFUL_LIFE_BY_CATEGORY[category];
    const stopped = assetStatus === '5' || assetStatus === '6';
    const row = {
      id: nextId(),
      tenant_id: TENANT,
      asset_code: code,
      asset_name: name,
      asset_category: category,
      spec,
      org_id: org,
      dept_id: DEPT_OF[org],
      location: '',
      custodian: '',
      purchase_date: startUseDate,
      start_use_date: startUseDate,
      original_value: Number(cost),
      salvage_rate: 0.05,
      useful_life_months: life,
      depreciation_method: method,
      monthly_depreciation: 0,
      accumulated_depreciation: 0,
      impairment: 0,
      net_value: 0,
      device_id: deviceCode ? (devices.get(deviceCode) ?? null) : null,
      asset_status: assetStatus,
      stop_month: stopped ? stopMonth : '',
      remark: '',
      ...demoAudit(),
    };
    return { ...row, ...openingFigures(row, periods[0] ?? month) };
  });
  // The devices' numbers name their cards already; a card without its device (a deleted one) has none linked.
  await insertRows(db, 'erp_fixed_ledger', cards);
  const records = [];
  for (const card of cards) {
    let accumulated = Number(card.accumulated_depreciation);
    for (const period of periods) {
      const asset = { ...assetFigures(camel(card)), accumulatedDepreciation: accumulated };
      const amount = depreciationOf(asset, period);
      if (amount <= 0) continue;
      const after =
        card.depreciation_method === STRAIGHT_LINE
          ? figuresAt(asset, period)
          : figuresAt({ ...asset, accumulatedDepreciation: accumulated + amount }, period);
      accumulated = after.accumulatedDepreciation;
      records.push({
        id: nextId(),
        tenant_id: TENANT,
        asset_id: card.id,
        org_id: card.org_id,
        period,
        amount,
        accumulated: after.accumulatedDepreciation,
        net_value: after.netValue,
        create_user: SEED.userAdmin,
        create_time: `${period}-28 18:00:00`,
      });
    }
    // The accelerated cards' figures after this year's runs; the straight line's as of this month.
    const asset = { ...assetFigures(camel(card)), accumulatedDepreciation: accumulated };
    const now = figuresAt(asset, month);
    await db
      .updateTable('erp_fixed_ledger')
      .set({
        monthly_depreciation: now.monthlyDepreciation,
        accumulated_depreciation: now.accumulatedDepreciation,
        net_value: now.netValue,
      })
      .where('id', '=', card.id)
      .execute();
  }
  await insertRows(db, 'erp_fixed_depreciation', records);
  return [`${cards.length} fixed assets`, `${records.length} depreciation records`];
}

type Card = Record<string, unknown> & { depreciation_method: string; original_value: number; salvage_rate: number };

/**
 * The figures a card opens the year with: the straight line's are worked out; an accelerated card's monthly figure
 * is that of the double-declining (2/life of the original cost) or sum-of-years' method at its age, and its
 * accumulated depreciation the straight line's up to the month before the year's first period.
 */
function openingFigures(card: Card, firstPeriod: string) {
  const asset = assetFigures(camel(card));
  const opening = figuresAt({ ...asset, depreciationMethod: STRAIGHT_LINE }, previousMonth(firstPeriod));
  if (card.depreciation_method === STRAIGHT_LINE) return { monthly_depreciation: opening.monthlyDepreciation };
  const monthly = Math.round(((card.original_value * 2) / asset.usefulLifeMonths) * 100) / 100;
  return { monthly_depreciation: monthly, accumulated_depreciation: opening.accumulatedDepreciation };
}

/** A demo card's columns under the wire names the arithmetic reads. */
function camel(card: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(card).map(([key, value]) => [key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), value]),
  );
}
