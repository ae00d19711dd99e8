import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/calendar/working-days.ts';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { crudCodes, createTenantAdmin } from '../support/factories.ts';

/**
 * Issue 12: prices (domain/masterdata.md § price) over HTTP, on PGlite and (DATABASE_URL) PostgreSQL: the
 * counterparty is a customer for a selling price and a supplier otherwise, names are copied, the gross price is
 * derived, periods of one key never overlap, even when two users save at the same moment.
 */
const SYS = '/api/blade-system';
let t: TestApp;
let admin: string;
type Row = Record<string, unknown> & { id: string };
let customer: Row;
let supplier: Row;
let part: Row;
let steel: Row;

const save = async (entity: string, body: Record<string, unknown>, token = admin): Promise<Row> =>
  expectOk(await t.post(`${SYS}/${entity}/submit`, token, body));

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  customer = await save('customer', {
    customerCode: 'C-P1',
    customerName: '一汽-大众汽车有限公司',
    customerType: '1',
    currency: 'EUR',
  });
  supplier = await save('supplier', { supplierCode: 'S-P1', supplierName: '宝山钢铁股份有限公司', supplierType: '1' });
  const category = await save('goodscategory', { categoryCode: 'P-CAT', categoryName: '价格测试', categoryType: '3' });
  part = await save('product', {
    productNo: 'FG-5G0-01L',
    productName: '左A柱内板总成',
    productType: '1',
    categoryId: category.id,
    customerId: customer.id,
  });
  steel = await save('product', {
    productNo: 'RM-DC01-08',
    productName: '冷轧板 DC01',
    productType: '3',
    categoryId: category.id,
    unit: 'KG',
  });
}, 60_000);
afterAll(() => t?.stop());

const today = () => formatDateTime().slice(0, 10);
const selling = () => ({
  priceType: '1',
  productId: part.id,
  partnerId: customer.id,
  currency: 'CNY',
  unit: 'PCS',
  unitPrice: '12.5',
  validFrom: '2026-01-01',
});
const buying = () => ({
  priceType: '2',
  productId: steel.id,
  partnerId: supplier.id,
  currency: 'CNY',
  unit: 'KG',
  unitPrice: '5.2',
  validFrom: '2026-01-01',
});

