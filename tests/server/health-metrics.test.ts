import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { migrationFiles } from '../../src/server/db/migrate.ts';
import { ROLE_POWER } from '../../src/server/platform/auth-context.ts';
import {
  GOVERNANCE_PATH,
  HEALTH_LIVE_PATH,
  HEALTH_READY_PATH,
  METRICS_PATH,
  type GovernanceStatus,
  type ProcessStatus,
} from '../../src/shared/contract/governance.ts';
import { expectError, expectOk, startApp, TEST_SECRET, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser } from '../support/factories.ts';

/**
 * Issue 15 item 4: liveness and readiness probes, Prometheus metrics, and the 服务治理 route showing the processes
 * that share one database. The database is closed by the last test, on purpose.
 */
const SCRAPE_TOKEN = 'scrape-0123456789-abcdefghijklmnopqrstuv';
const USER_ID = '1123598821738675201'; // the seeded administrator
const UNKNOWN_ID = '987654321987654321';

let t: TestApp;
let admin: string;
let tenantAdmin: string;
let platformAdmin: string;

beforeAll(async () => {
  t = await startApp({ TENON_METRICS_TOKEN: SCRAPE_TOKEN });
  admin = await t.tokenOf();
  ({ token: tenantAdmin } = await createTenantAdmin(t, '320001', ['admin'], 'hm_boss'));
  // An administrator of the platform tenant holding the menu's code, but not the super administrator.
  const role = await createRole(t, '000000', 'admin', ['admin'], [], ROLE_POWER.tenantAdmin);
  await createUser(t, { tenantId: '000000', account: 'hm_plat', password: 'pw', roleId: role });
  platformAdmin = await t.tokenOf('hm_plat', 'pw', '000000');
});
afterAll(() => t?.stop());

