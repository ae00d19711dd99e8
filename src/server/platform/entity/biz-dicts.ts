import { readEachTime, type Reads } from './reads.ts';
import { sql, type AliasedRawBuilder } from 'kysely';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { dictKeys, itemLabel } from '../../../shared/entities/dict-items.ts';
import type { Lang, LocalText } from '../../../shared/i18n/server-messages.ts';
import type { DynamicDb } from '../../db/connect.ts';
import { failWith } from '../errors.ts';
import type { ResolvedField } from './fields.ts';
import { tablesOf } from './entity-tables.ts';
import type { Row } from './types.ts';

/**
 * Fields holding a key of the tenant's business dictionary (`bizDict`, dict-biz: customer types, units, warehouses).
 * Their names come from the row's own tenant, joined in the same query as the row; the English name is the item's
 * `en:` attribute (domain/README.md §4), the Chinese one where it has none.
 */
const SEPARATOR = '\u001f';
/** Between the items of a `multiple` field's names. */
const ITEMS = '\u001e';

export const bizDictFieldsOf = (entity: EntityDef): readonly ResolvedField[] => tablesOf(entity).bizDictFields;

const alias = (field: ResolvedField) => `__dict_${field.column}`;

/** Select-list columns with each business dictionary field's item, correlated to the row's tenant. */
export function bizDictColumns(entity: EntityDef): AliasedRawBuilder<string | null, string>[] {
  return bizDictFieldsOf(entity).map((field) => {
    const tenant = entity.tenant
      ? sql`d.tenant_id = ${sql.ref(`${entity.table}.tenant_id`)}`
      : sql`d.tenant_id = '000000'`;
    const column = sql`cast(${sql.ref(`${entity.table}.${field.column}`)} as text)`;
    const live = sql`${tenant} and d.code = ${field.bizDict} and d.parent_id <> 0 and d.is_deleted = 0`;
    if (field.multiple) {
      // Every listed key's item (the first by sort, as for one key), in the order the keys are stored.
      const keys = sql`string_to_array(${column}, ',')`;
      return sql<string | null>`(select string_agg(d.dict_value || ${SEPARATOR} || d.remark, ${ITEMS}
        order by array_position(${keys}, d.dict_key)) from (select distinct on (d.dict_key) d.dict_key, d.dict_value,
        d.remark from blade_dict_biz d where ${live} and d.dict_key = any(${keys}) order by d.dict_key, d.sort) d)`.as(
        alias(field),
      );
    }
    return sql<string | null>`(select d.dict_value || ${SEPARATOR} || d.remark from blade_dict_biz d
      where ${live} and d.dict_key = ${column} order by d.sort limit 1)`.as(alias(field));
  });
}

/** `<field>Name` of each business dictionary field of `row`, in `lang`; a `multiple` field's names joined by `,`. */
export function bizDictNames(entity: EntityDef, row: Row, lang: Lang): Record<string, string> {
  const names: Record<string, string> = {};
  for (const field of bizDictFieldsOf(entity)) {
    const joined = row[alias(field)];
    const items = typeof joined === 'string' ? joined.split(ITEMS) : [];
    names[`${field.name}Name`] = items
      .map((item) => {
        const [value = '', remark = ''] = item.split(SEPARATOR);
        return itemLabel({ dictValue: value, remark }, lang);
      })
      .join(',');
  }
  return names;
}

/**
 * Each written value is a live key of the caller's tenant's dictionary, else the field's `请选择<label>`; every key
 * of a `multiple` field's list is, and the list is stored as `dictKeys` gives it.
 */
export async function checkBizDicts(
  trx: DynamicDb,
  entity: EntityDef,
  tenantId: string,
  values: Row,
  reads: Reads = readEachTime,
): Promise<void> {
  for (const field of bizDictFieldsOf(entity)) {
    const value = values[field.column];
    if (value === undefined || value === null || value === '') continue;
    const keys = field.multiple ? dictKeys(String(value)) : [String(value)];
    if (field.multiple) values[field.column] = keys.join(',');
    if (!keys.length) continue;
    const found = await reads(`business dictionary ${field.bizDict} ${keys.join(',')}`, () =>
      trx
        .selectFrom('blade_dict_biz')
        .select('dict_key')
        .distinct()
        .where('tenant_id', '=', entity.tenant ? tenantId : '000000')
        .where('code', '=', field.bizDict!)
        .where('dict_key', 'in', keys)
        .where('parent_id', '<>', '0')
        .where('is_deleted', '=', 0)
        .execute(),
    );
    if (found.length < keys.length) throw failWith(selectText(field)).about(field.name);
  }
}

/**
 * Each written value of a platform dictionary field (`dict`: sex, user type) is one of its items, else `请选择<label>`:
 * a number no item holds would otherwise reach a smallint column and fail there. Read through `trx`, not the cached
 * Dictionaries: on PGlite a second connection would wait for this transaction. The field's default (a menu's 0, no
 * button function) and a value the row already holds (an item an administrator has since removed) pass.
 */
export async function checkDicts(
  trx: DynamicDb,
  entity: EntityDef,
  values: Row,
  before?: Row,
  reads: Reads = readEachTime,
): Promise<void> {
  for (const field of tablesOf(entity).dictFields) {
    const value = values[field.column];
    if (value === undefined || value === null || value === '') continue;
    if (String(value) === String(field.default) || String(value) === String(before?.[field.column])) continue;
    const found = await reads(`dictionary ${field.dict} ${String(value)}`, () =>
      trx
        .selectFrom('blade_dict')
        .select('id')
        .where('code', '=', field.dict!)
        .where('dict_key', '=', String(value))
        .where('parent_id', '<>', '0')
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),
    );
    if (!found) throw failWith(selectText(field)).about(field.name);
  }
}

/** `请选择<label>`: the message of a value a select offers none of. */
export const selectText = (field: ResolvedField): LocalText => ({
  zh: `请选择${field.label.zh}`,
  en: `Please select ${field.label.en.toLowerCase()}`,
});
