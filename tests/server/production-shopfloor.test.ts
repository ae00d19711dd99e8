import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamicDb } from '../../src/server/db/connect.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { addDays } from '../../src/shared/calendar/working-days.ts';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

/**
 * Issue 12: the shop floor (domain/production.md): lines, station groups, stations, devices, moulds and workers, their
 * rules, messages, derived values, delete refusals and searches, over HTTP.
 */
const SYS = '/api/blade-system';
const EN = { 'accept-language': 'en' };
const FOREIGN_TENANT = '600120';
let t: TestApp;
let admin: string;
/** Rows of the caller's tenant the shop floor points at. */
const own: Record<'employee' | 'customer' | 'supplier' | 'product' | 'category', string> = {
  employee: '',
  customer: '',
  supplier: '',
  product: '',
  category: '',
};
/** Copies of those rows (and of shop-floor rows, once made) in another tenant: ids the caller may not use. */
const foreign: Record<string, string> = {};

const post = async (entity: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  t.post(`${SYS}/${entity}/submit`, admin, body, headers);
const save = async (entity: string, body: Record<string, unknown>) => expectOk(await post(entity, body));
const refused = async (entity: string, body: Record<string, unknown>, message: string) =>
  expectError(await post(entity, body), 400, message);
const codes = async (entity: string, key: string, query: string): Promise<string[]> =>
  expectOk(await t.get(`${SYS}/${entity}/list?size=100&${query}`, admin)).records.map(
    (r: Record<string, string>) => r[key],
  );
const remove = (entity: string, id: string) => t.post(`${SYS}/${entity}/remove?ids=${id}`, admin);

/** A copy of a row of `table` in the foreign tenant (written as the owner, as provisioning would). */
async function foreignCopy(table: string, id: string): Promise<string> {
  const db = t.services.db as DynamicDb;
  const row = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const copy = { ...row, id: nextId(), tenant_id: FOREIGN_TENANT };
  await db.insertInto(table).values(copy).execute();
  return String(copy.id);
}

const today = () => formatDateTime().slice(0, 10);

const LINE = { lineCode: 'L-01', lineName: '冲压A线', orgId: '1010', workshopType: '1', lineType: '1' };
const GROUP = { groupCode: 'G-01', groupName: '冲压工位组', orgId: '1010', workshopType: '1', stationType: '1' };

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  const { seedDemoCompanies } = await import('../../src/server/modules/system/demo/organisation.ts');
  await seedDemoCompanies(t.services.db);
  own.employee = (
    await save('employee', {
      employeeNo: 'E-1',
      name: '陈建国',
      sex: 1,
      orgId: '1010',
      deptId: SEED.deptChangzhou,
      phone: '13912345678',
      employmentType: '1',
      entryDate: '2020-03-01',
    })
  ).id;
  own.customer = (await save('customer', { customerCode: 'C-1', customerName: '一汽-大众', customerType: '1' })).id;
  own.supplier = (await save('supplier', { supplierCode: 'S-1', supplierName: '宁波模具', supplierType: '5' })).id;
  own.category = (await save('goodscategory', { categoryCode: 'SF', categoryName: '冲压件', categoryType: '2' })).id;
  own.product = (
    await save('product', {
      productNo: 'SF-5G0-01',
      productName: 'A柱内板',
      productType: '2',
      categoryId: own.category,
    })
  ).id;
  foreign.employee = await foreignCopy('erp_employee', own.employee);
  foreign.customer = await foreignCopy('erp_customer', own.customer);
  foreign.supplier = await foreignCopy('erp_supplier', own.supplier);
  foreign.product = await foreignCopy('erp_product', own.product);
  foreign.post = await foreignCopy('blade_post', SEED.postCeo);
}, 60_000);
afterAll(() => t?.stop());

