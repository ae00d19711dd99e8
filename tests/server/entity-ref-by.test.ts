import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity, type EntityDef } from '../../src/shared/entities/define.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

/**
 * A reference whose target another field of the row chooses (FieldDef `refBy`), on test-only entities: a deal's
 * party is a buyer when its kind is 2, else a maker. The id check, the joined names, the copy of the name and the
 * delete guards of both targets follow the row's kind. Nothing but the definitions and their tables.
 */
const party = (name: string, table: string, zh: string): EntityDef =>
  defineEntity({
    name,
    service: 'blade-desk',
    table,
    label: { zh, en: name },
    code: 'test_deal',
    tenant: true,
    audit: false,
    display: 'partyName',
    fields: { partyName: { type: 'string', max: 64, label: { zh: '名称', en: 'Name' }, required: true } },
    defaultSort: [['partyName', 'asc']],
  });
const maker = party('test-maker', 'test_maker', '测试制造商');
const buyer = party('test-buyer', 'test_buyer', '测试买方');

const deal = defineEntity({
  name: 'test-deal',
  service: 'blade-desk',
  table: 'test_deal',
  label: { zh: '测试交易', en: 'Test deal' },
  code: 'test_deal',
  tenant: true,
  audit: false,
  display: 'dealNo',
  fields: {
    dealNo: { type: 'string', max: 32, label: { zh: '交易号', en: 'Deal no.' }, required: true },
    kind: { type: 'int', nullable: true, label: { zh: '类型', en: 'Kind' } },
    partyId: {
      type: 'id',
      ref: 'test-maker',
      refBy: { field: 'kind', targets: { '2': 'test-buyer' } },
      shows: 'partyLabel',
      label: { zh: '往来方', en: 'Party' },
      required: true,
    },
    partyName: {
      type: 'string',
      max: 64,
      readonly: true,
      copyFrom: { ref: 'partyId' },
      label: { zh: '往来方名称', en: 'Party name' },
    },
  },
  defaultSort: [['dealNo', 'asc']],
});

const TABLES = `
create table test_maker (id bigint primary key, tenant_id varchar(12) not null, party_name varchar(64) not null,
  is_deleted int not null default 0);
create table test_buyer (id bigint primary key, tenant_id varchar(12) not null, party_name varchar(64) not null,
  is_deleted int not null default 0);
create table test_deal (id bigint primary key, tenant_id varchar(12) not null, deal_no varchar(32) not null, kind int,
  party_id bigint not null, party_name varchar(64) not null default '', is_deleted int not null default 0);
select tenon_isolate_tenant_rows('test_maker');
select tenon_isolate_tenant_rows('test_buyer');
select tenon_isolate_tenant_rows('test_deal')`;

const DESK = '/api/blade-desk';
let t: TestApp;
let admin: string;
type Row = Record<string, unknown> & { id: string };
const save = async (name: string, body: Record<string, unknown>): Promise<Row> =>
  expectOk(await t.post(`${DESK}/${name}/submit`, admin, body));
const MISSING = '往来方不存在或无权访问';

let acme: Row;
let globex: Row;
beforeAll(async () => {
  t = await startApp({}, undefined, { entities: [maker, buyer, deal] });
  for (const statement of TABLES.split(';')) await sql.raw(statement).execute(t.services.db);
  admin = await t.tokenOf();
  acme = await save('test-maker', { partyName: '制造商甲' });
  globex = await save('test-buyer', { partyName: '买方乙' });
});
afterAll(() => t?.stop());

describe('a reference chosen by another field', () => {
  it('points at the entity the row chooses: checked, named and copied from it', async () => {
    const sold = await save('test-deal', { dealNo: 'D1', kind: 2, partyId: globex.id });
    expect(sold).toMatchObject({ partyLabel: '买方乙', partyName: '买方乙' });
    // Any other value, or none, chooses `ref`.
    expect(await save('test-deal', { dealNo: 'D2', kind: 1, partyId: acme.id })).toMatchObject({
      partyLabel: '制造商甲',
      partyName: '制造商甲',
    });
    expect(await save('test-deal', { dealNo: 'D3', partyId: acme.id })).toMatchObject({ partyLabel: '制造商甲' });
    // The joined name is the target's current one; the copy is taken again on the next save.
    await save('test-buyer', { id: globex.id, partyName: '买方乙(新)' });
    expect(expectOk(await t.get(`${DESK}/test-deal/detail?id=${sold.id}`, admin))).toMatchObject({
      partyLabel: '买方乙(新)',
      partyName: '买方乙',
    });
    expect(await save('test-deal', { id: sold.id, dealNo: 'D1' })).toMatchObject({ partyName: '买方乙(新)' });
  });

  it("refuses an id of the other entity, and another tenant's, also when only the choosing field changes", async () => {
    expectError(
      await t.post(`${DESK}/test-deal/submit`, admin, { dealNo: 'X', kind: 2, partyId: acme.id }),
      400,
      MISSING,
    );
    expectError(
      await t.post(`${DESK}/test-deal/submit`, admin, { dealNo: 'X', kind: 1, partyId: globex.id }),
      400,
      MISSING,
    );
    expectError(await t.post(`${DESK}/test-deal/submit`, admin, { dealNo: 'X', partyId: globex.id }), 400, MISSING);
    const saved = await save('test-deal', { dealNo: 'D4', kind: 1, partyId: acme.id });
    expectError(await t.post(`${DESK}/test-deal/submit`, admin, { id: saved.id, kind: 2 }), 400, MISSING);
    // Another tenant's buyer (written past the engine).
    const theirs = '777000000000000001';
    await sql`insert into test_buyer (id, tenant_id, party_name) values (${theirs}, '600031', '他人的买方')`.execute(
      t.services.db,
    );
    const foreign = { dealNo: 'X', kind: 2, partyId: theirs };
    expectError(await t.post(`${DESK}/test-deal/submit`, admin, foreign), 400, MISSING);
  });

  it('keeps each target from being deleted only by the rows that choose it', async () => {
    const lone = await save('test-maker', { partyName: '制造商丙' });
    const other = await save('test-buyer', { partyName: '买方丁' });
    const held = await save('test-deal', { dealNo: 'D5', kind: 2, partyId: other.id });
    expectError(await t.post(`${DESK}/test-buyer/remove?ids=${other.id}`, admin), 400, '已被测试交易引用，不能删除');
    // A row holding the buyer's id while choosing the maker (written past the engine) points at no buyer.
    await sql`update test_deal set kind = 1 where id = ${held.id}`.execute(t.services.db);
    expectOk(await t.post(`${DESK}/test-buyer/remove?ids=${other.id}`, admin));
    // A row choosing the maker by no kind at all holds the maker.
    await sql`update test_deal set kind = null, party_id = ${lone.id} where id = ${held.id}`.execute(t.services.db);
    expectError(await t.post(`${DESK}/test-maker/remove?ids=${lone.id}`, admin), 400, '已被测试交易引用，不能删除');
    await sql`update test_deal set kind = 2 where id = ${held.id}`.execute(t.services.db);
    expectOk(await t.post(`${DESK}/test-maker/remove?ids=${lone.id}`, admin));
  });
});
