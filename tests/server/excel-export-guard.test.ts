import { expect, it } from 'vitest';
import { expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { multipartFile, XLSX } from '../support/uploads.ts';
import { zipEntries } from '../support/zip.ts';

/**
 * Issue 30 item 8: an exported cell whose text a spreadsheet would take for a formula carries Excel's `'` guard
 * (the quotePrefix style), and an import of that file reads the text back as it was.
 */
const SYS = '/api/blade-system';
let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const unescape = (xml: string) =>
  xml.replace(/&(quot|amp|lt|gt);/g, (_, name: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>' })[name]!);

/** Each text cell of the sheet, and whether its style guards it. */
function guardedTexts(file: Buffer): Map<string, boolean> {
  const parts = zipEntries(file);
  const xfs = [...parts.get('xl/styles.xml')!.matchAll(/<xf [^>]*\/>/g)].slice(1).map(([xf]) => xf);
  const cells = parts
    .get('xl/worksheets/sheet1.xml')!
    .matchAll(/<c r="\w+" s="(\d+)" t="inlineStr"><is><t[^>]*>(.*?)<\/t>/g);
  return new Map([...cells].map(([, style, text]) => [unescape(text), xfs[Number(style)].includes('quotePrefix="1"')]));
}

it('exports text that looks like a formula guarded, and imports the file back to the same text', async () => {
  const category = expectOk(
    await t.post(`${SYS}/goodscategory/submit`, admin, {
      categoryCode: 'G-RAW',
      categoryName: '原料',
      categoryType: '3',
    }),
  );
  const looks = { productName: '=HYPERLINK("http://x","y")', spec: '@SUM(A1)', project: '-5' };
  const saved = expectOk(
    await t.post(`${SYS}/product/submit`, admin, {
      productNo: 'G-1',
      productType: '3',
      categoryId: category.id,
      ...looks,
    }),
  );

  const res = await t.get(`${SYS}/product/export-product?productNo=G-1`, admin);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX);
  const guarded = guardedTexts(res.rawPayload);
  expect(Object.values(looks).map((text) => guarded.get(text))).toEqual([true, true, true]);
  expect([guarded.get('G-1'), guarded.get('原料')]).toEqual([false, false]);

  // Changed since, then the downloaded file imported over it: the texts come back exactly, without a `'`.
  expectOk(
    await t.post(`${SYS}/product/submit`, admin, { id: saved.id, productName: '改', spec: '改', project: '改' }),
  );
  const body = multipartFile(res.rawPayload, { isCovered: '1' }, 'products.xlsx');
  expect(expectOk(await t.post(`${SYS}/product/import-product`, admin, body.payload, body.headers))).toBe(1);
  expect(expectOk(await t.get(`${SYS}/product/detail?id=${saved.id}`, admin))).toMatchObject(looks);
});

it('exports every matching row in the list order, past one batch (keys read once, rows by key)', async () => {
  const codes = Array.from({ length: 1201 }, (_, i) => `BATCH-${String(i).padStart(4, '0')}`);
  const rows = codes.map((code, i) => ({
    id: String(9_100_000_000 + i),
    tenant_id: '000000',
    customer_code: code,
    customer_name: `批量客户${i}`,
    customer_type: '1',
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.services.db
      .insertInto('erp_customer')
      .values(rows.slice(i, i + 500))
      .execute();
  const res = await t.get(`${SYS}/customer/export-customer?customerCode_like=BATCH-&descs=customer_code`, admin);
  expect(res.statusCode, res.body).toBe(200);
  const sheet = zipEntries(res.rawPayload).get('xl/worksheets/sheet1.xml')!;
  const exported = [...sheet.matchAll(/<t[^>]*>(BATCH-\d{4})<\/t>/g)].map(([, code]) => code);
  // Descending where the ids ascend: the export follows the sort asked for.
  expect(exported).toEqual([...codes].reverse());
});
