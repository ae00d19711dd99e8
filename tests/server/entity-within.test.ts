import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity } from '../../src/shared/entities/define.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

/**
 * `within` (FieldDef): a reference's row belongs with the row pointing at it, on a pair of test-only entities: cells
 * of a plant's area, and slots that name a cell of their own plant and area. Nothing but the definitions and tables.
 */
const cell = defineEntity({
  name: 'test-wcell',
  service: 'blade-desk',
  table: 'test_wcell',
  label: { zh: '测试单元', en: 'Test cell' },
  code: 'test_wcell',
  tenant: true,
  audit: false,
  display: 'cellName',
  fields: {
    cellName: { type: 'string', max: 64, label: { zh: '单元名称', en: 'Cell name' }, required: true },
    plant: { type: 'string', max: 16, label: { zh: '工厂', en: 'Plant' }, required: true },
    area: { type: 'string', max: 16, label: { zh: '区域', en: 'Area' } },
  },
  defaultSort: [['cellName', 'asc']],
});

const MISMATCH = { zh: '单元不属于所选工厂区域', en: 'The cell is not in the selected plant area' };
const slot = defineEntity({
  name: 'test-wslot',
  service: 'blade-desk',
  table: 'test_wslot',
  label: { zh: '测试库位', en: 'Test slot' },
  code: 'test_wcell',
  tenant: true,
  audit: false,
  display: 'slotName',
  fields: {
    slotName: { type: 'string', max: 64, label: { zh: '库位名称', en: 'Slot name' }, required: true },
    plant: { type: 'string', max: 16, label: { zh: '工厂', en: 'Plant' } },
    area: { type: 'string', max: 16, label: { zh: '区域', en: 'Area' } },
    cellId: {
      type: 'id',
      nullable: true,
      ref: 'test-wcell',
      within: { match: { plant: 'plant', area: 'area' }, message: MISMATCH },
      label: { zh: '单元', en: 'Cell' },
    },
  },
  defaultSort: [['slotName', 'asc']],
});

const TABLES = `
create table test_wcell (id bigint primary key, tenant_id varchar(12) not null, cell_name varchar(64) not null,
  plant varchar(16) not null, area varchar(16) not null default '', is_deleted int not null default 0);
create table test_wslot (id bigint primary key, tenant_id varchar(12) not null, slot_name varchar(64) not null,
  plant varchar(16) not null default '', area varchar(16) not null default '', cell_id bigint,
  is_deleted int not null default 0);
select tenon_isolate_tenant_rows('test_wcell');
select tenon_isolate_tenant_rows('test_wslot')`;

const CELL = '/api/blade-desk/test-wcell';
const SLOT = '/api/blade-desk/test-wslot';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp({}, undefined, { entities: [cell, slot] });
  for (const statement of TABLES.split(';')) await sql.raw(statement).execute(t.services.db);
  admin = await t.tokenOf();
});
afterAll(() => t?.stop());

const saveCell = async (body: Record<string, unknown>) => expectOk(await t.post(`${CELL}/submit`, admin, body));

describe('within', () => {
  it('refuses a reference whose row does not hold the values of the paired fields, on insert and update', async () => {
    const a = await saveCell({ cellName: 'A', plant: '1010', area: 'W' });
    const b = await saveCell({ cellName: 'B', plant: '1020', area: 'W' });
    const saved = expectOk(
      await t.post(`${SLOT}/submit`, admin, { slotName: 'S1', plant: '1010', area: 'W', cellId: a.id }),
    );
    expect(saved).toMatchObject({ cellId: a.id, cellName: 'A' });
    // Another plant, another area, a blank paired field: nothing is saved.
    expectError(
      await t.post(`${SLOT}/submit`, admin, { slotName: 'S2', plant: '1010', area: 'W', cellId: b.id }),
      400,
      MISMATCH.zh,
    );
    expectError(
      await t.post(`${SLOT}/submit`, admin, { slotName: 'S2', plant: '1010', area: 'P', cellId: a.id }),
      400,
      MISMATCH.zh,
    );
    expectError(
      await t.post(`${SLOT}/submit`, admin, { slotName: 'S2', plant: '1010', cellId: a.id }),
      400,
      MISMATCH.zh,
    );
    expect(expectOk(await t.get(`${SLOT}/list?slotName=S2`, admin)).records).toEqual([]);
    // An update moving the reference, or the row's own paired field, is held to the rule as the row will be.
    expectError(await t.post(`${SLOT}/submit`, admin, { id: saved.id, cellId: b.id }), 400, MISMATCH.zh);
    expectError(await t.post(`${SLOT}/submit`, admin, { id: saved.id, plant: '1020' }), 400, MISMATCH.zh);
    expect(
      expectOk(await t.post(`${SLOT}/submit`, admin, { id: saved.id, plant: '1020', cellId: b.id })),
    ).toMatchObject({ plant: '1020', cellName: 'B' });
    // Without a reference there is nothing to match.
    expectOk(await t.post(`${SLOT}/submit`, admin, { slotName: 'S3', plant: '9999' }));
    // English message.
    expectError(
      await t.post(
        `${SLOT}/submit`,
        admin,
        { slotName: 'S4', plant: '1010', area: 'W', cellId: b.id },
        { 'accept-language': 'en' },
      ),
      400,
      MISMATCH.en,
    );
  });

  it('leaves an edit that writes neither the reference nor a paired field alone', async () => {
    const a = await saveCell({ cellName: 'C', plant: '1010', area: 'W' });
    const saved = expectOk(
      await t.post(`${SLOT}/submit`, admin, { slotName: 'S5', plant: '1010', area: 'W', cellId: a.id }),
    );
    // A row made inconsistent before the rule (old data): renaming it still works.
    await sql`update test_wslot set plant = '1030' where id = ${saved.id}`.execute(t.services.db);
    expectOk(await t.post(`${SLOT}/submit`, admin, { id: saved.id, slotName: 'S5b' }));
  });

  it('refuses changing a referenced row so that live rows pointing at it no longer match', async () => {
    const a = await saveCell({ cellName: 'D', plant: '1010', area: 'W' });
    const s = expectOk(
      await t.post(`${SLOT}/submit`, admin, { slotName: 'S6', plant: '1010', area: 'W', cellId: a.id }),
    );
    expectError(await t.post(`${CELL}/submit`, admin, { id: a.id, plant: '1020' }), 400, MISMATCH.zh);
    expectError(await t.post(`${CELL}/submit`, admin, { id: a.id, area: '' }), 400, MISMATCH.zh);
    // The same values sent back, and other fields, change freely.
    expectOk(await t.post(`${CELL}/submit`, admin, { id: a.id, cellName: 'D2', plant: '1010', area: 'W' }));
    // Once the slot moves along (or is deleted), the cell may move.
    expectOk(await t.post(`${SLOT}/remove?ids=${s.id}`, admin));
    expect(expectOk(await t.post(`${CELL}/submit`, admin, { id: a.id, plant: '1020' }))).toMatchObject({
      plant: '1020',
    });
  });
});