const scrape = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: METRICS_PATH, headers });
const metricsText = async () => {
  const res = await scrape({ authorization: `Bearer ${SCRAPE_TOKEN}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
const governance = async (): Promise<GovernanceStatus> => expectOk(await t.get(GOVERNANCE_PATH, admin));
const totalRequests = (process: ProcessStatus) => process.points.reduce((sum, point) => sum + point.requests, 0);

describe('health probes', () => {
  it('answers liveness without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: HEALTH_LIVE_PATH });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'UP' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers readiness with the checks it made: database and migrations (no Redis configured)', async () => {
    const res = await t.app.inject({ method: 'GET', url: HEALTH_READY_PATH });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'UP',
      checks: {
        database: { status: 'UP', ms: expect.any(Number) },
        migrations: { status: 'UP', ms: expect.any(Number) },
      },
    });
  });

  it('is not ready while a migration file is not recorded as applied, and ready again once it is', async () => {
    const last = migrationFiles().at(-1)!;
    await t.services.db.deleteFrom('tenon_migration').where('name', '=', last).execute();
    try {
      await expect.poll(async () => (await t.get(HEALTH_READY_PATH)).statusCode).toBe(503);
      expect((await t.get(HEALTH_READY_PATH)).json()).toEqual({
        status: 'DOWN',
        checks: {
          database: { status: 'UP', ms: expect.any(Number) },
          migrations: { status: 'DOWN', ms: expect.any(Number), error: 'pending', pending: [last] },
        },
      });
    } finally {
      await t.services.db.insertInto('tenon_migration').values({ name: last }).execute();
    }
    await expect.poll(async () => (await t.get(HEALTH_READY_PATH)).statusCode).toBe(200);
  });
});

describe('metrics', () => {
  it('refuses an anonymous caller, a tenant administrator, a platform administrator and a wrong token', async () => {
    expectError(await t.get(METRICS_PATH), 401);
    expectError(await t.get(METRICS_PATH, tenantAdmin), 403);
    expectError(await t.get(METRICS_PATH, platformAdmin), 403);
    expectError(await scrape({ authorization: `Bearer ${SCRAPE_TOKEN}x` }), 401);
    expectError(await scrape({ authorization: SCRAPE_TOKEN }), 401);
  });

  it('serves Prometheus text to the scrape token and to the super administrator', async () => {
    const res = await scrape({ authorization: `Bearer ${SCRAPE_TOKEN}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const bySuperAdmin = await t.get(METRICS_PATH, admin);
    expect(bySuperAdmin.statusCode, bySuperAdmin.body).toBe(200);
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_gc_duration_seconds',
      'nodejs_active_handles_total',
    ])
      expect(res.body).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    expect(res.body).toMatch(/^tenon_db_pool_connections\{state="busy"\} \d+$/m);
    expect(res.body).toMatch(/^tenon_db_pool_connections\{state="idle"\} \d+$/m);
    expect(res.body).toMatch(/^tenon_db_pool_waiting \d+$/m);
    const info = /^tenon_instance_info\{(.*)\} 1$/m.exec(res.body)?.[1];
    expect(info).toContain(`pid="${process.pid}"`);
    expect(info).toMatch(/instance_id="[0-9a-f-]{36}"/);
    expect(info).toMatch(/database="(pglite|postgres)",redis="no"/);
  });

  it('counts each route by its pattern, with a latency histogram, and every unmatched path under one label', async () => {
    for (let i = 0; i < 3; i++) expectOk(await t.get(`/api/blade-system/user/detail?id=${USER_ID}`, admin));
    for (let i = 0; i < 2; i++) expectError(await t.get(`/api/blade-nothing/${UNKNOWN_ID}/detail`, admin), 404);
    const text = await metricsText();
    const route = 'route="/api/blade-system/user/detail"';
    expect(text).toContain(`http_requests_total{method="GET",${route},status="200"} 3`);
    const buckets = text.split('\n').filter((line) => line.startsWith('http_request_duration_seconds_bucket{'));
    const detailBuckets = buckets.filter((line) => line.includes(route));
    expect(detailBuckets).toHaveLength(12); // 11 bounds and +Inf
    expect(detailBuckets.at(-1)).toMatch(/le="\+Inf".* 3$/);
    expect(text).toMatch(new RegExp(`^http_request_duration_seconds_count\\{method="GET",${route}\\} 3$`, 'm'));
    expect(text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status="404"\} \d+$/m);
    // Labels come from route patterns only: no id, no raw path.
    expect(text).not.toContain(USER_ID);
    expect(text).not.toContain(UNKNOWN_ID);
    expect(text).not.toContain('blade-nothing');
  });
});

