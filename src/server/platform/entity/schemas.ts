import { Type, type TSchema } from 'typebox';
import { EXACT_TOTAL } from '../../../shared/contract/page.ts';
import { type EntityDef } from '../../../shared/entities/define.ts';
import { mapQuery } from '../route-schemas.ts';
import { bareSuffix, MAX_PAGE_SIZE, type Suffix } from './conditions.ts';
import { fieldsOf, type ResolvedField } from './fields.ts';

/** What an engine action does, after the entity's label in the document's summary (岗位分页). */
const ACTIONS: Readonly<Record<string, string>> = {
  list: '列表',
  page: '分页',
  detail: '详情',
  submit: '新增或修改',
  save: '新增',
  update: '修改',
  remove: '删除',
  'lazy-list': '懒加载列表',
  tree: '树',
  picker: '选择',
  'export-template': '导入模板',
};

/** The operation's summary: the entity's label and the action (or the declared edit's label). */
export function summaryOf(entity: EntityDef, action: string): string {
  const edit = entity.edits?.[action];
  if (edit) return `${entity.label.zh}${edit.label.zh}`;
  const verb = action.startsWith('export-') && action !== 'export-template' ? '导出' : undefined;
  return `${entity.label.zh}${verb ?? (action.startsWith('import-') ? '导入' : (ACTIONS[action] ?? action))}`;
}

/** Paging as `pagingOf` reads it, for the API document (the contract's defaults: 1 and 10). */
export const PAGING = {
  current: Type.Integer({ minimum: 1, description: '页码，从 1 起 (page, 1-based)' }),
  size: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `每页条数 (page size, ≤ ${MAX_PAGE_SIZE})` }),
};
const SORTING = {
  ascs: Type.String({ description: '升序字段，逗号分隔 (ascending fields, comma-separated)' }),
  descs: Type.String({ description: '降序字段，逗号分隔 (descending fields, comma-separated)' }),
};

/** What each suffix of the contract does (README §6), as the document says it. */
const MEANS: Readonly<Record<Suffix, string>> = {
  equal: '= v',
  notequal: '<> v',
  like: 'LIKE %v%',
  likeleft: 'LIKE %v',
  likeright: 'LIKE v%',
  notlike: 'NOT LIKE %v%',
  ge: '>= v',
  le: '<= v',
  gt: '> v',
  lt: '< v',
  datege: '>= v (yyyy-MM-dd HH:mm:ss)',
  dategt: '> v (yyyy-MM-dd HH:mm:ss)',
  dateequal: '= v (yyyy-MM-dd HH:mm:ss)',
  datele: '<= v (yyyy-MM-dd HH:mm:ss)',
  datelt: '< v (yyyy-MM-dd HH:mm:ss)',
  null: 'IS NULL (any value)',
  notnull: 'IS NOT NULL (any value)',
};

/** The suffixes a filter of the field is documented with, by what its values compare as. */
function suffixesOf(field: ResolvedField): Suffix[] {
  const nullable: Suffix[] = field.nullable ? ['null', 'notnull'] : [];
  if (field.type === 'date' || field.type === 'datetime')
    return ['datege', 'dategt', 'dateequal', 'datele', 'datelt', ...nullable];
  // Keys (ids, flags, dictionary items, companies, references) are equal or not, never ordered or alike.
  if (field.type === 'id' || field.type === 'switch' || field.dict || field.bizDict || field.company || field.ref)
    return ['equal', 'notequal', ...nullable];
  if (field.type === 'int' || field.type === 'money' || field.type === 'decimal')
    return ['equal', 'notequal', 'ge', 'le', 'gt', 'lt', ...nullable];
  return ['equal', 'notequal', 'like', 'likeleft', 'likeright', 'notlike', ...nullable];
}

const DATE_TIME = { examples: ['2024-01-31 23:59:59'] };

/** A filter value of the field as the query string carries it. */
function valueSchema(field: ResolvedField, suffix: Suffix | undefined, description: string): TSchema {
  if (suffix?.startsWith('date')) return Type.String({ ...DATE_TIME, description });
  // Like patterns are text whatever the column; a null test ignores its value.
  if (suffix?.includes('like') || suffix?.endsWith('null')) return Type.String({ description });
  const range = { minimum: field.range?.min, maximum: field.range?.max };
  switch (field.type) {
    case 'int':
      return Type.Integer({ ...range, description });
    case 'switch':
      return Type.Integer({ enum: [0, 1], description });
    case 'money':
    case 'decimal':
      return Type.Number({ ...range, description });
    case 'id':
      return Type.String({ pattern: '^\\d+$', description });
    case 'date':
      return Type.String({ format: 'date', examples: ['2024-01-31'], description });
    case 'datetime':
      return Type.String({ ...DATE_TIME, description });
    default:
      return Type.String({ description });
  }
}

