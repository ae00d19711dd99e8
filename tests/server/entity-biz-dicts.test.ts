import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity } from '../../src/shared/entities/define.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { multipartFile, sheetOf, workbookOf } from '../support/uploads.ts';

/**
 * A field naming a business dictionary (`bizDict`) takes only the tenant's live keys, and reads carry the item's
 * label in the caller's language, joined in the same query as the row.
 */
const account = defineEntity({
  name: 'test-account',
  service: 'blade-desk',
  table: 'test_account',
  label: { zh: '测试往来', en: 'Test account' },
  code: 'test_account',
  tenant: true,
  audit: false,
  fields: {
    name: { type: 'string', max: 32, list: true, form: true, label: { zh: '名称', en: 'Name' }, required: true },
    customerType: {
      type: 'string',
      max: 32,
      bizDict: 'customer_type',
      list: true,
      form: true,
      label: { zh: '客户类型', en: 'Customer type' },
      required: true,
    },
    currency: {
      type: 'string',
      max: 32,
      bizDict: 'currency',
      default: 'CNY',
      form: true,
      label: { zh: '结算币种', en: 'Currency' },
    },
  },
  defaultSort: [['id', 'asc']],
});

/** A field holding several keys of one dictionary (`multiple`): an account's auxiliary dimensions. */
const ledger = defineEntity({
  name: 'test-ledger',
  service: 'blade-desk',
  table: 'test_ledger',
  label: { zh: '测试科目', en: 'Test ledger' },
  code: 'test_ledger',
  tenant: true,
  audit: false,
  excel: { file: { zh: '测试科目', en: 'Test ledger' }, import: true },
  fields: {
    name: { type: 'string', max: 32, list: true, form: true, export: true, label: { zh: '名称', en: 'Name' } },
    auxTypes: {
      type: 'string',
      max: 16,
      bizDict: 'aux_type',
      multiple: true,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '辅助核算', en: 'Auxiliary dimensions' },
    },
  },
  defaultSort: [['name', 'asc']],
});

const BASE = '/api/blade-desk/test-account';
const LEDGER = '/api/blade-desk/test-ledger';
const EN = { 'accept-language': 'en' };
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp({}, undefined, { entities: [account, ledger] });
  await sql`create table test_account (id bigint primary key, tenant_id varchar(12) not null, name varchar(32) not null,
    customer_type varchar(32) not null, currency varchar(32) not null default 'CNY', is_deleted int not null default 0)`.execute(
    t.services.db,
  );
  await sql`create table test_ledger (id bigint primary key, tenant_id varchar(12) not null, name varchar(32) not null,
    aux_types varchar(16) not null default '', is_deleted int not null default 0)`.execute(t.services.db);
  admin = await t.tokenOf();
}, 60_000);
afterAll(() => t?.stop());

describe('business dictionary fields', () => {
  it('refuse a key the tenant dictionary does not hold, in the caller language', async () => {
    expectError(await t.post(`${BASE}/submit`, admin, { name: 'x', customerType: '9' }), 400, '请选择客户类型');
    expectError(
      await t.post(`${BASE}/submit`, admin, { name: 'x', customerType: '1', currency: 'XXX' }, EN),
      400,
      'Please select currency',
    );
  });

  it('show the label in Chinese, or its en: label in English, and a tenant edit at once', async () => {
    const saved = expectOk(await t.post(`${BASE}/submit`, admin, { name: '一汽', customerType: '1' }));
    expect(saved).toMatchObject({
      customerType: '1',
      customerTypeName: '整车厂',
      currency: 'CNY',
      currencyName: '人民币',
    });
    const english = expectOk(await t.get(`${BASE}/page`, admin, EN)).records[0];
    expect(english).toMatchObject({ customerTypeName: 'OEM', currencyName: 'Chinese yuan' });
    await t.services.db
      .updateTable('blade_dict_biz')
      .set({ dict_value: '主机厂' })
      .where('tenant_id', '=', '000000')
      .where('code', '=', 'customer_type')
      .where('dict_key', '=', '1')
      .execute();
    expect(expectOk(await t.get(`${BASE}/detail?id=${saved.id}`, admin))).toMatchObject({ customerTypeName: '主机厂' });
  });

  it('refuse a key the tenant has deleted', async () => {
    await t.services.db
      .updateTable('blade_dict_biz')
      .set({ is_deleted: 1 })
      .where('tenant_id', '=', '000000')
      .where('code', '=', 'customer_type')
      .where('dict_key', '=', '5')
      .execute();
    expectError(await t.post(`${BASE}/submit`, admin, { name: 'y', customerType: '5' }), 400, '请选择客户类型');
  });
});

