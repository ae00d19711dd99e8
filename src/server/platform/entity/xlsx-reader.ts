import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { timeSlices } from '../time-slices.ts';

/**
 * The first worksheet of an .xlsx read row by row as it inflates, within a budget of unpacked XML. The ZIP's central
 * directory finds the parts in any order; each part is inflated by zlib's stream (on the thread pool, a chunk per
 * turn of the event loop) into a SAX parser, and nothing is inflated past the row the caller stops at.
 *
 * ExcelJS does not fit: `xlsx.load` builds the whole workbook before a row can be counted (a 50 MB sheet held the
 * event loop 13–20 s and took 1 GB), and its streaming WorkbookReader spools a sheet that comes before
 * sharedStrings.xml (the order Excel and ExcelJS write) or without one (our exports) whole to a temporary file first,
 * has no hook to count unpacked bytes, keeps only the last run of an inline rich text and decodes `&amp;lt;` twice.
 */

/** A cell as the sheet holds it: text, a number, a date (a date-formatted number, as UTC wall-clock), or a boolean. */
export type XlsxValue = string | number | boolean | Date;

export interface XlsxRow {
  /** The row's number in the sheet (1 = the first). */
  row: number;
  /** Its cells that hold a value, by column number (1 = A). */
  cells: Map<number, XlsxValue>;
}

