import { defineEntity } from '../define.ts';

/** The generator's templates: a list with its form, a tree, a document with its lines (master-detail). */
export const CODE_TEMPLATES = ['crud', 'tree', 'sub'] as const;
export type CodeTemplate = (typeof CODE_TEMPLATES)[number];

/**
 * A code generator row (blade_code, contract develop-report.md §2): which model becomes which Tenon module, with what
 * template. `gen-code` emits the module (definition, migration, manifest, screen, menus, labels, a test).
 */
export const code = defineEntity({
  name: 'code',
  service: 'blade-develop',
  table: 'blade_code',
  label: { zh: '代码生成', en: 'Code generator' },
  code: 'code',
  tenant: false,
  audit: false,
  platformOnly: true,
  display: 'codeName',
  fields: {
    datasourceId: {
      type: 'id',
      nullable: true,
      ref: 'datasource',
      form: true,
      label: { zh: '数据源', en: 'Data source' },
    },
    modelId: {
      type: 'id',
      nullable: true,
      ref: 'model',
      list: true,
      form: true,
      label: { zh: '数据模型', en: 'Data model' },
      required: { zh: '请选择数据模型', en: 'Please select the data model' },
    },
    serviceName: {
      type: 'string',
      max: 64,
      default: 'blade-system',
      list: true,
      form: true,
      label: { zh: '服务名称', en: 'Service' },
    },
    codeName: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '模块名称', en: 'Module name' },
      required: true,
    },
    tableName: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '表名', en: 'Table' },
    },
    tablePrefix: { type: 'string', max: 64, list: true, form: true, label: { zh: '表前缀', en: 'Table prefix' } },
    pkName: {
      type: 'string',
      max: 32,
      default: 'id',
      list: true,
      form: true,
      label: { zh: '主键名', en: 'Primary key' },
    },
    packageName: {
      type: 'string',
      max: 500,
      form: true,
      label: { zh: '模块目录', en: 'Module folder' },
    },
    baseMode: { type: 'int', default: 1, form: true, dict: 'yes_no', label: { zh: '基础业务', en: 'Base entity' } },
    wrapMode: { type: 'int', default: 1, form: true, dict: 'yes_no', label: { zh: '包装器', en: 'Wrapper' } },
    apiPath: { type: 'string', max: 2000, form: true, label: { zh: '后端生成路径', en: 'Server path' } },
    webPath: { type: 'string', max: 2000, form: true, label: { zh: '前端生成路径', en: 'Web path' } },
    templateType: {
      type: 'string',
      max: 16,
      default: 'crud',
      list: true,
      form: true,
      label: { zh: '模板类型', en: 'Template' },
      pattern: {
        regex: `^(${CODE_TEMPLATES.join('|')})$`,
        message: { zh: '模板类型不存在', en: 'Unknown template' },
      },
    },
    author: { type: 'string', max: 64, form: true, label: { zh: '作者', en: 'Author' } },
    subModelId: { type: 'id', nullable: true, ref: 'model', form: true, label: { zh: '子表模型', en: 'Line model' } },
    subFkId: { type: 'string', max: 64, form: true, label: { zh: '子表外键', en: 'Line foreign key' } },
    treeId: { type: 'string', max: 64, form: true, label: { zh: '树主键', en: 'Tree id' } },
    treePid: { type: 'string', max: 64, form: true, label: { zh: '树父主键', en: 'Tree parent id' } },
    treeName: { type: 'string', max: 64, form: true, label: { zh: '树名称', en: 'Tree title' } },
  },
  defaultSort: [['id', 'desc']],
});
