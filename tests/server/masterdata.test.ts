import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createTenantAdmin } from '../support/factories.ts';

/** Issue 12: customers and suppliers (domain/masterdata.md), their rules and messages, over HTTP. */
const SYS = '/api/blade-system';
const EN = { 'accept-language': 'en' };
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
}, 60_000);
afterAll(() => t?.stop());

const CUSTOMER = {
  customerCode: 'C-001',
  customerName: '一汽-大众汽车有限公司',
  shortName: '一汽大众',
  customerType: '1',
  taxNo: '91220101605121393K',
  regionCode: '2201',
  contactName: '王工',
  contactPhone: '13912345678',
};

describe('customers', () => {
  it('are saved with their dictionary, region and status names, and the defaults of the domain file', async () => {
    const saved = expectOk(await t.post(`${SYS}/customer/submit`, admin, CUSTOMER));
    expect(saved).toMatchObject({
      customerTypeName: '整车厂',
      regionName: '长春市',
      currency: 'CNY',
      currencyName: '人民币',
      creditDays: 60,
      isRelated: 0,
      status: 1,
      statusName: '启用',
    });
    const english = expectOk(await t.get(`${SYS}/customer/detail?id=${saved.id}`, admin, EN));
    expect(english).toMatchObject({ customerTypeName: 'OEM', statusName: 'Enabled' });
  });

  it('refuse what the domain file refuses, each with its message', async () => {
    const bad = async (body: Record<string, unknown>, message: string) =>
      expectError(
        await t.post(`${SYS}/customer/submit`, admin, { ...CUSTOMER, customerCode: 'C-X', customerName: 'X', ...body }),
        400,
        message,
      );
    await bad({ customerCode: 'C 1' }, '客户编码只能包含字母、数字和-');
    await bad({ customerType: '' }, '请选择客户类型');
    await bad({ customerType: '99' }, '请选择客户类型');
    await bad({ taxNo: '123' }, '统一社会信用代码格式不正确');
    await bad({ contactPhone: '1234' }, '联系电话格式不正确');
    await bad({ creditDays: 366 }, '账期(天)不能大于365');
    await bad({ creditLimit: '-1' }, '信用额度不能小于0');
    await bad({ regionCode: '999999' }, '所在地区不存在或无权访问');
    await bad({ customerCode: 'C-001' }, '客户编码已存在');
    await bad({ customerName: CUSTOMER.customerName }, '客户名称已存在');
    expectOk(
      await t.post(`${SYS}/customer/submit`, admin, {
        ...CUSTOMER,
        customerCode: 'C-002',
        customerName: '另一家',
        shortName: '另一家',
        contactPhone: '0431-85901234',
      }),
    );
  });
});

describe('suppliers', () => {
  it('are saved with type and grade names; the bank account holds 8 to 32 digits', async () => {
    const body = {
      supplierCode: 'S-001',
      supplierName: '宝山钢铁股份有限公司',
      supplierType: '1',
      grade: 'A',
      bankAccount: '6222 0210 0100 1234',
    };
    expect(expectOk(await t.post(`${SYS}/supplier/submit`, admin, body))).toMatchObject({
      supplierTypeName: '原材料',
      gradeName: '优秀',
    });
    expectError(
      await t.post(`${SYS}/supplier/submit`, admin, {
        ...body,
        supplierCode: 'S-2',
        supplierName: 'Y',
        bankAccount: '1234',
      }),
      400,
      '银行账号须为8到32位数字',
    );
    expectError(
      await t.post(`${SYS}/supplier/submit`, admin, {
        ...body,
        supplierCode: 'S-3',
        supplierName: 'Z',
        paymentDays: -1,
      }),
      400,
      '付款账期(天)不能小于0',
    );
  });
});

describe('customer search', () => {
  it('finds a customer by its short name through customerName', async () => {
    const page = expectOk(await t.get(`${SYS}/customer/list?customerName=${encodeURIComponent('一汽大众')}`, admin));
    expect(page.records.map((r: { customerCode: string }) => r.customerCode)).toEqual(['C-001']);
  });
});

type Row = Record<string, unknown> & { id: string };
const category = async (body: Record<string, unknown>): Promise<Row> =>
  expectOk(await t.post(`${SYS}/goodscategory/submit`, admin, { categoryType: '3', ...body }));

