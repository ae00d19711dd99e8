import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIME_ZONE, formatDateTime } from '../../src/shared/contract/time.ts';
import { monthIndex, previousMonth } from '../../src/shared/entities/finance/depreciation.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import type { DynamicDb } from '../../src/server/db/connect.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createUser, crudCodes } from '../support/factories.ts';

/**
 * 固定资产台账 (domain/finance.md § fixedledger) over HTTP: the straight line's figures worked out in the tenant's
 * current month (当月增加当月不计提, the cap, the freeze at 报废/已处置), methods 2–4 as entered, the refusals, the footer,
 * the monthly 计提折旧 (once per asset and period, however many runs), the device link both ways and the run's button.
 */
const SYS = '/api/blade-system';
const API = `${SYS}/fixedledger`;
type Row = Record<string, unknown> & { id: string };
type Page = { records: Row[]; total: number } & Record<string, unknown>;

let t: TestApp;
let admin: string;
let seq = 0;

/** The tenant's current month: the platform tenant keeps the default zone (Asia/Shanghai), not the machine's. */
const thisMonth = () => formatDateTime(new Date(), DEFAULT_TIME_ZONE).slice(0, 7);
/** The 15th of the month `back` months before the current one. */
function monthsAgo(back: number): string {
  let month = thisMonth();
  for (let i = 0; i < back; i += 1) month = previousMonth(month);
  return `${month}-15`;
}

const CARD = {
  assetName: '闭式双点压力机',
  assetCategory: '2',
  orgId: '1010',
  originalValue: 120000,
  salvageRate: 0.05,
};
const card = (body: Record<string, unknown>) => ({ ...CARD, assetCode: `FA-T-${++seq}`, ...body });
const submit = (body: Record<string, unknown>, token = admin) => t.post(`${API}/submit`, token, body);
const save = async (body: Record<string, unknown>) => expectOk(await submit(card(body))) as Row;
const detail = async (id: string) => expectOk(await t.get(`${API}/detail?id=${id}`, admin)) as Row;
const list = async (query: string) => expectOk(await t.get(`${API}/list?${query}`, admin)) as Page;
const depreciate = (body: Record<string, unknown>, token = admin) => t.post(`${API}/depreciate`, token, body);
const recordsOf = async (id: string) =>
  expectOk(await t.get(`${API}/depreciations?assetId=${id}`, admin)) as Array<Record<string, unknown>>;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
}, 60_000);
afterAll(() => t?.stop());

