import type { Writable } from 'node:stream';
import { createDeflateRaw, crc32, type DeflateRaw } from 'node:zlib';

/**
 * A one-sheet .xlsx written row by row with backpressure: each ZIP entry is deflated as it is written (sizes follow in
 * data descriptors), and `addRows` waits while the reader is behind, so memory stays flat whatever the row count.
 * ExcelJS 4.4's WorkbookWriter does not: it queues the whole sheet until `commit` (exceljs#1894, #2916; measured here
 * ~300 MB more and the first byte after 198 of 200 s for 100,000 budget rows).
 */

export type XlsxCell = string | number | null | undefined;

export interface XlsxColumn {
  header: string;
  width: number;
  format: 'text' | 'money' | 'percent';
}

/** Cell styles (styles.xml cellXfs): 0 plain, 1 bold header, then one per column format. */
const STYLE = { header: 1, text: 2, money: 3, percent: 4 } as const;
/** Each style's twin with `quotePrefix` (cellXfs 5 to 8): the cell of text a spreadsheet would take for a formula. */
const GUARDED = 4;

/**
 * Text a spreadsheet would take for a formula when it is typed or pasted (OWASP's CSV injection list: `=`, `+`, `-`,
 * `@`, tab, carriage return). An inline string is never evaluated as it is written, but such a cell takes Excel's own
 * `'` guard, the `quotePrefix` style Excel gives `'=…` typed into a cell: it shows the text as it is, the formula bar
 * shows the `'`, and editing the cell keeps it text. A literal `'` in the value would instead show in the cell and come
 * back in an import; with the style the value stays exact, so an import reads it back unchanged (no unguarding).
 */
export const looksLikeFormula = (text: string): boolean => /^[=+\-@\t\r]/.test(text);