/**
 * The filters of an entity's list as the document lists them: each field of its search bar (and the creation time
 * of an audited entity, its range) by its key, as conditions.ts reads it alone, and with each suffix of its kind.
 */
function filterParams(entity: EntityDef): Record<string, TSchema> {
  const params: Record<string, TSchema> = {};
  const add = (field: ResolvedField, suffix?: Suffix) => {
    const description = `${field.label.zh} (${field.label.en}) ${MEANS[suffix ?? bareSuffix(entity, field)]}`;
    params[suffix ? `${field.name}_${suffix}` : field.name] = valueSchema(field, suffix, description);
  };
  const fields = fieldsOf(entity);
  for (const field of fields.values()) {
    if (!field.filter || field.secret) continue;
    add(field);
    for (const suffix of suffixesOf(field)) add(field, suffix);
  }
  const created = fields.get('createTime');
  if (entity.audit && created && !created.filter)
    for (const suffix of ['datege', 'dategt', 'datele', 'datelt'] as const) add(created, suffix);
  if (entity.keyword)
    params.keyword = Type.String({ description: `关键字 (keyword) LIKE %v%: ${entity.keyword.join(', ')}` });
  return params;
}

/**
 * An entity list's query: any key passes (conditions.ts reads what names a field and ignores the rest), and the
 * document lists its filters, sorting, and paging when `paged` (`exactTotal` too, the count past the cap); `extra`:
 * the keys its route reads besides.
 */
export function listQuery(entity: EntityDef, options: { paged: boolean; extra?: Record<string, TSchema> }) {
  const paging = options.paged
    ? { ...PAGING, [EXACT_TOTAL]: Type.String({ enum: ['1'], description: '精确总数 (count every row past the cap)' }) }
    : {};
  return mapQuery({ ...paging, ...SORTING, ...filterParams(entity), ...options.extra });
}

/** A record's writable fields as query parameters: a BladeX client may send a form's fields in the query string. */
export function recordParams(entity: EntityDef): Record<string, TSchema> {
  const writable = [...fieldsOf(entity).values()].filter((field) => !field.readonly && !field.secret);
  return Object.fromEntries(
    writable.map((field) => [field.name, valueSchema(field, undefined, `${field.label.zh} (${field.label.en})`)]),
  );
}

/** A tree's level: the parent's id, `0` the top (tree.ts `parentParam`). */
export const PARENT_ID = Type.String({ pattern: '^\\d+$', description: '上级主键，0 为顶层 (parent id, 0: the top)' });
/** The tenant whose rows the platform's super administrator reads (routes.ts `forTenantParam`); others' own. */
export const TENANT_ID = Type.String({
  description: '租户ID，超级管理员可指定 (tenant id: super administrators only)',
});

/** The picker's query (service.ts `picker`): a keyword over the display field, or the ids of chosen values. */
export function pickerQuery() {
  return mapQuery({
    ...PAGING,
    keyword: Type.String({ description: '关键字 (keyword)' }),
    ids: Type.String({ description: '已选的值，逗号分隔 (the chosen values, comma-separated)' }),
  });
}

/**
 * A record's body: its writable fields (`only` those of a partial edit) and lines by name and label, untyped: the
 * definition reads them, and a type here would convert or refuse values before its own messages could.
 */
export function recordBody(entity: EntityDef, only?: readonly string[]) {
  const described = (zh: string, en: string) => Type.Optional(Type.Unknown({ description: `${zh} (${en})` }));
  const fields = Object.entries(entity.fields)
    .filter(([name, field]) => !field.readonly && (!only || only.includes(name)))
    .map(([name, field]) => [name, described(field.label.zh, field.label.en)]);
  const lines = only
    ? []
    : Object.entries(entity.lines ?? {}).map(([key, line]) => [
        key,
        described(line.label.zh, `${line.label.en}: a list`),
      ]);
  const id = { id: described('主键：有则修改，无则新增', 'id: edits the row when given') };
  return { body: Type.Object({ ...id, ...Object.fromEntries([...fields, ...lines]) }) };
}
