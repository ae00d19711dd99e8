import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createTenantAdmin, TEST_COMPANY, withTestCompany } from '../support/factories.ts';

/** Issue 13: stock, movements and their posting, packaging (domain/warehouse.md), over HTTP. */
const SYS = '/api/blade-system';
const STOCK = `${SYS}/inventory`;
const LOG = `${SYS}/inventorylog`;
type Row = Record<string, unknown> & { id: string };
let t: TestApp;
let admin: string;
let category: string;
let customer: string;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await withTestCompany(t);
  category = expectOk(
    await t.post(`${SYS}/goodscategory/submit`, admin, {
      categoryType: '2',
      categoryCode: 'T-WH',
      categoryName: '仓储',
    }),
  ).id;
  customer = expectOk(
    await t.post(`${SYS}/customer/submit`, admin, {
      customerCode: 'C-WH',
      customerName: '一汽-大众汽车有限公司',
      customerType: '1',
      contactName: '王工',
      contactPhone: '13912345678',
    }),
  ).id;
}, 60_000);
afterAll(() => t?.stop());

const part = async (productNo: string, extra: Record<string, unknown> = {}): Promise<string> =>
  expectOk(
    await t.post(`${SYS}/product/submit`, admin, {
      productNo,
      productName: `零件${productNo}`,
      spec: 'T1.2',
      productType: '2',
      categoryId: category,
      ...extra,
    }),
  ).id;

const today = () => formatDateTime().slice(0, 10);
const movement = (productId: string, bizType: string, qty: number | string, extra: Record<string, unknown> = {}) => ({
  bizType,
  bizDate: today(),
  orgId: TEST_COMPANY,
  warehouse: 'RM',
  productId,
  qty,
  ...(bizType === '101' || bizType === '106' ? { unitCost: 10 } : {}),
  ...extra,
});
const enter = async (body: Record<string, unknown>, token = admin): Promise<Row> =>
  expectOk(await t.post(`${LOG}/submit`, token, body));
const post = (ids: string[], token = admin) => t.post(`${LOG}/handle?ids=${ids.join(',')}`, token);
const stockOf = async (productId: string): Promise<Row[]> =>
  expectOk(await t.get(`${STOCK}/list?productId=${productId}&size=50`, admin)).records;