describe('the straight line', () => {
  it('depreciates from the month after the in-service month, in the tenant’s month, the server’s figures', async () => {
    // 120 000 × (1 − 5%) / 120 = 950 a month; twelve months since: 11 400; the life defaults by category.
    const saved = await save({
      startUseDate: monthsAgo(12),
      impairment: 1000,
      monthlyDepreciation: 1,
      accumulatedDepreciation: 2,
      netValue: 3,
    });
    expect(saved).toMatchObject({
      usefulLifeMonths: 120,
      depreciationMethod: '1',
      depreciationMethodName: '年限平均法',
      monthlyDepreciation: 950,
      accumulatedDepreciation: 11400,
      netValue: 107600,
      assetStatusName: '在用',
      orgName: '常州布雷德',
    });
    // 当月增加当月不计提: a card in service this month has none, one of last month one month's.
    expect(await save({ startUseDate: monthsAgo(0) })).toMatchObject({ accumulatedDepreciation: 0, netValue: 120000 });
    expect(await save({ startUseDate: monthsAgo(1) })).toMatchObject({ accumulatedDepreciation: 950 });
    // Past its life: the depreciable amount exactly, the residual value left.
    expect(await save({ startUseDate: monthsAgo(200) })).toMatchObject({
      accumulatedDepreciation: 114000,
      netValue: 6000,
    });
    // A rounded monthly figure (9 500 / 36 = 263.89) still ends on the depreciable amount.
    expect(
      await save({ assetCategory: '4', originalValue: 10000, startUseDate: monthsAgo(40), usefulLifeMonths: '' }),
    ).toMatchObject({ usefulLifeMonths: 36, monthlyDepreciation: 263.89, accumulatedDepreciation: 9500 });
  });

  it('is worked out when read, not only when saved: a card saved months ago reads as of this month', async () => {
    const saved = await save({ startUseDate: monthsAgo(6) });
    // Its stored figures as a write months ago would have left them.
    await (t.services.db as DynamicDb)
      .updateTable('erp_fixed_ledger')
      .set({ accumulated_depreciation: 950, net_value: 119050 })
      .where('id', '=', saved.id)
      .execute();
    expect(await detail(saved.id)).toMatchObject({ accumulatedDepreciation: 5700, netValue: 114300 });
    const page = await list(`assetCode=${saved.assetCode}`);
    expect(page.records[0]).toMatchObject({ accumulatedDepreciation: 5700, netValue: 114300 });
    expect(page).toMatchObject({
      total: 1,
      sumOriginalValue: 120000,
      sumAccumulatedDepreciation: 5700,
      sumNetValue: 114300,
    });
  });

  it('stops at the month the card is scrapped or disposed of, and a disposed card stays disposed', async () => {
    const saved = await save({ startUseDate: monthsAgo(12) });
    const scrapped = expectOk(await submit({ id: saved.id, assetStatus: '5' })) as Row;
    expect(scrapped).toMatchObject({ stopMonth: thisMonth(), accumulatedDepreciation: 11400, assetStatusName: '报废' });
    // Scrapped six months ago: frozen at six months, whatever month it is read in.
    await (t.services.db as DynamicDb)
      .updateTable('erp_fixed_ledger')
      .set({ stop_month: monthsAgo(6).slice(0, 7) })
      .where('id', '=', saved.id)
      .execute();
    expect(await detail(saved.id)).toMatchObject({ accumulatedDepreciation: 5700, netValue: 114300 });
    // 报废 → 已处置 keeps the stop month; nothing leads back from either.
    expect(expectOk(await submit({ id: saved.id, assetStatus: '6' }))).toMatchObject({
      stopMonth: monthsAgo(6).slice(0, 7),
    });
    expectError(await submit({ id: saved.id, assetStatus: '1' }), 400, '资产状态不能从“已处置”变为“在用”');
    // A client never sets the stop month.
    const other = await save({ startUseDate: monthsAgo(3), stopMonth: '2001-01' });
    expect(other.stopMonth).toBe('');
  });
});

