import type { LocalText } from '../i18n/server-messages.ts';

/** What publishing a live model refuses (modules/develop/live-publish.ts): the server says it, the screens show it. */
export const LIVE_MESSAGES = {
  modelMissing: { zh: '数据模型不存在', en: 'The data model does not exist' },
  ownDatabase: {
    zh: '只有本系统数据库的数据模型可以发布',
    en: "Only a data model of the console's own database can be published",
  },
  noFields: { zh: '数据模型没有字段，无法发布', en: 'The data model has no fields to publish' },
  badName: {
    zh: '名称 {name} 不可用：须以小写字母开头，只含小写字母、数字和下划线，且不是 SQL 关键字',
    en: 'The name {name} cannot be used: it starts with a lowercase letter, holds lowercase letters, digits and underscores, and is no SQL keyword',
  },
  columnOfProperty: {
    zh: '字段 {name} 的属性名须对应列名 {label}',
    en: 'The property name of field {name} must match its column {label}',
  },
  refUnknown: {
    zh: '字段 {name} 引用的实体 {label} 不存在',
    en: 'Field {name} references {label}, which does not exist',
  },
  codeTaken: { zh: '编号 {name} 已被菜单使用', en: 'The code {name} is used by a menu already' },
  tableTaken: {
    zh: '表 {name} 已存在，且列不同：{label}',
    en: 'The table {name} exists already with other columns: {label}',
  },
  columnHoldsData: {
    zh: '删除字段 {name} 将丢失数据：{label} 行有值。确认后该列的值会先备份再删除',
    en: 'Dropping field {name} loses data: {label} rows hold a value. Once confirmed, the column is backed up, then dropped',
  },
  changeRefused: {
    zh: '字段 {name} 的修改无法应用到已有数据：{label}',
    en: 'The change of field {name} cannot be applied to the existing data: {label}',
  },
  blanksHeld: {
    zh: '字段 {name} 不能设为必填：{label} 行没有值。请先补全这些行',
    en: 'Field {name} cannot become required: {label} rows hold no value. Fill them in first',
  },
  approvalKindUnknown: {
    zh: '审批类型 {name} 不存在',
    en: 'The approval kind {name} does not exist',
  },
  referencedBy: {
    zh: '在线表单 {name} 被 {label} 的字段引用，请先去掉这些引用',
    en: 'The live form {name} is referenced by fields of {label}: remove those references first',
  },
  notPublished: { zh: '数据模型尚未发布', en: 'The data model is not published' },
} satisfies Record<string, LocalText>;