describe('lines', () => {
  it('are saved with the names of their company, workshop, type and leader, two shifts and no station', async () => {
    const saved = await save('line', { ...LINE, leaderId: own.employee, taktTime: '12.5', designCapacity: '300' });
    expect(saved).toMatchObject({
      orgName: '常州布雷德',
      workshopTypeName: '冲压车间',
      lineTypeName: '自动线',
      leaderName: '陈建国',
      shiftsPerDay: 2,
      taktTime: 12.5,
      stationCount: 0,
      status: 1,
    });
    expect(expectOk(await t.get(`${SYS}/line/detail?id=${saved.id}`, admin, EN))).toMatchObject({
      workshopTypeName: 'Stamping',
      lineTypeName: 'Automatic',
    });
    foreign.line = await foreignCopy('erp_line', saved.id);
  });

  it('refuse what the domain file refuses, each with its message', async () => {
    const bad = (body: Record<string, unknown>, message: string) =>
      refused('line', { ...LINE, lineCode: 'L-X', ...body }, message);
    await bad({ lineCode: '' }, '请输入产线编码');
    await bad({ lineCode: 'L-01' }, '产线编码已存在');
    await bad({ lineName: '' }, '请输入产线名称');
    await bad({ orgId: '' }, '请选择所属工厂');
    await bad({ orgId: '9999' }, '公司不存在');
    await bad({ workshopType: '99' }, '请选择所属车间');
    await bad({ lineType: '' }, '请选择产线类型');
    await bad({ taktTime: 0 }, '节拍(秒)不能小于0.01');
    await bad({ designCapacity: -1 }, '设计产能(件/小时)不能小于0');
    await bad({ shiftsPerDay: 0 }, '班次数不能小于1');
    await bad({ shiftsPerDay: 4 }, '班次数不能大于3');
    await bad({ leaderId: foreign.employee }, '线长不存在或无权访问');
    expect(await codes('line', 'lineCode', 'lineCode=L-X')).toEqual([]);
  });

  it('are searched by code, name, company, workshop, type and status', async () => {
    await save('line', {
      ...LINE,
      lineCode: 'L-02',
      lineName: '焊装线',
      orgId: '1020',
      workshopType: '2',
      lineType: '2',
    });
    await save('line', { ...LINE, lineCode: 'L-03', lineName: '总装线', workshopType: '7', lineType: '3', status: 2 });
    expect(await codes('line', 'lineCode', 'lineCode=L-0')).toEqual(['L-01', 'L-02', 'L-03']);
    expect(await codes('line', 'lineCode', `lineName=${encodeURIComponent('焊装')}`)).toEqual(['L-02']);
    expect(await codes('line', 'lineCode', 'orgId_equal=1020')).toEqual(['L-02']);
    expect(await codes('line', 'lineCode', 'workshopType_equal=7')).toEqual(['L-03']);
    expect(await codes('line', 'lineCode', 'lineType_equal=1')).toEqual(['L-01']);
    expect(await codes('line', 'lineCode', 'status_equal=2')).toEqual(['L-03']);
  });
});

describe('station groups', () => {
  it('total their labour and machine rates into the hour rate on every save, whatever a body sends', async () => {
    const saved = await save('stationgroup', { ...GROUP, laborRate: '45.5', machineRate: '80.25', hourRate: 1 });
    expect(saved).toMatchObject({ hourRate: 125.75, orgName: '常州布雷德', stationTypeName: '加工' });
    expect(await save('stationgroup', { id: saved.id, machineRate: '' })).toMatchObject({ hourRate: 45.5 });
    const bare = await save('stationgroup', { ...GROUP, groupCode: 'G-02', groupName: '终检工位组', stationType: '3' });
    expect(bare).toMatchObject({ laborRate: null, machineRate: null, hourRate: 0 });
    await save('stationgroup', { id: saved.id, machineRate: '80.25' });
    foreign.group = await foreignCopy('erp_station_group', saved.id);
  });

  it('refuse what the domain file refuses, and are searched', async () => {
    const bad = (body: Record<string, unknown>, message: string) =>
      refused('stationgroup', { ...GROUP, groupCode: 'G-X', ...body }, message);
    await bad({ groupCode: 'G-01' }, '工位组编码已存在');
    await bad({ groupName: '' }, '请输入工位组名称');
    await bad({ orgId: '9999' }, '公司不存在');
    await bad({ workshopType: '' }, '请选择所属车间');
    await bad({ stationType: '9' }, '请选择工位类型');
    await bad({ laborRate: -1 }, '人工费率(元/小时)不能小于0');
    await bad({ machineRate: -0.5 }, '设备费率(元/小时)不能小于0');
    await save('stationgroup', {
      ...GROUP,
      groupCode: 'G-03',
      groupName: '点焊工位组',
      orgId: '1020',
      workshopType: '2',
    });
    expect(await codes('stationgroup', 'groupCode', 'groupCode=G-0')).toEqual(['G-01', 'G-02', 'G-03']);
    expect(await codes('stationgroup', 'groupCode', `groupName=${encodeURIComponent('点焊')}`)).toEqual(['G-03']);
    expect(await codes('stationgroup', 'groupCode', 'orgId_equal=1020')).toEqual(['G-03']);
    expect(await codes('stationgroup', 'groupCode', 'workshopType_equal=2')).toEqual(['G-03']);
    expect(await codes('stationgroup', 'groupCode', 'stationType_equal=3')).toEqual(['G-02']);
  });
});

