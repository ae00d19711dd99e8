import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/calendar/working-days.ts';
import { formatDateTime } from '../../src/shared/contract/time.ts';
import { defineEntity } from '../../src/shared/entities/define.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

/**
 * Derived values declared in a definition (FieldDef `derive`, `copyFrom`), on a pair of test-only entities: a cell
 * with its rates and maintenance dates, and stations on it. Nothing but the definitions and their tables.
 */
const cell = defineEntity({
  name: 'test-cell',
  service: 'blade-desk',
  table: 'test_cell',
  label: { zh: '测试单元', en: 'Test cell' },
  code: 'test_cell',
  tenant: true,
  audit: false,
  display: 'cellName',
  fields: {
    cellCode: { type: 'string', max: 32, label: { zh: '单元编码', en: 'Cell code' }, required: true },
    cellName: { type: 'string', max: 64, label: { zh: '单元名称', en: 'Cell name' }, required: true },
    laborRate: { type: 'money', nullable: true, label: { zh: '人工费率', en: 'Labour rate' } },
    machineRate: { type: 'money', nullable: true, label: { zh: '设备费率', en: 'Machine rate' } },
    hourRate: {
      type: 'money',
      nullable: true,
      label: { zh: '综合费率', en: 'Hour rate' },
      derive: { compute: (r) => Number(r.laborRate ?? 0) + Number(r.machineRate ?? 0) },
    },
    lastDate: { type: 'date', nullable: true, label: { zh: '上次保养', en: 'Last maintenance' } },
    cycleDays: { type: 'int', nullable: true, label: { zh: '保养周期', en: 'Interval' } },
    nextDate: {
      type: 'date',
      nullable: true,
      label: { zh: '下次保养', en: 'Next maintenance' },
      derive: {
        compute: (r) => (r.lastDate && r.cycleDays ? addDays(String(r.lastDate), Number(r.cycleDays)) : null),
      },
    },
    overdue: {
      type: 'int',
      label: { zh: '保养逾期', en: 'Overdue' },
      derive: { today: (r, today) => (r.nextDate && String(r.nextDate) < today ? 1 : 0) },
    },
    stationCount: {
      type: 'int',
      label: { zh: '工位数', en: 'Stations' },
      derive: { aggregate: { entity: 'test-station', via: 'cellId', fn: 'count' } },
    },
    averageTime: {
      type: 'decimal',
      label: { zh: '平均工时', en: 'Average time' },
      derive: {
        aggregate: {
          entity: 'test-station',
          via: 'cellId',
          fn: 'avg',
          of: 'standardTime',
          except: { field: 'stationStatus', values: [3] },
        },
      },
    },
  },
  defaultSort: [['cellCode', 'asc']],
});

const station = defineEntity({
  name: 'test-station',
  service: 'blade-desk',
  table: 'test_station',
  label: { zh: '测试工位', en: 'Test station' },
  code: 'test_cell',
  tenant: true,
  audit: false,
  display: 'stationCode',
  fields: {
    stationCode: { type: 'string', max: 32, label: { zh: '工位编码', en: 'Station code' }, required: true },
    cellId: { type: 'id', nullable: true, ref: 'test-cell', label: { zh: '单元', en: 'Cell' } },
    cellCode: {
      type: 'string',
      max: 32,
      label: { zh: '单元编码', en: 'Cell code' },
      copyFrom: { ref: 'cellId', field: 'cellCode' },
    },
    standardTime: { type: 'decimal', label: { zh: '标准工时', en: 'Standard time' }, required: true },
    stationStatus: { type: 'int', default: 1, label: { zh: '状态', en: 'Status' } },
  },
  defaultSort: [['stationCode', 'asc']],
});

const TABLES = `
create table test_cell (id bigint primary key, tenant_id varchar(12) not null, cell_code varchar(32) not null,
  cell_name varchar(64) not null, labor_rate numeric(18,2), machine_rate numeric(18,2), hour_rate numeric(18,2),
  last_date date, cycle_days int, next_date date, is_deleted int not null default 0);
create table test_station (id bigint primary key, tenant_id varchar(12) not null, station_code varchar(32) not null,
  cell_id bigint, cell_code varchar(32) not null default '', standard_time numeric(10,2) not null,
  station_status int not null default 1, is_deleted int not null default 0);
select tenon_isolate_tenant_rows('test_cell');
select tenon_isolate_tenant_rows('test_station')`;

