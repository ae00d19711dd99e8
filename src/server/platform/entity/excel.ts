import { EXACT_TOTAL } from '../../../shared/contract/page.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { refKeyOf, refNameKey, type EntityDef } from '../../../shared/entities/define.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { text, type Lang, type LocalText } from '../../../shared/i18n/server-messages.ts';
import type { AuthUser } from '../auth-context.ts';
import { fieldsOf, type ResolvedField } from './fields.ts';
import type { EntityService, Page, WireRecord } from './service.ts';
import { XlsxWriter, type XlsxColumn } from './xlsx-writer.ts';
import { langOf } from '../errors.ts';
import { answerInBackground, stepAside } from '../yield-to-requests.ts';

/**
 * Excel export of an entity from its definition: the fields marked `export` (or its `excel.columns`) are the columns,
 * headed by their zh or en label; dictionary fields hold their labels; a field with `shows` holds another key of the
 * record (names for ids) that its module maps back on import (excel-import.ts reads these columns back).
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/**
 * The XML an import may inflate (workbook, styles, shared strings and the sheet up to its last row): a 10 MB upload
 * must not inflate into gigabytes. 10,000 rows of the widest import (差异分析, 60 columns) export to about 30 MB.
 */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
/**
 * Records fetched per query while exporting. Each batch is read, put on the wire and put into the sheet in three
 * stretches of the event loop, each begun once no other request is being answered (`stepAside`); a request arriving
 * meanwhile waits behind the one in progress. bench/scale-out, the user pages' p95 during exports of 100,000 customers
 * from a standby: x1.45 of idle (batches of 100) and x1.82 (500) before exports stepped aside; x0.99 stepping aside
 * with batches of 50, against x1.55 reading 200 a query and stepping aside every 50 (1,300 to 1,400 pages a phase).
 */
const EXPORT_BATCH = 50;

/** Limits for `@fastify/multipart` on routes that take a workbook: one file, a few small fields. */
export const IMPORT_MULTIPART_LIMITS = { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 };

export const EXCEL_MESSAGES = {
  noFile: { zh: '请选择要导入的Excel文件', en: 'Please choose the Excel file to import' },
  notXlsx: { zh: '文件不是有效的Excel文件(.xlsx)', en: 'The file is not a valid Excel workbook (.xlsx)' },
  tooLarge: { zh: '导入文件大小不能超过10MB', en: 'The import file must not exceed 10 MB' },
  tooManyRows: { zh: '一次最多导入{name}行数据', en: 'At most {name} rows can be imported at once' },
  unpackedTooLarge: {
    zh: '导入文件解压后过大,不能超过64MB',
    en: 'The import file is too large once unpacked: at most 64 MB',
  },
  noRows: { zh: '导入文件中没有数据', en: 'The file holds no data rows' },
  noColumns: { zh: '未找到可导入的列,请使用导入模板', en: 'No known column was found, please use the import template' },
  dictValue: { zh: '{label}不正确: {name}', en: '{label} is not valid: {name}' },
  ambiguous: {
    zh: '{label}“{name}”不唯一,请填写编码',
    en: '{label} "{name}" names more than one row, please give its code',
  },
  row: { zh: '第{name}行: ', en: 'Row {name}: ' },
  cell: { zh: '第{name}行 {label}: ', en: 'Row {name} {label}: ' },
  moreErrors: { zh: '(共{name}处错误)', en: '({name} errors in all)' },
} satisfies Record<string, LocalText>;

/** One Excel column: the field, and the wire key its cells hold. */
export interface Column {
  field: ResolvedField;
  key: string;
}

/**
 * The entity's Excel columns: its `excel.columns` in order, else the fields marked `export` in definition order. A
 * reference the module does not map itself (no `shows`) holds the target's names, and an import finds the rows they
 * name (by display name or a unique code); one stored by the target's code (`refKey`: an account) holds the code.
 */
export function excelColumns(entity: EntityDef): Column[] {
  const fields = fieldsOf(entity);
  const chosen = entity.excel?.columns
    ? entity.excel.columns.map((name) => {
        const field = fields.get(name);
        if (!field) throw new Error(`${entity.name}.excel.columns: no field '${name}'`);
        return field;
      })
    : [...fields.values()].filter((field) => field.export);
  return chosen
    .filter((field) => !field.secret)
    .map((field) => ({
      field,
      key: field.shows ?? (isEngineRef(field) ? refNameKey(field.name, field) : field.name),
    }));
}

/** The columns an import takes (and its template holds): derived and server-owned values are exported only. */
export const importColumns = (entity: EntityDef): Column[] =>
  excelColumns(entity).filter(({ field }) => !field.readonly);