describe('prices', () => {
  it('copy the part and counterparty names, default the tax rate to 13 % and derive the gross price', async () => {
    const sold = await save('price', { ...selling(), remark: '2026年降3%' });
    expect(sold).toMatchObject({
      priceType: '1',
      priceTypeName: '销售价',
      productNo: 'FG-5G0-01L',
      productName: '左A柱内板总成',
      partnerId: customer.id,
      partnerName: '一汽-大众汽车有限公司',
      currencyName: '人民币',
      unitName: '件',
      unitPrice: 12.5,
      taxRate: 0.13,
      taxIncludedPrice: 14.125,
      validTo: '',
      remark: '2026年降3%',
    });
    const bought = await save('price', buying());
    expect(bought).toMatchObject({ priceTypeName: '采购价', partnerName: '宝山钢铁股份有限公司', unitName: '千克' });
    // The list names each counterparty from its own table.
    const listed = expectOk(await t.get(`${SYS}/price/list?size=100`, admin)).records as Row[];
    expect(listed.find((r) => r.id === sold.id)).toMatchObject({ partnerName: '一汽-大众汽车有限公司' });
    expect(listed.find((r) => r.id === bought.id)).toMatchObject({ partnerName: '宝山钢铁股份有限公司' });
    // The copies follow a change of the counterparty (and of the price type choosing its table).
    const other = await save('supplier', { supplierCode: 'S-P2', supplierName: '鞍钢股份有限公司', supplierType: '1' });
    const moved = await save('price', { id: bought.id, partnerId: other.id });
    expect(moved.partnerName).toBe('鞍钢股份有限公司');
    for (const id of [sold.id, bought.id]) expectOk(await t.post(`${SYS}/price/remove?ids=${id}`, admin));
  });

  it('work the gross price out exactly, rounded half up to 6 decimals, whatever a body sends', async () => {
    const cases: Array<[string, string, number]> = [
      ['0.123457', '0.13', 0.139506],
      ['0.000005', '0.1', 0.000006],
      ['100', '0', 100],
      ['7.35', '0.09', 8.0115],
    ];
    for (const [index, [unitPrice, taxRate, gross]] of cases.entries()) {
      const saved = await save('price', {
        ...buying(),
        validFrom: `201${index}-01-01`,
        validTo: `201${index}-12-31`,
        unitPrice,
        taxRate,
        taxIncludedPrice: 1,
      });
      expect(saved.taxIncludedPrice, `${unitPrice} × (1 + ${taxRate})`).toBe(gross);
      expectOk(await t.post(`${SYS}/price/remove?ids=${saved.id}`, admin));
    }
  });

  it('are valid today only within their period; an empty valid-to runs on', async () => {
    const periods: Array<[string, string, number]> = [
      ['2020-01-01', '2020-12-31', 0],
      [addDays(today(), -10), '', 1],
      [addDays(today(), 1), '', 0],
    ];
    const ids: string[] = [];
    for (const [index, [validFrom, validTo, isValid]] of periods.entries()) {
      const saved = await save('price', { ...buying(), currency: ['USD', 'EUR', 'JPY'][index], validFrom, validTo });
      expect(saved.isValid, `${validFrom}..${validTo}`).toBe(isValid);
      ids.push(saved.id);
    }
    expectOk(await t.post(`${SYS}/price/remove?ids=${ids.join(',')}`, admin));
  });

  it('refuse what the domain file refuses, each with its message, and write nothing', async () => {
    const bad = async (body: Record<string, unknown>, message: string) =>
      expectError(await t.post(`${SYS}/price/submit`, admin, { ...selling(), ...body }), 400, message);
    await bad({ priceType: '' }, '请选择价格类型');
    await bad({ priceType: '9' }, '请选择价格类型');
    await bad({ productId: '' }, '请选择产品零件号');
    await bad({ productId: '123' }, '产品零件号不存在或无权访问');
    await bad({ partnerId: '' }, '请选择客户/供应商');
    await bad({ currency: '' }, '请选择币种');
    await bad({ unit: '' }, '请选择计价单位');
    await bad({ unitPrice: '' }, '请输入不含税单价');
    await bad({ unitPrice: '0' }, '不含税单价必须大于0');
    await bad({ unitPrice: '0.000' }, '不含税单价必须大于0');
    await bad({ unitPrice: -3 }, '不含税单价必须大于0');
    await bad({ taxRate: '-0.01' }, '税率不能小于0%');
    await bad({ taxRate: '1' }, '税率不能大于99.9999%');
    await bad({ validFrom: '' }, '请选择生效日期');
    await bad({ validTo: '2025-12-31' }, '失效日期不能早于生效日期');
    // A selling price's counterparty is a customer, any other price's a supplier.
    await bad({ partnerId: supplier.id }, '客户/供应商不存在或无权访问');
    await bad({ priceType: '2', partnerId: customer.id }, '客户/供应商不存在或无权访问');
    await bad({ priceType: '3', partnerId: customer.id }, '客户/供应商不存在或无权访问');
    expect(expectOk(await t.get(`${SYS}/price/list`, admin)).total).toBe(0);
    // The rules hold on the saved row: a new price type alone re-checks the counterparty, a new valid-from the period.
    const saved = await save('price', selling());
    expectError(
      await t.post(`${SYS}/price/submit`, admin, { id: saved.id, priceType: '2' }),
      400,
      '客户/供应商不存在或无权访问',
    );
    await save('price', { id: saved.id, validTo: '2026-06-30' });
    expectError(
      await t.post(`${SYS}/price/submit`, admin, { id: saved.id, validFrom: '2026-07-01' }),
      400,
      '失效日期不能早于生效日期',
    );
    expect(expectOk(await t.get(`${SYS}/price/detail?id=${saved.id}`, admin))).toMatchObject({
      priceType: '1',
      validFrom: '2026-01-01',
      validTo: '2026-06-30',
    });
    expectOk(await t.post(`${SYS}/price/remove?ids=${saved.id}`, admin));
  });
});