/** A merged range: every cell of it shows the value of its top-left one. */
export interface XlsxMerge {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** Why a workbook cannot be read: not an .xlsx at all, or more XML than the budget once inflated. */
export class XlsxReadError extends Error {
  constructor(readonly reason: 'invalid' | 'tooLarge') {
    super(reason === 'invalid' ? 'not an xlsx workbook' : 'the workbook unpacks past its budget');
  }
}

export interface XlsxSheet {
  /** The sheet's rows that hold a value, in order; stopping the iteration stops reading. */
  rows(): AsyncGenerator<XlsxRow>;
  /** The merged ranges, known once `rows()` has run to the end (they follow the rows in the sheet). */
  readonly merges: XlsxMerge[];
}

/** Excel's last column (XFD): a cell past it is no cell. */
const MAX_COLUMN = 16_384;
/** Merged ranges kept: ten a row of a 10,000-row import; more are ignored (their cells read blank). */
const MAX_MERGES = 100_000;
/** Built-in number formats that show dates or times (ECMA-376 18.8.30, with the East Asian ones). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47,
]);
for (let id = 50; id <= 58; id++) DATE_FORMAT_IDS.add(id);

const invalid = () => new XlsxReadError('invalid');

/** A format code shows a date when, outside quotes and brackets, it has a date or time letter (as ExcelJS decides). */
const isDateFormat = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** The local name of an element (`x:row` → `row`: some writers prefix the main namespace). */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** OOXML's escape of characters XML cannot hold (`_x000D_`). */
const unescapeOoxml = (text: string) =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;

/** `B12` → column 2, row 12; `B` alone (a range's side) gives row 0. */
function cellRef(ref: string): { column: number; row: number } | undefined {
  const match = /^\$?([A-Z]{1,3})\$?(\d*)$/i.exec(ref.trim());
  if (!match) return undefined;
  let column = 0;
  for (const letter of match[1].toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return { column, row: Number(match[2] || 0) };
}

/** A stored (not deflated) entry's data in pieces the size zlib would inflate at once. */
function* storedChunks(data: Buffer): Generator<Buffer> {
  for (let at = 0; at < data.length; at += 16 * 1024) yield data.subarray(at, at + 16 * 1024);
}

/** An entry of the ZIP: where its data starts and how it is stored. */
interface Entry {
  method: number;
  start: number;
  compressed: number;
}

/** The entries of a ZIP by name, from its central directory (sizes are there even when the data has descriptors). */
function zipEntries(file: Buffer): Map<string, Entry> {
  if (file.length < 22 || file.readUInt32LE(0) !== 0x04034b50) throw invalid();
  // End of central directory: the last 22 bytes plus a comment of at most 64 KB.
  let eocd = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 0xffff); at--) {
    if (file.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw invalid();
  const count = file.readUInt16LE(eocd + 10);
  let at = file.readUInt32LE(eocd + 16);
  const entries = new Map<string, Entry>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) throw invalid();
    const method = file.readUInt16LE(at + 10);
    const compressed = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    if (local + 30 > file.length || file.readUInt32LE(local) !== 0x04034b50) throw invalid();
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    if (start + compressed > file.length || (method !== 0 && method !== 8)) throw invalid();
    entries.set(name, { method, start, compressed });
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  if (!entries.has('[Content_Types].xml') || !entries.has('xl/workbook.xml')) throw invalid();
  return entries;
}

/** `xl/worksheets/sheet1.xml` from a relationship's target (relative to `xl/`, or absolute in the package). */
function partPath(target: string): string {
  const parts: string[] = target.startsWith('/') ? [] : ['xl'];
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** Events of one element kind while a part is parsed. */
interface Handlers {
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

/**
 * Reads the workbook's first worksheet. Throws XlsxReadError when the file is no .xlsx or its parts (workbook,
 * relationships, styles, shared strings and the sheet so far) unpack to more than `maxBytes`.
 */
export async function openFirstSheet(file: Buffer, maxBytes: number): Promise<XlsxSheet> {
  const entries = zipEntries(file);
  let unpacked = 0;

  /** A part's XML through `handlers`, chunk by chunk; yields after each chunk so the caller may take what it built. */
  async function* parse(path: string, handlers: Handlers): AsyncGenerator<void> {
    const entry = entries.get(path);
    if (!entry) throw invalid();
    const data = file.subarray(entry.start, entry.start + entry.compressed);
    const parser = new SaxesParser({ position: false, xmlns: false });
    parser.on('opentag', (tag) => handlers.open?.(localName(tag.name), tag.attributes));
    parser.on('closetag', (tag) => handlers.close?.(localName(tag.name)));
    if (handlers.text) {
      parser.on('text', handlers.text);
      parser.on('cdata', handlers.text);
    }
    const decoder = new StringDecoder('utf8');
    const inflate = entry.method === 8 ? createInflateRaw() : undefined;
    const nextSlice = timeSlices();
    try {
      inflate?.end(data);
      for await (const chunk of inflate ?? storedChunks(data)) {
        unpacked += chunk.length;
        if (unpacked > maxBytes) throw new XlsxReadError('tooLarge');
        parser.write(decoder.write(chunk));
        yield;
        // Inflated chunks arrive a turn of the event loop apart, stored ones would not.
        await nextSlice();
      }
      parser.write(decoder.end());
      parser.close();
    } catch (error) {
      // zlib's and the parser's errors alike: the file is damaged.
      throw error instanceof XlsxReadError ? error : invalid();
    } finally {
      inflate?.destroy();
    }
  }
  const readAll = async (path: string, handlers: Handlers) => {
    const chunks = parse(path, handlers);
    while (!(await chunks.next()).done);
  };

  // The workbook: its sheets in order, and the epoch of its dates.
  const sheetIds: string[] = [];
  let date1904 = false;
  await readAll('xl/workbook.xml', {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904);
      if (name !== 'sheet') return;
      // The relationship id is `r:id`, whatever prefix the writer gave the namespace.
      const id = Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1];
      if (id) sheetIds.push(id);
    },
  });
  const targets = new Map<string, { type: string; path: string }>();
  if (entries.has('xl/_rels/workbook.xml.rels'))
    await readAll('xl/_rels/workbook.xml.rels', {
      open(name, { Id, Type, Target }) {
        if (name === 'Relationship' && Id && Target) targets.set(Id, { type: Type ?? '', path: partPath(Target) });
      },
    });
  const partOf = (type: string, fallback: string) =>
    [...targets.values()].find((target) => target.type.endsWith(`/${type}`))?.path ?? fallback;
  const sheetPath = sheetIds
    .map((id) => targets.get(id))
    .find((target) => target?.type.endsWith('/worksheet') && entries.has(target.path))?.path;
  if (!sheetPath) throw invalid();
  const sheetPart: string = sheetPath;

  // Styles: which cell formats show dates.
  const dateStyles = new Set<number>();
  const stylesPath = partOf('styles', 'xl/styles.xml');
  if (entries.has(stylesPath)) {
    const formats = new Map<number, string>();
    let inCellXfs = false;
    let xf = 0;
    await readAll(stylesPath, {
      open(name, attributes) {
        if (name === 'numFmt') formats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          const id = Number(attributes.numFmtId ?? 0);
          const code = formats.get(id);
          if (code === undefined ? DATE_FORMAT_IDS.has(id) : isDateFormat(code)) dateStyles.add(xf);
          xf++;
        }
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
    });
  }