describe('服务治理', () => {
  it('is the platform super administrator’s only', async () => {
    expectError(await t.get(GOVERNANCE_PATH), 401);
    expectError(await t.get(GOVERNANCE_PATH, tenantAdmin), 403);
    expectError(await t.get(GOVERNANCE_PATH, platformAdmin), 403);
  });

  it('shows this process online with its last hour and its readiness', async () => {
    for (let i = 0; i < 3; i++) expectOk(await t.get('/api/blade-auth/oauth/user-info', admin));
    const status = await governance();
    expect(status.readiness.status).toBe('UP');
    const [self, ...others] = status.processes;
    expect(others).toEqual([]);
    expect(self).toMatchObject({
      self: true,
      online: true,
      pid: process.pid,
      redis: false,
      database: t.services.database.kind,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(self.points.length).toBeGreaterThanOrEqual(1);
    expect(totalRequests(self)).toBeGreaterThanOrEqual(3);
    const now = self.points.at(-1)!;
    expect(now.at % 60_000).toBe(0);
    expect(now.rssMb).toBeGreaterThan(10);
    expect(now.heapUsedMb).toBeGreaterThan(1);
    expect(self.points.some((point) => point.requests > 0 && point.p95Ms! > 0)).toBe(true);
    // Its heartbeat row is in the database, where the other processes read it.
    const rows = await t.services.db.selectFrom('tenon_process').select(['instance_id', 'pid']).execute();
    expect(rows).toEqual([{ instance_id: self.instanceId, pid: process.pid }]);
  });

  describe('with a second server on the same database', () => {
    let second: App;
    let closed = false;

    beforeAll(async () => {
      // Rows of processes gone a few minutes (offline) and gone two days (pruned by the next heartbeat).
      const gone = (id: string, age: string) => ({
        instance_id: id,
        host: 'old-host',
        pid: 4242,
        version: '0.0.1',
        database_kind: 'postgres',
        redis: 1,
        started_at: sql<string>`localtimestamp(0) - cast(${age} as interval) - interval '1 hour'`,
        last_seen: sql<string>`localtimestamp(0) - cast(${age} as interval)`,
        snapshot: JSON.stringify({ points: [] }),
      });
      await t.services.db
        .insertInto('tenon_process')
        .values([gone('gone-minutes', '3 minutes'), gone('gone-days', '2 days')])
        .execute();
      // The same database object, which this second server must not close: the first one still uses it.
      const database = { ...t.testDb.database, close: async () => undefined };
      second = await buildApp(t.services.config, { database, logger: false });
    });
    afterAll(() => (closed ? undefined : second?.close()));

    it('shows both servers online, and a process silent for minutes offline; a day-old one is gone', async () => {
      for (let i = 0; i < 2; i++)
        expect((await second.app.inject({ method: 'GET', url: HEALTH_READY_PATH })).statusCode).toBe(200);
      const status = await governance();
      const byId = new Map(status.processes.map((p) => [p.instanceId, p]));
      expect(status.processes).toHaveLength(3);
      expect(status.processes[0].self).toBe(true);
      const other = status.processes.find((p) => !p.self && p.pid === process.pid)!;
      expect(other).toMatchObject({ online: true, self: false, host: status.processes[0].host });
      expect(other.instanceId).not.toBe(status.processes[0].instanceId);
      expect(other.points.length).toBeGreaterThanOrEqual(1);
      expect(byId.get('gone-minutes')).toMatchObject({ online: false, host: 'old-host', redis: true, points: [] });
      expect(byId.get('gone-minutes')!.lastSeenSeconds).toBeGreaterThanOrEqual(180);
      expect(byId.get('gone-minutes')!.uptimeSeconds).toBeGreaterThanOrEqual(3780);
      expect(byId.has('gone-days')).toBe(false);
    });

    it('no longer shows the second server once it has closed', async () => {
      const { instanceId } = second.app.metrics.identity;
      await second.close();
      closed = true;
      const status = await governance();
      expect(status.processes.map((p) => p.instanceId)).not.toContain(instanceId);
      expect(status.processes.filter((p) => p.online)).toHaveLength(1);
    });
  });
});

describe('configuration', () => {
  it('refuses a weak scrape token', () => {
    const env = { DATA_DIR: t.testDb.dataDir, TENON_JWT_SECRET: TEST_SECRET };
    expect(() => loadConfig({ ...env, TENON_METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, TENON_METRICS_TOKEN: `${SCRAPE_TOKEN} ${SCRAPE_TOKEN}` })).toThrow(
      /TENON_METRICS_TOKEN/,
    );
    expect(loadConfig({ ...env, TENON_METRICS_TOKEN: SCRAPE_TOKEN }).metricsToken).toBe(SCRAPE_TOKEN);
    expect(loadConfig(env).metricsToken).toBeUndefined();
  });
});

// Last: it closes the database under the running server.
describe('a server whose database is gone', () => {
  it('stays live but is not ready, naming the failed checks without any address', async () => {
    await t.testDb.database.close();
    const ready = async (): Promise<LightMyRequestResponse> => t.app.inject({ method: 'GET', url: HEALTH_READY_PATH });
    await expect.poll(async () => (await ready()).statusCode).toBe(503);
    const body = (await ready()).json();
    expect(body).toMatchObject({
      status: 'DOWN',
      checks: {
        database: { status: 'DOWN', error: 'unreachable' },
        migrations: { status: 'DOWN', error: 'unreachable' },
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/postgres:|\/tmp|tests\/\.tmp|pgdata/);
    expect((await t.app.inject({ method: 'GET', url: HEALTH_LIVE_PATH })).statusCode).toBe(200);
  });
});
