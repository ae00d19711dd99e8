import { defineEntity } from '../define.ts';

/** The field types a model's field may take: the engine's (define.ts FieldType) that a column maps to. */
export const MODEL_FIELD_TYPES = [
  'string',
  'text',
  'int',
  'id',
  'money',
  'decimal',
  'date',
  'datetime',
  'switch',
] as const;
export type ModelFieldType = (typeof MODEL_FIELD_TYPES)[number];

/** Form controls a model's field may ask for (BladeX's component types the console renders). */
export const MODEL_COMPONENTS = [
  'input',
  'textarea',
  'number',
  'select',
  'radio',
  'switch',
  'date',
  'datetime',
] as const;

/** How the search bar matches a model's field. */
export const MODEL_QUERY_TYPES = ['equal', 'like'] as const;

const flag = (zh: string, en: string, fallback: number) =>
  ({ type: 'switch', default: fallback, list: true, form: true, label: { zh, en } }) as const;

/**
 * One field of a data model (blade_model_prototype, contract develop-report.md §3): the column as the catalog read it
 * (jdbcName, jdbcType, comment) and what the designer made of it (list/form/query flags, control, dictionary, query
 * type), with Tenon's own: the engine's field type, length, uniqueness, NULL-ability and the entity a reference
 * points at. `submit-list` saves a model's rows together.
 */
export const modelPrototype = defineEntity({
  name: 'model-prototype',
  service: 'blade-develop',
  table: 'blade_model_prototype',
  label: { zh: '模型字段', en: 'Model field' },
  code: 'model',
  tenant: false,
  audit: true,
  platformOnly: true,
  display: 'jdbcName',
  fields: {
    modelId: {
      type: 'id',
      ref: 'model',
      filter: true,
      search: 'equal',
      label: { zh: '数据模型', en: 'Model' },
      required: true,
    },
    jdbcName: {
      type: 'string',
      max: 64,
      unique: { scope: ['modelId'] },
      list: true,
      form: true,
      label: { zh: '物理列名', en: 'Column' },
      required: true,
    },
    jdbcType: { type: 'string', max: 64, list: true, form: true, label: { zh: '物理类型', en: 'Column type' } },
    comment: { type: 'string', max: 255, list: true, form: true, label: { zh: '字段说明', en: 'Label' } },
    commentEn: { type: 'string', max: 255, list: true, form: true, label: { zh: '英文说明', en: 'English label' } },
    propertyType: { type: 'string', max: 64, list: true, form: true, label: { zh: '实体类型', en: 'Property type' } },
    propertyEntity: { type: 'string', max: 255, form: true, label: { zh: '实体类型全称', en: 'Property class' } },
    propertyName: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      label: { zh: '实体属性', en: 'Property' },
      required: true,
      pattern: {
        regex: '^[a-z][A-Za-z0-9]{0,62}$',
        message: {
          zh: '实体属性须以小写字母开头，只含字母和数字',
          en: 'The property starts with a lowercase letter and holds letters and digits only',
        },
      },
    },
    fieldType: {
      type: 'string',
      max: 16,
      default: 'string',
      list: true,
      form: true,
      label: { zh: '字段类型', en: 'Field type' },
      pattern: {
        regex: `^(${MODEL_FIELD_TYPES.join('|')})$`,
        message: { zh: '字段类型不存在', en: 'Unknown field type' },
      },
    },
    maxLength: { type: 'int', nullable: true, list: true, form: true, label: { zh: '长度', en: 'Length' } },
    isList: flag('列表显示', 'In list', 1),
    isForm: flag('表单显示', 'In form', 1),
    isRow: flag('独占一行', 'Full row', 0),
    isRequired: flag('必填', 'Required', 0),
    isQuery: flag('查询条件', 'Searchable', 0),
    isUnique: flag('唯一', 'Unique', 0),
    isNullable: flag('可为空', 'Nullable', 1),
    componentType: {
      type: 'string',
      max: 32,
      default: 'input',
      list: true,
      form: true,
      label: { zh: '控件类型', en: 'Control' },
      pattern: {
        regex: `^(${MODEL_COMPONENTS.join('|')})$`,
        message: { zh: '控件类型不存在', en: 'Unknown control' },
      },
    },
    dictCode: { type: 'string', max: 64, list: true, form: true, label: { zh: '字典编号', en: 'Dictionary' } },
    queryType: {
      type: 'string',
      max: 32,
      default: 'equal',
      list: true,
      form: true,
      label: { zh: '查询方式', en: 'Match' },
      pattern: {
        regex: `^(${MODEL_QUERY_TYPES.join('|')})$`,
        message: { zh: '查询方式不存在', en: 'Unknown match' },
      },
    },
    refEntity: { type: 'string', max: 64, list: true, form: true, label: { zh: '引用实体', en: 'References' } },
    sort: { type: 'int', default: 0, list: true, form: true, label: { zh: '排序', en: 'Order' } },
  },
  defaultSort: [
    ['sort', 'asc'],
    ['id', 'asc'],
  ],
});
