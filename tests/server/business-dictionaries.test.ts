import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/server/db/seed/seed.ts';
import { BUSINESS_DICTIONARIES, MODULES } from '../../src/server/modules/index.ts';
import { expectOk, startApp, type TestApp } from '../support/app.ts';
import { createTenant } from '../support/factories.ts';

/**
 * Issue 12: the business dictionaries of domain/README.md §4.2 (customer types, units, warehouses ...) exist in every
 * tenant, with their English labels, from its first day; a tenant's own edits survive restarts.
 */
const DICT_BIZ = '/api/blade-system/dict-biz/dictionary';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
}, 60_000);
afterAll(() => t?.stop());

const itemsOf = async (token: string, code: string) =>
  expectOk(await t.get(`${DICT_BIZ}?code=${code}`, token)) as Array<{
    dictKey: string;
    dictValue: string;
    remark: string;
  }>;

describe('business dictionaries', () => {
  it('are every one of domain/README.md §4.2, in the platform tenant, in order, with en labels', async () => {
    expect(BUSINESS_DICTIONARIES.map(([code]) => code)).toHaveLength(50);
    expect(await itemsOf(admin, 'customer_type')).toEqual([
      expect.objectContaining({ dictKey: '1', dictValue: '整车厂', remark: 'en:OEM' }),
      expect.objectContaining({ dictKey: '2', dictValue: '一级供应商', remark: 'en:Tier-1 supplier' }),
      expect.objectContaining({ dictKey: '3', dictValue: '售后市场', remark: 'en:Aftermarket' }),
      expect.objectContaining({ dictKey: '4', dictValue: '集团内关联方', remark: 'en:Group affiliate' }),
      expect.objectContaining({ dictKey: '5', dictValue: '其他', remark: 'en:Other' }),
    ]);
    expect((await itemsOf(admin, 'unit')).map((item) => item.dictKey)).toEqual([
      'PCS',
      'SET',
      'KG',
      'T',
      'M',
      'M2',
      'L',
      'BOX',
      'ROLL',
      'SHEET',
    ]);
    expect((await itemsOf(admin, 'inventory_biz_type')).map((item) => item.dictKey)).toEqual([
      '101',
      '102',
      '103',
      '104',
      '105',
      '106',
      '201',
      '202',
      '203',
      '204',
      '205',
      '206',
      '207',
    ]);
  });

  it('are given to a new tenant in the transaction that makes it', async () => {
    const sa = admin;
    const tenant = expectOk(
      await t.post('/api/blade-system/tenant/submit', sa, {
        tenantName: '字典租户',
        linkman: '王',
        contactNumber: '13800000000',
      }),
    );
    const boss = await t.tokenOf('admin', 'admin', tenant.tenantId);
    expect((await itemsOf(boss, 'warehouse')).map((item) => `${item.dictKey} ${item.dictValue}`)).toEqual([
      'RM 原材料库',
      'WIP 半成品库',
      'FG 成品库',
      'SP 备件库',
      'PK 包材库',
      'NG 不合格品库',
    ]);
  });

  it('are completed on the next start for a tenant that lacks rows, leaving its own edits and deletions alone', async () => {
    const db = t.services.db;
    await createTenant(t, '456789');
    await seed(db, MODULES);
    const live = () =>
      db.selectFrom('blade_dict_biz').selectAll().where('tenant_id', '=', '456789').where('code', '=', 'currency');
    const [cny, usd, eur] = await live().where('parent_id', '<>', '0').orderBy('sort').execute();
    await db.updateTable('blade_dict_biz').set({ dict_value: '人民币(本位币)' }).where('id', '=', cny.id).execute();
    await db.updateTable('blade_dict_biz').set({ is_deleted: 1 }).where('id', '=', usd.id).execute();
    await db.deleteFrom('blade_dict_biz').where('id', '=', eur.id).execute();
    await seed(db, MODULES);
    const after = await live().where('parent_id', '<>', '0').orderBy('sort').execute();
    expect(after.map((row) => [row.dict_key, row.dict_value, row.is_deleted])).toEqual([
      ['CNY', '人民币(本位币)', 0],
      ['USD', '美元', 1],
      ['EUR', '欧元', 0],
      ['JPY', '日元', 0],
      ['HKD', '港币', 0],
    ]);
    expect(await live().where('parent_id', '=', '0').execute()).toHaveLength(1);
  });
});
