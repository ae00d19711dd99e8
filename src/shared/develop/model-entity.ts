import { camelToSnake, type EntityDef, type FieldDef, type LineDef } from '../entities/define.ts';
import type { ModelFieldType } from '../entities/develop/model-prototype.ts';

/**
 * From a data model to an entity definition: the one translation the code generator (which writes the definition out
 * as a file) and a live model (which the engine serves as it is) share. What the designer can say is what a
 * definition can hold without code: fields, labels, flags, dictionaries, references, a tree, lines.
 */

/** A model as stored (blade_model), in wire form. */
export interface ModelRow {
  modelName: string;
  modelCode: string;
  modelTable: string;
  modelClass?: string;
  modelRemark?: string;
  /** The approval kind its rows are sent through (`finance`), blank for none (approvalOf). */
  approvalKind?: string;
}

/** One of its fields as stored (blade_model_prototype), in wire form. */
export interface PrototypeRow {
  jdbcName: string;
  jdbcType?: string;
  comment?: string;
  commentEn?: string;
  propertyName: string;
  fieldType: ModelFieldType | string;
  maxLength?: number | null;
  isList?: number;
  isForm?: number;
  isRequired?: number;
  isQuery?: number;
  isUnique?: number;
  isNullable?: number;
  componentType?: string;
  dictCode?: string;
  queryType?: string;
  refEntity?: string;
  sort?: number;
}

/** The columns every Tenon table has beside a model's own: the catalog's copies of them are not fields. */
export const BASE_COLUMNS: ReadonlySet<string> = new Set([
  'id',
  'tenant_id',
  'parent_id',
  'ancestors',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
]);

export interface EntityOptions {
  service: EntityDef['service'];
  /** Rows belong to a tenant (default true): tenant column, row-level security, data scopes. */
  tenant?: boolean;
  /** The source's primary key column, when it is not `id`: not a field either. */
  pkName?: string;
  /** A tree: the field the picker shows (a property name of the model); parentId is the base column. */
  treeTitle?: string;
  /** Lines (the `sub` template): the line model's entity and the property of its column holding the header's id. */
  lines?: { entity: EntityDef; foreignKey: string; label: EntityDef['label'] };
}

/** `Order no` from `orderNo`: an English label where the designer gave none. */
export const englishOf = (propertyName: string): string => {
  const words = camelToSnake(propertyName).split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The numeric(p, s) a decimal field of this source column type keeps: what `numeric(p, s)` says, or for the integer
 * and floating types the catalog reads as decimal (catalog.ts mapColumnType) the same precision it gave them: a
 * bigint numeric(19,0), a float or double numeric(18,4).
 */
export function numericScale(jdbcType: string | undefined): { precision: number; scale: number } | undefined {
  const type = (jdbcType ?? '').trim();
  const found = /^(?:numeric|decimal)\s*\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)/i.exec(type);
  if (found) return { precision: Number(found[1]), scale: Number(found[2] ?? 0) };
  if (/^(?:bigint|int8)\b/i.test(type)) return { precision: 19, scale: 0 };
  if (/^(?:real|float[48]?|double)\b/i.test(type)) return { precision: 18, scale: 4 };
  return undefined;
}

/** One field of the definition from one prototype row. */
export function fieldOf(row: PrototypeRow): FieldDef {
  const type = row.fieldType as ModelFieldType;
  const textual = type === 'string' || type === 'text';
  const label = { zh: row.comment || row.jdbcName, en: row.commentEn || englishOf(row.propertyName) };
  const field: FieldDef = { type, label };
  if (type === 'string') field.max = row.maxLength ?? 255;
  if (row.isRequired) field.required = true;
  // A column that may be left blank: NULL where the type has no blank value but 0 (a date, a reference), else 0.
  if (!textual && !row.isRequired) {
    if (row.isNullable || type === 'date' || type === 'datetime' || type === 'id') field.nullable = true;
    else field.default = 0;
  }
  if (row.isUnique) field.unique = true;
  if (row.isList) {
    field.list = true;
    field.export = true;
  }
  if (row.isForm) field.form = true;
  if (row.isQuery) {
    field.filter = true;
    field.search = row.queryType === 'like' ? 'like' : 'equal';
  }
  if (row.dictCode) field.dict = row.dictCode;
  if (row.refEntity) field.ref = row.refEntity;
  if (row.componentType === 'textarea' && textual) field.control = 'textarea';
  return field;
}

