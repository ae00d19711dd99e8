import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity } from '../../src/shared/entities/define.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

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

const BASE = '/api/blade-desk/test-account';
const EN = { 'accept-language': 'en' };
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp({}, undefined, { entities: [account] });
  await sql`create table test_account (id bigint primary key, tenant_id varchar(12) not null, name varchar(32) not null,
    customer_type varchar(32) not null, currency varchar(32) not null default 'CNY', is_deleted int not null default 0)`.execute(
    t.services.db,
  );
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
