import { sql, type Insertable } from 'kysely';
import { nextId } from '../../platform/ids.ts';
import type { Db } from '../connect.ts';
import type { BladeDictBiz } from '../schema.ts';
import { insertRows } from '../insert-rows.ts';

/** A business dictionary (dict-biz) every tenant gets: its code, name and items as [key, zh label, English label]. */
export type BusinessDictionary = readonly [
  code: string,
  name: string,
  items: ReadonlyArray<readonly [key: string, zh: string, en: string, attributes?: string]>,
];

/**
 * The remark of an item: its extra attributes as `key:value` pairs separated by `;` (domain/README.md §4): the
 * English label, then any others (a budget type's default account `subject:660201`).
 */
export const itemRemark = (en: string, attributes?: string) => (attributes ? `en:${en};${attributes}` : `en:${en}`);

/**
 * Adds the business dictionaries' missing rows to each tenant of `tenantIds`: a dictionary's top row, then its items,
 * matched by code and key. Rows a tenant has (edited, sealed or deleted) are left as they are.
 */
export async function seedBusinessDictionaries(
  trx: Db,
  dictionaries: readonly BusinessDictionary[],
  tenantIds: readonly string[],
) {
  for (const tenantId of tenantIds) {
    const existing = await trx
      .selectFrom('blade_dict_biz')
      .select(['id', 'code', 'dict_key', 'parent_id'])
      .where('tenant_id', '=', tenantId)
      .where(
        'code',
        'in',
        dictionaries.map(([code]) => code),
      )
      .execute();
    const top = new Map(
      existing.filter((row) => String(row.parent_id) === '0').map((row) => [row.code, String(row.id)]),
    );
    const items = new Set(
      existing.filter((row) => String(row.parent_id) !== '0').map((row) => `${row.code}\n${row.dict_key}`),
    );
    const rows: Array<Insertable<BladeDictBiz>> = [];
    type Values = Pick<Insertable<BladeDictBiz>, 'parent_id' | 'code' | 'dict_key' | 'dict_value' | 'sort' | 'remark'>;
    const row = (values: Values) =>
      rows.push({ id: nextId(), tenant_id: tenantId, is_sealed: 0, is_deleted: 0, ...values });
    for (const [code, name, entries] of dictionaries) {
      let parentId = top.get(code);
      if (!parentId) {
        row({ parent_id: '0', code, dict_key: '-1', dict_value: name, sort: 0, remark: '' });
        parentId = String(rows[rows.length - 1].id);
      }
      const parent = parentId;
      entries.forEach(([key, zh, en, attributes], index) => {
        if (!items.has(`${code}\n${key}`))
          row({
            parent_id: parent,
            code,
            dict_key: key,
            dict_value: zh,
            sort: index + 1,
            remark: itemRemark(en, attributes),
          });
      });
    }
    await insertRows(trx, 'blade_dict_biz', rows);
  }
}

/**
 * The live tenants some of whose business dictionary rows are missing (a tenant made before a module shipped its
 * dictionaries, or before an item was added): one indexed count per tenant, so a restart with every tenant complete
 * costs one query.
 */
export async function tenantsMissingDictionaries(
  trx: Db,
  dictionaries: readonly BusinessDictionary[],
  tenantIds: readonly string[],
): Promise<string[]> {
  if (!dictionaries.length || !tenantIds.length) return [];
  const pairs = dictionaries.flatMap(([code, , entries]) => [
    `${code}\n-1`,
    ...entries.map(([key]) => `${code}\n${key}`),
  ]);
  const rows = await sql<{
    tenant_id: string;
  }>`select t.tenant_id from blade_tenant t where t.is_deleted = 0 and t.tenant_id = any(${[...tenantIds]})
    and (select count(*) from blade_dict_biz d where d.tenant_id = t.tenant_id
      and d.code = any(${dictionaries.map(([code]) => code)}) and d.code || chr(10) || d.dict_key in (select unnest(cast(${pairs} as text[])))) < ${pairs.length}`.execute(
    trx,
  );
  return rows.rows.map((row) => row.tenant_id);
}