describe('stations', () => {
  let lineId = '';
  let groupId = '';
  beforeAll(async () => {
    lineId = (await codesRow('line', 'lineCode=L-01')).id;
    groupId = (await codesRow('stationgroup', 'groupCode=G-01')).id;
  });
  const STATION = () => ({ stationCode: 'OP10', stationName: '落料', lineId, stationType: '1', sequence: 1 });

  it("keep their line's company and workshop, and list the line's and group's names", async () => {
    const saved = await save('station', { ...STATION(), groupId, orgId: '1020', workshopType: '2' });
    expect(saved).toMatchObject({
      lineName: '冲压A线',
      groupName: '冲压工位组',
      orgId: '1010',
      orgName: '常州布雷德',
      workshopType: '1',
      workshopTypeName: '冲压车间',
      stationTypeName: '加工',
    });
    foreign.station = await foreignCopy('erp_station', saved.id);
    // The line counts its live stations.
    const second = await save('station', { ...STATION(), stationCode: 'OP20', stationName: '冲孔', sequence: 2 });
    expect((await codesRow('line', 'lineCode=L-01')).stationCount).toBe(2);
    expectOk(await remove('station', second.id));
    expect((await codesRow('line', 'lineCode=L-01')).stationCount).toBe(1);
    expect(expectOk(await t.get(`${SYS}/line/detail?id=${lineId}`, admin)).stationCount).toBe(1);
  });

  it('are unique by code on their line, not across lines', async () => {
    await refused('station', STATION(), '工位编码已存在');
    const other = (await codesRow('line', 'lineCode=L-03')).id;
    expect(await save('station', { ...STATION(), lineId: other })).toMatchObject({ lineName: '总装线' });
  });

  it("refuse a group of another company than the line's, and the domain file's other rules", async () => {
    const suzhouGroup = (await codesRow('stationgroup', 'groupCode=G-03')).id;
    const bad = (body: Record<string, unknown>, message: string) =>
      refused('station', { ...STATION(), stationCode: 'OP-X', ...body }, message);
    await bad({ groupId: suzhouGroup }, '工位组与产线不属于同一工厂');
    await bad({ lineId: '' }, '请选择所属产线');
    await bad({ stationType: '' }, '请选择工位类型');
    await bad({ sequence: 0 }, '顺序不能小于1');
    await bad({ sequence: '' }, '请输入顺序');
    await bad({ standardTime: 0 }, '标准工时(秒)不能小于0.01');
    await bad({ headcount: -1 }, '定员(人)不能小于0');
    await bad({ lineId: foreign.line }, '所属产线不存在或无权访问');
    await bad({ groupId: foreign.group }, '工位组不存在或无权访问');
    const english = await post('station', { ...STATION(), stationCode: 'OP-X', groupId: suzhouGroup }, EN);
    expectError(english, 400, 'The station group and the line belong to different plants');
    // Moving the group to another company would leave its stations behind: refused.
    expectError(await post('stationgroup', { id: groupId, orgId: '1020' }), 400, '工位组与产线不属于同一工厂');
  });

  it('are searched by code, name, line, group and type', async () => {
    expect(await codes('station', 'stationCode', 'stationCode=OP')).toEqual(['OP10', 'OP10']);
    expect(await codes('station', 'stationName', `stationName=${encodeURIComponent('落')}`)).toEqual(['落料', '落料']);
    expect(await codes('station', 'lineName', `lineId_equal=${lineId}`)).toEqual(['冲压A线']);
    expect(await codes('station', 'stationCode', `groupId_equal=${groupId}`)).toEqual(['OP10']);
    expect(await codes('station', 'stationCode', 'stationType_equal=2')).toEqual([]);
  });

  it('keep their line from moving to another company or workshop, and their group from being deleted', async () => {
    expectError(await post('line', { id: lineId, orgId: '1020' }), 400, '该产线下存在工位，不能修改所属工厂或车间');
    expectError(await post('line', { id: lineId, workshopType: '2' }), 400, '该产线下存在工位，不能修改所属工厂或车间');
    expect(await save('line', { id: lineId, ...LINE, lineName: '冲压A线' })).toMatchObject({ orgId: '1010' });
    expectError(await remove('stationgroup', groupId), 400, '该工位组下存在工位，不能删除');
    expectError(await remove('line', lineId), 400, '该产线下存在工位/设备/作业员，不能删除');
  });
});

