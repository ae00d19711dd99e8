import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/server/platform/ids.ts';
import { Retention, RETENTION_BATCH } from '../../src/server/modules/log/retention.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

/**
 * Retention of log-like rows (issue 16): each tenant says how many days its error log and messages are kept (租户管理),
 * and the hourly sweep removes older rows in batches, tenant by tenant, leaving newer rows and other tenants alone.
 */
const TENANT = '/api/blade-system/tenant';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
});
afterAll(() => t?.stop());

const daysAgo = (days: number) => sql<string>`localtimestamp(0) - make_interval(days => ${days})`;

async function addRows(tenantId: string, ageDays: number, count: number) {
  for (let i = 0; i < count; i += 1000) {
    const n = Math.min(1000, count - i);
    const ids = Array.from({ length: n }, () => nextId());
    await t.services.db
      .insertInto('blade_log_error')
      .values(ids.map((id) => ({ id, tenant_id: tenantId, message: `old ${ageDays}`, create_time: daysAgo(ageDays) })))
      .execute();
    // The audit trail (0062) follows the logs' setting.
    const aged = ids.map((id) => ({ id, tenant_id: tenantId, create_time: daysAgo(ageDays) }));
    await t.services.db.insertInto('blade_log_api').values(aged).execute();
    await t.services.db.insertInto('blade_log_usual').values(aged).execute();
    await t.services.db
      .insertInto('blade_log_change')
      .values(aged.map((row) => ({ ...row, entity: 'post', record_id: '1', operation: 'update' })))
      .execute();
    await t.services.db
      .insertInto('blade_message')
      .values(
        ids.map((id) => ({
          id,
          tenant_id: tenantId,
          user_id: '1',
          content: `old ${ageDays}`,
          create_time: daysAgo(ageDays),
        })),
      )
      .execute();
  }
}

const countOf = async (table: 'blade_log_error' | 'blade_message', tenantId: string) =>
  Number(
    (
      await t.services.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('retention', () => {
  it("keeps each tenant's rows for the days its administrator set, removing older ones in batches", async () => {
    const created = expectOk(
      await t.post(`${TENANT}/submit`, admin, {
        tenantName: '保留租户',
        linkman: '张三',
        contactNumber: '13800000000',
        logRetentionDays: 30,
        messageRetentionDays: 7,
      }),
    ) as { id: string; tenantId: string; logRetentionDays: number };
    expect(created).toMatchObject({ logRetentionDays: 30, messageRetentionDays: 7 });
    expectError(await t.post(`${TENANT}/submit`, admin, { id: created.id, logRetentionDays: 0 }), 400, /日志保留天数/);
    const other = '000000'; // the defaults: 90 days of logs, 365 of messages

    await addRows(created.tenantId, 40, RETENTION_BATCH + 10); // more than a batch
    await addRows(created.tenantId, 10, 5);
    await addRows(other, 40, 3);
    await addRows(other, 100, 2);

    const sweeper = new Retention(t.services.db, t.services.kv, t.app.log, 'test');
    const removed = await sweeper.sweep();
    const logs = RETENTION_BATCH + 10 + 2;
    expect(removed).toEqual({
      blade_log_error: logs,
      blade_log_api: logs,
      blade_log_usual: logs,
      blade_log_change: logs,
      blade_message: RETENTION_BATCH + 15,
    });
    expect(await countOf('blade_log_error', created.tenantId)).toBe(5);
    expect(await countOf('blade_message', created.tenantId)).toBe(0);
    expect(await countOf('blade_log_error', other)).toBeGreaterThanOrEqual(3);
    expect(await sweeper.sweep()).toEqual({
      blade_log_error: 0,
      blade_log_api: 0,
      blade_log_usual: 0,
      blade_log_change: 0,
      blade_message: 0,
    });
  });
});
