import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { XlsxWriter } from '../../src/server/platform/entity/xlsx-writer.ts';

/** The exports' workbook writer: rows are written only as fast as the download is read, and Excel reads the file. */
const ROWS = 40_000;
const COLUMNS = [
  { header: '科目名称', width: 20, format: 'text' as const },
  { header: '1月预算', width: 12, format: 'money' as const },
  { header: '1月完成率', width: 12, format: 'percent' as const },
];
/** Text deflate cannot shrink much: the buffers hold many rows' worth otherwise. */
const rowOf = (i: number) => [`${i} ${Math.sin(i).toString(36)} <&"x"> 差旅费`, i * 1.5, i % 7 === 0 ? null : 0.25];
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
});