/** The one row a list query finds. */
async function codesRow(entity: string, query: string): Promise<Record<string, unknown> & { id: string }> {
  const { records } = expectOk(await t.get(`${SYS}/${entity}/list?${query}`, admin));
  expect(records).toHaveLength(1);
  return records[0];
}

describe('devices', () => {
  let lineId = '';
  let stationId = '';
  let otherLineId = '';
  beforeAll(async () => {
    lineId = (await codesRow('line', 'lineCode=L-01')).id;
    otherLineId = (await codesRow('line', 'lineCode=L-03')).id;
    stationId = (await codesRow('station', `stationCode=OP10&lineId_equal=${lineId}`)).id;
  });
  const DEVICE = () => ({
    deviceCode: 'D-01',
    deviceName: '闭式双点压力机',
    deviceType: '1',
    model: 'JH25-400',
    orgId: '1010',
    lineId,
    stationId,
  });

  it('are due for maintenance one cycle after the last, overdue (listed in red) when that has passed', async () => {
    const last = addDays(today(), -40);
    // The asset number names a card of the fixed-asset ledger: one that is none is refused.
    await refused('device', { ...DEVICE(), assetCode: 'FA-NOT-IN-LEDGER' }, '固定资产编号不存在');
    await save('fixedledger', {
      assetCode: 'FA-2019-0001',
      assetName: '压力机',
      assetCategory: '2',
      orgId: '1010',
      startUseDate: '2019-05-20',
      originalValue: 860000,
    });
    const saved = await save('device', {
      ...DEVICE(),
      lastMaintainDate: last,
      maintainCycleDays: 30,
      responsibleId: own.employee,
      assetCode: 'FA-2019-0001',
      commissionDate: '2019-05-20',
      nextMaintainDate: '2099-01-01',
    });
    expect(saved).toMatchObject({
      nextMaintainDate: addDays(last, 30),
      maintainOverdue: 1,
      deviceStatus: '1',
      deviceStatusName: '运行',
      orgName: '常州布雷德',
      lineName: '冲压A线',
      stationName: '落料',
      responsibleName: '陈建国',
      assetCode: 'FA-2019-0001',
    });
    foreign.device = await foreignCopy('erp_device', saved.id);
    // Out of service or scrapped: never overdue.
    expect(await save('device', { id: saved.id, deviceStatus: '5' })).toMatchObject({ maintainOverdue: 0 });
    expect(await save('device', { id: saved.id, deviceStatus: '6' })).toMatchObject({ maintainOverdue: 0 });
    expect(await save('device', { id: saved.id, deviceStatus: '3' })).toMatchObject({ maintainOverdue: 1 });
    // Due today is not yet overdue; a blank cycle or last date leaves no due date.
    expect(await save('device', { id: saved.id, lastMaintainDate: addDays(today(), -30) })).toMatchObject({
      nextMaintainDate: today(),
      maintainOverdue: 0,
    });
    expect(await save('device', { id: saved.id, maintainCycleDays: '' })).toMatchObject({
      nextMaintainDate: '',
      maintainOverdue: 0,
    });
    expect(await save('device', { id: saved.id, maintainCycleDays: 7, lastMaintainDate: '' })).toMatchObject({
      nextMaintainDate: '',
    });
    expect(await save('device', { id: saved.id, lastMaintainDate: today() })).toMatchObject({
      nextMaintainDate: addDays(today(), 7),
    });
  });

  it("refuse a line of another company, a station off the device's line, and the domain file's other rules", async () => {
    const suzhouLine = (await codesRow('line', 'lineCode=L-02')).id;
    const bad = (body: Record<string, unknown>, message: string) =>
      refused('device', { ...DEVICE(), deviceCode: 'D-X', ...body }, message);
    await bad({ lineId: suzhouLine, stationId: '' }, '产线不属于所选工厂');
    await bad({ lineId: otherLineId }, '工位不属于所选产线');
    await bad({ lineId: '' }, '工位不属于所选产线');
    await bad({ lastMaintainDate: addDays(today(), 1) }, '上次保养日期不能晚于今天');
    await bad({ maintainCycleDays: 0 }, '保养周期(天)不能小于1');
    await bad({ deviceCode: 'D-01' }, '设备编号已存在');
    await bad({ deviceName: '' }, '请输入设备名称');
    await bad({ deviceType: '' }, '请选择设备类别');
    await bad({ deviceStatus: '9' }, '请选择设备状态');
    await bad({ orgId: '' }, '请选择所属工厂');
    await bad({ lineId: foreign.line, stationId: '' }, '所属产线不存在或无权访问');
    await bad({ stationId: foreign.station }, '所在工位不存在或无权访问');
    await bad({ responsibleId: foreign.employee }, '责任人不存在或无权访问');
    const english = await post('device', { ...DEVICE(), deviceCode: 'D-X', lastMaintainDate: addDays(today(), 1) }, EN);
    expectError(english, 400, 'The last maintenance date cannot be after today');
    // A device with a line only, or with neither line nor station, is fine.
    await save('device', { ...DEVICE(), deviceCode: 'D-02', stationId: '', commissionDate: '2021-03-01' });
    await save('device', {
      ...DEVICE(),
      deviceCode: 'D-03',
      deviceType: '7',
      lineId: '',
      stationId: '',
      deviceStatus: '2',
    });
  });

  it('keep their line in their company and their station on their line', async () => {
    expectError(await post('line', { id: lineId, orgId: '1020' }), 400, /不能修改所属工厂或车间|产线不属于所选工厂/);
    // The station moving to another line would leave the device behind.
    expectError(await post('station', { id: stationId, lineId: otherLineId }), 400, '工位不属于所选产线');
    expectError(await remove('station', stationId), 400, '已被设备引用，不能删除');
  });

  it('are searched by code, name, type, company, line, status and commissioning dates', async () => {
    expect(await codes('device', 'deviceCode', 'deviceCode=D-0')).toEqual(['D-01', 'D-02', 'D-03']);
    expect(await codes('device', 'deviceCode', `deviceName=${encodeURIComponent('压力机')}`)).toEqual([
      'D-01',
      'D-02',
      'D-03',
    ]);
    expect(await codes('device', 'deviceCode', 'deviceType_equal=7')).toEqual(['D-03']);
    expect(await codes('device', 'deviceCode', 'orgId_equal=1020')).toEqual([]);
    expect(await codes('device', 'deviceCode', `lineId_equal=${lineId}`)).toEqual(['D-01', 'D-02']);
    expect(await codes('device', 'deviceCode', 'deviceStatus_equal=2')).toEqual(['D-03']);
    expect(await codes('device', 'deviceCode', 'commissionDate_dategt=2020-01-01')).toEqual(['D-02']);
    expect(await codes('device', 'deviceCode', 'commissionDate_datelt=2020-01-01')).toEqual(['D-01']);
    // The search bar's range: both days included.
    expect(
      await codes('device', 'deviceCode', 'commissionDate_datege=2019-05-20&commissionDate_datele=2021-03-01'),
    ).toEqual(['D-01', 'D-02']);
  });
});

