import { sql } from 'kysely';
import {
  allFields,
  camelToSnake,
  hasProcess,
  isStored,
  startsElsewhere,
  type EntityDef,
  type FieldDef,
} from '../../../shared/entities/define.ts';
import {
  modelToEntity,
  numericScale,
  submitCodeOf,
  type ModelRow,
  type PrototypeRow,
} from '../../../shared/develop/model-entity.ts';
import { LIVE_MESSAGES } from '../../../shared/develop/live-messages.ts';
import type { LivePublished } from '../../../shared/develop/live.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { ApiError } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import { onDatabase } from '../../db/tenant-context.ts';
import { btn, exportBtn, importBtn, menu, menuIdOf, menuRows, screen } from '../../platform/menus.ts';
import { columnSql, columnType, entityTableStatements, quoted, type Decimals } from './entity-ddl.ts';
import { storedFieldRows, storedModel } from './model.queries.ts';

/**
 * Publishing a data model as a live entity (issue 38 point 3): its table made or changed and its definition stored in
 * one transaction, with its menu and buttons; any refusal leaves the database as it was.
 */

export const LIVE_SERVICE = 'blade-live';
export const LIVE_MENU = menu('live', '在线表单', 'Live forms', '/live', 90, 'iconfont iconicon_compile');

/** A definition as published, and the numeric(p, s) of its decimal fields. */
export interface LiveDefinition {
  entity: EntityDef;
  decimals: Decimals;
  /** An approved model's: the start-process of the kind its rows are sent through (its 提交审批 button's API). */
  sendVia?: string;
}

// Words PostgreSQL reserves (a quoted identifier could hold one, but the designer's SQL elsewhere would not).
const RESERVED = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate column ' +
    'concurrently constraint create cross current_catalog current_date current_role current_schema current_time ' +
    'current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign ' +
    'freeze from full grant group having ilike in initially inner intersect into is isnull join lateral leading ' +
    'left like limit localtime localtimestamp natural not notnull null offset on only or order outer overlaps ' +
    'placing primary references returning right select session_user similar some symmetric system_user table ' +
    'tablesample then to trailing true union unique user using variadic verbose when where window with'
  ).split(' '),
);
const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;

function checkName(name: string) {
  if (!IDENTIFIER.test(name) || RESERVED.has(name)) throw new ApiError(400, LIVE_MESSAGES.badName, { name });
}

const modelOf = (r: Record<string, unknown>): ModelRow => ({
  modelName: String(r.model_name),
  modelCode: String(r.model_code),
  modelTable: String(r.model_table),
  modelClass: String(r.model_class ?? ''),
  modelRemark: String(r.model_remark ?? ''),
  approvalKind: String(r.approval_kind ?? ''),
});

const prototypeOf = (r: Record<string, unknown>): PrototypeRow => ({
  jdbcName: String(r.jdbc_name),
  jdbcType: String(r.jdbc_type ?? ''),
  comment: String(r.comment ?? ''),
  commentEn: String(r.comment_en ?? ''),
  propertyName: String(r.property_name),
  fieldType: String(r.field_type),
  maxLength: r.max_length == null ? null : Number(r.max_length),
  isList: Number(r.is_list),
  isForm: Number(r.is_form),
  isRequired: Number(r.is_required),
  isQuery: Number(r.is_query),
  isUnique: Number(r.is_unique),
  isNullable: Number(r.is_nullable),
  componentType: String(r.component_type ?? ''),
  dictCode: String(r.dict_code ?? ''),
  queryType: String(r.query_type ?? ''),
  refEntity: String(r.ref_entity ?? ''),
  sort: Number(r.sort ?? 0),
});

/**
 * The definition a model describes now, its names checked; `served`: the entity names a reference may name; `kinds`:
 * the approval kinds a model's rows may be sent through, and their services (a kind with its own form: `finance`).
 */