/** Characters of rows gathered before they are deflated: one zlib call per batch, not per row. */
const CHUNK_CHARS = 32 * 1024;

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="${TYPE}.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TYPE}.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="${TYPE}.styles+xml"/></Types>`;
const ROOT_RELS = `${XML}<Relationships xmlns="${RELS}">\
<Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML}<Relationships xmlns="${RELS}">\
<Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${DOC_RELS}/styles" Target="styles.xml"/></Relationships>`;
/** STYLE's four, in its order (the plain one comes before them). */
const STYLE_XFS =
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>';
const STYLES = `${XML}<styleSheet xmlns="${MAIN}">\
<numFmts count="3"><numFmt numFmtId="164" formatCode="@"/><numFmt numFmtId="165" formatCode="#,##0.00"/>\
<numFmt numFmtId="166" formatCode="0.00%"/></numFmts>\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="9"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
${STYLE_XFS}${STYLE_XFS.replaceAll('/>', ' quotePrefix="1"/>')}</cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Text as XML character data: markup escaped, characters XML cannot hold dropped. */
const escapeXml = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** `A`, `B` … `Z`, `AA` …: a column's letters (1-based). */
function columnName(index: number): string {
  let name = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Resolves when `out` wants more; rejects when it was closed first (the client went away). */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    if (out.destroyed) return reject(new Error('The download was closed'));
    const done = (closed: boolean) => () => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      if (closed) reject(new Error('The download was closed'));
      else resolve();
    };
    const onDrain = done(false);
    const onClose = done(true);
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  size: number;
  compressed: number;
}

/** DOS time and date of now, as ZIP headers hold them. */
function dosStamp(): { time: number; date: number } {
  const now = new Date();
  return {
    time: (now.getHours() << 11) | (now.getMinutes() << 5) | Math.floor(now.getSeconds() / 2),
    date: ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate(),
  };
}

/** A ZIP written to `out` entry after entry, each deflated as its data comes (bit 3: sizes after the data). */
class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly stamp = dosStamp();

  constructor(private readonly out: Writable) {}

  private async push(data: Buffer): Promise<void> {
    if (this.out.destroyed) throw new Error('The download was closed');
    this.offset += data.length;
    if (this.offset > 0xffffffff) throw new Error('The workbook exceeds 4 GB');
    if (!this.out.write(data)) await drained(this.out);
  }

  /** Opens an entry: what is written to it is deflated into the ZIP, with backpressure, until `close`. */
  async open(path: string): Promise<{ write(text: string): Promise<void>; close(): Promise<void> }> {
    const entry: Entry = { name: Buffer.from(path), offset: this.offset, crc: 0, size: 0, compressed: 0 };
    this.entries.push(entry);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; UTF-8 names
    header.writeUInt16LE(8, 8); // deflated
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt16LE(entry.name.length, 26);
    await this.push(Buffer.concat([header, entry.name]));

    const deflate: DeflateRaw = createDeflateRaw();
    let failed: Error | undefined;
    // Deflated data goes out in order; while `out` is full the deflater pauses, and its writer waits in turn.
    let pending = Promise.resolve();
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      deflate.pause();
      pending = pending
        .then(() => this.push(chunk))
        .then(
          () => void deflate.resume(),
          (error: Error) => {
            failed = error;
            deflate.destroy(error);
          },
        );
    });
    const ended = new Promise<void>((resolve, reject) => {
      deflate.once('end', () => void pending.then(resolve, reject));
      deflate.once('error', reject);
    });
    // Awaited by `write` and `close`; a failure between them must not go unhandled.
    ended.catch(() => undefined);
    return {
      write: async (text: string) => {
        if (failed) throw failed;
        const data = Buffer.from(text);
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        if (!deflate.write(data)) await Promise.race([new Promise((resolve) => deflate.once('drain', resolve)), ended]);
      },
      close: async () => {
        deflate.end();
        await ended;
        if (failed) throw failed;
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.push(descriptor);
      },
    };
  }

  async file(path: string, text: string): Promise<void> {
    const entry = await this.open(path);
    await entry.write(text);
    await entry.close();
  }

  /** The central directory and its end record. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0808, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt16LE(this.stamp.time, 12);
      record.writeUInt16LE(this.stamp.date, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      record.writeUInt32LE(entry.offset, 42);
      await this.push(Buffer.concat([record, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.push(end);
  }
}

/**
 * Writes a workbook of one sheet to `out`: a bold header row of the columns, then the rows `addRow` is given (text
 * as inline strings, guarded where it looks like a formula; numbers as numbers in the column's format). `close` ends
 * the file and `out`.
 */
export class XlsxWriter {
  private readonly zip: ZipWriter;
  private sheet?: Awaited<ReturnType<ZipWriter['open']>>;
  private rows = 0;
  private buffered: string[] = [];
  private bufferedChars = 0;

  constructor(
    private readonly out: Writable,
    private readonly sheetName: string,
    private readonly columns: readonly XlsxColumn[],
  ) {
    this.zip = new ZipWriter(out);
  }

  /** The fixed parts and the sheet's start, up to and including its header row. */
  async start(): Promise<void> {
    const name = escapeXml(this.sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
    await this.zip.file('[Content_Types].xml', CONTENT_TYPES);
    await this.zip.file('_rels/.rels', ROOT_RELS);
    await this.zip.file(
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    );
    await this.zip.file('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    await this.zip.file('xl/styles.xml', STYLES);
    this.sheet = await this.zip.open('xl/worksheets/sheet1.xml');
    const cols = this.columns
      .map(
        (c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1" style="${STYLE[c.format]}"/>`,
      )
      .join('');
    await this.sheet.write(
      `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${DOC_RELS}">${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`,
    );
    this.bufferCells(
      this.columns.map((c) => c.header),
      () => STYLE.header,
    );
  }

  addRow(cells: readonly XlsxCell[]): Promise<void> {
    return this.addRows([cells]);
  }

  /** Rows of cells, with one wait per chunk deflated rather than one per row. */
  async addRows(rows: Iterable<readonly XlsxCell[]>): Promise<void> {
    for (const cells of rows) {
      this.bufferCells(cells, this.cellStyle);
      if (this.bufferedChars >= CHUNK_CHARS) await this.flush();
    }
  }

  private readonly cellStyle = (i: number) => STYLE[this.columns[i]?.format ?? 'text'];

  private bufferCells(cells: readonly XlsxCell[], styleOf: (index: number) => number): void {
    const r = ++this.rows;
    let xml = `<row r="${r}">`;
    cells.forEach((value, i) => {
      if (value === null || value === undefined || value === '') return;
      const at = `${columnName(i + 1)}${r}`;
      if (typeof value === 'number') {
        if (Number.isFinite(value)) xml += `<c r="${at}" s="${styleOf(i)}"><v>${value}</v></c>`;
      } else {
        const style = styleOf(i) + (looksLikeFormula(value) ? GUARDED : 0);
        xml += `<c r="${at}" s="${style}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
      }
    });
    this.buffered.push(`${xml}</row>`);
    this.bufferedChars += xml.length;
  }

  private async flush(): Promise<void> {
    const text = this.buffered.join('');
    this.buffered = [];
    this.bufferedChars = 0;
    if (text) await this.sheet!.write(text);
  }

  async close(): Promise<void> {
    await this.flush();
    await this.sheet!.write('</sheetData></worksheet>');
    await this.sheet!.close();
    await this.zip.finish();
    this.out.end();
  }
}