  // Shared strings: the text of each `si`, its runs joined, phonetic hints left out.
  const shared: string[] = [];
  const sharedPath = partOf('sharedStrings', 'xl/sharedStrings.xml');
  if (entries.has(sharedPath)) {
    let text: string[] = [];
    let inText = false;
    let phonetic = false;
    await readAll(sharedPath, {
      open(name) {
        if (name === 'si') text = [];
        else if (name === 'rPh') phonetic = true;
        else if (name === 't') inText = !phonetic;
      },
      text(chunk) {
        if (inText) text.push(chunk);
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic = false;
        else if (name === 'si') shared.push(unescapeOoxml(text.join('')));
      },
    });
  }

  const merges: XlsxMerge[] = [];
  async function* rows(): AsyncGenerator<XlsxRow> {
    const ready: XlsxRow[] = [];
    let row: XlsxRow | undefined;
    let rowNumber = 0;
    let column = 0;
    // The cell being read: its type, style and value text; `into` is where text goes now.
    let cell: { type: string; style: number; value: string[]; inline: string[] } | undefined;
    let into: string[] | undefined;
    let phonetic = false;
    const valueOf = ({ type, style, value, inline }: NonNullable<typeof cell>): XlsxValue | undefined => {
      const text = value.join('');
      switch (type) {
        case 's':
          return text.trim() === '' ? undefined : shared[Number(text)];
        case 'inlineStr':
          return unescapeOoxml((inline.length ? inline : value).join(''));
        case 'str':
          return unescapeOoxml(text);
        case 'b':
          return text === '' ? undefined : Number(text) !== 0;
        case 'e':
          return text;
        case 'd': {
          const date = new Date(text.trim());
          return text === '' || Number.isNaN(date.getTime()) ? undefined : date;
        }
        default: {
          if (text.trim() === '') return undefined;
          const number = Number(text);
          if (!Number.isFinite(number)) return undefined;
          // Serial days since 1899-12-30 (or 1904-01-01): Excel's dates are wall-clock, read as UTC.
          return dateStyles.has(style)
            ? new Date(Math.round((number - 25569 + (date1904 ? 1462 : 0)) * 86_400_000))
            : number;
        }
      }
    };
    for await (const _ of parse(sheetPart, {
      open(name, attributes) {
        switch (name) {
          case 'row':
            rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
            if (!Number.isSafeInteger(rowNumber) || rowNumber < 1) throw invalid();
            row = { row: rowNumber, cells: new Map() };
            column = 0;
            break;
          case 'c':
            column = (attributes.r && cellRef(attributes.r)?.column) || column + 1;
            cell = { type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: [], inline: [] };
            break;
          case 'v':
            into = cell?.value;
            break;
          case 'rPh':
            phonetic = true;
            break;
          case 't':
            into = phonetic ? undefined : cell?.inline;
            break;
          case 'mergeCell': {
            const [from, to = from] = (attributes.ref ?? '').split(':').map(cellRef);
            if (from?.row && to?.row && merges.length < MAX_MERGES)
              merges.push({
                top: Math.min(from.row, to.row),
                left: Math.min(from.column, to.column),
                bottom: Math.max(from.row, to.row),
                right: Math.max(from.column, to.column),
              });
            break;
          }
        }
      },
      text(chunk) {
        into?.push(chunk);
      },
      close(name) {
        switch (name) {
          case 'v':
          case 't':
            into = undefined;
            break;
          case 'rPh':
            phonetic = false;
            break;
          case 'c':
            if (row && cell && column <= MAX_COLUMN) {
              const value = valueOf(cell);
              if (value !== undefined) row.cells.set(column, value);
            }
            cell = undefined;
            break;
          case 'row':
            if (row?.cells.size) ready.push(row);
            row = undefined;
            break;
        }
      },
    })) {
      // The rows of this chunk, before the next is inflated: the caller may stop here.
      for (const next of ready.splice(0)) yield next;
    }
  }

  return { rows, merges };
}