describe('goods categories', () => {
  let steel: Row;
  let coldRolled: Row;
  beforeAll(async () => {
    steel = await category({ categoryCode: 'T-STEEL', categoryName: '钢材' });
    coldRolled = await category({ categoryCode: 'T-CR', categoryName: '冷轧板', parentId: steel.id });
  });

  it('form a tree: the list nests children, ancestors are kept, names show in both languages', async () => {
    const tree = expectOk(await t.get(`${SYS}/goodscategory/list`, admin)) as Array<Row & { children?: Row[] }>;
    const root = tree.find((node) => node.id === steel.id)!;
    expect(root.children?.map((child) => child.categoryName)).toEqual(['冷轧板']);
    expect(coldRolled).toMatchObject({ ancestors: `0,${steel.id}`, categoryTypeName: '原材料' });
    const english = expectOk(await t.get(`${SYS}/goodscategory/detail?id=${coldRolled.id}`, admin, EN));
    expect(english).toMatchObject({ categoryTypeName: 'Raw material' });
    // A filter lists the matching rows flat.
    const found = expectOk(await t.get(`${SYS}/goodscategory/list?categoryName=${encodeURIComponent('冷轧')}`, admin));
    expect(found.map((r: Row) => r.id)).toEqual([coldRolled.id]);
  });

  it("refuse a duplicate code, a sibling's name, a missing type and a parent below the category itself", async () => {
    const bad = async (body: Record<string, unknown>, message: string) =>
      expectError(await t.post(`${SYS}/goodscategory/submit`, admin, { categoryType: '3', ...body }), 400, message);
    await bad({ categoryCode: 'T-CR', categoryName: '其他' }, '分类编码已存在');
    await bad({ categoryCode: 'T-CR2', categoryName: '冷轧板', parentId: steel.id }, '同一上级分类下已存在该分类名称');
    await bad({ categoryCode: 'T-X', categoryName: '无类型', categoryType: '' }, '请选择物料类型');
    await bad({ ...steel, parentId: coldRolled.id }, '上级分类不能选择自身或下级');
    await bad({ ...steel, parentId: steel.id }, '上级分类不能选择自身或下级');
    // The same name under another parent is fine.
    await category({ categoryCode: 'T-AL', categoryName: '铝材' });
    await category({
      categoryCode: 'T-AL-CR',
      categoryName: '冷轧板',
      parentId: (await category({ categoryCode: 'T-AL2', categoryName: '铝' })).id,
    });
  });

  it('cannot be deleted while they hold categories or parts', async () => {
    const refused = '该分类下存在子分类或物料，不能删除';
    expectError(await t.post(`${SYS}/goodscategory/remove?ids=${steel.id}`, admin), 400, refused);
    const empty = await category({ categoryCode: 'T-EMPTY', categoryName: '空分类' });
    await part({ productNo: 'T-P-CAT', productName: '分类占用', categoryId: empty.id });
    expectError(await t.post(`${SYS}/goodscategory/remove?ids=${empty.id}`, admin), 400, refused);
  });
});

let partCategory: Row;
let customerId: string;
const part = async (body: Record<string, unknown>): Promise<Row> =>
  expectOk(await t.post(`${SYS}/product/submit`, admin, { productType: '3', categoryId: partCategory?.id, ...body }));