describe('movements', () => {
  it('are numbered RK… for receipts and CK… for issues, with their direction and amount', async () => {
    const p = await part('W-NUM');
    const receipt = await enter(movement(p, '101', 5, { unitCost: '2.5' }));
    const issue = await enter(movement(p, '202', 2));
    const day = today().replaceAll('-', '');
    expect(receipt).toMatchObject({ direction: 1, amount: 12.5, handleStatus: '0', handleStatusName: '待处理' });
    expect(receipt.logNo).toMatch(new RegExp(`^RK${day}\\d{4}$`));
    expect(issue.logNo).toMatch(new RegExp(`^CK${day}\\d{4}$`));
    expect(issue).toMatchObject({ direction: -1, productNo: 'W-NUM', productName: '零件W-NUM', unitCost: null });
  });

  it('refuse a zero or negative quantity, a date after today, a purchase without its price', async () => {
    const p = await part('W-BAD');
    expectError(await t.post(`${LOG}/submit`, admin, movement(p, '106', 0)), 400, '数量必须大于0');
    expectError(await t.post(`${LOG}/submit`, admin, movement(p, '202', -3)), 400, '数量必须大于0');
    const tomorrow = new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expectError(
      await t.post(`${LOG}/submit`, admin, movement(p, '202', 1, { bizDate: tomorrow })),
      400,
      '业务日期不能晚于今天',
    );
    expectError(await t.post(`${LOG}/submit`, admin, movement(p, '101', 1, { unitCost: '' })), 400, '请输入单价');
    expectError(await t.post(`${LOG}/submit`, admin, movement(p, '999', 1)), 400, '请选择业务类型');
    expectError(await t.post(`${LOG}/submit`, admin, movement(p, '202', 1, { warehouse: 'XX' })), 400, '请选择仓库');
  });

  it('post receipts at the moving average cost and issues at the stock cost, in date order, all or nothing', async () => {
    const p = await part('W-AVG', { safetyStock: 20 });
    const yesterday = new Date(Date.parse(`${today()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const second = await enter(movement(p, '101', 10, { unitCost: 13 }));
    const first = await enter(movement(p, '101', 10, { unitCost: 10, bizDate: yesterday, location: 'A-01-03' }));
    const issue = await enter(movement(p, '202', 5));
    expect(expectOk(await post([second.id, first.id, issue.id]))).toEqual({ handled: 3 });
    const [stock] = await stockOf(p);
    // (10 × 10 + 10 × 13) / 20 = 11.5; the issue leaves 15 at 11.5, below the safety stock of 20.
    expect(stock).toMatchObject({
      qty: 15,
      unitCost: 11.5,
      availableQty: 15,
      amount: 172.5,
      belowSafety: 1,
      location: 'A-01-03',
      productNo: 'W-AVG',
    });
    const rows = (expectOk(await t.get(`${LOG}/list?productNo=W-AVG&size=10`, admin)).records as Row[]).map((r) => [
      r.logNo,
      r.qtyAfter,
      r.unitCost,
      r.amount,
      r.handleStatus,
    ]);
    expect(rows).toEqual([
      [issue.logNo, 15, 11.5, 57.5, '1'],
      [second.logNo, 20, 13, 130, '1'],
      [first.logNo, 10, 10, 100, '1'],
    ]);
    const handled = expectOk(await t.get(`${LOG}/detail?id=${issue.id}`, admin));
    expect(handled.handleTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(handled.handleUserName).toMatch(/\S/);
  });

  it('refuse an issue above the available stock, naming the part, and change nothing', async () => {
    const p = await part('W-SHORT');
    const receipt = await enter(movement(p, '106', 8));
    const issue = await enter(movement(p, '201', 9));
    expectError(await post([receipt.id, issue.id]), 400, '库存不足：W-SHORT 可用 8，需出库 9');
    expect(await stockOf(p)).toEqual([]);
    expect(expectOk(await t.get(`${LOG}/detail?id=${receipt.id}`, admin)).handleStatus).toBe('0');
    expectOk(await post([receipt.id]));
    // Reserved stock is not available.
    const [stock] = await stockOf(p);
    expectOk(await t.post(`${STOCK}/submit`, admin, { id: stock.id, lockedQty: 3 }));
    expectError(await post([issue.id]), 400, '库存不足：W-SHORT 可用 5，需出库 9');
  });

  it('refuse posting twice, editing or deleting a posted movement, with the domain messages', async () => {
    const p = await part('W-FIX');
    const receipt = await enter(movement(p, '106', 1));
    const other = await enter(movement(p, '106', 1));
    expectOk(await post([receipt.id]));
    expectError(await post([other.id, receipt.id]), 400, '第2条记录已处理或不存在');
    expectError(await post(['123456789']), 400, '第1条记录已处理或不存在');
    expectError(await t.post(`${LOG}/submit`, admin, { id: receipt.id, qty: 2 }), 400, '已处理的记录不能修改或删除');
    expectError(await t.post(`${LOG}/remove?ids=${receipt.id}`, admin), 400, '已处理的记录不能修改或删除');
    expectOk(await t.post(`${LOG}/submit`, admin, { id: other.id, qty: 2 }));
    expectOk(await t.post(`${LOG}/remove?ids=${other.id}`, admin));
  });

  it('take a movement sent twice with its client key once, and refuse the key for another movement', async () => {
    const p = await part('W-KEY');
    const body = movement(p, '106', 4, { clientKey: 'phone-1-0001' });
    const first = await enter(body);
    const again = await enter({ ...body, qty: '4.000' });
    expect(again.id).toBe(first.id);
    expect(again.logNo).toBe(first.logNo);
    expectError(await t.post(`${LOG}/submit`, admin, { ...body, qty: 5 }), 400, '客户端单据键已用于另一条出入库记录');
    const all = expectOk(await t.get(`${LOG}/list?productNo=W-KEY`, admin));
    expect(all.total).toBe(1);
    // Sent at the same moment: one is saved, the other waits for it and is not saved again.
    const twin = movement(p, '106', 1, { clientKey: 'phone-1-0002' });
    const answers = await Promise.all([t.post(`${LOG}/submit`, admin, twin), t.post(`${LOG}/submit`, admin, twin)]);
    expect(answers.every((a) => a.statusCode === 200 || a.json().msg.includes('正在提交'))).toBe(true);
    expect(expectOk(await t.get(`${LOG}/list?productNo=W-KEY`, admin)).total).toBe(2);
  });

  it('need the post permission', async () => {
    const { token } = await createTenantAdmin(t, '330001', ['inventorylog'], 'wh-clerk', 'pw');
    expectError(await t.post(`${LOG}/handle?ids=1`, token), 403);
  });
});

describe('posting under concurrency', () => {
  it('lets 50 clients issuing from one stock at once take exactly what is there, never below zero', async () => {
    const p = await part('W-RUSH');
    expectOk(await post([(await enter(movement(p, '106', 30))).id]));
    const clients = Array.from({ length: 50 }, async () => {
      const issue = await enter(movement(p, '202', 1));
      return post([issue.id]);
    });
    const answers = await Promise.all(clients);
    const posted = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(posted).toHaveLength(30);
    expect(refused.map((a) => a.json().msg)).toEqual(Array(20).fill('库存不足：W-RUSH 可用 0，需出库 1'));
    const [stock] = await stockOf(p);
    expect(stock).toMatchObject({ qty: 0, availableQty: 0, amount: 0 });
    // Every posted issue saw the balance the one before it left: 29, 28, … 0, each once.
    const after = (
      expectOk(await t.get(`${LOG}/list?productNo=W-RUSH&handleStatus=1&size=100`, admin)).records as Row[]
    )
      .filter((r) => r.direction === -1)
      .map((r) => Number(r.qtyAfter))
      .sort((a, b) => a - b);
    expect(after).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('lets 50 receipts posted at once all count, at their moving average cost', async () => {
    const p = await part('W-FLOOD');
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const receipt = await enter(movement(p, '101', 2, { unitCost: i % 2 ? 12 : 8 }));
        return post([receipt.id]);
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const [stock] = await stockOf(p);
    // The average is kept to 6 decimals after each receipt, so the order they came in may leave it 0.000001 off 10.
    expect(stock).toMatchObject({ qty: 100, amount: 1000 });
    expect(Number(stock.unitCost)).toBeCloseTo(10, 5);
  });
});

describe('stock rows', () => {
  it('open with a balance, then change only their bin, reserved quantity and remark', async () => {
    const p = await part('W-OPEN', { safetyStock: 5 });
    const opened = expectOk(
      await t.post(`${STOCK}/submit`, admin, {
        orgId: TEST_COMPANY,
        warehouse: 'FG',
        productId: p,
        batchNo: 'B1',
        qty: 12,
        unitCost: '3.25',
        location: 'F-01',
      }),
    );
    expect(opened).toMatchObject({
      qty: 12,
      availableQty: 12,
      amount: 39,
      belowSafety: 0,
      unit: 'PCS',
      unitName: '件',
    });
    const edited = expectOk(
      await t.post(`${STOCK}/submit`, admin, { id: opened.id, qty: 99, unitCost: 1, lockedQty: 2, location: 'F-02' }),
    );
    expect(edited).toMatchObject({ qty: 12, unitCost: 3.25, lockedQty: 2, availableQty: 10, location: 'F-02' });
    expectError(
      await t.post(`${STOCK}/submit`, admin, {
        orgId: TEST_COMPANY,
        warehouse: 'FG',
        productId: p,
        batchNo: 'B1',
        qty: 1,
        unitCost: 1,
      }),
      400,
      '该物料在此仓库已有库存记录',
    );
    expectError(await t.post(`${STOCK}/remove?ids=${opened.id}`, admin), 400, '库存不为零或已有出入库记录，不能删除');
    // The list's footer total is over every filtered row.
    const page = expectOk(await t.get(`${STOCK}/list?productNo=W-OPEN&size=1`, admin));
    expect(page.sumAmount).toBe(39);
    // A lower safety stock on the part is the stock row's too.
    expectOk(await t.post(`${SYS}/product/submit`, admin, { id: p, safetyStock: 20 }));
    expect((await stockOf(p))[0]).toMatchObject({ safetyStock: 20, belowSafety: 1 });
  });
});

describe('packaging', () => {
  it('works out the cost per part and keeps one packing per part and customer', async () => {
    const p = await part('W-PACK');
    const saved = expectOk(
      await t.post(`${SYS}/packaging/submit`, admin, {
        packagingCode: 'PK-1',
        productId: p,
        packagingType: '2',
        qtyPerPack: 40,
        unitCost: '12.00',
      }),
    );
    expect(saved).toMatchObject({ costPerPart: 0.3, productNo: 'W-PACK', isReturnable: 0 });
    const again = { packagingCode: 'PK-2', productId: p, packagingType: '1', qtyPerPack: 10 };
    expectError(await t.post(`${SYS}/packaging/submit`, admin, again), 400, '该零件已有此客户的包装规格');
    expectOk(await t.post(`${SYS}/packaging/submit`, admin, { ...again, customerId: customer }));
    expectError(
      await t.post(`${SYS}/packaging/submit`, admin, { ...again, packagingCode: 'PK-3', customerId: customer }),
      400,
      '该零件已有此客户的包装规格',
    );
    expectError(
      await t.post(`${SYS}/packaging/submit`, admin, { ...again, packagingCode: 'PK-4', qtyPerPack: 0 }),
      400,
      '单包数量必须大于0',
    );
  });
});

describe('warehouse demo', () => {
  it('adds stock, movements posted as posting would and pending ones, and packing, once', async () => {
    const { seedDemoCompanies } = await import('../../src/server/modules/system/demo/organisation.ts');
    const { seedMasterdataDemo } = await import('../../src/server/modules/masterdata/demo/partners-and-staff.ts');
    const { seedWarehouseDemo } = await import('../../src/server/modules/warehouse/demo/stock-and-movements.ts');
    await seedDemoCompanies(t.services.db);
    await seedMasterdataDemo(t.services.db);
    // The tests above left stock rows in 000000: the demo adds its own only to a tenant without any.
    await t.services.db.deleteFrom('erp_inventory').where('tenant_id', '=', '000000').execute();
    const added = await seedWarehouseDemo(t.services.db);
    expect(added[0]).toBe('90 stock rows');
    expect(Number(added[1].split(' ')[0])).toBeGreaterThan(400);
    expect(Number(added[2].split(' ')[0])).toBeGreaterThan(5);
    expect(await seedWarehouseDemo(t.services.db)).toEqual(['0 stock rows', '0 movements', '0 packing specifications']);
    const stock = expectOk(await t.get(`${STOCK}/list?size=100&warehouse=FG`, admin));
    expect(stock.total).toBeGreaterThan(5);
    expect(expectOk(await t.get(`${STOCK}/list?belowSafety=1`, admin)).total).toBeGreaterThan(0);
    // Each part's last posted movement left the balance its stock row holds.
    for (const row of stock.records.slice(0, 10) as Row[]) {
      const posted = expectOk(await t.get(`${LOG}/list?productNo=${row.productNo}&handleStatus=1&size=1`, admin))
        .records[0];
      if (posted) expect(posted.qtyAfter, String(row.productNo)).toBe(row.qty);
    }
    // The pending ones post.
    const pending = expectOk(await t.get(`${LOG}/list?handleStatus=0&direction=1&size=5`, admin)).records as Row[];
    expect(pending.length).toBeGreaterThan(0);
    expect(expectOk(await post(pending.map((r) => r.id)))).toEqual({ handled: pending.length });
  }, 120_000);

  it('adds a 仓管员 (sunck) who enters, posts and packs, and nothing of the other modules, once', async () => {
    const { seedWarehouseKeeperDemo } = await import('../../src/server/modules/warehouse/demo/keeper.ts');
    expect(await seedWarehouseKeeperDemo(t.services.db)).toEqual(['warehouse keeper sunck']);
    expect(await seedWarehouseKeeperDemo(t.services.db)).toEqual([]);
    const keeper = await t.tokenOf('sunck', '123456');
    const buttons = JSON.stringify(expectOk(await t.get(`${SYS}/menu/buttons`, keeper)));
    for (const code of ['inventorylog_add', 'inventorylog_edit', 'inventorylog_delete', 'inventorylog_handle'])
      expect(buttons).toContain(code);
    expect(buttons).toContain('packaging_add');
    expect(buttons).not.toContain('product_add');
    const entered = expectOk(await t.post(`${LOG}/submit`, keeper, movement(await part('KEEPER-1'), '101', 4)));
    expect(expectOk(await t.post(`${LOG}/handle?ids=${entered.id}`, keeper, {}))).toEqual({ handled: 1 });
    expect(expectOk(await t.get(`${STOCK}/list?productNo=KEEPER-1`, keeper)).records).toHaveLength(1);
    expectError(await t.get(`${SYS}/customer/list`, keeper), 403);
  });
});