describe('moulds', () => {
  let deviceId = '';
  beforeAll(async () => {
    deviceId = (await codesRow('device', 'deviceCode=D-01')).id;
  });
  const MOLD = () => ({
    moldCode: 'M-01',
    moldName: 'A柱内板落料模',
    moldType: '1',
    productId: own.product,
    ownership: '1',
  });

  it("keep their part's number and name, and work out the remaining life and its warning on every save", async () => {
    const saved = await save('mold', {
      ...MOLD(),
      supplierId: own.supplier,
      deviceId,
      designLife: 500000,
      usedCount: 120000,
      productNo: 'WRONG',
      remainingLife: 1,
      lifeWarning: 1,
    });
    expect(saved).toMatchObject({
      productNo: 'SF-5G0-01',
      productName: 'A柱内板',
      supplierName: '宁波模具',
      deviceName: '闭式双点压力机',
      remainingLife: 380000,
      lifeWarning: 0,
      cavityCount: 1,
      moldStatus: '2',
      moldStatusName: '在库',
      moldTypeName: '冲压模',
      ownershipName: '自有',
    });
    expect(await save('mold', { id: saved.id, usedCount: 450000 })).toMatchObject({
      remainingLife: 50000,
      lifeWarning: 1,
    });
    expect(await save('mold', { id: saved.id, usedCount: 450001 })).toMatchObject({
      remainingLife: 49999,
      lifeWarning: 1,
    });
    expect(await save('mold', { id: saved.id, usedCount: 449999 })).toMatchObject({ lifeWarning: 0 });
    expect(await save('mold', { id: saved.id, usedCount: 600000 })).toMatchObject({ remainingLife: 0, lifeWarning: 1 });
    expect(await save('mold', { id: saved.id, designLife: '' })).toMatchObject({ remainingLife: null, lifeWarning: 0 });
    const fresh = await save('mold', { ...MOLD(), moldCode: 'M-02', moldName: '冲孔模', designLife: 300000 });
    expect(fresh).toMatchObject({ usedCount: 0, remainingLife: 300000, lifeWarning: 0 });
  });

  it('of a customer name the customer, and refuse what the domain file refuses', async () => {
    await refused('mold', { ...MOLD(), moldCode: 'M-03', ownership: '2' }, '请选择所属客户');
    const owned = await save('mold', { ...MOLD(), moldCode: 'M-03', ownership: '2', customerId: own.customer });
    expect(owned).toMatchObject({ customerName: '一汽-大众', ownershipName: '客户资产' });
    expectError(await post('mold', { id: owned.id, customerId: '' }), 400, '请选择所属客户');
    const bad = (body: Record<string, unknown>, message: string) =>
      refused('mold', { ...MOLD(), moldCode: 'M-X', ...body }, message);
    await bad({ moldCode: 'M-01' }, '模具编号已存在');
    await bad({ moldType: '' }, '请选择模具类型');
    await bad({ productId: '' }, '请选择适用零件');
    await bad({ ownership: '9' }, '请选择资产归属');
    await bad({ cavityCount: 0 }, '模穴数不能小于1');
    await bad({ designLife: -1 }, '设计寿命(冲次/模次)不能小于0');
    await bad({ usedCount: -1 }, '累计冲次不能小于0');
    await bad({ moldStatus: '' }, '请选择模具状态');
    await bad({ productId: foreign.product }, '适用零件不存在或无权访问');
    await bad({ ownership: '2', customerId: foreign.customer }, '所属客户不存在或无权访问');
    await bad({ supplierId: foreign.supplier }, '模具供应商不存在或无权访问');
    await bad({ deviceId: foreign.device }, '适用设备不存在或无权访问');
    expectError(
      await post('mold', { ...MOLD(), moldCode: 'M-X', ownership: '2' }, EN),
      400,
      'Please select the owning customer',
    );
  });

  it('are searched by code, name, type, part number, ownership and status; their device stays while they do', async () => {
    expect(await codes('mold', 'moldCode', 'moldCode=M-0')).toEqual(['M-01', 'M-02', 'M-03']);
    expect(await codes('mold', 'moldCode', `moldName=${encodeURIComponent('冲孔')}`)).toEqual(['M-02']);
    expect(await codes('mold', 'moldCode', 'productNo=5G0')).toEqual(['M-01', 'M-02', 'M-03']);
    expect(await codes('mold', 'moldCode', 'productNo=XYZ')).toEqual([]);
    expect(await codes('mold', 'moldCode', 'ownership_equal=2')).toEqual(['M-03']);
    expect(await codes('mold', 'moldCode', 'moldType_equal=1')).toEqual(['M-01', 'M-02', 'M-03']);
    expect(await codes('mold', 'moldCode', 'moldStatus_equal=1')).toEqual([]);
    expectError(await remove('device', deviceId), 400, '已被模具引用，不能删除');
    expectError(await remove('product', own.product), 400, '已被模具引用，不能删除');
  });
});