/** The fields of a model: its prototype rows in order, less the base columns and the source's primary key. */
export function fieldsOfModel(rows: readonly PrototypeRow[], pkName = 'id'): Record<string, FieldDef> {
  const own = rows
    .filter((row) => !BASE_COLUMNS.has(row.jdbcName.toLowerCase()) && row.jdbcName !== pkName)
    .toSorted((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  return Object.fromEntries(own.map((row) => [row.propertyName, fieldOf(row)]));
}

/** The entity a model describes (not registered: defineEntity is the caller's, a generated file's or the engine's). */
export function modelToEntity(model: ModelRow, rows: readonly PrototypeRow[], options: EntityOptions): EntityDef {
  const fields = fieldsOfModel(rows, options.pkName);
  const names = Object.keys(fields);
  const display = names.find((name) => fields[name].type === 'string') ?? names[0];
  const tenant = options.tenant ?? true;
  const label = { zh: model.modelName, en: model.modelClass || englishOf(model.modelCode) };
  const entity: EntityDef = {
    name: model.modelCode,
    service: options.service,
    table: model.modelTable,
    label,
    code: model.modelCode,
    tenant,
    audit: true,
    ...(tenant ? { dataScope: true } : {}),
    ...(display ? { display } : {}),
    fields,
    defaultSort: [['id', 'desc']],
    excel: { file: label, import: true },
  };
  if (options.treeTitle) {
    entity.tree = { title: options.treeTitle, parentLabel: { zh: '上级', en: 'Parent' }, ancestors: true };
    entity.defaultSort = [['id', 'asc']];
  }
  if (options.lines) {
    const line: LineDef = options.lines;
    entity.lines = { lines: line };
  }
  const kind = model.approvalKind?.trim();
  if (kind) Object.assign(entity, approvalOf(entity, kind));
  return entity;
}

/** The states of an approved model's row, set by its process's steps (a gadget's, an expense claim's). */
export const MODEL_APPROVAL_STATUS = { draft: 0, running: 1, approved: 2, rejected: 3 } as const;

/** The approval's state field, beside the process columns the approval kit writes (approval-steps.ts). */
export const MODEL_APPROVAL_FIELD = 'approvalStatus';

/** 提交审批 of a model's rows: the button whose holders send them through their kind's process. */
export const submitCodeOf = (code: string): string => `${code}_submit`;

/**
 * A model approved through `kind` (the fund approval `finance`), the way the gadget is: its rows are kept on its own
 * screen and sent by the holders of `<code>_submit`; every step sets their state. Its fields gain the state and the
 * process columns; its numbers are the process's variables (the fund approval decides on `amount`), its list fields
 * the to-do card's summary.
 */
function approvalOf(entity: EntityDef, kind: string): Pick<EntityDef, 'fields' | 'approval'> {
  const own = Object.entries(entity.fields);
  const fields: Record<string, FieldDef> = {
    ...entity.fields,
    [MODEL_APPROVAL_FIELD]: {
      type: 'int',
      readonly: true,
      default: MODEL_APPROVAL_STATUS.draft,
      list: true,
      export: true,
      label: { zh: '审批状态', en: 'Approval state' },
    },
    processDefinitionId: {
      type: 'string',
      max: 255,
      readonly: true,
      label: { zh: '流程定义', en: 'Process definition' },
    },
    processInstanceId: { type: 'string', max: 64, readonly: true, label: { zh: '流程实例', en: 'Process instance' } },
    taskUser: { type: 'string', max: 255, readonly: true, label: { zh: '审批人', en: 'Approver' } },
    applyTime: { type: 'datetime', nullable: true, readonly: true, label: { zh: '申请时间', en: 'Applied at' } },
  };
  const numbers = own.filter(([, f]) => f.type === 'int' || f.type === 'decimal' || f.type === 'money');
  const listed = own.filter(([, f]) => f.list).map(([name]) => name);
  return {
    fields,
    approval: {
      kind: entity.code,
      start: { by: 'kind', kind, code: submitCodeOf(entity.code) },
      field: MODEL_APPROVAL_FIELD,
      status: {
        running: MODEL_APPROVAL_STATUS.running,
        approved: MODEL_APPROVAL_STATUS.approved,
        rejected: MODEL_APPROVAL_STATUS.rejected,
        withdrawn: MODEL_APPROVAL_STATUS.draft,
      },
      variables: numbers.map(([name]) => name),
      summary: (listed.length ? listed : own.map(([name]) => name)).slice(0, 3),
    },
  };
}

/** A line model's entity (the `sub` template): no screen of its own, its header's menu code, its foreign key hidden. */
export function lineEntityOf(
  header: Pick<EntityDef, 'code' | 'service' | 'tenant'>,
  model: ModelRow,
  rows: readonly PrototypeRow[],
  foreignKey: string,
  pkName?: string,
): EntityDef {
  const fields = fieldsOfModel(rows, pkName);
  const fk = fields[foreignKey];
  if (fk) fields[foreignKey] = { type: 'id', label: fk.label };
  return {
    name: model.modelCode,
    service: header.service,
    table: model.modelTable,
    label: { zh: model.modelName, en: model.modelClass || englishOf(model.modelCode) },
    code: header.code,
    tenant: header.tenant,
    audit: false,
    fields,
    defaultSort: [['id', 'asc']],
  };
}
