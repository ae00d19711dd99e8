import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapColumnType, propertyNameOf, unreachable } from '../../src/server/modules/develop/catalog.ts';
import { entityTableSql } from '../../src/server/modules/develop/entity-ddl.ts';
import { seedModelDemo } from '../../src/server/modules/develop/demo.ts';
import { modelToEntity, numericScale } from '../../src/shared/develop/model-entity.ts';
import { ApiError } from '../../src/server/platform/errors.ts';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { answers } from '../support/port.ts';
import { createTenantAdmin, crudCodes } from '../support/factories.ts';

const DEV = '/api/blade-develop';
const RUN = randomBytes(3).toString('hex');

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

type Field = Record<string, unknown> & { name: string };
const fieldOf = (info: { fields: Field[] }, name: string) => {
  const found = info.fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name} in ${info.fields.map((f) => f.name).join(', ')}`);
  return found;
};

const addSource = async (url: string, username: string, password: string) =>
  expectOk(
    await t.post(`${DEV}/datasource/submit`, admin, {
      name: `src-${randomBytes(2).toString('hex')}`,
      driverClass: 'x',
      url,
      username,
      password,
    }),
  ).id as string;

const addModel = async (modelTable: string, datasourceId?: string) =>
  expectOk(
    await t.post(`${DEV}/model/submit`, admin, {
      modelName: modelTable,
      modelCode: `m${randomBytes(4).toString('hex')}`,
      modelTable,
      ...(datasourceId ? { datasourceId } : {}),
    }),
  ).id as string;

describe("the console's own database", () => {
  const table = `model_probe_${RUN}`;
  beforeAll(async () => {
    const statements = [
      `create table ${table} (
        id bigint primary key,
        "order" varchar(40) not null,
        "用户名" varchar(20),
        amount numeric(12,3) not null default 0,
        price numeric(10,2),
        code varchar(30) not null,
        dept_id bigint references blade_dept (id),
        is_open boolean not null default false,
        born date,
        note text,
        extra uuid,
        tenant_id varchar(12) not null default '000000',
        create_time timestamp(0)
      )`,
      `comment on table ${table} is '探针'`,
      `comment on column ${table}."order" is '订单'`,
      // A column the index carries (INCLUDE) is not part of what is unique.
      `create unique index ${table}_code on ${table} (tenant_id, code) include (create_time)`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(t.services.db);
  });

  it('lists every table but the migration bookkeeping, with comments', async () => {
    const tables = expectOk(await t.get(`${DEV}/model/table-list`, admin));
    expect(tables).toContainEqual({ name: table, comment: '探针' });
    expect(tables).toContainEqual(expect.objectContaining({ name: 'blade_model' }));
    expect(tables.map((r: { name: string }) => r.name)).not.toContain('tenon_migration');
    expect(expectOk(await t.get(`${DEV}/model/table-list?datasourceId=0`, admin))).toEqual(tables);
  });

  it('maps columns: keywords and Chinese names, numeric precision, keys, uniques and references', async () => {
    const info = expectOk(await t.get(`${DEV}/model/table-info?tableName=${table}`, admin));
    expect(info).toMatchObject({ name: table, comment: '探针' });
    expect(fieldOf(info, 'id')).toMatchObject({ type: 'id', keyFlag: true, nullable: false, propertyType: 'Long' });
    expect(fieldOf(info, 'order')).toMatchObject({
      type: 'string',
      maxLength: 40,
      propertyName: 'order',
      comment: '订单',
      nullable: false,
      keyFlag: false,
    });
    expect(fieldOf(info, '用户名')).toMatchObject({ propertyName: 'yongHuMing', type: 'string', nullable: true });
    expect(fieldOf(info, 'amount')).toMatchObject({ type: 'decimal', precision: 12, scale: 3, hasDefault: true });
    expect(fieldOf(info, 'price')).toMatchObject({ type: 'money', precision: 10, scale: 2 });
    expect(fieldOf(info, 'code')).toMatchObject({ unique: true });
    expect(fieldOf(info, 'create_time').unique).toBeFalsy();
    expect(fieldOf(info, 'dept_id')).toMatchObject({
      type: 'id',
      propertyName: 'deptId',
      reference: { table: 'blade_dept', column: 'id' },
      refEntity: 'dept',
    });
    expect(fieldOf(info, 'is_open')).toMatchObject({ type: 'switch', propertyName: 'isOpen' });
    expect(fieldOf(info, 'born')).toMatchObject({ type: 'date' });
    expect(fieldOf(info, 'note')).toMatchObject({ type: 'text' });
    expect(fieldOf(info, 'create_time')).toMatchObject({ type: 'datetime' });
    expect(fieldOf(info, 'extra')).toMatchObject({ type: 'string', note: expect.stringContaining('uuid') });
  });

  it('derives prototype rows, saves them all or none, and lists them for pickers', async () => {
    const modelId = await addModel(table);
    const draft = expectOk(await t.get(`${DEV}/model/model-prototype?modelId=${modelId}`, admin));
    const row = (name: string) => draft.find((r: { jdbcName: string }) => r.jdbcName === name);
    expect(row('id')).toMatchObject({ isList: 0, isForm: 0, fieldType: 'id' });
    expect(row('create_time')).toMatchObject({ isList: 0, isForm: 0 });
    expect(row('order')).toMatchObject({ isList: 1, isForm: 1, isRequired: 1, isQuery: 1, queryType: 'like' });
    expect(row('note')).toMatchObject({ isList: 0, isForm: 1, componentType: 'textarea' });
    expect(row('dept_id')).toMatchObject({ refEntity: 'dept' });
    expect(row('amount')).toMatchObject({ fieldType: 'decimal', jdbcType: 'numeric(12,3)', isRequired: 0 });
    expect(expectOk(await t.get(`${DEV}/model-prototype/select?modelId=${modelId}`, admin))).toEqual([]);

    // One bad row: 400 naming it, nothing saved.
    const bad = draft.map((r: Record<string, unknown>, i: number) => (i === 2 ? { ...r, propertyName: '9x' } : r));
    expectError(
      await t.post(`${DEV}/model-prototype/submit-list`, admin, bad),
      400,
      /^第3行 实体属性: 实体属性须以小写字母开头/,
    );
    expect(expectOk(await t.get(`${DEV}/model-prototype/select?modelId=${modelId}`, admin))).toEqual([]);

    expectOk(await t.post(`${DEV}/model-prototype/submit-list`, admin, draft));
    const options = expectOk(await t.get(`${DEV}/model-prototype/select?modelId=${modelId}`, admin));
    expect(options).toHaveLength(draft.length);
    expect(options).toContainEqual({ label: '订单', value: 'order' });
    expect(options[0]).toEqual({ label: 'id', value: 'id' });

    // A refused save that also leaves a row out removes nothing: the removal is part of the same save.
    const refusedWithout = draft
      .filter((r: { jdbcName: string }) => r.jdbcName !== 'extra')
      .map((r: Record<string, unknown>, i: number) => (i === 2 ? { ...r, propertyName: '9x' } : r));
    expectError(await t.post(`${DEV}/model-prototype/submit-list`, admin, refusedWithout), 400, /^第3行/);
    expect(expectOk(await t.get(`${DEV}/model-prototype/select?modelId=${modelId}`, admin))).toHaveLength(draft.length);

    // Saving again updates in place; rows left out are removed.
    const edited = draft
      .filter((r: { jdbcName: string }) => r.jdbcName !== 'extra')
      .map((r: { jdbcName: string }) => (r.jdbcName === 'order' ? { ...r, comment: '订单号', isList: 0 } : r));
    expectOk(await t.post(`${DEV}/model-prototype/submit-list`, admin, edited));
    const saved = expectOk(await t.get(`${DEV}/model-prototype/list?modelId=${modelId}&size=100`, admin)).records;
    expect(saved).toHaveLength(draft.length - 1);
    expect(saved.find((r: { jdbcName: string }) => r.jdbcName === 'order')).toMatchObject({
      comment: '订单号',
      isList: 0,
    });

    const byModel = expectOk(await t.get(`${DEV}/model/table-info?modelId=${modelId}`, admin));
    expect(byModel.name).toBe(table);
  });

  it('refuses an unknown table, a missing parameter and rows of two models', async () => {
    expectError(
      await t.get(`${DEV}/model/table-info?tableName=no_such_${RUN}`, admin),
      400,
      `数据表不存在：no_such_${RUN}`,
    );
    expectError(await t.get(`${DEV}/model/table-info?tableName=tenon_migration`, admin), 400, /数据表不存在/);
    expectError(await t.get(`${DEV}/model/table-info`, admin), 400, /tableName/);
    const other = await addModel(`no_such_${RUN}`);
    expectError(await t.get(`${DEV}/model/model-prototype?modelId=${other}`, admin), 400, /数据表不存在/);
    expectError(
      await t.post(`${DEV}/model-prototype/submit-list`, admin, [
        { modelId: other, jdbcName: 'a', propertyName: 'a' },
        { modelId: '1', jdbcName: 'b', propertyName: 'b' },
      ]),
      400,
      '字段须属于同一个数据模型',
    );
    expectError(await t.get(`${DEV}/model/model-prototype?modelId=1`, admin), 400, '数据模型不存在');
  });
});

describe('column types, names and connection failures', () => {
  const column = (dataType: string, columnType: string, name = 'c') => ({
    name,
    dataType,
    columnType,
    comment: '',
    notNull: false,
    hasDefault: false,
  });
  it('maps types, the odd ones to string with a note', () => {
    expect(mapColumnType(column('bit', 'bit(1)'), false).type).toBe('switch');
    expect(mapColumnType(column('tinyint', 'tinyint(4)'), false).type).toBe('int');
    expect(mapColumnType(column('bigint', 'bigint(20) unsigned', 'owner_id'), false).type).toBe('id');
    expect(mapColumnType(column('float8', 'double precision'), false).type).toBe('decimal');
    expect(mapColumnType(column('year', 'year(4)'), false).type).toBe('int');
    expect(mapColumnType(column('geometry', 'geometry'), false)).toMatchObject({
      type: 'string',
      note: 'geometry → string',
    });
    expect(mapColumnType(column('', ''), false).type).toBe('string');
  });
  it('keeps the precision the catalog gave a column read as decimal, up to the DDL', () => {
    const types: [string, string][] = [
      ['bigint', 'bigint(20)'],
      ['bigint', 'bigint(20) unsigned'],
      ['int8', 'bigint'],
      ['float8', 'double precision'],
      ['double', 'double'],
      ['float', 'float(7,4)'],
      ['float4', 'real'],
      ['numeric', 'numeric(12,3)'],
      ['decimal', 'decimal(10,2)'],
    ];
    for (const [dataType, columnType] of types) {
      const { precision, scale } = mapColumnType(column(dataType, columnType), false);
      expect(numericScale(columnType), columnType).toEqual({ precision, scale });
    }
    expect(numericScale('varchar(20)')).toBeUndefined();
    expect(numericScale('int')).toBeUndefined();
    const rows = [
      { jdbcName: 'big_count', jdbcType: 'bigint(20)', propertyName: 'bigCount', fieldType: 'decimal' },
      { jdbcName: 'ratio', jdbcType: 'double precision', propertyName: 'ratio', fieldType: 'decimal' },
    ];
    const entity = modelToEntity({ modelName: '计数', modelCode: 'counted', modelTable: 'counted' }, rows, {
      service: 'blade-develop',
    });
    const ddl = entityTableSql(entity, { bigCount: numericScale('bigint(20)')!, ratio: numericScale('double')! });
    expect(ddl).toMatch(/"big_count" numeric\(19, ?0\)/);
    expect(ddl).toMatch(/"ratio" numeric\(18, ?4\)/);
  });
  it('makes properties of any column name', () => {
    expect(propertyNameOf('ORDER_NO')).toBe('orderNo');
    expect(propertyNameOf('userName')).toBe('userName');
    expect(propertyNameOf('2nd_col')).toBe('f2ndCol');
    expect(propertyNameOf('客户_id')).toBe('keHuId');
    expect(propertyNameOf('$')).toBe('field');
  });
  it('says why a source failed without its driver text', () => {
    const textOf = (error: unknown) =>
      (unreachable({ host: 'h', port: 1, database: 'd' }, error) as ApiError).textIn('zh');
    expect(textOf(Object.assign(new Error('x'), { code: 'ETIMEDOUT' }))).toBe('无法连接数据源 h:1/d：连接超时');
    expect(textOf(new Error('Connection terminated unexpectedly'))).toBe('无法连接数据源 h:1/d：连接被中断');
    expect(textOf(Object.assign(new Error('secret url'), { code: '42501' }))).toBe(
      '无法连接数据源 h:1/d：连接失败（42501）',
    );
    expect(textOf('?')).toBe('无法连接数据源 h:1/d：连接失败');
  });
});

describe('the demo', () => {
  it('adds a model over 包装规格 with its fields labelled, once', async () => {
    expect(await seedModelDemo(t.services.db)).toEqual(['1 data model']);
    expect(await seedModelDemo(t.services.db)).toEqual(['0 data models']);
    const page = expectOk(await t.get(`${DEV}/model/list?modelCode=packagingdemo`, admin));
    expect(page.records).toEqual([expect.objectContaining({ modelTable: 'erp_packaging', datasourceId: null })]);
    const options = expectOk(await t.get(`${DEV}/model-prototype/select?modelId=${page.records[0].id}`, admin));
    expect(options.length).toBeGreaterThan(3);
    // Every column labelled from the entity (the label is the column only where none is known).
    expect(options.filter((o: { label: string; value: string }) => o.label === o.value)).toEqual([]);
  });
});

describe('an unreachable data source', () => {
  it('answers 400 naming host, port and database, never the password', async () => {
    for (const scheme of ['mysql', 'postgresql']) {
      const id = await addSource(`jdbc:${scheme}://127.0.0.1:1/test?useSSL=false`, 'root', 'Pw-secret-9');
      const res = await t.get(`${DEV}/model/table-list?datasourceId=${id}`, admin);
      expectError(res, 400, '无法连接数据源 127.0.0.1:1/test：连接被拒绝');
      expect(res.body).not.toContain('Pw-secret-9');
      const en = await t.get(`${DEV}/model/table-list?datasourceId=${id}`, admin, { 'accept-language': 'en' });
      expect(en.json().msg).toBe('Cannot connect to the data source 127.0.0.1:1/test: connection refused');
    }
    const odd = await addSource('jdbc:oracle:thin:@db:1521:x', 'a', 'b');
    expectError(await t.get(`${DEV}/model/table-list?datasourceId=${odd}`, admin), 400, /不受支持/);
    expectError(await t.get(`${DEV}/model/table-list?datasourceId=42`, admin), 400, '数据源不存在');
  });
});