describe('the current month', () => {
  it('is the tenant’s: at 20:00 UTC on 30 November it is December in Shanghai, a November card’s first month', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-11-30T20:00:00Z') });
    try {
      const token = await t.tokenOf();
      const saved = expectOk(await submit(card({ startUseDate: '2031-11-10' }), token)) as Row;
      expect(saved).toMatchObject({ accumulatedDepreciation: 950 });
      const scrapped = expectOk(await submit({ id: saved.id, assetStatus: '5' }, token)) as Row;
      expect(scrapped.stopMonth).toBe('2031-12');
      const run = expectOk(await depreciate({ orgId: '1010' }, token));
      expect(run).toMatchObject({ period: '2031-12' });
      // 当月减少当月照提: scrapped in December, it depreciates in December, as its card counts it.
      expect(expectOk(await t.get(`${API}/depreciations?assetId=${saved.id}`, token))).toEqual([
        expect.objectContaining({ period: '2031-12', amount: 950, accumulated: 950 }),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('methods 2–4', () => {
  it('take the monthly and accumulated depreciation as entered, required and within the depreciable amount', async () => {
    const entered = await save({
      depreciationMethod: '2',
      startUseDate: monthsAgo(30),
      monthlyDepreciation: 1900,
      accumulatedDepreciation: 52000,
      impairment: 500,
    });
    expect(entered).toMatchObject({
      depreciationMethodName: '双倍余额递减法',
      monthlyDepreciation: 1900,
      accumulatedDepreciation: 52000,
      netValue: 67500,
    });
    expect(await detail(entered.id)).toMatchObject({ accumulatedDepreciation: 52000 });
    const before = (await list('size=1')).total;
    expectError(
      await submit(card({ depreciationMethod: '3', startUseDate: monthsAgo(3), accumulatedDepreciation: 100 })),
      400,
      '请输入月折旧额',
    );
    expectError(
      await submit(card({ depreciationMethod: '4', startUseDate: monthsAgo(3), monthlyDepreciation: 100 })),
      400,
      '请输入累计折旧',
    );
    expectError(
      await submit(
        card({
          depreciationMethod: '2',
          startUseDate: monthsAgo(3),
          monthlyDepreciation: 1,
          accumulatedDepreciation: 114000.01,
        }),
      ),
      400,
      '累计折旧不能大于原值×(1−残值率)',
    );
    expect((await list('size=1')).total).toBe(before);
    // Back to the straight line: the server's figures again.
    expect(expectOk(await submit({ id: entered.id, depreciationMethod: '1' }))).toMatchObject({
      monthlyDepreciation: 950,
      accumulatedDepreciation: 28500,
    });
  });
});

describe('refusals', () => {
  it('refuse what the domain refuses, with its messages, and write nothing', async () => {
    const tenantOther = '600135';
    const db = t.services.db as DynamicDb;
    const foreignDept = nextId();
    const dept = await db
      .selectFrom('blade_dept')
      .selectAll()
      .where('id', '=', SEED.deptChangzhou)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('blade_dept')
      .values({ ...dept, id: foreignDept, tenant_id: tenantOther })
      .execute();
    const device = expectOk(
      await t.post(`${SYS}/device/submit`, admin, {
        deviceCode: 'D-F1',
        deviceName: '压力机',
        deviceType: '1',
        orgId: '1010',
      }),
    ) as Row;
    const foreignDevice = nextId();
    const deviceRow = await db
      .selectFrom('erp_device')
      .selectAll()
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('erp_device')
      .values({ ...deviceRow, id: foreignDevice, tenant_id: tenantOther })
      .execute();
    const taken = await save({ startUseDate: monthsAgo(2) });
    const before = (await list('size=1')).total;
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ salvageRate: 1 }, '残值率不能大于99.9999%'],
      [{ salvageRate: -0.01 }, '残值率不能小于0%'],
      [{ usefulLifeMonths: 0 }, '折旧年限(月)不能小于1'],
      [{ originalValue: 0 }, '原值必须大于0'],
      [{ originalValue: '' }, '请输入原值'],
      [{ startUseDate: '' }, '请选择开始使用日期'],
      [{ purchaseDate: '2024-03-02', startUseDate: '2024-03-01' }, '开始使用日期不能早于购置日期'],
      [{ assetCode: taken.assetCode }, '资产编号已存在'],
      [{ assetCategory: '9', usefulLifeMonths: 60 }, '请选择资产类别'],
      [{ assetCategory: '9' }, '请输入折旧年限(月)'],
      [{ orgId: '9999' }, '公司不存在'],
      [{ deptId: foreignDept }, '使用部门不存在或无权访问'],
      [{ deviceId: foreignDevice }, '关联设备不存在或无权访问'],
    ];
    for (const [body, message] of refused)
      expectError(await submit(card({ startUseDate: '2024-03-15', ...body })), 400, message);
    expect((await list('size=1')).total).toBe(before);
    // The purchase date may be the in-service date.
    expect(await save({ purchaseDate: '2024-03-01', startUseDate: '2024-03-01' })).toMatchObject({
      purchaseDate: '2024-03-01',
    });
  });
});

describe('计提折旧', () => {
  it('records a period once per asset: none in the in-service month, after the stop month or once depreciated', async () => {
    await t.services.db.updateTable('blade_dept').set({ remark: '1020' }).where('id', '=', SEED.deptSuzhou).execute();
    const org = { orgId: '1020' };
    const running = await save({ ...org, startUseDate: monthsAgo(5) });
    const entered = await save({
      ...org,
      depreciationMethod: '3',
      startUseDate: monthsAgo(5),
      monthlyDepreciation: 3000,
      accumulatedDepreciation: 12000,
    });
    const fresh = await save({ ...org, startUseDate: monthsAgo(0) });
    const done = await save({ ...org, startUseDate: monthsAgo(300) });
    const scrapped = await save({ ...org, startUseDate: monthsAgo(5) });
    expectOk(await submit({ id: scrapped.id, assetStatus: '5' }));
    await (t.services.db as DynamicDb)
      .updateTable('erp_fixed_ledger')
      .set({ stop_month: monthsAgo(2).slice(0, 7) })
      .where('id', '=', scrapped.id)
      .execute();

    const run = expectOk(await depreciate(org));
    expect(run).toEqual({ orgId: '1020', period: thisMonth(), assets: 2, amount: 3950 });
    expect(await recordsOf(running.id)).toEqual([
      expect.objectContaining({ period: thisMonth(), amount: 950, accumulated: 4750, netValue: 115250 }),
    ]);
    // Methods 2–4: the month's figure adds to the entered accumulated depreciation.
    expect(await recordsOf(entered.id)).toEqual([
      expect.objectContaining({ period: thisMonth(), amount: 3000, accumulated: 15000 }),
    ]);
    expect(await detail(entered.id)).toMatchObject({ accumulatedDepreciation: 15000, netValue: 105000 });
    for (const none of [fresh, done, scrapped]) expect(await recordsOf(none.id)).toEqual([]);

    // Again: nothing more, and it says so.
    expectError(await depreciate(org), 400, `${thisMonth()}的折旧已计提，没有需要补提的资产`);
    expect(await recordsOf(entered.id)).toHaveLength(1);
    expect(await detail(entered.id)).toMatchObject({ accumulatedDepreciation: 15000 });
    // A card added since (in service two months ago) is recorded by the next run of the period, alone.
    const late = await save({ ...org, startUseDate: monthsAgo(2) });
    expect(expectOk(await depreciate(org))).toMatchObject({ assets: 1, amount: 950 });
    expect(await recordsOf(late.id)).toHaveLength(1);
    // A card on the books leaves them by 报废/已处置, not by a delete; one never depreciated goes.
    expectError(
      await t.post(`${API}/remove?ids=${late.id},${fresh.id}`, admin),
      400,
      '已计提折旧的固定资产不能删除，请做报废或处置',
    );
    expect(await detail(fresh.id)).toMatchObject({ id: fresh.id });
    expectOk(await t.post(`${API}/remove?ids=${fresh.id}`, admin));
  });

  it('two runs of one period at once record each asset once between them', async () => {
    const period = previousMonth(thisMonth());
    const saved = await save({ orgId: '1010', startUseDate: monthsAgo(8) });
    const [a, b] = await Promise.all([depreciate({ orgId: '1010', period }), depreciate({ orgId: '1010', period })]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes, `${a.body} ${b.body}`).toEqual([200, 400]);
    expectError(a.statusCode === 400 ? a : b, 400, `${period}的折旧已计提，没有需要补提的资产`);
    expect((await recordsOf(saved.id)).filter((r) => r.period === period)).toHaveLength(1);
  });

  it('refuses a run without a company, of an unknown one, of a future or malformed period', async () => {
    expectError(await depreciate({}), 400, '请选择公司');
    expectError(await depreciate({ orgId: '9999' }), 400, '公司不存在');
    const next = monthIndex(thisMonth()) + 1;
    const future = `${Math.floor(next / 12)}-${String((next % 12) + 1).padStart(2, '0')}`;
    expectError(await depreciate({ orgId: '1010', period: future }), 400, '不能计提未来期间的折旧');
    expectError(await depreciate({ orgId: '1010', period: '2024-13' }), 400, '折旧期间格式应为yyyy-MM');
    expectError(await depreciate({ orgId: '1010', period: '1990-01' }), 400, '1990-01没有需要计提折旧的资产');
  });

  it('is a button of its own: the screen’s other rights do not run it', async () => {
    const roleId = await createRole(t, '000000', 'fa-clerk', ['finance', ...crudCodes('fixedledger')]);
    await createUser(t, {
      tenantId: '000000',
      account: 'fa-clerk',
      password: 'pw',
      roleId,
      deptId: SEED.deptChangzhou,
    });
    const clerk = await t.tokenOf('fa-clerk', 'pw');
    expectOk(await t.get(`${API}/list`, clerk));
    expectError(await depreciate({ orgId: '1010' }, clerk), 403);
  });
});

describe('the device link', () => {
  const DEVICE = { deviceName: '点焊机器人', deviceType: '6', orgId: '1010' };
  const deviceOf = async (id: string) => expectOk(await t.get(`${SYS}/device/detail?id=${id}`, admin)) as Row;
  const saveDevice = async (body: Record<string, unknown>) =>
    expectOk(await t.post(`${SYS}/device/submit`, admin, { ...DEVICE, ...body })) as Row;

  it('is set from either side and never disagrees', async () => {
    const first = await save({ startUseDate: monthsAgo(3) });
    const second = await save({ startUseDate: monthsAgo(3) });
    // A device names a card: the card names the device.
    const robot = await saveDevice({ deviceCode: 'R-01', assetCode: first.assetCode });
    expect(await detail(first.id)).toMatchObject({ deviceId: robot.id, deviceName: '点焊机器人' });
    // The card names another device: that device holds its number, the first lets it go.
    const welder = await saveDevice({ deviceCode: 'W-01' });
    expectOk(await submit({ id: first.id, deviceId: welder.id }));
    expect(await deviceOf(welder.id)).toMatchObject({ assetCode: first.assetCode });
    expect(await deviceOf(robot.id)).toMatchObject({ assetCode: '' });
    // The welder moves to the second card: the first card has no device any more.
    expectOk(await t.post(`${SYS}/device/submit`, admin, { id: welder.id, assetCode: second.assetCode }));
    expect(await detail(first.id)).toMatchObject({ deviceId: null });
    expect(await detail(second.id)).toMatchObject({ deviceId: welder.id });
    // A card's new number follows to its device.
    expectOk(await submit({ id: second.id, assetCode: 'FA-RENUMBERED' }));
    expect(await deviceOf(welder.id)).toMatchObject({ assetCode: 'FA-RENUMBERED' });
  });

  it('refuses an unknown asset number and a card a device still names', async () => {
    expectError(
      await t.post(`${SYS}/device/submit`, admin, { ...DEVICE, deviceCode: 'R-02', assetCode: 'FA-NONE' }),
      400,
      '固定资产编号不存在',
    );
    const linked = await save({ startUseDate: monthsAgo(3) });
    await saveDevice({ deviceCode: 'R-03', assetCode: linked.assetCode });
    expectError(await t.post(`${API}/remove?ids=${linked.id}`, admin), 400, '该固定资产已关联设备，不能删除');
  });
});

describe('the demo', () => {
  it('adds 40 cards of both companies in every status, linked to the demo devices, with this year’s records, once', async () => {
    const { seedMasterdataDemo } = await import('../../src/server/modules/masterdata/demo/partners-and-staff.ts');
    const { seedShopfloorDemo } = await import('../../src/server/modules/production/demo/shopfloor.ts');
    const { seedFixedAssetDemo } = await import('../../src/server/modules/finance/demo/fixed-assets.ts');
    await seedMasterdataDemo(t.services.db);
    await seedShopfloorDemo(t.services.db);
    const added = await seedFixedAssetDemo(t.services.db);
    expect(added[0]).toBe('40 fixed assets');
    expect(await seedFixedAssetDemo(t.services.db)).toEqual([]);
    const page = await list('assetCode=FA-10&size=100');
    const demo = page.records.filter((r) => /^FA-10[12]0-/.test(String(r.assetCode)));
    expect(demo).toHaveLength(40);
    expect(new Set(demo.map((r) => r.orgId))).toEqual(new Set(['1010', '1020']));
    expect(new Set(demo.map((r) => r.assetStatus))).toEqual(new Set(['1', '2', '3', '4', '5', '6']));
    // Every demo device names its card, and the card its device.
    const devices = expectOk(await t.get(`${SYS}/device/list?size=100&deviceCode=EQ-`, admin)).records as Row[];
    expect(devices).toHaveLength(20);
    for (const device of devices) {
      const linked = demo.find((r) => r.assetCode === device.assetCode);
      expect(linked?.deviceId, String(device.deviceCode)).toBe(device.id);
    }
    // Each month of this year before this one is recorded for a card in use since before the year, not yet written off.
    const tool = demo.find((r) => r.assetCode === 'FA-1010-0012')!;
    const periods = (await recordsOf(tool.id)).map((r) => r.period);
    const year = thisMonth().slice(0, 4);
    expect(periods).toEqual(
      Array.from(
        { length: Number(thisMonth().slice(5, 7)) - 1 },
        (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`,
      ).reverse(),
    );
  });
});