describe('workers', () => {
  let lineId = '';
  beforeAll(async () => {
    lineId = (await codesRow('line', 'lineCode=L-01')).id;
  });
  const WORKER = () => ({
    workerNo: 'W-0001',
    workerName: '王小军',
    sex: 1,
    orgId: '1010',
    workshopType: '1',
    lineId,
    postId: SEED.postCeo,
    skillLevel: '2',
    employmentType: '1',
    phone: '13812345678',
    entryDate: '2021-04-01',
  });

  it('are saved with the names of their company, workshop, line, post and dictionaries', async () => {
    const saved = await save('worker', WORKER());
    expect(saved).toMatchObject({
      orgName: '常州布雷德',
      workshopTypeName: '冲压车间',
      workshopName: '冲压车间',
      lineName: '冲压A线',
      postName: '首席执行官',
      sexName: '男',
      skillLevelName: '中级工',
      employmentTypeName: '正式',
      workerStatus: '1',
      workerStatusName: '在职',
    });
    const listed = await codesRow('worker', 'workerNo=W-0001');
    expect(listed).toMatchObject({ workshopName: '冲压车间', lineName: '冲压A线' });
  });

  it("refuse a line of another company or workshop, and the domain file's other rules", async () => {
    const suzhouLine = (await codesRow('line', 'lineCode=L-02')).id;
    const bad = (body: Record<string, unknown>, message: string) =>
      refused('worker', { ...WORKER(), workerNo: 'W-X', ...body }, message);
    await bad({ workshopType: '7' }, '产线与车间不匹配');
    await bad({ lineId: suzhouLine }, '产线与车间不匹配');
    await bad({ orgId: '1020', workshopType: '2', lineId }, '产线与车间不匹配');
    await bad({ workerNo: 'W-0001' }, '工号已存在');
    await bad({ workerName: '' }, '请输入姓名');
    await bad({ sex: '' }, '请选择性别');
    await bad({ orgId: '9999' }, '公司不存在');
    await bad({ workshopType: '' }, '请选择所属车间');
    await bad({ employmentType: '9' }, '请选择用工类型');
    await bad({ phone: '1381234' }, '手机号码长度不为11位');
    await bad({ phone: '23812345678' }, '手机号码格式不正确');
    await bad({ entryDate: '' }, '请选择入职日期');
    await bad({ workerStatus: '2' }, '请选择离职日期');
    await bad({ workerStatus: '2', leaveDate: '2021-03-31' }, '离职日期不能早于入职日期');
    await bad({ lineId: foreign.line }, '所属产线不存在或无权访问');
    await bad({ postId: foreign.post }, '岗位不存在或无权访问');
    expectError(
      await post('worker', { ...WORKER(), workerNo: 'W-X', workshopType: '7' }, EN),
      400,
      'The line is not in the selected workshop',
    );
    // No phone, no line: fine; leaving on the joining day too.
    await save('worker', { ...WORKER(), workerNo: 'W-0002', phone: '', lineId: '', workshopType: '7' });
    await save('worker', { ...WORKER(), workerNo: 'W-0003', workerStatus: '2', leaveDate: '2021-04-01' });
  });

  it('are searched by number, name, company, workshop, line and status', async () => {
    expect(await codes('worker', 'workerNo', 'workerNo=W-000')).toEqual(['W-0001', 'W-0002', 'W-0003']);
    expect(await codes('worker', 'workerNo', `workerName=${encodeURIComponent('小军')}`)).toEqual([
      'W-0001',
      'W-0002',
      'W-0003',
    ]);
    expect(await codes('worker', 'workerNo', 'orgId_equal=1020')).toEqual([]);
    expect(await codes('worker', 'workerNo', 'workshopType_equal=7')).toEqual(['W-0002']);
    expect(await codes('worker', 'workerNo', `lineId_equal=${lineId}`)).toEqual(['W-0001', 'W-0003']);
    expect(await codes('worker', 'workerNo', 'workerStatus_equal=2')).toEqual(['W-0003']);
  });
});