describe('products', () => {
  beforeAll(async () => {
    partCategory = await category({ categoryCode: 'T-FG', categoryName: '成品测试', categoryType: '1' });
    customerId = expectOk(await t.get(`${SYS}/customer/list?customerCode=C-001`, admin)).records[0].id;
  });

  it('are saved with the names of their category, customer, type, unit and status, and the defaults', async () => {
    const saved = await part({
      productNo: 'T-5G0-809A',
      customerPartNo: '5G0809A',
      productName: '左A柱内板总成',
      productType: '1',
      customerId,
      project: 'VW316',
      netWeight: '3.25',
    });
    expect(saved).toMatchObject({
      categoryName: '成品测试',
      customerName: '一汽-大众汽车有限公司',
      productTypeName: '成品',
      unit: 'PCS',
      unitName: '件',
      productStatus: '1',
      productStatusName: '开发中',
      netWeight: 3.25,
      status: 1,
    });
    const english = expectOk(await t.get(`${SYS}/product/detail?id=${saved.id}`, admin, EN));
    expect(english).toMatchObject({ productTypeName: 'Finished good', unitName: 'pcs' });
  });

  it('refuse a finished part without its customer, a negative weight, a duplicate part number, an unknown category', async () => {
    const bad = async (body: Record<string, unknown>, message: string) =>
      expectError(
        await t.post(`${SYS}/product/submit`, admin, {
          productNo: 'T-BAD',
          productName: '坏',
          productType: '3',
          categoryId: partCategory.id,
          ...body,
        }),
        400,
        message,
      );
    await bad({ productType: '1' }, '请选择主要客户');
    await bad({ productType: '1', customerId: '' }, '请选择主要客户');
    await bad({ netWeight: '-0.1' }, '净重(kg)不能小于0');
    await bad({ safetyStock: -5 }, '安全库存不能小于0');
    await bad({ productNo: 'T-5G0-809A' }, '产品零件号已存在');
    await bad({ categoryId: '' }, '请选择物料分类');
    await bad({ categoryId: '123456789' }, '物料分类不存在或无权访问');
    await bad({ productType: '99' }, '请选择物料类型');
    // Changing a finished part's type keeps the rule on the saved row: its customer cannot be cleared.
    const saved = expectOk(await t.get(`${SYS}/product/list?productNo=T-5G0-809A`, admin)).records[0];
    expectError(await t.post(`${SYS}/product/submit`, admin, { id: saved.id, customerId: '' }), 400, '请选择主要客户');
    expect(
      expectOk(await t.post(`${SYS}/product/submit`, admin, { id: saved.id, productType: '2', customerId: '' })),
    ).toMatchObject({ productType: '2', customerId: null });
  });

  it('are found by customer part number through productNo, and filtered by type and customer', async () => {
    await part({ productNo: 'T-RM-DC01', productName: '冷轧板 DC01', unit: 'KG' });
    const byCustomerNo = expectOk(await t.get(`${SYS}/product/list?productNo=5g0809`, admin));
    expect(byCustomerNo.records.map((r: Row) => r.productNo)).toEqual(['T-5G0-809A']);
    const raw = expectOk(await t.get(`${SYS}/product/list?productType_equal=3&productNo=T-`, admin));
    expect(raw.records.map((r: Row) => r.productNo)).toEqual(['T-P-CAT', 'T-RM-DC01']);
  });

  it("are searched in the caller's tenant only, through the trigram index and without it", async () => {
    const other = '320001';
    const { token } = await createTenantAdmin(t, other, ['product'], 'parts-b', 'pw');
    await t.services.db
      .insertInto('erp_product')
      .values({
        id: '320001000000000001',
        tenant_id: other,
        product_no: 'T-5G0-809A',
        product_name: '他租户 DC01',
        product_type: '2',
        category_id: '320001000000000002',
      })
      .execute();
    const ids = async (query: string, token: string) =>
      (expectOk(await t.get(`${SYS}/product/list?${query}&size=100`, token)).records as Row[]).map((r) => r.id);
    // Three characters or more go through tenon_match_ids (migration 0024), two through a plain ilike: same answers.
    for (const query of ['productNo=809A', 'productNo=5G', 'productName=DC01', 'keyword=DC01', 'productName=他租户'])
      expect(await ids(query, token), query).toEqual(['320001000000000001']);
    const own = await ids('productNo=5G0-809', admin);
    expect(own).toHaveLength(1);
    expect(own).not.toContain('320001000000000001');
    // The pattern's own % and _ are text, not wildcards.
    expect(await ids('productNo=5G0%25809', admin)).toEqual([]);
    expect(await ids('productNo=5G0_809', admin)).toEqual([]);
  });

  it('keep a customer that parts point at from being deleted', async () => {
    await part({ productNo: 'T-FG-2', productName: '右A柱', productType: '1', customerId });
    expectError(
      await t.post(`${SYS}/customer/remove?ids=${customerId}`, admin),
      400,
      '该客户已被产品/价格/新品导入引用，不能删除',
    );
  });

  it('listpage: enabled parts by keyword over part number, customer part number and name, with what a form shows', async () => {
    const disabled = await part({ productNo: 'T-OFF', productName: '停用件 DC01' });
    expectOk(await t.post(`${SYS}/product/submit`, admin, { id: disabled.id, status: 2 }));
    const page = async (query: string) =>
      expectOk(await t.get(`${SYS}/product/listpage?${query}`, admin)) as { records: Row[]; total: number };
    expect((await page('keyword=DC01')).records.map((r) => r.productNo)).toEqual(['T-RM-DC01']);
    expect((await page('keyword=5G0809A')).records.map((r) => r.productNo)).toEqual(['T-5G0-809A']);
    const finished = await page(`productType=1&customerId=${customerId}&size=1`);
    expect(finished.total).toBe(1);
    expect(Object.keys(finished.records[0]).sort()).toEqual(
      [
        'customerId',
        'customerName',
        'customerPartNo',
        'id',
        'productName',
        'productNo',
        'project',
        'spec',
        'unit',
        'unitName',
      ].sort(),
    );
    expect(finished.records[0]).toMatchObject({ customerName: '一汽-大众汽车有限公司', unitName: '件' });
  });
});

