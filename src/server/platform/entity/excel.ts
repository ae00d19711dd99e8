import { EXACT_TOTAL } from '../../../shared/contract/page.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { refKeyOf, refNameKey, type EntityDef } from '../../../shared/entities/define.ts';
import { isDictionaryField } from '../../../shared/entities/dict-items.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { MESSAGES, text, type Lang, type LocalText } from '../../../shared/i18n/server-messages.ts';
import type { AuthUser } from '../auth-context.ts';
import type { Dictionaries } from '../dictionaries.ts';
import { fieldsOf, type ResolvedField } from './fields.ts';
import { UNKNOWN_COMPANY } from './company.ts';
import type { EntityService, Page, WireRecord } from './service.ts';
import { readMultipart } from '../multipart.ts';
import { XlsxWriter, type XlsxColumn } from './xlsx-writer.ts';
import { openFirstSheet, XlsxReadError, type XlsxMerge, type XlsxRow, type XlsxValue } from './xlsx-reader.ts';
import { timeSlices } from '../time-slices.ts';
import { Turns } from '../turns.ts';
import { aboutField, ApiError, failWith, langOf } from '../errors.ts';

/**
 * Excel export and import of an entity from its definition: the fields marked `export` (or its `excel.columns`) are
 * the columns, headed by their zh or en label; dictionary fields hold their labels; a field with `shows` holds another
 * key of the record (names for ids) that its module maps back on import. Imports are validated by the engine, all or
 * nothing, every refused cell named by its row and column.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/**
 * The XML an import may inflate (workbook, styles, shared strings and the sheet up to its last row): a 10 MB upload
 * must not inflate into gigabytes. 10,000 rows of the widest import (差异分析, 60 columns) export to about 30 MB.
 */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
/** Row errors listed in the message; the rest are counted. */
const LISTED_ERRORS = 20;
/** Records fetched per query while exporting. */
const EXPORT_BATCH = 500;

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
interface Column {
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
const importColumns = (entity: EntityDef): Column[] => excelColumns(entity).filter(({ field }) => !field.readonly);

/** A reference (or company) column the engine maps back to ids (codes) on import; a code people know stays as it is. */
const isEngineRef = (field: ResolvedField) =>
  Boolean((field.company || (field.ref && !refKeyOf(field.ref))) && !field.shows);

/** `Content-Disposition` with an ASCII fallback and the RFC 5987 UTF-8 name (用户数据20240101120000.xlsx). */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

const stamp = () => formatDateTime().replace(/\D/g, '');

/**
 * Streams an .xlsx of `records` to the reply: a header row of the columns' labels, then one row per record.
 * The first record is read before anything is sent, so a bad filter is still a JSON 400; a failure later
 * ends the download (the response is already a file). `shown`: the columns the screen shows, by field name (the
 * months of a searched range), all by default.
 */
export async function sendExport(
  request: FastifyRequest,
  reply: FastifyReply,
  entity: EntityDef,
  records: AsyncIterable<WireRecord> | Iterable<WireRecord>,
  fileName: LocalText,
  shown: (field: string) => boolean = () => true,
) {
  const lang = langOf(request);
  const iterator =
    Symbol.asyncIterator in records ? records[Symbol.asyncIterator]() : toAsync(records[Symbol.iterator]());
  const first = await iterator.next();
  const out = new PassThrough();
  const columns = excelColumns(entity).filter(({ field }) => shown(field.name));
  const write = async () => {
    const sheet = await startSheet(out, entity, lang, columns);
    // Each row waits while the client is behind: the file is never held in memory.
    for (let next = first; !next.done; next = await iterator.next())
      await sheet.addRow(columns.map((column) => cellOf(column, next.value)));
    await sheet.close();
  };
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

/** The cell of a record: dictionary fields as their labels, ids as text, the rest as the wire has it. */
function cellOf({ field, key }: Column, record: WireRecord): string | number | null {
  const value = field.dict || field.bizDict ? record[`${field.name}Name`] : record[key];
  if (value === null || value === undefined) return null;
  return typeof value === 'number' && field.type !== 'id' ? value : String(value);
}

async function* toAsync<T>(iterator: Iterator<T>): AsyncGenerator<T> {
  for (let next = iterator.next(); !next.done; next = iterator.next()) yield next.value;
}

/**
 * Every record a list query matches, a page at a time through the engine's `page` (tenant, data scope, the
 * module's filters), or through `read`, the page of a list its module serves: exactly what the list screen shows,
 * without its paging.
 */
export async function* allRecords(
  service: EntityService,
  user: AuthUser,
  query: Record<string, unknown>,
  read: (user: AuthUser, query: Record<string, unknown>) => Promise<Page<WireRecord>> = (u, q) => service.page(u, q),
): AsyncGenerator<WireRecord> {
  const { current: _current, size: _size, ...filters } = query;
  for (let current = 1; ; current++) {
    // Counted exactly: a capped list is paged no deeper than its cap, and an export reads past it.
    const page = await read(user, {
      ...filters,
      current: String(current),
      size: String(EXPORT_BATCH),
      [EXACT_TOTAL]: '1',
    });
    yield* page.records;
    // A capped total says only that more rows follow.
    if (page.records.length < EXPORT_BATCH || (!page.totalCapped && current * EXPORT_BATCH >= page.total)) return;
  }
}

/** The uploaded workbook and the form fields of a multipart request (`file`, plus e.g. `isCovered`). */
export async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; fields: Record<string, string> }> {
  const {
    fields,
    files: [file],
  } = await readMultipart(request, {
    fileField: 'file',
    files: 1,
    fileSize: MAX_IMPORT_BYTES,
    fieldSize: 1024,
    tooLarge: EXCEL_MESSAGES.tooLarge,
  });
  if (!file || file.data.length === 0) throw failWith(EXCEL_MESSAGES.noFile);
  return { file: file.data, fields };
}

/** A sheet row after header mapping: its number in the sheet and the wire values of its non-blank cells. */
export interface SheetRow {
  row: number;
  values: Record<string, unknown>;
}

/** A refused row of an import. */
export interface RowError {
  row: number;
  error: ApiError;
}

/**
 * Every refused row of an import in one 400, in the caller's language: a refused cell by its row and its column's
 * header as the sheet has it (`第3行 5月预算: 5月预算格式不正确`), any other refusal by its row (`第5行: ...`).
 */
export class ImportErrors extends ApiError {
  constructor(
    readonly rows: RowError[],
    private readonly headerOf: (field: string) => string | LocalText | undefined = () => undefined,
  ) {
    super(400, MESSAGES.business);
  }