describe('deleting a line', () => {
  it('is refused while stations, devices or workers are on it, and done once none is', async () => {
    const line = await save('line', { ...LINE, lineCode: 'L-09', lineName: '前门总成焊装线', workshopType: '2' });
    const refusal = '该产线下存在工位/设备/作业员，不能删除';
    const station = await save('station', {
      stationCode: 'OP10',
      stationName: '点焊',
      lineId: line.id,
      stationType: '1',
      sequence: 1,
    });
    expectError(await remove('line', line.id), 400, refusal);
    expectOk(await remove('station', station.id));
    const device = await save('device', {
      deviceCode: 'D-09',
      deviceName: '点焊机器人',
      deviceType: '6',
      orgId: '1010',
      lineId: line.id,
    });
    expectError(await remove('line', line.id), 400, refusal);
    // Devices on it hold the line in its company (their own rule), while its workshop may change.
    expectError(await post('line', { id: line.id, orgId: '1020' }), 400, '产线不属于所选工厂');
    expectOk(await remove('device', device.id));
    const worker = await save('worker', {
      workerNo: 'W-0009',
      workerName: '李强',
      sex: 1,
      orgId: '1010',
      workshopType: '2',
      lineId: line.id,
      employmentType: '2',
      entryDate: '2022-01-01',
    });
    expectError(await remove('line', line.id), 400, refusal);
    expectError(await post('line', { id: line.id, workshopType: '7' }), 400, '产线与车间不匹配');
    expectError(
      await t.post(`${SYS}/line/remove?ids=${line.id}`, admin, undefined, EN),
      400,
      /stations, devices or workers/,
    );
    expectOk(await remove('worker', worker.id));
    expectOk(await remove('line', line.id));
    expect(await codes('line', 'lineCode', 'lineCode=L-09')).toEqual([]);
  });
});