export async function liveDefinitionOf(
  db: Db,
  modelId: string,
  served: ReadonlySet<string>,
  kinds: ReadonlyMap<string, string> = new Map(),
): Promise<LiveDefinition> {
  const model = await storedModel(db, modelId);
  if (!model) throw new ApiError(400, LIVE_MESSAGES.modelMissing);
  if (model.datasource_id != null) throw new ApiError(400, LIVE_MESSAGES.ownDatabase);
  const rows = (await storedFieldRows(db, modelId)).map((r) => prototypeOf(r as unknown as Record<string, unknown>));
  const entity = modelToEntity(modelOf(model as unknown as Record<string, unknown>), rows, { service: 'blade-live' });
  checkName(entity.table);
  if (!Object.keys(entity.fields).length) throw new ApiError(400, LIVE_MESSAGES.noFields);
  const kind = model.approval_kind.trim();
  const kindService = kind ? kinds.get(kind) : undefined;
  if (kind && !kindService) throw new ApiError(400, LIVE_MESSAGES.approvalKindUnknown, { name: kind });
  const decimals: Record<string, { precision: number; scale: number }> = {};
  for (const row of rows) {
    const field = entity.fields[row.propertyName];
    if (!field) continue;
    const column = camelToSnake(row.propertyName);
    checkName(row.jdbcName);
    if (column !== row.jdbcName)
      throw new ApiError(400, LIVE_MESSAGES.columnOfProperty, { name: row.propertyName, label: row.jdbcName });
    if (field.ref && !served.has(field.ref))
      throw new ApiError(400, LIVE_MESSAGES.refUnknown, { name: row.propertyName, label: field.ref });
    const scale = numericScale(row.jdbcType);
    if (field.type === 'decimal' && scale) decimals[row.propertyName] = scale;
  }
  const sendVia = kindService && `/api/${kindService}/process/${kind}/start-process`;
  return { entity, decimals, ...(sendVia ? { sendVia } : {}) };
}

/**
 * What an approved model's rows may be sent through: a kind with its own form and process (finance), with the service
 * of its start-process.
 */
export function approvalKinds(entities: Iterable<{ entity: EntityDef }>): Map<string, string> {
  return new Map(
    [...entities].flatMap(({ entity }) =>
      entity.approval && hasProcess(entity.approval) && !startsElsewhere(entity.approval)
        ? [[entity.approval.kind, entity.service] as const]
        : [],
    ),
  );
}

/** The stored definition of a model, if it is published. */
export async function storedDefinition(db: Db, modelId: string) {
  const row = await db
    .selectFrom('blade_live_entity')
    .select(['code', 'version', 'definition'])
    .where('model_id', '=', modelId)
    .executeTakeFirst();
  return row && { code: row.code, version: row.version, ...(row.definition as unknown as LiveDefinition) };
}

/**
 * Publishes (again): makes the table or changes it to the new definition, stores the definition with the next
 * version, and its menu. A dropped column holding data is refused unless `confirm`ed, then backed up first. `sources`:
 * the data sources tenants are placed on (db/placement.ts), whose tables change with the main database's: each in a
 * transaction of its own inside the main one's, so that a refusal or an unreachable source leaves every database as
 * it was.
 */
export async function publish(
  db: Db,
  user: AuthUser,
  modelId: string,
  next: LiveDefinition,
  confirm: boolean,
  sources: readonly string[] = [],
): Promise<LivePublished> {
  const { entity } = next;
  return db.transaction().execute(async (trx) => {
    const stored = await storedDefinition(trx, modelId);
    await refuseTakenCode(trx, entity.code);
    const version = stored ? stored.version + 1 : 1;
    const result: LivePublished = {
      code: entity.code,
      table: entity.table,
      version,
      ...(await applyDefinition(trx, modelId, next, confirm, version)),
    };
    const now = formatDateTime(new Date());
    const definition = JSON.stringify(next);
    await trx
      .insertInto('blade_live_entity')
      .values({
        id: nextId(),
        model_id: modelId,
        code: entity.code,
        table_name: entity.table,
        definition: sql`${definition}::jsonb`,
        version,
        create_user: user.userId,
        create_time: now,
        update_user: user.userId,
        update_time: now,
      } as never)
      .onConflict((oc) =>
        oc.column('model_id').doUpdateSet({
          code: entity.code,
          table_name: entity.table,
          definition: sql`${definition}::jsonb`,
          version,
          update_user: user.userId,
          update_time: now,
        } as never),
      )
      .execute();
    const menus = await writeMenus(trx, entity, next.sendVia);
    await grantToAdministrators(trx, menus);
    await inEachTransaction(db, sources, async (source) => {
      await applyDefinition(source, modelId, next, confirm, version);
      await grantToAdministrators(source, menus);
    });
    return result;
  });
}

/** `fn` on each database in a transaction, the later ones inside the earlier ones: all of them commit, or none. */
async function inEachTransaction(db: Db, databases: readonly string[], fn: (trx: Db) => Promise<void>): Promise<void> {
  const [first, ...rest] = databases;
  if (first === undefined) return;
  await onDatabase(first, () =>
    db.transaction().execute(async (trx) => {
      await fn(trx);
      await inEachTransaction(db, rest, fn);
    }),
  );
}