describe('PostgreSQL data source', async () => {
  const up = await answers(5432);
  if (!up) console.log('PostgreSQL at 127.0.0.1:5432 does not answer: its cases are skipped');
  const database = `tenon_model_${RUN}`;
  const admin_ = () => new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });

  beforeAll(async () => {
    if (!up) return;
    const c = admin_();
    await c.connect();
    await c.query(`create database ${database}`);
    await c.end();
    const d = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
    await d.connect();
    await d.query(`create table customer (id int primary key, name varchar(50) not null);
      create table "订单" (
        id bigint primary key, customer_id int references customer (id), "select" varchar(10),
        total numeric(14,2), qty int not null, big_count bigint, at timestamptz, flag boolean, payload jsonb,
        code char(6) unique);
      comment on column "订单".total is '金额';`);
    await d.end();
  });
  afterAll(async () => {
    if (!up) return;
    const c = admin_();
    await c.connect();
    await c.query(`drop database if exists ${database} with (force)`);
    await c.end();
  });

  it.skipIf(!up)('reads tables and columns of another PostgreSQL database', async () => {
    const id = await addSource(`jdbc:postgresql://127.0.0.1:5432/${database}`, 'postgres', 'unused');
    const tables = expectOk(await t.get(`${DEV}/model/table-list?datasourceId=${id}`, admin));
    expect(tables.map((r: { name: string }) => r.name)).toEqual(['customer', '订单']);
    const info = expectOk(await t.get(`${DEV}/model/table-info?tableName=订单&datasourceId=${id}`, admin));
    expect(fieldOf(info, 'id')).toMatchObject({ type: 'id', keyFlag: true });
    expect(fieldOf(info, 'customer_id')).toMatchObject({
      reference: { table: 'customer', column: 'id' },
      refEntity: '',
      type: 'int',
    });
    expect(fieldOf(info, 'select')).toMatchObject({ propertyName: 'select', maxLength: 10 });
    expect(fieldOf(info, 'total')).toMatchObject({ type: 'money', comment: '金额' });
    expect(fieldOf(info, 'qty')).toMatchObject({ type: 'int', nullable: false });
    expect(fieldOf(info, 'big_count')).toMatchObject({ type: 'decimal', precision: 19, scale: 0 });
    expect(fieldOf(info, 'at')).toMatchObject({ type: 'datetime' });
    expect(fieldOf(info, 'flag')).toMatchObject({ type: 'switch' });
    expect(fieldOf(info, 'payload')).toMatchObject({ type: 'text' });
    expect(fieldOf(info, 'code')).toMatchObject({ type: 'string', maxLength: 6, unique: true });

    const modelId = await addModel('订单', id);
    const draft = expectOk(await t.get(`${DEV}/model/model-prototype?modelId=${modelId}`, admin));
    expectOk(await t.post(`${DEV}/model-prototype/submit-list`, admin, draft));
    expect(expectOk(await t.get(`${DEV}/model-prototype/select?modelId=${modelId}`, admin))).toContainEqual({
      label: '金额',
      value: 'total',
    });
  });
});