/** A reference (or company) column the engine maps back to ids (codes) on import; a code people know stays as it is. */
export const isEngineRef = (field: ResolvedField) =>
  Boolean((field.company || (field.ref && !refKeyOf(field.ref))) && !field.shows);

/** `Content-Disposition` with an ASCII fallback and the RFC 5987 UTF-8 name (用户数据20240101120000.xlsx). */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

const stamp = () => formatDateTime().replace(/\D/g, '');

/**
 * Streams an .xlsx of `batches` of records to the reply: a header row of the columns' labels, then one row per record.
 * The first batch is read before anything is sent, so a bad filter is still a JSON 400; a failure later
 * ends the download (the response is already a file). `shown`: the columns the screen shows, by field name (the
 * months of a searched range), all by default.
 */
export async function sendExport(
  request: FastifyRequest,
  reply: FastifyReply,
  entity: EntityDef,
  batches: AsyncIterable<readonly WireRecord[]>,
  fileName: LocalText,
  shown: (field: string) => boolean = () => true,
) {
  const lang = langOf(request);
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const out = new PassThrough();
  const columns = excelColumns(entity).filter(({ field }) => shown(field.name));
  const write = async () => {
    const sheet = await startSheet(out, entity, lang, columns);
    // Each chunk waits while the client is behind: the file is never held in memory. Each batch's reading and its
    // writing wait for the other requests of this process to be answered first.
    for (let next = first; !next.done;) {
      await stepAside();
      await sheet.addRows(next.value.map((record) => columns.map((column) => cellOf(column, record))));
      await stepAside();
      next = await iterator.next();
    }
    await sheet.close();
  };
  answerInBackground(request);
  write().catch((error: unknown) => {
    request.log.error({ err: error }, 'excel export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(`${text(lang, fileName)}${stamp()}.xlsx`))
    .header('cache-control', 'no-store')
    .send(out);
}

/** The import template: the header row only. */
export async function sendTemplate(
  request: FastifyRequest,
  reply: FastifyReply,
  entity: EntityDef,
  fileName: LocalText,
) {
  const lang = langOf(request);
  const out = new PassThrough();
  const write = async () => (await startSheet(out, entity, lang, importColumns(entity))).close();
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(`${text(lang, fileName)}.xlsx`))
    .header('cache-control', 'no-store')
    .send(out);
}

/** A sheet named after the entity, its header row written: the columns' labels. */
async function startSheet(out: PassThrough, entity: EntityDef, lang: Lang, columns: Column[]): Promise<XlsxWriter> {
  const sheet = new XlsxWriter(
    out,
    entity.label[lang],
    columns.map(({ field }) => ({
      header: field.label[lang],
      width: Math.max(12, Math.min(40, (field.max ?? 20) + 2)),
      format: numberFormat(field),
    })),
  );
  await sheet.start();
  return sheet;
}

/** How a column's cells read: percentages as `13.00%` (the cell keeps the fraction), money as `1,234.50`, else text. */
const numberFormat = (field: ResolvedField): XlsxColumn['format'] =>
  field.percent ? 'percent' : field.type === 'money' ? 'money' : 'text';

/** The cell of a record: dictionary fields as their labels, ids as text, days as days, the rest as the wire has it. */
function cellOf({ field, key }: Column, record: WireRecord): string | number | null {
  const value = field.dict || field.bizDict ? record[`${field.name}Name`] : record[key];
  if (value === null || value === undefined) return null;
  // A day the wire carries with a time (`wireTime`) is a day in the sheet.
  if (field.wireTime) return String(value).slice(0, 10);
  return typeof value === 'number' && field.type !== 'id' ? value : String(value);
}

/**
 * Every record a list query matches, in batches through the engine (tenant, data scope, the module's filters: its
 * `batches`), or a page at a time through `read`, the page of a list its module serves: exactly what the list screen
 * shows, without its paging. In batches, so that an export waits once per batch rather than once per record.
 */
export async function* allRecords(
  service: EntityService,
  user: AuthUser,
  query: Record<string, unknown>,
  read?: (user: AuthUser, query: Record<string, unknown>) => Promise<Page<WireRecord>>,
): AsyncGenerator<WireRecord[]> {
  const { current: _current, size: _size, ...filters } = query;
  if (!read) return yield* service.batches(user, filters, EXPORT_BATCH);
  for (let current = 1; ; current++) {
    // Counted exactly: a capped list is paged no deeper than its cap, and an export reads past it.
    const page = await read(user, {
      ...filters,
      current: String(current),
      size: String(EXPORT_BATCH),
      [EXACT_TOTAL]: '1',
    });
    yield page.records;
    // A capped total says only that more rows follow.
    if (page.records.length < EXPORT_BATCH || (!page.totalCapped && current * EXPORT_BATCH >= page.total)) return;
  }
}