describe('shop-floor demo', () => {
  it('adds lines, groups, stations, devices, moulds and workers once, each passing the rules of its entity', async () => {
    const { seedMasterdataDemo } = await import('../../src/server/modules/masterdata/demo/partners-and-staff.ts');
    const { seedShopfloorDemo } = await import('../../src/server/modules/production/demo/shopfloor.ts');
    await seedMasterdataDemo(t.services.db);
    expect(await seedShopfloorDemo(t.services.db)).toEqual([
      '8 lines',
      '12 station groups',
      '46 stations',
      '20 devices',
      '10 moulds',
      '60 workers',
    ]);
    expect(await seedShopfloorDemo(t.services.db)).toEqual([
      '0 lines',
      '0 station groups',
      '0 stations',
      '0 devices',
      '0 moulds',
      '0 workers',
    ]);
    expect(await codesRow('line', 'lineCode=CZ-ST-A')).toMatchObject({ stationCount: 5, leaderName: '周海涛' });
    const overdue = expectOk(await t.get(`${SYS}/device/list?size=100&deviceCode=EQ-`, admin))
      .records.filter((r: { maintainOverdue: number }) => r.maintainOverdue === 1)
      .map((r: { deviceCode: string }) => r.deviceCode);
    expect(overdue).toEqual(['EQ-CZ-P002', 'EQ-CZ-P005', 'EQ-CZ-R002', 'EQ-SZ-P001']);
    expect(await codesRow('mold', 'moldCode=MD-5G001L-30')).toMatchObject({ lifeWarning: 1, remainingLife: 28000 });
    expect(await codesRow('mold', 'moldCode=MD-5G001L-10')).toMatchObject({
      ownership: '2',
      customerName: '一汽-大众汽车有限公司',
      productNo: 'SF-5G0-01L-W1-1',
      deviceName: '闭式四点压力机',
    });
    expect(await codesRow('stationgroup', 'groupCode=CZ-PRESS')).toMatchObject({ hourRate: 173 });
    // Every demo row is one the screens could have saved: written back unchanged through the API, none is refused.
    for (const [entity, code] of [
      ['station', 'stationCode=-OP'],
      ['device', 'deviceCode=EQ-'],
      ['mold', 'moldCode=-'],
      ['worker', 'workerNo=W1010'],
      ['worker', 'workerNo=W1020'],
    ] as const) {
      const { records } = expectOk(await t.get(`${SYS}/${entity}/list?size=100&${code}`, admin));
      expect(records.length, `${entity} ${code}`).toBeGreaterThan(5);
      for (const record of records) {
        const { id, lineId, groupId, stationId, orgId, workshopType, productId, customerId, lastMaintainDate } = record;
        const body = { id, lineId, groupId, stationId, orgId, workshopType, productId, customerId, lastMaintainDate };
        expectOk(await post(entity, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined))));
      }
    }
    expect(expectOk(await t.get(`${SYS}/worker/list?size=100&workerNo=W`, admin)).total).toBe(63);
  }, 120_000);
});
