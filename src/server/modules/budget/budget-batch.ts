import { Type } from 'typebox';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import { MONTHS } from '../../../shared/entities/month-row.ts';
import type { Db, DynamicDb } from '../../db/connect.ts';
import { insertCopies } from '../../db/insert-rows.ts';
import { auditColumns, type AuthUser } from '../../platform/auth-context.ts';
import { ApiError, fail, failWith } from '../../platform/errors.ts';
import { computedValues } from '../../platform/entity/derived.ts';
import { fieldsOf } from '../../platform/entity/fields.ts';
import type { EntityService } from '../../platform/entity/service.ts';
import type { Row } from '../../platform/entity/types.ts';
import { idList, isId, nextId } from '../../platform/ids.ts';
import { isRecord } from '../../platform/route-schemas.ts';

/** Rows one batch takes: a year of a company's budget pasted from Excel is hundreds. */
export const BATCH_MAX = 5_000;

/**
 * The batches' bodies, described but not typed: Ajv would coerce an array of one row into the row (an add is a batch
 * of one); batchSave, batchUpdate and batchCopy check them.
 */
export const BATCH_ROWS = {
  body: Type.Unknown({ description: `行的数组，至多 ${BATCH_MAX} 行 (a JSON array of rows, at most ${BATCH_MAX})` }),
};
export const BATCH_COPY = {
  body: Type.Unknown({ description: '{year, orgId?, ids?}：复制到下一年 (copies the rows of year to the next)' }),
};

/** Rows a copy reads and inserts at a time. */
const COPY_CHUNK = 5_000;

const YEAR_REQUIRED = { zh: '请选择年度', en: 'Please select the year' };

/** `第N行：<message>` (budget.md §5.4): the refusal of the batch's Nth row, in both languages. */
function rowError(n: number, error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return failWith({ zh: `第${n}行：${error.textIn('zh')}`, en: `Row ${n}: ${error.textIn('en')}` });
}

/** A row of a batch that names a saved row by its id. */
const idOf = (row: unknown): string | undefined => {
  const id = isRecord(row) ? row.id : undefined;
  return id === undefined || id === null || id === '' || id === 0 || id === '0' ? undefined : String(id);
};

/** A batch's rows as sent: a non-empty array within the limit. */
function batchRows(body: unknown): unknown[] {
  if (!Array.isArray(body) || body.length === 0) throw fail('unreadable');
  if (body.length > BATCH_MAX)
    throw failWith({ zh: `一次最多保存${BATCH_MAX}行`, en: `At most ${BATCH_MAX} rows a batch` });
  return body;
}

/**
 * Every row written through the entity's own submit (`submitAll`), with every rule of a single save (required fields,
 * leaf account, the unique key against the database and the batch's own earlier rows), in one transaction: all or
 * nothing, the first refusal named by its row.
 */
async function writeAll(service: EntityService, user: AuthUser, rows: unknown[], mode: 'submit' | 'update') {
  const { errors } = await service.submitAll(user, rows, mode);
  if (errors.length) throw rowError(errors[0].index + 1, errors[0].error);
}

/**
 * `batchsave`: every row saved, without id inserted, with id updated (budget.md §5.4), all or nothing. `newOnly`: the
 * batch adds rows only (inventorybudget, §5.5), a row with an id refuses it with this message.
 */
export async function batchSave(
  service: EntityService,
  user: AuthUser,
  body: unknown,
  options: { newOnly?: LocalText } = {},
) {
  const rows = batchRows(body);
  if (options.newOnly && rows.some((row) => idOf(row) !== undefined)) throw failWith(options.newOnly);
  await writeAll(service, user, rows, 'submit');
  const inserted = rows.filter((row) => idOf(row) === undefined).length;
  return { inserted, updated: rows.length - inserted };
}

/** What a `batchupdate` may change of a row, and the fields naming the row that it may not. */
export interface BatchUpdateRule {
  /** Fields taken from each row; any other field sent is left as it is. */
  fields: readonly string[];
  /** Fields whose value sent must be the row's own, else the batch is refused with `message`. */
  key: readonly string[];
  message: LocalText;
}

/**
 * `batchupdate` (budget.md §5.5): rows with ids, each a row the caller sees (`第N行记录不存在` otherwise), changed in
 * `rule.fields` only, with every rule of a single save, all or nothing.
 */
