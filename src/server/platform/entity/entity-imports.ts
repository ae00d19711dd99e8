import { displayField } from '../../../shared/entities/define.ts';
import { itemLabel } from '../../../shared/entities/dict-items.ts';
import type { AuthUser } from '../auth-context.ts';
import { companyOptions } from './company.ts';
import { fieldsOf, parseFieldValue, type ResolvedField } from './fields.ts';
import { keyColumnOf } from './refs.ts';
import { isBlank } from './entity-writes.ts';
import type { EntityRows } from './entity-rows.ts';

/** What an Excel import of one entity asks before it submits: the ids and keys its text cells name. */
export class EntityImports {
  constructor(private readonly rows: EntityRows) {}

  private get entity() {
    return this.rows.entity;
  }

  private get deps() {
    return this.rows.deps;
  }

  /**
   * What an import's text cells of reference `field` name: for each text, the ids of the target's rows (the caller's
   * visible ones) whose display field or one of its unique text fields holds it (a category by name or by code).
   */
  async refIdsByText(user: AuthUser, field: ResolvedField, texts: string[]): Promise<Map<string, string[]>> {
    const target = this.rows.serviceOf(field.ref!);
    const fields = fieldsOf(target.entity);
    const matchable = [...fields.values()].filter(
      (f) => (f.name === displayField(target.entity) || f.unique === true) && f.type === 'string',
    );
    const found = new Map<string, Set<string>>(texts.map((text) => [text, new Set()]));
    if (!texts.length || !matchable.length) return new Map();
    const key = keyColumnOf(target.entity);
    const rows = await (
      await target.visibleRows(user)
    )(this.deps.db)
      .where((eb) => eb.or(matchable.map((f) => eb(f.column, 'in', texts))))
      .select([key, ...matchable.map((f) => f.column)])
      .execute();
    for (const row of rows) for (const f of matchable) found.get(String(row[f.column]))?.add(String(row[key]));
    return new Map([...found].map(([text, ids]) => [text, [...ids]]));
  }

  /** What an import's company cells name, by code or by name: the codes of the caller's tenant's companies. */
  async companyCodesByText(user: AuthUser, texts: string[]): Promise<Map<string, string[]>> {
    const companies = await companyOptions(this.deps.db, user.tenantId);
    return new Map(
      texts.map((text) => [text, companies.filter((c) => c.value === text || c.label === text).map((c) => c.value)]),
    );
  }

  /**
   * An import's row that names a saved row by the entity's first unique field (a part number; else the first unique
   * within a scope: a budget row's caption with its year, company and account) becomes an update of that row
   * (`isCovered`); any other row stays an insert, and so does one whose key cells do not parse (the submit says why).
   */
  async withIdOfSaved(user: AuthUser, values: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { fields } = this.rows.tables;
    const unique =
      [...fields.values()].find((f) => f.unique === true) ??
      [...fields.values()].find((f) => typeof f.unique === 'object');
    const value = unique ? values[unique.name] : undefined;
    if (!unique || isBlank(value)) return values;
    let saved = (await this.rows.visibleRows(user))(this.deps.db).where(unique.column, '=', String(value));
    for (const name of typeof unique.unique === 'object' ? unique.unique.scope : []) {
      const field = fields.get(name)!;
      let key: unknown = field.default ?? null;
      try {
        if (!isBlank(values[name])) key = parseFieldValue(field, values[name]);
      } catch {
        return values;
      }
      saved =
        key === null || key === undefined ? saved.where(field.column, 'is', null) : saved.where(field.column, '=', key);
    }
    const found = await saved.select('id').executeTakeFirst();
    return found ? { ...values, id: String(found.id) } : values;
  }

  /** Label (zh or English) -> key of the caller's tenant's business dictionary `code`, for an import's cells. */
  async bizDictLabels(user: AuthUser, code: string): Promise<Map<string, string>> {
    const items = await this.deps.db
      .selectFrom('blade_dict_biz')
      .select(['dict_key', 'dict_value', 'remark'])
      .where('tenant_id', '=', this.entity.tenant ? user.tenantId : '000000')
      .where('code', '=', code)
      .where('parent_id', '<>', '0')
      .where('is_deleted', '=', 0)
      .execute();
    const labels = new Map<string, string>();
    for (const item of items) {
      const key = String(item.dict_key);
      for (const lang of ['en', 'zh'] as const)
        labels.set(itemLabel({ dictValue: String(item.dict_value), remark: String(item.remark ?? '') }, lang), key);
    }
    return labels;
  }
}
