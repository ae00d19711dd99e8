import { expectOk, type TestApp } from '../support/app.ts';

/** Data models and code rows made over the engine's CRUD routes, as the 数据模型设计 and 代码生成 screens save them. */
export const DEV = '/api/blade-develop';

export interface Column {
  jdbcName: string;
  jdbcType: string;
  propertyName: string;
  fieldType: string;
  comment?: string;
  maxLength?: number;
  isRequired?: number;
  isUnique?: number;
  isQuery?: number;
  queryType?: string;
  isNullable?: number;
}

/** A model and its prototype rows; returns the model's id. */
export async function createModel(
  t: TestApp,
  token: string,
  model: { modelName: string; modelCode: string; modelTable: string; modelClass?: string; approvalKind?: string },
  columns: readonly Column[],
): Promise<string> {
  const { id } = expectOk(await t.post(`${DEV}/model/submit`, token, model));
  for (const [sort, column] of columns.entries())
    expectOk(
      await t.post(`${DEV}/model-prototype/submit`, token, {
        modelId: id,
        comment: column.jdbcName,
        isList: 1,
        isForm: 1,
        isNullable: 1,
        sort,
        ...column,
      }),
    );
  return id;
}

export async function createCode(t: TestApp, token: string, row: Record<string, unknown>): Promise<string> {
  return expectOk(await t.post(`${DEV}/code/submit`, token, { packageName: 'masterdata', ...row })).id;
}

/** A PostgreSQL table's columns as its catalog gives them (information_schema types). */
export const PG_COLUMNS: Column[] = [
  { jdbcName: 'id', jdbcType: 'bigint', propertyName: 'id', fieldType: 'id', isNullable: 0 },
  {
    jdbcName: 'item_no',
    jdbcType: 'character varying(32)',
    propertyName: 'itemNo',
    fieldType: 'string',
    maxLength: 32,
    comment: '物品编号',
    isRequired: 1,
    isUnique: 1,
    isQuery: 1,
    queryType: 'like',
  },
  { jdbcName: 'price', jdbcType: 'numeric(12,2)', propertyName: 'price', fieldType: 'money', comment: '单价' },
  { jdbcName: 'weight', jdbcType: 'numeric(10,3)', propertyName: 'weight', fieldType: 'decimal', comment: '重量' },
  { jdbcName: 'valid_from', jdbcType: 'date', propertyName: 'validFrom', fieldType: 'date', comment: '生效日期' },
  { jdbcName: 'qty', jdbcType: 'integer', propertyName: 'qty', fieldType: 'int', comment: '数量', isNullable: 0 },
];

/** A MariaDB table's columns as its catalog gives them (COLUMN_TYPE): tinyint(1), decimal(10,2), a Chinese name. */
export const MARIADB_HEADER: Column[] = [
  { jdbcName: 'id', jdbcType: 'bigint(20)', propertyName: 'id', fieldType: 'id', isNullable: 0 },
  {
    jdbcName: 'bill_no',
    jdbcType: 'varchar(40)',
    propertyName: 'billNo',
    fieldType: 'string',
    maxLength: 40,
    comment: '单据号',
    isRequired: 1,
  },
  {
    jdbcName: '客户名称',
    jdbcType: 'varchar(100)',
    propertyName: 'kehuMingcheng',
    fieldType: 'string',
    maxLength: 100,
  },
  { jdbcName: 'is_paid', jdbcType: 'tinyint(1)', propertyName: 'isPaid', fieldType: 'switch', comment: '已付款' },
  { jdbcName: 'total', jdbcType: 'decimal(10,2)', propertyName: 'total', fieldType: 'money', comment: '合计' },
  { jdbcName: 'bill_time', jdbcType: 'datetime', propertyName: 'billTime', fieldType: 'datetime', comment: '单据时间' },
  { jdbcName: 'remark', jdbcType: 'text', propertyName: 'remark', fieldType: 'text', comment: '备注' },
];

export const MARIADB_LINE: Column[] = [
  { jdbcName: 'id', jdbcType: 'bigint(20)', propertyName: 'id', fieldType: 'id', isNullable: 0 },
  { jdbcName: 'bill_id', jdbcType: 'bigint(20)', propertyName: 'billId', fieldType: 'id', isNullable: 0 },
  {
    jdbcName: 'goods',
    jdbcType: 'varchar(64)',
    propertyName: 'goods',
    fieldType: 'string',
    maxLength: 64,
    comment: '货品',
  },
  { jdbcName: 'amount', jdbcType: 'decimal(10,2)', propertyName: 'amount', fieldType: 'money', comment: '金额' },
];