/**
 * Brings a data source's live tables to the published definitions (its copies of the main's): one set up after a
 * publication, or unreachable during one. The publication was confirmed where it drops a column: its values are
 * backed up there as on the main database. The models changed, by code.
 */
export async function syncLiveTables(db: Db): Promise<string[]> {
  const published = await db
    .selectFrom('blade_live_entity')
    .select(['model_id', 'code', 'version', 'definition'])
    .execute();
  const applied = new Map(
    (await db.selectFrom('tenon_live_table').select(['model_id', 'definition']).execute()).map((row) => [
      String(row.model_id),
      JSON.stringify(row.definition),
    ]),
  );
  const changed: string[] = [];
  for (const row of published) {
    if (applied.get(String(row.model_id)) === JSON.stringify(row.definition)) continue;
    const definition = row.definition as unknown as LiveDefinition;
    await db.transaction().execute(async (trx) => {
      await applyDefinition(trx, String(row.model_id), definition, true, row.version);
      await grantToAdministrators(trx, liveMenuRows(definition.entity, definition.sendVia));
    });
    changed.push(row.code);
  }
  return changed;
}

/**
 * The model's table on this database made or changed to `next` from the definition it applied last (tenon_live_table,
 * written in the same transaction), whatever the published one says: a database may have missed a publication.
 */
async function applyDefinition(
  trx: Db,
  modelId: string,
  next: LiveDefinition,
  confirm: boolean,
  version: number,
): Promise<Pick<LivePublished, 'added' | 'dropped' | 'changed'>> {
  const row = await trx
    .selectFrom('tenon_live_table')
    .select('definition')
    .where('model_id', '=', modelId)
    .executeTakeFirst();
  const applied = row?.definition as unknown as LiveDefinition | undefined;
  let change = { added: [] as string[], dropped: [] as string[], changed: [] as string[] };
  // A model given another table makes it anew; the old one stays with its rows.
  if (applied?.entity.table === next.entity.table)
    change = await alterTable(trx, modelId, applied, next, confirm, version);
  else await createTable(trx, next);
  const definition = JSON.stringify(next);
  await trx
    .insertInto('tenon_live_table')
    .values({ model_id: modelId, definition: sql`${definition}::jsonb` } as never)
    .onConflict((oc) =>
      oc
        .column('model_id')
        .doUpdateSet({ definition: sql`${definition}::jsonb`, applied_at: sql`localtimestamp(0)` } as never),
    )
    .execute();
  return change;
}

/** Stops serving a model: its definition and menus go, its table and rows stay (publishing again serves them). */
export async function unpublish(db: Db, modelId: string): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const stored = await storedDefinition(trx, modelId);
    if (!stored) return undefined;
    await trx.deleteFrom('blade_live_entity').where('model_id', '=', modelId).execute();
    const codes = liveMenuRows(stored.entity)
      .map((m) => m.code)
      .filter((c) => c !== LIVE_MENU.code);
    await trx.updateTable('blade_menu').set({ is_deleted: 1 }).where('code', 'in', codes).execute();
    return stored.code;
  });
}

function liveMenuRows(entity: EntityDef, sendVia?: string) {
  const { code } = entity;
  const path = `/live/${code}`;
  const api = `/api/${LIVE_SERVICE}/${code}`;
  const extra = [exportBtn(code, `${api}/export-${entity.name}`), importBtn(code, `${api}/import-${entity.name}`)];
  // An approved model's rows are sent by the holders of its 提交审批, as a gadget's or an expense claim's are.
  if (entity.approval)
    extra.push(btn(submitCodeOf(code), '提交审批', 'Submit for approval', 'submit', 'upload', 2, sendVia ?? ''));
  const page = screen(code, entity.label.zh, entity.label.en, path, 1, 'iconfont iconicon_compile', api, { extra });
  return menuRows([{ ...LIVE_MENU, children: [page] }]);
}

/**
 * A menu code of the model's taken by a menu that is not its own: its screen is its own under 在线表单, its buttons
 * under that screen (seed menus' ids derive from their codes as these do: the parent tells them apart).
 */
async function refuseTakenCode(trx: Db, code: string) {
  const codes = [code, ...['add', 'edit', 'delete', 'view', 'export', 'import'].map((verb) => `${code}_${verb}`)];
  const taken = await trx
    .selectFrom('blade_menu')
    .select(['code', 'parent_id'])
    .where('code', 'in', codes)
    .where('is_deleted', '=', 0)
    .execute();
  const parentOf = (menuCode: string) => menuIdOf(menuCode === code ? LIVE_MENU.code : code);
  const other = taken.find((m) => String(m.parent_id) !== parentOf(m.code));
  if (other) throw new ApiError(400, LIVE_MESSAGES.codeTaken, { name: other.code });
}