describe('a business dictionary field of several keys (multiple)', () => {
  const auxOf = async (name: string) =>
    (await sql<{ aux_types: string }>`select aux_types from test_ledger where name = ${name}`.execute(t.services.db))
      .rows[0]?.aux_types;
  const namesIn = async (query: string) =>
    expectOk(await t.get(`${LEDGER}/list?size=100&${query}`, admin)).records.map((r: { name: string }) => r.name);

  it('stores the keys as one list without spaces or repeats, in the order given, and names them in that order', async () => {
    const saved = expectOk(
      await t.post(`${LEDGER}/submit`, admin, { name: 'ar', auxTypes: ' customer , dept,customer' }),
    );
    expect(saved).toMatchObject({ auxTypes: 'customer,dept', auxTypesName: '客户,部门' });
    expect(await auxOf('ar')).toBe('customer,dept');
    expect(expectOk(await t.get(`${LEDGER}/detail?id=${saved.id}`, admin, EN))).toMatchObject({
      auxTypesName: 'Customer,Department',
    });
    const reversed = expectOk(await t.post(`${LEDGER}/submit`, admin, { name: 'ap', auxTypes: 'dept,supplier' }));
    expect(reversed.auxTypesName).toBe('部门,供应商');
    expect(expectOk(await t.post(`${LEDGER}/submit`, admin, { name: 'cash', auxTypes: ' , ' }))).toMatchObject({
      auxTypes: '',
      auxTypesName: '',
    });
  });

  it('refuses a list holding one unknown key, or longer than the column once tidied, and writes nothing', async () => {
    expectError(
      await t.post(`${LEDGER}/submit`, admin, { name: 'bad', auxTypes: 'customer,nope' }),
      400,
      '请选择辅助核算',
    );
    expectError(
      await t.post(`${LEDGER}/submit`, admin, { name: 'bad', auxTypes: 'nope' }, EN),
      400,
      'Please select auxiliary dimensions',
    );
    expectError(
      await t.post(`${LEDGER}/submit`, admin, { name: 'bad', auxTypes: 'customer,supplier' }),
      400,
      '辅助核算长度不能超过16',
    );
    expect(await auxOf('bad')).toBeUndefined();
  });

  it('finds the rows whose list holds a key, never a part of one', async () => {
    expect(await namesIn('auxTypes=dept')).toEqual(['ap', 'ar']);
    expect(await namesIn('auxTypes_equal=customer')).toEqual(['ar']);
    expect(await namesIn('auxTypes=supplier,dept')).toEqual(['ap']);
    expect(await namesIn('auxTypes=cust')).toEqual([]);
    expect(await namesIn('auxTypes_notequal=customer')).toEqual(['ap', 'cash']);
  });

  it('exports the names and imports lists of labels or keys', async () => {
    const sheet = await sheetOf(await t.get(`${LEDGER}/export-test-ledger?name=ar`, admin));
    expect(sheet).toEqual([
      ['名称', '辅助核算'],
      ['ar', '客户,部门'],
    ]);
    const file = await workbookOf([
      ['名称', '辅助核算'],
      ['imported', '客户、部门，customer'],
    ]);
    const body = multipartFile(file, {}, 'ledger.xlsx');
    expectOk(await t.post(`${LEDGER}/import-test-ledger`, admin, body.payload, body.headers));
    expect(await auxOf('imported')).toBe('customer,dept');
  });
});
