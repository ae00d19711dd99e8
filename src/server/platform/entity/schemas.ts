import { Type } from 'typebox';
import { type EntityDef } from '../../../shared/entities/define.ts';
import { namedQuery } from '../route-schemas.ts';

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

const PAGING = {
  current: '页码，从 1 起 (page, 1-based)',
  size: '每页条数 (page size, ≤ 1000)',
  ascs: '升序字段，逗号分隔 (ascending fields)',
  descs: '降序字段，逗号分隔 (descending fields)',
};

/**
 * A list's query, named for the API document: paging, sorting and the search bar's filters; any other field with a
 * contract suffix (`postName_like`, `createTime_datege`) passes as well, for conditions.ts to read as before.
 */
export function listQuery(entity: EntityDef) {
  const filters = Object.entries(entity.fields)
    .filter(([, field]) => field.filter && !field.secret)
    .map(([name, field]) => [name, `${field.label.zh} (${field.label.en})`]);
  const keyword = entity.keyword ? { keyword: `关键字 (keyword): ${entity.keyword.join(', ')}` } : {};
  return { querystring: namedQuery({ ...PAGING, ...keyword, ...Object.fromEntries(filters) }) };
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