export async function batchUpdate(
  db: Db,
  service: EntityService,
  user: AuthUser,
  body: unknown,
  rule: BatchUpdateRule,
) {
  const rows = batchRows(body);
  const fields = fieldsOf(service.entity);
  const ids = rows.map(idOf);
  const known = ids.filter((id): id is string => id !== undefined && isId(id));
  const saved = new Map<string, Row>(
    known.length
      ? (await (await service.visibleRows(user))(db).where('id', 'in', known).selectAll().execute()).map((row) => [
          String(row.id),
          row,
        ])
      : [],
  );
  const updates = rows.map((row, i) => {
    const before = saved.get(ids[i] ?? '');
    if (!before || !isRecord(row)) throw failWith({ zh: `第${i + 1}行记录不存在`, en: `Row ${i + 1}: no such record` });
    const column = (name: string) => fields.get(name)!.column;
    const sent = (name: string) => row[name] !== undefined && row[name] !== null && row[name] !== '';
    if (rule.key.some((name) => sent(name) && String(row[name]).trim() !== String(before[column(name)] ?? '').trim()))
      throw failWith(rule.message);
    return {
      id: ids[i],
      ...Object.fromEntries(rule.fields.filter((name) => name in row).map((name) => [name, row[name]])),
    };
  });
  await writeAll(service, user, updates, 'update');
  return { updated: updates.length };
}

/** The fields of the entity's unique key within a year (`year` first among the scope of a field's `unique`). */
function yearKeyOf(entity: EntityDef): string[] {
  for (const [name, field] of Object.entries(entity.fields)) {
    const unique = field.unique;
    if (typeof unique === 'object' && unique.scope.includes('year')) return [...unique.scope, name];
  }
  throw new Error(`${entity.name}: no unique key within a year`);
}

/**
 * `batchcopy`: the caller's visible rows of `year` (of `orgId`, of `ids` when given) copied to the next year with
 * their amounts, the actuals 0 and the derived values worked out again. A row whose key the next year already has is
 * skipped, not overwritten: copying a year twice copies nothing the second time. One transaction.
 */
export async function batchCopy(db: Db, service: EntityService, user: AuthUser, body: unknown) {
  const input = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const year = Number(input.year);
  if (input.year === undefined || input.year === null || input.year === '' || !Number.isInteger(year))
    throw failWith(YEAR_REQUIRED);
  if (year < 2000 || year >= 2099) throw fail('paramType', { name: 'year' });
  const { entity } = service;
  const fields = fieldsOf(entity);
  const column = (name: string) => fields.get(name)!.column;
  const key = yearKeyOf(entity).map(column);
  const visible = await service.visibleRows(user);
  const ids = input.ids !== undefined && input.ids !== null && input.ids !== '' ? idList(input.ids, 'ids') : undefined;
  const orgId = input.orgId !== undefined && input.orgId !== null && input.orgId !== '' ? String(input.orgId) : '';
  const source = (trx: DynamicDb) => {
    let rows = visible(trx).where(column('year'), '=', year);
    if (orgId) rows = rows.where(column('orgId'), '=', orgId);
    return ids ? rows.where('id', 'in', ids) : rows;
  };
  return db.transaction().execute(async (trx) => {
    const existing = await (trx as DynamicDb)
      .selectFrom(entity.table)
      .select(key)
      .where('tenant_id', '=', user.tenantId)
      .where(column('year'), '=', year + 1)
      .where('is_deleted', '=', 0)
      .execute();
    const keyOf = (row: Row) => key.map((c) => (c === column('year') ? '' : String(row[c] ?? ''))).join('\u001f');
    const taken = new Set(existing.map(keyOf));
    const now = formatDateTime();
    const audit = auditColumns(user, now);
    let copied = 0;
    let skipped = 0;
    // In id order, a chunk at a time: a year of 100,000 rows never sits in memory at once.
    for (let after = '0'; ;) {
      const rows: Row[] = await source(trx as DynamicDb)
        .where('id', '>', after)
        .orderBy('id')
        .limit(COPY_CHUNK)
        .selectAll()
        .execute();
      if (!rows.length) break;
      after = String(rows[rows.length - 1].id);
      const copies: Row[] = [];
      for (const row of rows) {
        if (taken.has(keyOf(row))) {
          skipped++;
          continue;
        }
        taken.add(keyOf(row));
        const copy: Row = { ...row, id: nextId(), [column('year')]: year + 1 };
        for (const month of MONTHS) if (fields.has(`actual${month}`)) copy[column(`actual${month}`)] = 0;
        copies.push(Object.assign(copy, computedValues(entity, copy), audit));
      }
      await insertCopies(trx, entity.table as never, copies);
      copied += copies.length;
    }
    return { copied, skipped };
  });
}
