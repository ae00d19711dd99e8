import type { FastifyRequest } from 'fastify';
import { isDictionaryField } from '../../../shared/entities/dict-items.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { MESSAGES, text, type Lang, type LocalText } from '../../../shared/i18n/server-messages.ts';
import type { AuthUser } from '../auth-context.ts';
import type { Dictionaries } from '../dictionaries.ts';
import { aboutField, ApiError, failWith } from '../errors.ts';
import { readMultipart } from '../multipart.ts';
import { timeSlices } from '../time-slices.ts';
import { Turns } from '../turns.ts';
import { UNKNOWN_COMPANY } from './company.ts';
import {
  EXCEL_MESSAGES,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_UNPACKED_BYTES,
  importColumns,
  isEngineRef,
  type Column,
} from './excel.ts';
import { fieldsOf, type ResolvedField } from './fields.ts';
import type { EntityService } from './service.ts';
import { openFirstSheet, XlsxReadError, type XlsxMerge, type XlsxRow, type XlsxValue } from './xlsx-reader.ts';

/**
 * Excel import of an entity (the export's columns read back, excel.ts): the workbook's rows mapped by their headers,
 * dictionary labels and reference names turned into keys and ids, then submitted through the engine all or nothing,
 * every refused cell named by its row and column.
 */

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

/** Row errors listed in the message; the rest are counted. */
const LISTED_ERRORS = 20;

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