/** The 在线表单 menu, the model's screen and its buttons (the platform's rows, on the main database). */
async function writeMenus(trx: Db, entity: EntityDef, sendVia?: string) {
  const rows = liveMenuRows(entity, sendVia);
  // A model no longer approved loses its 提交审批.
  if (!entity.approval)
    await trx
      .updateTable('blade_menu')
      .set({ is_deleted: 1 })
      .where('id', '=', menuIdOf(submitCodeOf(entity.code)))
      .execute();
  for (const row of rows)
    await trx
      .insertInto('blade_menu')
      .values(row)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ name: row.name, name_en: row.name_en, path: row.path, is_deleted: 0 }),
      )
      .execute();
  return rows;
}

/** The menus granted to every administrator role of the tenants whose roles this database holds. */
async function grantToAdministrators(trx: Db, rows: ReturnType<typeof liveMenuRows>) {
  const roles = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('role_alias', 'in', ['administrator', 'admin'])
    .where('is_deleted', '=', 0)
    .execute();
  const grants = roles.flatMap((role) => rows.map((m) => ({ id: nextId(), role_id: String(role.id), menu_id: m.id })));
  const held = new Set(
    (
      await trx
        .selectFrom('blade_role_menu')
        .select(['role_id', 'menu_id'])
        .where(
          'menu_id',
          'in',
          rows.map((m) => m.id),
        )
        .execute()
    ).map((g) => `${g.role_id}|${g.menu_id}`),
  );
  const missing = grants.filter((g) => !held.has(`${g.role_id}|${g.menu_id}`));
  for (let i = 0; i < missing.length; i += 500)
    await trx
      .insertInto('blade_role_menu')
      .values(missing.slice(i, i + 500))
      .execute();
}

const storedFields = (entity: EntityDef) =>
  Object.entries(allFields(entity)).filter(([, field]) => isStored(field)) as Array<[string, FieldDef]>;

