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
