import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { TENANT_SEED_BATCH } from '../../src/server/db/seed/seed.ts';
import type { Db } from '../../src/server/db/connect.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { copyTemplate, type DatabaseCopy } from '../support/database.ts';

/**
 * Issue 16: a start that owes thousands of tenants their rows (a new build adding a dictionary or a calendar year)
 * sets up a first batch before it serves and the rest in the background, batch by batch, instead of keeping the
 * server from listening for minutes.
 */
const BARE = TENANT_SEED_BATCH + 30;
let copy: DatabaseCopy | undefined;
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await copy?.drop();
});

/** The tenants holding calendar days, business dictionary rows and accounting subjects of their own. */
async function setUp(db: Db): Promise<{ calendars: string[]; dictionaries: string[]; charts: string[] }> {
  const holding = async (table: string) =>
    (
      await sql<{ tenant_id: string }>`select distinct tenant_id from ${sql.table(table)}
        where tenant_id like 'B%' order by tenant_id`.execute(db)
    ).rows.map((row) => row.tenant_id);
  return {
    calendars: await holding('blade_work_calendar'),
    dictionaries: await holding('blade_dict_biz'),
    charts: await holding('erp_subject'),
  };
}

describe('setting up tenants at start', () => {
  it('does a first batch before serving and the rest once the server serves', async () => {
    copy = await copyTemplate();
    const first = await startApp({}, copy);
    apps.push(first);
    // Tenants as a bulk load or an older build leaves them: no rows of their own.
    await sql`insert into blade_tenant (id, tenant_id, tenant_name, status, is_deleted)
      select 1900000000000000000 + g, 'B' || lpad(g::text, 5, '0'), '空租户 ' || g, 1, 0
      from generate_series(1, ${BARE}) g`.execute(first.services.db);
    await first.close();
    apps.pop();

    const second = await startApp({}, copy);
    apps.push(second);
    // The platform tenant and the tenants made by the template's seed sort before 'B…': they were set up before.
    const bare = Array.from({ length: BARE }, (_, i) => `B${String(i + 1).padStart(5, '0')}`);
    const before = await setUp(second.services.db);
    expect(before.calendars.length).toBeGreaterThan(0);
    expect(before.calendars.length).toBeLessThan(BARE);
    expect(before.calendars).toEqual(bare.slice(0, before.calendars.length));
    expect(before.dictionaries).toEqual(before.calendars);
    expect(before.charts).toEqual(before.calendars);

    // Serving (the first request makes it ready) starts the rest.
    expect((await second.login()).statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await setUp(second.services.db)).toEqual({ calendars: bare, dictionaries: bare, charts: bare }),
      { timeout: 60_000, interval: 200 },
    );
    // The same calendar as the platform tenant's.
    const days = await sql<{ tenant_id: string; days: number }>`select tenant_id, count(*)::int as days
      from blade_work_calendar where tenant_id in ('000000', ${bare[BARE - 1]}) group by tenant_id`.execute(
      second.services.db,
    );
    expect(days.rows).toHaveLength(2);
    expect(days.rows[0].days).toBe(days.rows[1].days);
  }, 180_000);
});