describe('MariaDB data source', async () => {
  const up = await answers(3306);
  if (!up) console.log('MariaDB at 127.0.0.1:3306 does not answer: its cases are skipped');
  const user = `tenon_m_${RUN}`;
  const password = `pw-${RUN}-Secret`;
  const root = () => mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
  const parent = `mparent_${RUN}`;
  const child = `mchild_${RUN}`;

  beforeAll(async () => {
    if (!up) return;
    const c = await root();
    await c.query(`create table ${parent} (id bigint primary key, name varchar(30)) comment '上级'`);
    await c.query(`create table ${child} (
      id bigint not null auto_increment primary key,
      parent_id bigint, foreign key (parent_id) references ${parent} (id),
      is_ok tinyint(1) not null default 0 comment '是否可用',
      level tinyint, price decimal(10,2) comment '价格', rate decimal(8,5), happened datetime, body text,
      attrs json, \`key\` varchar(12) not null, unique key uk_key (\`key\`), \`名称\` varchar(20), colour enum('r','g'))
      comment '明细'`);
    await c.query(`create user '${user}'@'127.0.0.1' identified by '${password}'`);
    await c.query(`grant select on test.* to '${user}'@'127.0.0.1'`);
    await c.end();
  });
  afterAll(async () => {
    if (!up) return;
    const c = await root();
    await c.query(`drop table if exists ${child}, ${parent}`);
    await c.query(`drop user if exists '${user}'@'127.0.0.1'`);
    await c.end();
  });

  it.skipIf(!up)('reads tables and columns of a MariaDB database', async () => {
    const id = await addSource('jdbc:mariadb://127.0.0.1:3306/test', user, password);
    const tables = expectOk(await t.get(`${DEV}/model/table-list?datasourceId=${id}`, admin));
    expect(tables).toContainEqual({ name: child, comment: '明细' });
    const info = expectOk(await t.get(`${DEV}/model/table-info?tableName=${child}&datasourceId=${id}`, admin));
    expect(info).toMatchObject({ name: child, comment: '明细' });
    expect(fieldOf(info, 'id')).toMatchObject({ type: 'id', keyFlag: true, hasDefault: true });
    expect(fieldOf(info, 'parent_id')).toMatchObject({ type: 'id', reference: { table: parent, column: 'id' } });
    expect(fieldOf(info, 'is_ok')).toMatchObject({ type: 'switch', comment: '是否可用', nullable: false });
    expect(fieldOf(info, 'level')).toMatchObject({ type: 'int' });
    expect(fieldOf(info, 'price')).toMatchObject({ type: 'money', precision: 10, scale: 2, comment: '价格' });
    expect(fieldOf(info, 'rate')).toMatchObject({ type: 'decimal', precision: 8, scale: 5 });
    expect(fieldOf(info, 'happened')).toMatchObject({ type: 'datetime' });
    expect(fieldOf(info, 'body')).toMatchObject({ type: 'text' });
    expect(fieldOf(info, 'attrs')).toMatchObject({ type: 'text' });
    expect(fieldOf(info, 'key')).toMatchObject({ propertyName: 'key', unique: true, maxLength: 12 });
    expect(fieldOf(info, '名称')).toMatchObject({ propertyName: 'mingCheng' });
    expect(fieldOf(info, 'colour')).toMatchObject({ type: 'string', note: expect.stringContaining('enum') });
    expectError(
      await t.get(`${DEV}/model/table-info?tableName=nope_${RUN}&datasourceId=${id}`, admin),
      400,
      `数据表不存在：nope_${RUN}`,
    );

    const wrong = await addSource('jdbc:mysql://127.0.0.1:3306/test', user, 'not-the-password');
    const res = await t.get(`${DEV}/model/table-list?datasourceId=${wrong}`, admin);
    expectError(res, 400, '无法连接数据源 127.0.0.1:3306/test：用户名或密码错误');
    expect(res.body).not.toContain('not-the-password');
  });
});

describe('access', () => {
  it('refuses a tenant administrator, even holding the codes', async () => {
    const { token } = await createTenantAdmin(t, '700002', crudCodes('model'), 'model_boss');
    expectError(await t.get(`${DEV}/model/table-list`, token), 403);
    expectError(await t.get(`${DEV}/model/table-info?tableName=blade_user`, token), 403);
    expectError(await t.get(`${DEV}/model/model-prototype?modelId=1`, token), 403);
    expectError(await t.post(`${DEV}/model-prototype/submit-list`, token, []), 403);
    expectError(await t.get(`${DEV}/model-prototype/select?modelId=1`, token), 403);
  });
});
