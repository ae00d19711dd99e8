import type { PrototypeDraft, TableField } from '../../../shared/contract/api/develop.schemas.ts';
import { BASE_COLUMNS, englishOf } from '../../../shared/develop/model-entity.ts';
import type { ModelFieldType } from '../../../shared/entities/develop/model-prototype.ts';
import { propertyTypeOf } from './catalog.ts';

const CONTROLS: Record<ModelFieldType, string> = {
  string: 'input',
  text: 'textarea',
  int: 'number',
  id: 'input',
  money: 'number',
  decimal: 'number',
  date: 'date',
  datetime: 'datetime',
  switch: 'switch',
};

/**
 * A model's field rows as its physical table suggests them (unsaved): the key and Tenon's base columns (audit,
 * tenant, status) neither listed nor in the form; a long text in the form on its own row, not in the list; a NOT NULL
 * column without a default required; the first text column searched by `like`.
 */
export function draftRows(modelId: string, fields: TableField[]): PrototypeDraft[] {
  const searched = fields.find((f) => f.type === 'string' && !f.keyFlag && !BASE_COLUMNS.has(f.name.toLowerCase()));
  return fields.map((field, index) => {
    const type = field.type as ModelFieldType;
    const own = !field.keyFlag && !BASE_COLUMNS.has(field.name.toLowerCase());
    const query = field === searched;
    return {
      modelId,
      jdbcName: field.name,
      jdbcType: field.columnType.slice(0, 64),
      comment: field.comment.slice(0, 255),
      commentEn: englishOf(field.propertyName).slice(0, 255),
      ...propertyTypeOf(type),
      propertyName: field.propertyName,
      fieldType: type,
      maxLength: type === 'string' ? field.maxLength : null,
      isList: own && type !== 'text' ? 1 : 0,
      isForm: own ? 1 : 0,
      isRow: type === 'text' ? 1 : 0,
      isRequired: own && !field.nullable && !field.hasDefault ? 1 : 0,
      isQuery: query ? 1 : 0,
      isUnique: own && field.unique ? 1 : 0,
      isNullable: field.nullable ? 1 : 0,
      componentType: CONTROLS[type] ?? 'input',
      dictCode: '',
      queryType: query ? 'like' : 'equal',
      refEntity: field.refEntity,
      sort: index + 1,
    };
  });
}