  override textIn(lang: Lang): string {
    const where = (row: number, error: ApiError) => {
      const header = error.field === undefined ? undefined : this.headerOf(error.field);
      return header === undefined
        ? text(lang, EXCEL_MESSAGES.row, { name: row })
        : text(lang, EXCEL_MESSAGES.cell, { name: row, label: header });
    };
    const listed = this.rows
      .slice(0, LISTED_ERRORS)
      .map(({ row, error }) => `${where(row, error)}${error.textIn(lang)}`);
    const more =
      this.rows.length > LISTED_ERRORS ? ` ${text(lang, EXCEL_MESSAGES.moreErrors, { name: this.rows.length })}` : '';
    return `${listed.join('; ')}${more}`;
  }
}

export interface ImportOptions {
  /**
   * The body to submit for a row (map names to ids, decide insert or update); throw an ApiError to refuse the
   * row. Without it the row's values are submitted as they are.
   */
  toBody?(values: Record<string, unknown>): Record<string, unknown> | Promise<Record<string, unknown>>;
}

/**
 * The imports running and waiting in this process: one at a time per tenant, in arrival order, so that a tenant's
 * workbooks never parse and write side by side; a request whose turn has not come waits, and is answered when its
 * import has run. Several server processes (Redis) each keep their own turns.
 */
export const importTurns = new Turns();

/**
 * Imports a workbook into the entity as the caller, in its tenant's turn: rows mapped from the sheet, then submitted
 * together through the engine (`submitAll`). Any refused row and nothing is written: the 400 names every refused row.
 */
export async function importWorkbook(
  service: EntityService,
  dictionaries: Dictionaries,
  user: AuthUser,
  file: Buffer,
  options: ImportOptions = {},
): Promise<number> {
  return importTurns.run(user.tenantId, () => importInTurn(service, dictionaries, user, file, options));
}

async function importInTurn(
  service: EntityService,
  dictionaries: Dictionaries,
  user: AuthUser,
  file: Buffer,
  options: ImportOptions,
): Promise<number> {
  const labelsOf = async (field: ResolvedField) => {
    if (field.bizDict) return service.bizDictLabels(user, field.bizDict);
    const items = await dictionaries.itemsOf(field.dict!);
    return new Map([...items].map(([key, label]) => [label, key]));
  };
  const rows = await readSheet(service.entity, labelsOf, file);
  await resolveRefs(service, user, rows);
  const errors: RowError[] = [];
  const bodies: Record<string, unknown>[] = [];
  const rowOf: number[] = [];
  const nextSlice = timeSlices();
  for (const { row, values } of rows.mapped) {
    await nextSlice();
    try {
      bodies.push(options.toBody ? await options.toBody(values) : values);
      rowOf.push(row);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      errors.push({ row, error });
    }
  }
  errors.push(...rows.errors);
  // Rows already refused keep every row out; the others are still checked, so one answer names every bad row.
  const result = await service.submitAll(user, bodies, 'submit', errors.length > 0);
  errors.push(...result.errors.map(({ index, error }) => ({ row: rowOf[index], error })));
  const fields = fieldsOf(service.entity);
  if (errors.length)
    throw new ImportErrors(
      errors.sort((a, b) => a.row - b.row),
      (name) => rows.headers.get(name) ?? fields.get(name)?.label,
    );
  return result.saved;
}

/**
 * Reference cells to ids: every distinct name of a column is looked up once; a name no visible row has, or several
 * have, refuses its row (`物料分类不存在或无权访问`, `…不唯一`).
 */
async function resolveRefs(
  service: EntityService,
  user: AuthUser,
  rows: Pick<SheetRows, 'mapped' | 'errors'>,
): Promise<void> {
  const columns = importColumns(service.entity).filter(({ field }) => isEngineRef(field));
  const found = new Map<string, Map<string, string[]>>();
  for (const { field, key } of columns) {
    const texts = [
      ...new Set(
        rows.mapped
          .map((r) => r.values[key])
          .filter((v) => v !== undefined)
          .map(String),
      ),
    ];
    found.set(
      field.name,
      field.company ? await service.companyCodesByText(user, texts) : await service.refIdsByText(user, field, texts),
    );
  }
  rows.mapped = rows.mapped.filter(({ row, values }) => {
    try {
      for (const { field, key } of columns) {
        if (values[key] === undefined) continue;
        const text = String(values[key]);
        const ids = found.get(field.name)!.get(text) ?? [];
        aboutField(field.name, () => {
          if (ids.length === 0 && field.company) throw failWith(UNKNOWN_COMPANY);
          if (ids.length === 0) throw new ApiError(400, MESSAGES.refMissing, { label: field.label });
          if (ids.length > 1) throw failWith(EXCEL_MESSAGES.ambiguous, { label: field.label, name: text.slice(0, 50) });
        });
        delete values[key];
        values[field.name] = ids[0];
      }
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      rows.errors.push({ row, error });
      return false;
    }
  });
}

/** A sheet read: its rows as wire values, the rows refused already, and each field's header as the sheet has it. */
interface SheetRows {
  mapped: SheetRow[];
  errors: RowError[];
  headers: Map<string, string>;
}

/** Rows of the first worksheet as wire values, with the rows whose dictionary labels are unknown. */
async function readSheet(
  entity: EntityDef,
  labelsOf: (field: ResolvedField) => Promise<Map<string, string>>,
  file: Buffer,
): Promise<SheetRows> {
  const known = new Map<string, Column>();
  for (const column of importColumns(entity)) {
    for (const name of [column.field.label.zh, column.field.label.en, column.field.name, column.key])
      known.set(name.trim().toLowerCase(), column);
  }
  const columns = new Map<number, Column>();
  const headers = new Map<string, string>();
  // Rows with a value (the header's included), holding only the cells of known columns.
  const kept: XlsxRow[] = [];
  let counted = 0;
  let merges: XlsxMerge[];
  try {
    const sheet = await openFirstSheet(file, MAX_UNPACKED_BYTES);
    for await (const { row, cells } of sheet.rows()) {
      // Counted as they come: the row past the limit ends the reading.
      if (++counted - 1 > MAX_IMPORT_ROWS) throw failWith(EXCEL_MESSAGES.tooManyRows, { name: MAX_IMPORT_ROWS });
      if (row === 1) {
        for (const [index, value] of cells) {
          const header = String(cellValue(value) ?? '').trim();
          const column = known.get(header.toLowerCase());
          if (!column) continue;
          columns.set(index, column);
          if (!headers.has(column.field.name)) headers.set(column.field.name, header);
        }
      }
      if (!columns.size) continue;
      for (const index of cells.keys()) if (!columns.has(index)) cells.delete(index);
      kept.push({ row, cells });
    }
    merges = sheet.merges;
  } catch (error) {
    if (!(error instanceof XlsxReadError)) throw error;
    throw failWith(error.reason === 'tooLarge' ? EXCEL_MESSAGES.unpackedTooLarge : EXCEL_MESSAGES.notXlsx);
  }
  if (counted < 2) throw failWith(EXCEL_MESSAGES.noRows);
  if (!columns.size) throw failWith(EXCEL_MESSAGES.noColumns);
  spreadMerges(kept, merges, [...columns.keys()]);

  // label -> key of each dictionary column (the platform's, or the tenant's business dictionary)
  const labels = new Map<string, Map<string, string>>();
  for (const { field } of columns.values()) {
    if (isDictionaryField(field) && !labels.has(field.name)) labels.set(field.name, await labelsOf(field));
  }

  const mapped: SheetRow[] = [];
  const errors: RowError[] = [];
  const nextSlice = timeSlices();
  for (const { row, cells } of kept) {
    if (row === 1) continue;
    await nextSlice();
    const values: Record<string, unknown> = {};
    try {
      for (const [index, { field, key }] of columns) {
        let value = cellValue(cells.get(index), field);
        // A blank cell is "not given": an insert takes the default, an update keeps the value.
        if (value === undefined || (typeof value === 'string' && value.trim() === '')) continue;
        if (typeof value === 'string') value = value.trim();
        if (isDictionaryField(field)) {
          const cell = String(value);
          value = aboutField(field.name, () => dictionaryKeys(field, labels.get(field.name)!, cell));
        }
        values[key] = value;
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      errors.push({ row, error });
      continue;
    }
    if (Object.keys(values).length) mapped.push({ row, values });
  }
  if (!mapped.length && !errors.length) throw failWith(EXCEL_MESSAGES.noRows);
  return { mapped, errors, headers };
}

/**
 * Every cell of a merged range reads as its top-left one, as Excel shows it (and ExcelJS's `load` read it), within
 * the rows and columns kept. Ranges do not overlap in a real sheet: one fill per kept cell bounds a forged one.
 */
function spreadMerges(rows: XlsxRow[], merges: XlsxMerge[], columns: number[]): void {
  if (!merges.length) return;
  const byRow = new Map(rows.map((row) => [row.row, row]));
  let budget = 2 * rows.length * columns.length;
  for (const { top, left, bottom, right } of merges) {
    const master = byRow.get(top)?.cells.get(left);
    if (master === undefined) continue;
    const spanned = columns.filter((column) => column >= left && column <= right);
    // Rows are in sheet order: the first at or below the range's top, by bisection.
    let at = 0;
    for (let high = rows.length; at < high;) {
      const middle = (at + high) >> 1;
      if (rows[middle].row < top) at = middle + 1;
      else high = middle;
    }
    for (; at < rows.length && rows[at].row <= bottom; at++) {
      for (const column of spanned) {
        if (--budget < 0) return;
        if (!rows[at].cells.has(column)) rows[at].cells.set(column, master);
      }
    }
  }
}

/**
 * A dictionary cell holds the item's label (as exported) or its key; a `multiple` field's cell a list of them, as
 * exported (`客户,部门`) or as people write lists (`客户、部门`, `客户，部门`).
 */
function dictionaryKeys(field: ResolvedField, labels: Map<string, string>, value: string): string {
  if (!field.multiple) return dictionaryKey(field, labels, value);
  return value
    .split(/[,，、]/)
    .map((label) => label.trim())
    .filter(Boolean)
    .map((label) => dictionaryKey(field, labels, label))
    .join(',');
}

function dictionaryKey(field: ResolvedField, labels: Map<string, string>, value: string): string {
  const key = labels.get(value);
  if (key !== undefined) return key;
  if ([...labels.values()].includes(value)) return value;
  throw failWith(EXCEL_MESSAGES.dictValue, { label: field.label, name: value.slice(0, 50) });
}

/** A cell as a wire value: text, a number, or a date as the wire writes it (Excel dates are UTC wall-clock). */
function cellValue(value: XlsxValue | undefined, field?: ResolvedField): string | number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    const iso = value.toISOString();
    return field?.type === 'date' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  return value;
}
