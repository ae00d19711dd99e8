import { defineEntity } from '../define.ts';

/**
 * A data model (blade_model, contract develop-report.md §3): a table of a data source (none: the console's own
 * database) whose fields (modelPrototype) the designer adjusts, for the code generator or to publish as a live entity.
 */
export const model = defineEntity({
  name: 'model',
  service: 'blade-develop',
  table: 'blade_model',
  label: { zh: '数据模型', en: 'Data model' },
  code: 'model',
  tenant: false,
  audit: true,
  platformOnly: true,
  display: 'modelName',
  fields: {
    datasourceId: {
      type: 'id',
      nullable: true,
      ref: 'datasource',
      list: true,
      form: true,
      label: { zh: '数据源', en: 'Data source' },
    },
    modelName: {
      type: 'string',
      max: 50,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '模型名称', en: 'Model name' },
      required: true,
    },
    modelTable: {
      type: 'string',
      max: 100,
      list: true,
      form: true,
      filter: true,
      label: { zh: '模型表名', en: 'Table' },
      required: true,
    },
    modelCode: {
      type: 'string',
      max: 50,
      unique: true,
      list: true,
      form: true,
      filter: true,
      label: { zh: '模型编号', en: 'Model code' },
      required: true,
      pattern: {
        regex: '^[a-z][a-z0-9]{1,31}$',
        message: {
          zh: '模型编号须以小写字母开头，只含小写字母和数字，2-32位',
          en: 'The model code starts with a lowercase letter and holds 2-32 lowercase letters and digits',
        },
      },
    },
    modelClass: { type: 'string', max: 100, list: true, form: true, label: { zh: '模型类名', en: 'Class name' } },
    approvalKind: {
      type: 'string',
      max: 64,
      form: true,
      label: { zh: '审批类型', en: 'Approval kind' },
      placeholder: { zh: '留空不审批；如 finance（资金审批）', en: 'Blank: none; e.g. finance (fund approval)' },
    },
    modelRemark: {
      type: 'string',
      max: 500,
      form: true,
      control: 'textarea',
      label: { zh: '模型备注', en: 'Remark' },
    },
  },
  defaultSort: [['id', 'desc']],
});
