import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { multipartFile, sheetOf, workbookOf } from '../support/uploads.ts';

/**
 * Issue 12: product Excel export and import through the engine's Excel path (product_export / product_import):
 * names and dictionary labels in the cells, mapped back on import, every bad row named, all or nothing.
 */
const SYS = '/api/blade-system';
let t: TestApp;
let admin: string;

const HEADERS = ['产品零件号', '产品名称', '物料类型', '物料分类', '计量单位', '主要客户', '产品状态'];

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  const steel = expectOk(
    await t.post(`${SYS}/goodscategory/submit`, admin, {
      categoryCode: 'X-STEEL',
      categoryName: '钢材',
      categoryType: '3',
    }),
  );
  for (const [code, parentId] of [
    ['X-CR', steel.id],
    ['X-CR-2', '0'],
  ])
    expectOk(
      await t.post(`${SYS}/goodscategory/submit`, admin, {
        categoryCode: code,
        categoryName: '冷轧板',
        categoryType: '3',
        parentId,
      }),
    );
  expectOk(
    await t.post(`${SYS}/goodscategory/submit`, admin, {
      categoryCode: 'X-FG',
      categoryName: '车身件',
      categoryType: '1',
    }),
  );
  expectOk(
    await t.post(`${SYS}/customer/submit`, admin, {
      customerCode: 'X-C1',
      customerName: '吉利汽车',
      customerType: '1',
    }),
  );
}, 60_000);
afterAll(() => t?.stop());

const importFile = async (rows: unknown[][], isCovered: '0' | '1' = '0') => {
  const body = multipartFile(await workbookOf([HEADERS, ...rows]), { isCovered }, 'products.xlsx');
  return t.post(`${SYS}/product/import-product`, admin, body.payload, body.headers);
};
const partNos = async () =>
  expectOk(await t.get(`${SYS}/product/list?size=100&productNo=X-`, admin)).records.map(
    (r: { productNo: string }) => r.productNo,
  );

describe('product import', () => {
  it('refuses the whole file when one row is bad, naming each bad row and cell', async () => {
    expectError(
      await importFile([
        ['X-P1', '冷轧板 DC01', '原材料', 'X-CR', '千克', '', '量产'],
        ['X-P2', '左A柱', '成品', '车身件', '件', '', '量产'],
        ['X-P3', '钢卷', '原材料', '不存在的分类', '千克', '', '量产'],
        ['X-P4', '钢卷', '原材料', '冷轧板', '千克', '', '量产'],
        ['X-P5', '钢卷', '木头', 'X-CR', '千克', '', '量产'],
      ]),
      400,
      '第3行 主要客户: 请选择主要客户; 第4行 物料分类: 物料分类不存在或无权访问; 第5行 物料分类: 物料分类“冷轧板”不唯一,请填写编码; 第6行 物料类型: 物料类型不正确: 木头',
    );
    expect(await partNos()).toEqual([]);
  });

  it('saves nothing when the only bad row is one whose names are unknown', async () => {
    expectError(
      await importFile([
        ['X-P1', '冷轧板 DC01', '原材料', 'X-CR', '千克', '', '量产'],
        ['X-P3', '钢卷', '原材料', '不存在的分类', '千克', '', '量产'],
      ]),
      400,
      '第3行 物料分类: 物料分类不存在或无权访问',
    );
    expect(await partNos()).toEqual([]);
  });

  it('imports rows naming categories by code or name, customers by name, labels in zh or en; covers on request', async () => {
    expect(
      expectOk(
        await importFile([
          ['X-P1', '冷轧板 DC01', '原材料', 'X-CR', '千克', '', '量产'],
          ['X-P2', '左A柱', 'Finished good', '车身件', 'pcs', '吉利汽车', '开发中'],
        ]),
      ),
    ).toBe(2);
    const [p1, p2] = expectOk(await t.get(`${SYS}/product/list?productNo=X-&ascs=productNo`, admin)).records;
    expect(p1).toMatchObject({ productType: '3', unit: 'KG', categoryName: '冷轧板', productStatus: '2' });
    expect(p2).toMatchObject({ productType: '1', unit: 'PCS', customerName: '吉利汽车', categoryName: '车身件' });
    // Again without covering: the part numbers are taken.
    expectError(
      await importFile([['X-P1', '改名', '原材料', 'X-CR', '千克', '', '量产']]),
      400,
      '第2行 产品零件号: 产品零件号已存在',
    );
    // Covering updates the row of the part number.
    expect(expectOk(await importFile([['X-P1', '改名', '原材料', 'X-CR', '千克', '', '停产']], '1'))).toBe(1);
    expect(expectOk(await t.get(`${SYS}/product/detail?id=${p1.id}`, admin))).toMatchObject({
      productName: '改名',
      productStatus: '3',
    });
  });
});

describe('product export', () => {
  it('holds the filtered parts with names and labels, and the template its headers', async () => {
    const rows = await sheetOf(await t.get(`${SYS}/product/export-product?productNo=X-P2`, admin));
    const header = rows[0];
    expect(header).toEqual(expect.arrayContaining(HEADERS));
    expect(rows).toHaveLength(2);
    const cell = (name: string) => rows[1][header.indexOf(name)];
    expect([cell('产品零件号'), cell('物料类型'), cell('物料分类'), cell('主要客户'), cell('计量单位')]).toEqual([
      'X-P2',
      '成品',
      '车身件',
      '吉利汽车',
      '件',
    ]);
    const template = await sheetOf(await t.get(`${SYS}/product/export-template`, admin));
    expect(template).toEqual([header]);
    // What export writes, import takes back.
    const body = multipartFile(await workbookOf(rows), { isCovered: '1' }, 'products.xlsx');
    expect(expectOk(await t.post(`${SYS}/product/import-product`, admin, body.payload, body.headers))).toBe(1);
  });
});

describe('customer export', () => {
  it('writes money as a number shown with two decimals and thousands separators', async () => {
    expectOk(
      await t.post(`${SYS}/customer/submit`, admin, {
        customerCode: 'X-C2',
        customerName: '长城汽车',
        customerType: '1',
        creditLimit: '1234567.5',
      }),
    );
    const res = await t.get(`${SYS}/customer/export-customer?customerCode=X-C2`, admin);
    const rows = await sheetOf(res);
    const column = rows[0].indexOf('信用额度') + 1;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const cell = workbook.worksheets[0].getRow(2).getCell(column);
    expect([cell.value, cell.numFmt]).toEqual([1234567.5, '#,##0.00']);
  });
});