/** The columns of a table as the catalog has them, or none when it does not exist. */
async function columnsOf(trx: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select a.attname as "column" from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relname = ${table} and c.relkind = 'r' and c.relnamespace = to_regnamespace(current_schema())
      and a.attnum > 0 and not a.attisdropped`.execute(trx);
  return rows.map((r) => r.column);
}

/** A new table, or one left by an earlier publication with exactly the definition's columns (taken over as it is). */
async function createTable(trx: Db, { entity, decimals }: LiveDefinition) {
  const existing = await columnsOf(trx, entity.table);
  if (existing.length) {
    const wanted = new Set(storedFields(entity).map(([name]) => camelToSnake(name)));
    const have = new Set(existing);
    const differ = [...existing.filter((c) => !wanted.has(c)), ...[...wanted].filter((c) => !have.has(c))];
    if (differ.length)
      throw new ApiError(400, LIVE_MESSAGES.tableTaken, { name: entity.table, label: differ.join(', ') });
    return;
  }
  for (const statement of entityTableStatements(entity, decimals)) await sql.raw(statement).execute(trx);
}

/** The text of a column's value that means "no value": what a dropped column may hold without losing data. */
function blankOf(field: FieldDef): string {
  if (field.type === 'string' || field.type === 'text' || field.type === 'ids' || field.type === 'attachments')
    return String(field.default ?? '');
  return field.nullable ? '' : String(field.default ?? '');
}

const defaultOf = (name: string, field: FieldDef, decimals: Decimals) =>
  / default (.+)$/.exec(columnSql(name, field, decimals))?.[1];

/**
 * A kept column's blanks as the new definition has them: NULL allowed, or refused (a field made required: refused
 * while rows hold no value; one that may no longer be NULL but has a default: its NULLs become the default), and the
 * default the column fills in.
 */
async function changeBlanks(
  trx: Db,
  table: string,
  name: string,
  was: FieldDef,
  field: FieldDef,
  decimals: Decimals,
  run: (name: string, statement: string) => Promise<void>,
) {
  const target = `alter table ${quoted(table)} alter column ${quoted(camelToSnake(name))}`;
  const fresh = defaultOf(name, field, decimals);
  if (fresh !== defaultOf(name, was, decimals))
    await run(name, fresh ? `${target} set default ${fresh}` : `${target} drop default`);
  if (field.nullable && !was.nullable) await run(name, `${target} drop not null`);
  if (field.nullable || !was.nullable) return;
  const column = sql.ref(camelToSnake(name));
  if (fresh) await sql`update ${sql.table(table)} set ${column} = default where ${column} is null`.execute(trx);
  else {
    const { rows } = await sql<{ count: string }>`
      select count(*) as count from ${sql.table(table)} where ${column} is null and is_deleted = 0`.execute(trx);
    const count = Number(rows[0]?.count ?? 0);
    if (count) throw new ApiError(400, LIVE_MESSAGES.blanksHeld, { name, label: String(count) });
    // Removed rows keep their place in the table: a blank among them takes the type's zero rather than block the
    // change.
    await sql`update ${sql.table(table)} set ${column} = ${zeroOf(field)} where ${column} is null`.execute(trx);
  }
  await run(name, `${target} set not null`);
}

/** The type's zero for a removed row's blank, for a column made NOT NULL without a default. */
function zeroOf(field: FieldDef) {
  if (field.type === 'date') return sql`'1970-01-01'::date`;
  if (field.type === 'datetime') return sql`'1970-01-01 00:00:00'::timestamp`;
  return sql`0`;
}

/**
 * The table changed from the stored definition to the new one: columns added, dropped (refused while they hold data
 * unless confirmed, then backed up), their type changed (refused when a value does not convert), NULL allowed or
 * refused, defaults; labels, dictionaries and list flags are the definition's only.
 */
async function alterTable(
  trx: Db,
  modelId: string,
  before: LiveDefinition,
  after: LiveDefinition,
  confirm: boolean,
  version: number,
): Promise<Pick<LivePublished, 'added' | 'dropped' | 'changed'>> {
  const table = after.entity.table;
  const old = new Map(storedFields(before.entity));
  const now = new Map(storedFields(after.entity));
  const change = { added: [] as string[], dropped: [] as string[], changed: [] as string[] };
  const run = async (name: string, statement: string) => {
    try {
      await sql.raw(statement).execute(trx);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError(400, LIVE_MESSAGES.changeRefused, { name, label: reason });
    }
  };
  // Refusals first: nothing is changed before every dropped column is known to be empty or confirmed.
  const drops: Array<{ name: string; column: string }> = [];
  for (const [name, field] of old) {
    if (now.has(name)) continue;
    const column = camelToSnake(name);
    const { rows } = await sql<{ count: string }>`
      select count(*) as count from ${sql.table(table)}
      where coalesce(${sql.ref(column)}::text, '') <> ${blankOf(field)}`.execute(trx);
    const count = Number(rows[0]?.count ?? 0);
    if (count && !confirm) throw new ApiError(400, LIVE_MESSAGES.columnHoldsData, { name, label: String(count) });
    drops.push({ name, column });
  }
  const at = formatDateTime(new Date());
  for (const { name, column } of drops) {
    await sql`
      insert into blade_live_column_backup (model_id, table_name, column_name, version, row_id, row_tenant, value,
        backup_time)
      select ${modelId}, ${table}, ${column}, ${version}, id, tenant_id, ${sql.ref(column)}::text, ${at}
      from ${sql.table(table)} where ${sql.ref(column)} is not null`.execute(trx);
    await run(name, `alter table ${quoted(table)} drop column ${quoted(column)}`);
    change.dropped.push(column);
  }
  for (const [name, field] of now) {
    const column = camelToSnake(name);
    const was = old.get(name);
    if (!was) {
      // A required column without a default: added empty, then made NOT NULL as a field made required is.
      const empty = !field.nullable && !defaultOf(name, field, after.decimals);
      const added: FieldDef = empty ? { ...field, nullable: true } : field;
      await run(name, `alter table ${quoted(table)} add column ${columnSql(name, added, after.decimals)}`);
      if (empty) await changeBlanks(trx, table, name, added, field, after.decimals, run);
      change.added.push(column);
    } else {
      const type = columnType(field, after.decimals[name]);
      if (type !== columnType(was, before.decimals[name])) {
        const target = `alter table ${quoted(table)} alter column ${quoted(column)}`;
        await run(name, `${target} drop default`);
        await run(name, `${target} type ${type} using ${quoted(column)}::${type}`);
        const fresh = defaultOf(name, field, after.decimals);
        if (fresh) await run(name, `${target} set default ${fresh}`);
        change.changed.push(column);
      }
      await changeBlanks(trx, table, name, was, field, after.decimals, run);
    }
    const index = quoted(`${table}_${column}_unique`);
    if (field.unique && !was?.unique)
      await run(
        name,
        `create unique index ${index} on ${quoted(table)} (tenant_id, ${quoted(column)}) where is_deleted = 0`,
      );
    if (!field.unique && was?.unique) await run(name, `drop index if exists ${index}`);
  }
  return change;
}
