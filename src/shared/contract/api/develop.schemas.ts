import { Type, type Static } from 'typebox';

/** What the develop module's data model routes answer inside the envelope (urls: develop.ts). */

export const TableSummary = Type.Object({ name: Type.String(), comment: Type.String() });
export type TableSummary = Static<typeof TableSummary>;

const NumberOrNull = Type.Union([Type.Number(), Type.Null()]);

export const TableField = Type.Object({
  name: Type.String({ description: 'the column' }),
  type: Type.String({ description: 'the field type it maps to (model-prototype MODEL_FIELD_TYPES)' }),
  columnType: Type.String({ description: 'the column type as the source declares it' }),
  comment: Type.String(),
  propertyName: Type.String({ description: 'camelCase of the column (pinyin for Chinese)' }),
  propertyType: Type.String({ description: 'String, Integer, Long, BigDecimal, Date' }),
  keyFlag: Type.Boolean({ description: 'part of the primary key' }),
  nullable: Type.Boolean(),
  hasDefault: Type.Boolean(),
  unique: Type.Boolean({ description: 'a unique index on this column alone (beside the tenant)' }),
  maxLength: NumberOrNull,
  precision: NumberOrNull,
  scale: NumberOrNull,
  reference: Type.Union([Type.Object({ table: Type.String(), column: Type.String() }), Type.Null()]),
  refEntity: Type.String({ description: 'the known entity whose table the reference points at, else blank' }),
  note: Type.String({ description: 'why the type was read as it was, when the source type is not one Tenon knows' }),
});
export type TableField = Static<typeof TableField>;

export const TableInfo = Type.Object({
  name: Type.String(),
  comment: Type.String(),
  fields: Type.Array(TableField),
});
export type TableInfo = Static<typeof TableInfo>;

/** One field row of a model as the designer edits it (blade_model_prototype on the wire; id when saved). */
export const PrototypeDraft = Type.Object({
  id: Type.Optional(Type.String()),
  modelId: Type.String(),
  jdbcName: Type.String(),
  jdbcType: Type.String(),
  comment: Type.String(),
  commentEn: Type.String(),
  propertyType: Type.String(),
  propertyEntity: Type.String(),
  propertyName: Type.String(),
  fieldType: Type.String(),
  maxLength: NumberOrNull,
  isList: Type.Number(),
  isForm: Type.Number(),
  isRow: Type.Number(),
  isRequired: Type.Number(),
  isQuery: Type.Number(),
  isUnique: Type.Number(),
  isNullable: Type.Number(),
  componentType: Type.String(),
  dictCode: Type.String(),
  queryType: Type.String(),
  refEntity: Type.String(),
  sort: Type.Number(),
});
export type PrototypeDraft = Static<typeof PrototypeDraft>;

export const LabelValue = Type.Object({ label: Type.String(), value: Type.String() });
export type LabelValue = Static<typeof LabelValue>;
