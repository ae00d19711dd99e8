import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { XlsxWriter, type XlsxCell, type XlsxColumn } from '../../src/server/platform/entity/xlsx-writer.ts';
import { zipEntries } from '../support/zip.ts';

/** The exports' workbook writer: rows are written only as fast as the download is read, and Excel reads the file. */
const ROWS = 40_000;
const COLUMNS = [
  { header: '科目名称', width: 20, format: 'text' as const },
  { header: '1月预算', width: 12, format: 'money' as const },
  { header: '1月完成率', width: 12, format: 'percent' as const },
];
/** Text deflate cannot shrink much: the buffers hold many rows' worth otherwise. */
const rowOf = (i: number) => [`${i} ${Math.sin(i).toString(36)} <&"x"> 差旅费`, i * 1.5, i % 7 === 0 ? null : 0.25];
/** The whole file of a sheet of these columns and rows. */
async function written(columns: XlsxColumn[], rows: XlsxCell[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const sheet = new XlsxWriter(out, 'S', columns);
  await sheet.start();
  for (const row of rows) await sheet.addRow(row);
  await sheet.close();
  return Buffer.concat(chunks);
}
const turns = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('the xlsx writer', () => {
  it('writes no faster than the download is read, a workbook Excel reads', async () => {
    const out = new PassThrough();
    const sheet = new XlsxWriter(out, '财务预算', COLUMNS);
    let read = 0;
    let readAtHalf = -1;
    const writing = (async () => {
      await sheet.start();
      for (let i = 0; i < ROWS; i++) {
        if (i === ROWS / 2) readAtHalf = read;
        await sheet.addRow(rowOf(i));
      }
      await sheet.close();
    })();
    const chunks: Buffer[] = [];
    for await (const chunk of out) {
      chunks.push(chunk as Buffer);
      read += (chunk as Buffer).length;
    }
    await writing;
    const file = Buffer.concat(chunks);
    // Half the rows written, about half the file has been read: a writer that held the sheet back would have
    // written them all before the reader saw any of it.
    expect(readAtHalf / file.length).toBeGreaterThan(0.3);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheetRead = workbook.worksheets[0];
    expect(sheetRead.name).toBe('财务预算');
    expect(sheetRead.actualRowCount).toBe(ROWS + 1);
    expect(sheetRead.getRow(1).values).toEqual([undefined, '科目名称', '1月预算', '1月完成率']);
    expect(sheetRead.getRow(1).getCell(1).font?.bold).toBe(true);
    const last = sheetRead.getRow(ROWS + 1);
    expect([last.getCell(1).value, last.getCell(2).value, last.getCell(3).value]).toEqual(rowOf(ROWS - 1));
    expect([last.getCell(2).numFmt, last.getCell(3).numFmt]).toEqual(['#,##0.00', '0.00%']);
    expect(sheetRead.getRow(9).getCell(3).value).toBeNull(); // row 7's blank cell
  });

  it('stops when the download is closed', async () => {
    const out = new PassThrough();
    const sheet = new XlsxWriter(out, 'S', COLUMNS);
    const writing = (async () => {
      await sheet.start();
      for (let i = 0; i < ROWS; i++) await sheet.addRow(rowOf(i));
      await sheet.close();
    })();
    await turns(10);
    out.destroy();
    await expect(writing).rejects.toThrow('The download was closed');
  });

  it("marks text a spreadsheet would take for a formula with Excel's ' guard, its value kept; numbers stay numbers", async () => {
    const texts = [
      '=HYPERLINK("http://x","y")',
      '+1',
      '-5',
      '@SUM(A1)',
      '\tTAB',
      '\rCR',
      'plain',
      'a=b',
      ' =1',
      "'quoted",
    ];
    const file = await written(
      [
        { header: '=名称', width: 20, format: 'text' },
        { header: '金额', width: 12, format: 'money' },
      ],
      [...texts.map((text) => [text, -5]), [null, '-5.00']],
    );
    const parts = zipEntries(file);
    const xfs = [...parts.get('xl/styles.xml')!.matchAll(/<xf [^>]*\/>/g)].slice(1).map(([xf]) => xf);
    const guarded = new Map(
      [...parts.get('xl/worksheets/sheet1.xml')!.matchAll(/<c r="(\w+)" s="(\d+)"/g)].map(([, at, style]) => [
        at,
        xfs[Number(style)].includes('quotePrefix="1"'),
      ]),
    );
    expect(texts.map((_, i) => guarded.get(`A${i + 2}`))).toEqual([
      ...[true, true, true, true, true, true],
      ...[false, false, false, false],
    ]);
    // The header is guarded too; an amount is a number, never guarded; text in a money column is.
    expect([guarded.get('A1'), guarded.get('B1'), guarded.get('B2'), guarded.get(`B${texts.length + 2}`)]).toEqual([
      true,
      false,
      false,
      true,
    ]);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0];
    // The cells hold the text as it was (no ' added: an import reads it back unchanged), in their columns' formats.
    expect(texts.map((_, i) => sheet.getRow(i + 2).getCell(1).value)).toEqual(
      texts.map((text) => text.replace('\r', '\n')),
    );
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('@');
    expect([sheet.getRow(2).getCell(2).value, sheet.getRow(2).getCell(2).numFmt]).toEqual([-5, '#,##0.00']);
  });
});