const CELL = '/api/blade-desk/test-cell';
const STATION = '/api/blade-desk/test-station';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp({}, undefined, { entities: [cell, station] });
  for (const statement of TABLES.split(';')) await sql.raw(statement).execute(t.services.db);
  admin = await t.tokenOf();
});
afterAll(() => t?.stop());

const today = () => formatDateTime().slice(0, 10);

describe('derived values', () => {
  it('are computed from the row as saved, on insert and on a partial update, whatever a body sends', async () => {
    const saved = expectOk(
      await t.post(`${CELL}/submit`, admin, {
        cellCode: 'C1',
        cellName: '点焊单元',
        laborRate: '45.50',
        machineRate: 30.25,
        hourRate: 1,
      }),
    );
    expect(saved).toMatchObject({ hourRate: 75.75, nextDate: '', overdue: 0, stationCount: 0, averageTime: 0 });
    const changed = expectOk(await t.post(`${CELL}/submit`, admin, { id: saved.id, laborRate: '50' }));
    expect(changed.hourRate).toBe(80.25);
  });

  it('work out dates, and what depends on today only when read', async () => {
    const last = addDays(today(), -40);
    const saved = expectOk(
      await t.post(`${CELL}/submit`, admin, { cellCode: 'C2', cellName: '冲压单元', lastDate: last, cycleDays: 30 }),
    );
    expect(saved).toMatchObject({ nextDate: addDays(last, 30), overdue: 1 });
    const serviced = expectOk(await t.post(`${CELL}/submit`, admin, { id: saved.id, lastDate: today() }));
    expect(serviced).toMatchObject({ nextDate: addDays(today(), 30), overdue: 0 });
    const cleared = expectOk(await t.post(`${CELL}/submit`, admin, { id: saved.id, cycleDays: '' }));
    expect(cleared).toMatchObject({ nextDate: '', overdue: 0 });
  });

  it('copy from the referenced row when it is set, and leave the typed value when it is not', async () => {
    const c3 = expectOk(await t.post(`${CELL}/submit`, admin, { cellCode: 'C3', cellName: '装配单元' })).id;
    const op10 = expectOk(
      await t.post(`${STATION}/submit`, admin, {
        stationCode: 'OP10',
        cellId: c3,
        cellCode: 'typed',
        standardTime: 12,
      }),
    );
    expect(op10).toMatchObject({ cellCode: 'C3', cellName: '装配单元' });
    const loose = expectOk(
      await t.post(`${STATION}/submit`, admin, { stationCode: 'OP90', cellCode: 'free', standardTime: 5 }),
    );
    expect(loose.cellCode).toBe('free');
    // A copy is what the row was saved with: the next save of the station takes the cell's new code.
    await t.post(`${CELL}/submit`, admin, { id: c3, cellCode: 'C3-NEW' });
    expect(expectOk(await t.get(`${STATION}/detail?id=${op10.id}`, admin)).cellCode).toBe('C3');
    expect(expectOk(await t.post(`${STATION}/submit`, admin, { id: op10.id, standardTime: 14 })).cellCode).toBe(
      'C3-NEW',
    );
  });

  it('aggregate the live rows pointing at a row, in lists and details, leaving out what the definition excepts', async () => {
    const c4 = expectOk(await t.post(`${CELL}/submit`, admin, { cellCode: 'C4', cellName: '总装单元' })).id;
    const add = async (code: string, time: number, status = 1) =>
      expectOk(
        await t.post(`${STATION}/submit`, admin, {
          stationCode: code,
          cellId: c4,
          standardTime: time,
          stationStatus: status,
        }),
      ).id;
    await add('A1', 10);
    await add('A2', 20);
    await add('A3', 90, 3);
    const gone = await add('A4', 30);
    expectOk(await t.post(`${STATION}/remove?ids=${gone}`, admin));
    expect(expectOk(await t.get(`${CELL}/detail?id=${c4}`, admin))).toMatchObject({ stationCount: 3, averageTime: 15 });
    const page = expectOk(await t.get(`${CELL}/list?cellCode=C4`, admin));
    expect(page.records[0]).toMatchObject({ cellCode: 'C4', stationCount: 3, averageTime: 15 });
    // Worked out on read, so not a column a list can sort or filter by.
    expectError(await t.get(`${CELL}/list?ascs=stationCount`, admin), 400);
    expect(expectOk(await t.get(`${CELL}/list?stationCount=99`, admin)).total).toBeGreaterThan(1);
  });
});