describe('master data demo', () => {
  it('adds customers, suppliers, a category tree and about 2,000 parts once, with multi-level names', async () => {
    const { seedMasterdataDemo } = await import('../../src/server/modules/masterdata/demo/partners-and-staff.ts');
    const { seedDemoCompanies } = await import('../../src/server/modules/system/demo/organisation.ts');
    expect(await seedDemoCompanies(t.services.db)).toEqual(['2 company codes']);
    expect(await seedDemoCompanies(t.services.db)).toEqual([]);
    const first = await seedMasterdataDemo(t.services.db);
    expect(first).toContain('21 goods categories');
    const parts = Number(first.find((line) => line.endsWith(' parts'))!.split(' ')[0]);
    expect(parts).toBeGreaterThan(2_000);
    expect(await seedMasterdataDemo(t.services.db)).toEqual([
      '0 customers',
      '0 suppliers',
      '0 employees',
      '0 goods categories',
      '0 parts',
      '0 prices',
    ]);
    const finished = expectOk(await t.get(`${SYS}/product/list?productNo=FG-KX11-01L`, admin)).records[0];
    expect(finished).toMatchObject({
      customerName: '浙江吉利控股集团有限公司',
      categoryName: '车身结构件',
      project: 'GL-KX11',
      orgName: '常州布雷德',
    });
    // Thousands of demo parts on PGlite: a busy 2-core machine takes its time.
  }, 120_000);
});

describe('master data menus', () => {
  it('are seeded as domain/menus.md lists them: screens, paths and every button code', async () => {
    const rows = await t.services.db
      .selectFrom('blade_menu')
      .select(['id', 'parent_id', 'code', 'name', 'name_en', 'path', 'sort', 'category'])
      .where('is_deleted', '=', 0)
      .execute();
    const top = rows.find((r) => r.code === 'masterdata')!;
    expect(top).toMatchObject({ name: '基础资料', name_en: 'Master data', path: '/masterdata', sort: 10 });
    const crud = (code: string, ...extra: string[]) =>
      [...['add', 'edit', 'delete', 'view'].map((verb) => `${code}_${verb}`), ...extra].sort();
    const expected: Array<[code: string, zh: string, en: string, buttons: string[]]> = [
      ['customer', '客户管理', 'Customers', crud('customer', 'customer_export')],
      ['supplier', '供应商管理', 'Suppliers', crud('supplier', 'supplier_export')],
      ['product', '产品管理', 'Products', crud('product', 'product_export', 'product_import')],
      ['goodscategory', '物料分类', 'Goods categories', crud('goodscategory')],
      ['price', '价格管理', 'Prices', crud('price')],
      ['employee', '员工管理', 'Employees', crud('employee')],
    ];
    const screens = rows.filter((r) => String(r.parent_id) === String(top.id)).sort((a, b) => a.sort - b.sort);
    expect(screens.map((r) => [r.code, r.name, r.name_en, r.path])).toEqual(
      expected.map(([code, zh, en]) => [code, zh, en, `/masterdata/${code}`]),
    );
    for (const [code, , , buttons] of expected) {
      const id = String(screens.find((r) => r.code === code)!.id);
      const seeded = rows.filter((r) => String(r.parent_id) === id && r.category === 2).map((r) => r.code);
      expect(seeded.sort(), code).toEqual(buttons);
    }
  });
});
