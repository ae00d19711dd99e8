import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity } from '../../src/shared/entities/define.ts';
import { ApiError } from '../../src/server/platform/errors.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

/**
 * Reactions (ModuleManifest `reactions`, EntityService.react): other modules act on an entity's writes inside the
 * write's transaction, several of them on one entity, seeing the saved row and the row before it.
 */
const rate = defineEntity({
  name: 'test-rate',
  service: 'blade-desk',
  table: 'test_rate',
  label: { zh: '测试费率', en: 'Test rate' },
  code: 'test_rate',
  tenant: true,
  audit: false,
  fields: {
    rateCode: { type: 'string', max: 32, label: { zh: '费率编码', en: 'Rate code' }, required: true },
    amount: { type: 'decimal', label: { zh: '金额', en: 'Amount' }, required: true },
  },
  defaultSort: [['rateCode', 'asc']],
});

const TABLES = `
create table test_rate (id bigint primary key, tenant_id varchar(12) not null, rate_code varchar(32) not null,
  amount numeric(18,2) not null, is_deleted int not null default 0);
create table test_rate_log (tenant_id varchar(12) not null, note varchar(200) not null);
select tenon_isolate_tenant_rows('test_rate');
select tenon_isolate_tenant_rows('test_rate_log')`;

const RATE = '/api/blade-desk/test-rate';
let t: TestApp;
let admin: string;
const seen: string[] = [];

const log = async (t: TestApp) =>
  (await sql<{ note: string }>`select note from test_rate_log order by note`.execute(t.services.db)).rows.map(
    (r) => r.note,
  );

beforeAll(async () => {
  t = await startApp({}, undefined, { entities: [rate] });
  for (const statement of TABLES.split(';')) await sql.raw(statement).execute(t.services.db);
  const rates = t.services.entities.get('test-rate')!;
  // One module writes a row of its own in the same transaction.
  rates.react({
    async afterWrite(trx, user, row, before) {
      const note = `${before ? `${String(before.amount)}->` : 'new:'}${String(row.amount)}`;
      await sql`insert into test_rate_log (tenant_id, note) values (${user.tenantId}, ${note})`.execute(trx);
    },
    async afterRemove(trx, user, rows) {
      for (const row of rows)
        await sql`insert into test_rate_log values (${user.tenantId}, ${`gone:${String(row.rate_code)}`})`.execute(trx);
    },
  });
  // Another one refuses some writes: the whole write is undone, the first reaction's row included.
  rates.react({
    async afterWrite(_trx, _user, row) {
      seen.push(String(row.rate_code));
      if (Number(row.amount) > 1000) throw new ApiError(400, { zh: '金额过大', en: 'Too large' });
    },
  });
  admin = await t.tokenOf();
});
afterAll(() => t?.stop());

describe('reactions to an entity’s writes', () => {
  it('run after each insert and update, with the row before it, every reaction in turn', async () => {
    const saved = expectOk(await t.post(`${RATE}/submit`, admin, { rateCode: 'R1', amount: 10 }));
    expectOk(await t.post(`${RATE}/submit`, admin, { id: saved.id, amount: 12.5 }));
    expect(await log(t)).toEqual(['10.00->12.50', 'new:10.00']);
    expect(seen).toEqual(['R1', 'R1']);
  });

  it('refuse the write when one throws, undoing what the others wrote', async () => {
    expectError(await t.post(`${RATE}/submit`, admin, { rateCode: 'R2', amount: 5000 }), 400, '金额过大');
    expect(expectOk(await t.get(`${RATE}/list?rateCode=R2`, admin)).total).toBe(0);
    expect(await log(t)).toEqual(['10.00->12.50', 'new:10.00']);
  });

  it('see the deleted rows as they were', async () => {
    const saved = expectOk(await t.post(`${RATE}/submit`, admin, { rateCode: 'R3', amount: 1 }));
    expectOk(await t.post(`${RATE}/remove?ids=${saved.id}`, admin));
    expect(await log(t)).toContain('gone:R3');
  });
});
