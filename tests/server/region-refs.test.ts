import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity } from '../../src/shared/entities/define.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

/**
 * Regions are keyed by code, not by a generated id: other entities still point at them with `ref: 'region'` (a
 * customer's province, a warehouse's district), and get the engine's reference rules from that alone.
 */
const site = defineEntity({
  name: 'test-site',
  service: 'blade-desk',
  table: 'test_site',
  label: { zh: '测试场地', en: 'Test site' },
  code: 'test_site',
  tenant: true,
  audit: false,
  fields: {
    name: { type: 'string', max: 32, list: true, form: true, label: { zh: '场地名称', en: 'Site' }, required: true },
    districtCode: {
      type: 'string',
      max: 12,
      nullable: true,
      ref: 'region',
      list: true,
      form: true,
      label: { zh: '所在区县', en: 'District' },
    },
  },
  defaultSort: [['id', 'asc']],
});

const REGION = '/api/blade-system/region';
const SITE = '/api/blade-desk/test-site';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp({}, undefined, { entities: [site] });
  await sql`create table test_site (id bigint primary key, tenant_id varchar(12) not null, name varchar(32) not null,
    district_code varchar(12), is_deleted int not null default 0)`.execute(t.services.db);
  admin = await t.tokenOf();
}, 60_000);
afterAll(() => t?.stop());

describe('references to a keyed entity (regions by code)', () => {
  it('store the code, are checked against the divisions, and show the name in the same query', async () => {
    expectError(
      await t.post(`${SITE}/submit`, admin, { name: '仓库', districtCode: '119999' }),
      400,
      '所在区县不存在或无权访问',
    );
    const saved = expectOk(await t.post(`${SITE}/submit`, admin, { name: '东城仓', districtCode: '110101' }));
    expect(saved).toMatchObject({ districtCode: '110101', districtCodeName: '东城区' });
    const page = expectOk(await t.get(`${SITE}/page`, admin));
    expect(page.records).toEqual([expect.objectContaining({ name: '东城仓', districtCodeName: '东城区' })]);
  });

  it('are served by the generic picker: keyword search and the options of chosen codes, the code as the id', async () => {
    const found = expectOk(await t.get(`${REGION}/picker?keyword=${encodeURIComponent('东城')}`, admin));
    expect(found.records).toContainEqual({ id: '110101', title: '东城区' });
    const chosen = expectOk(await t.get(`${REGION}/picker?ids=11,110101`, admin));
    expect(chosen.records).toEqual(
      expect.arrayContaining([
        { id: '11', title: '北京市' },
        { id: '110101', title: '东城区' },
      ]),
    );
  });

  it('block deleting a division that a row references, and no longer once the row is gone', async () => {
    expectOk(await t.post(`${REGION}/submit`, admin, { parentCode: '1101', code: '110198', name: '测试区' }));
    const row = expectOk(await t.post(`${SITE}/submit`, admin, { name: '测试仓', districtCode: '110198' }));
    expectError(await t.post(`${REGION}/remove?id=110198`, admin), 400, '已被测试场地引用，不能删除');
    expectOk(await t.post(`${SITE}/remove?ids=${row.id}`, admin));
    expectOk(await t.post(`${REGION}/remove?id=110198`, admin));
  });

  it('list regions through the engine, with the parent name joined and the code as the id', async () => {
    const page = expectOk(await t.get(`${REGION}/list?parentCode=1101&size=2`, admin));
    expect(page.records[0]).toMatchObject({
      id: '110101',
      code: '110101',
      parentName: '市辖区',
      regionLevelName: '区县',
    });
    expectError(await t.get(`${REGION}/list?descs=id`, admin), 400);
    expect(page.records[0]).not.toHaveProperty('isDeleted');
  });
});