describe('the periods of one price key', () => {
  const ids: string[] = [];
  const add = async (body: Record<string, unknown>) => {
    const saved = await save('price', { ...buying(), ...body });
    ids.push(saved.id);
    return saved;
  };
  const overlap = async (body: Record<string, unknown>) =>
    expectError(
      await t.post(`${SYS}/price/submit`, admin, { ...buying(), ...body }),
      400,
      '该物料在此期间已有有效价格',
    );

  it('do not overlap: the days at both ends count, an empty valid-to is for ever', async () => {
    const old = await add({ validFrom: '2025-01-01', validTo: '2025-12-31', unitPrice: '5.5' });
    await add({ validFrom: '2026-01-01', remark: '2026年降5%' });
    await overlap({ validFrom: '2025-12-31', validTo: '2025-12-31' });
    await overlap({ validFrom: '2024-01-01', validTo: '2025-01-01' });
    await overlap({ validFrom: '2030-01-01' });
    await overlap({ validFrom: '2020-01-01' });
    await overlap({ validFrom: '2025-03-01', validTo: '2025-03-31' });
    // Before the first period, and in another key (price type, part, counterparty, currency), a period is free.
    await add({ validFrom: '2024-01-01', validTo: '2024-12-31' });
    await add({ validFrom: '2025-06-01', currency: 'USD' });
    await add({ validFrom: '2025-06-01', priceType: '3' });
    const other = await save('supplier', { supplierCode: 'S-P3', supplierName: '首钢京唐', supplierType: '1' });
    await add({ validFrom: '2025-06-01', partnerId: other.id });
    // A change is checked against the others, never against itself.
    await save('price', { id: old.id, unitPrice: '5.4' });
    expectError(
      await t.post(`${SYS}/price/submit`, admin, { id: old.id, validTo: '' }),
      400,
      '该物料在此期间已有有效价格',
    );
    // A deleted price leaves its period free.
    expectOk(await t.post(`${SYS}/price/remove?ids=${old.id}`, admin));
    ids.splice(ids.indexOf(old.id), 1);
    await add({ validFrom: '2025-02-01', validTo: '2025-12-31' });
  });

  it('hold when two users save overlapping prices at the same moment: exactly one is saved', async () => {
    for (const [round, currency] of ['EUR', 'JPY', 'HKD'].entries()) {
      const body = { ...buying(), currency, validFrom: `2026-0${round + 1}-01` };
      const results = await Promise.all([
        t.post(`${SYS}/price/submit`, admin, { ...body, unitPrice: '5.1' }),
        t.post(`${SYS}/price/submit`, admin, { ...body, unitPrice: '5.3', validTo: '2026-12-31' }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 400]);
      expect(results.find((r) => r.statusCode === 400)!.json().msg).toBe('该物料在此期间已有有效价格');
      const saved = expectOk(await t.get(`${SYS}/price/list?currency=${currency}&size=100`, admin)).records as Row[];
      expect(saved).toHaveLength(1);
      ids.push(saved[0].id);
    }
  });

  afterAll(async () => {
    if (ids.length) await t.post(`${SYS}/price/remove?ids=${ids.join(',')}`, admin);
  });
});

describe('price search', () => {
  beforeAll(async () => {
    await save('price', { ...selling(), validFrom: '2025-01-01', validTo: '2025-12-31', unitPrice: '13' });
    await save('price', selling());
    await save('price', { ...buying(), validFrom: '2025-07-01' });
  });
  const found = async (query: string) =>
    (expectOk(await t.get(`${SYS}/price/list?${query}`, admin)).records as Row[])
      .map((r) => `${r.productNo}@${r.validFrom}`)
      .sort();

  it('filters by price type, part number, part name, counterparty name and the valid-from range', async () => {
    expect(await found('priceType_equal=2')).toEqual(['RM-DC01-08@2025-07-01']);
    expect(await found('priceType=1')).toEqual(['FG-5G0-01L@2025-01-01', 'FG-5G0-01L@2026-01-01']);
    expect(await found('productNo=DC01')).toEqual(['RM-DC01-08@2025-07-01']);
    expect(await found(`productName=${encodeURIComponent('A柱')}`)).toHaveLength(2);
    expect(await found(`partnerName=${encodeURIComponent('宝山')}`)).toEqual(['RM-DC01-08@2025-07-01']);
    expect(await found('validFrom_datege=2025-07-01&validFrom_datele=2026-01-01')).toEqual([
      'FG-5G0-01L@2026-01-01',
      'RM-DC01-08@2025-07-01',
    ]);
    expect(await found('validFrom_dategt=2025-01-01&validFrom_datelt=2026-01-01')).toEqual(['RM-DC01-08@2025-07-01']);
  });
});

describe('references to prices', () => {
  it('keep customers, suppliers and parts with prices from being deleted', async () => {
    // A customer no part names (their own message, domain/masterdata.md § customer, comes first).
    const priced = await save('customer', { customerCode: 'C-P4', customerName: '比亚迪', customerType: '1' });
    const sold = await save('price', { ...selling(), partnerId: priced.id, validFrom: '2028-01-01' });
    expectError(await t.post(`${SYS}/customer/remove?ids=${priced.id}`, admin), 400, '已被价格引用，不能删除');
    expectOk(await t.post(`${SYS}/price/remove?ids=${sold.id}`, admin));
    expectOk(await t.post(`${SYS}/customer/remove?ids=${priced.id}`, admin));
    expectError(await t.post(`${SYS}/supplier/remove?ids=${supplier.id}`, admin), 400, '已被价格引用，不能删除');
    expectError(
      await t.post(`${SYS}/product/remove?ids=${steel.id}`, admin),
      400,
      '该物料已被BOM/库存/价格引用，不能删除',
    );
  });

  it('count a price against the table its type chooses only', async () => {
    const lone = await save('customer', { customerCode: 'C-P2', customerName: '长城汽车', customerType: '1' });
    // A buying price that (written past the engine) holds the customer's id points at no customer.
    const [bought] = expectOk(await t.get(`${SYS}/price/list?priceType_equal=2`, admin)).records as Row[];
    await t.services.db.updateTable('erp_price').set({ partner_id: lone.id }).where('id', '=', bought.id).execute();
    expectOk(await t.post(`${SYS}/customer/remove?ids=${lone.id}`, admin));
    await t.services.db.updateTable('erp_price').set({ partner_id: supplier.id }).where('id', '=', bought.id).execute();
  });

  it("refuse another tenant's customer or supplier as the counterparty, and its part", async () => {
    const codes = ['customer', 'supplier', 'goodscategory', 'product', 'price'].flatMap(crudCodes);
    const { token } = await createTenantAdmin(t, '600021', codes, 'price_boss');
    const theirCustomer = await save(
      'customer',
      { customerCode: 'C-B', customerName: '乙客户', customerType: '1' },
      token,
    );
    const theirSupplier = await save(
      'supplier',
      { supplierCode: 'S-B', supplierName: '乙供应商', supplierType: '1' },
      token,
    );
    const missing = '客户/供应商不存在或无权访问';
    expectError(
      await t.post(`${SYS}/price/submit`, admin, { ...selling(), partnerId: theirCustomer.id }),
      400,
      missing,
    );
    expectError(await t.post(`${SYS}/price/submit`, admin, { ...buying(), partnerId: theirSupplier.id }), 400, missing);
    // And the other way round: tenant B cannot price with tenant A's rows.
    const body = { ...selling(), productId: part.id, partnerId: theirCustomer.id, validFrom: '2027-01-01' };
    expectError(await t.post(`${SYS}/price/submit`, token, body), 400, '产品零件号不存在或无权访问');
    const ours = { ...buying(), validFrom: '2027-01-01' };
    expectError(
      await t.post(`${SYS}/price/submit`, token, { ...ours, productId: part.id, partnerId: supplier.id }),
      400,
    );
    expect(expectOk(await t.get(`${SYS}/price/list`, token)).total).toBe(0);
  });
});

describe('demo prices', () => {
  // On a database of their own: the rows above share part numbers and names with the demo's.
  let demo: TestApp;
  beforeAll(async () => {
    demo = await startApp();
  }, 120_000);
  afterAll(() => demo?.stop());

  it('price most purchased parts and sold finished parts from 2026, never overlapping, once', async () => {
    const t = demo;
    const admin = await t.tokenOf();
    const { seedDemoCompanies } = await import('../../src/server/modules/system/demo/organisation.ts');
    const { seedMasterdataDemo } = await import('../../src/server/modules/masterdata/demo/partners-and-staff.ts');
    await seedDemoCompanies(t.services.db);
    const first = await seedMasterdataDemo(t.services.db);
    const added = Number(first.find((line) => line.endsWith(' prices'))!.split(' ')[0]);
    expect(added).toBeGreaterThan(300);
    expect(await seedMasterdataDemo(t.services.db)).toContain('0 prices');
    // What BOM costing asks: the buying price valid on 1 January of the cost year, per purchased part.
    const buyable = await t.services.db
      .selectFrom('erp_product as p')
      .leftJoin('erp_price as r', (join) =>
        join
          .onRef('r.product_id', '=', 'p.id')
          .on('r.price_type', '=', '2')
          .on('r.is_deleted', '=', 0)
          .on('r.valid_from', '<=', '2026-01-01')
          .on((eb) => eb.or([eb('r.valid_to', 'is', null), eb('r.valid_to', '>=', '2026-01-01')])),
      )
      .select(['p.product_no', 'r.id as price_id'])
      .where('p.tenant_id', '=', '000000')
      .where('p.product_type', 'in', ['3', '4'])
      .execute();
    const priced = buyable.filter((r) => r.price_id !== null).map((r) => r.product_no);
    const unpriced = buyable.filter((r) => r.price_id === null).map((r) => r.product_no);
    expect(new Set(priced).size).toBe(priced.length); // one valid price per part on that day
    expect(priced.length).toBeGreaterThan(unpriced.length * 4);
    expect(unpriced).toContain('RM-DX54DZ-10');
    expect(unpriced).toContain('PP-STUD-M8');
    expect(priced).toContain('RM-DC01-10');
    const overlapping = await sql<{ n: number }>`select count(*)::int as n from erp_price a join erp_price b
      on a.id < b.id and a.tenant_id = b.tenant_id and a.price_type = b.price_type and a.product_id = b.product_id
      and a.partner_id = b.partner_id and a.currency = b.currency
      and a.valid_from <= coalesce(b.valid_to, 'infinity') and b.valid_from <= coalesce(a.valid_to, 'infinity')`.execute(
      t.services.db,
    );
    expect(overlapping.rows[0].n).toBe(0);
    const listed = async (query: string) =>
      expectOk(await t.get(`${SYS}/price/list?size=100&${query}`, admin)).records as Row[];
    const pillar = await listed('productNo=FG-5G0-01L');
    expect(pillar.map((r) => [r.validFrom, r.validTo, r.isValid, r.partnerName, r.remark])).toEqual([
      ['2026-01-01', '', 1, '一汽-大众汽车有限公司', '年降3%（2026年度价格协议）'],
      ['2025-01-01', '2025-12-31', 0, '一汽-大众汽车有限公司', ''],
    ]);
    expect(pillar[0].taxIncludedPrice).toBe(Number((Number(pillar[0].unitPrice) * 1.13).toFixed(6)));
    expect((await listed(`partnerName=${encodeURIComponent('宝山钢铁')}&priceType_equal=2`)).length).toBeGreaterThan(
      10,
    );
  });
});
