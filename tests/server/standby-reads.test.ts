import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { asBookkeeping, newRequestContext, onDatabase, runInContext } from '../../src/server/db/tenant-context.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { TMP_DIR } from '../support/database.ts';
import { createUser } from '../support/factories.ts';
import { PG_BIN, startPrimary, startStandby, stopAll, type PgServer } from '../support/pg-servers.ts';
import { addPostgresSource } from '../support/placement.ts';

/**
 * Issue 39 point 2: a data source names a streaming-replication standby, and so does the main database; lists read
 * there, writes and transactions go to the primary, and a user reads his own writes at once. A standby whose replay is
 * paused shows which server answered: a row written on the primary alone is missing from a list the standby serves.
 */
const SYS = '/api/blade-system';
const DS = '/api/blade-develop/datasource';

describe("the main database's standbys in the configuration", () => {
  const env = { DATABASE_URL: 'postgres://app@db/tenon', TENON_JWT_SECRET: 'x'.repeat(40) };

  it('takes comma-separated postgres:// URLs and a lag bound in MB', () => {
    const config = loadConfig({
      ...env,
      DATABASE_STANDBY_URLS: ' postgres://app@replica-1/tenon, postgresql://app@replica-2:6432/tenon ',
      TENON_STANDBY_MAX_LAG_MB: '64',
    });
    expect(config.standbyUrls).toEqual(['postgres://app@replica-1/tenon', 'postgresql://app@replica-2:6432/tenon']);
    expect(config.standbyMaxLagMb).toBe(64);
    expect(loadConfig(env)).toMatchObject({ standbyUrls: [], standbyMaxLagMb: 16 });
  });

  it('refuses a standby that is no PostgreSQL URL, or standbys of the embedded database', () => {
    expect(() => loadConfig({ ...env, DATABASE_STANDBY_URLS: 'mysql://replica/tenon' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ TENON_JWT_SECRET: env.TENON_JWT_SECRET, DATABASE_STANDBY_URLS: 'postgres://replica/tenon' }),
    ).toThrow(ConfigError);
  });
});

describe.skipIf(!PG_BIN)('reads from the standbys of a tenant database and of the main one', () => {
  let main: PgServer;
  let mainStandby: PgServer;
  let second: PgServer;
  let standby: PgServer;
  let t: TestApp;
  let admin: string;
  let sourceId: string;
  let placed: string;
  /** The placed tenant's administrator, who writes through the app. */
  let writer: string;
  /** A user of the same tenant who writes nothing. */
  let reader: string;
  let onMain: string;
  /** The administrator of a tenant on the main database. */
  let mainReader: string;
  const dataDir = join(TMP_DIR, `standby-reads-${process.pid}`);

  const addPost = (token: string, postName: string) =>
    t.post(`${SYS}/post/submit`, token, { category: 1, postCode: postName.slice(0, 12), postName, sort: 1 });
  const postNames = async (token: string) =>
    (expectOk(await t.get(`${SYS}/post/list?size=100`, token)).records as { postName: string }[]).map(
      (row) => row.postName,
    );
  /** A post written on a primary by hand: no user of the app wrote it, so none must read it there. */
  const writeOnPrimary = (postName: string, server = second, tenantId = placed) =>
    server.query(
      `insert into blade_post (id, tenant_id, category, post_code, post_name, sort) values ($1, $2, 1, $3, $3, 1)`,
      [nextId(), tenantId, postName],
    );
  const ready = async () => (await t.get('/api/health/ready')).json();
  const standbyCheck = async () => (await ready()).datasources?.[0]?.standbys?.[0];
  const standbyUsed = () => expect.poll(async () => (await standbyCheck())?.status, { timeout: 30_000 }).toBe('UP');

  beforeAll(async () => {
    [main, second] = await Promise.all([startPrimary('main'), startPrimary('second')]);
    [mainStandby, standby] = await Promise.all([
      startStandby(main, 'main-standby'),
      startStandby(second, 'second-standby'),
    ]);
    mkdirSync(dataDir, { recursive: true });
    t = await startApp(
      { DATABASE_URL: main.url() },
      {
        dataDir,
        databaseUrl: main.url(),
        standbyUrls: [mainStandby.url()],
        drop: async () => rmSync(dataDir, { recursive: true, force: true }),
      },
    );
    admin = await t.tokenOf();
    sourceId = await addPostgresSource(t, admin, second, { standbyUrls: standby.jdbcUrl() });
    const tenant = { tenantName: '备库租户', linkman: '张三', contactNumber: '13800000000' };
    placed = expectOk(await t.post(`${SYS}/tenant/submit`, admin, { ...tenant, datasourceId: sourceId })).tenantId;
    onMain = expectOk(await t.post(`${SYS}/tenant/submit`, admin, { ...tenant, tenantName: '主库租户' })).tenantId;
    mainReader = await t.tokenOf('admin', 'admin', onMain);
    writer = await t.tokenOf('admin', 'admin', placed);
    const [{ role_id: roleId }] = await second.query(`select role_id from blade_user where tenant_id = $1`, [placed]);
    await onDatabase(sourceId, () => createUser(t, { tenantId: placed, account: 'reader', password: 'pw', roleId }));
    reader = await t.tokenOf('reader', 'pw', placed);
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('refuses a standby that is not a PostgreSQL URL', async () => {
    expectError(
      await t.post(`${DS}/submit`, admin, { id: sourceId, standbyUrls: `${standby.jdbcUrl()}\njdbc:mysql://db/x` }),
      400,
      '备库 jdbc:mysql://db/x 不是 PostgreSQL 连接地址 (jdbc:postgresql://主机:端口/库)',
    );
  });

  it("serves a tenant's lists from the standby", async () => {
    await standbyUsed();
    await standby.pauseReplay();
    await writeOnPrimary('直写岗位');
    expect(await postNames(reader)).not.toContain('直写岗位');
    expect(await postNames(writer)).not.toContain('直写岗位');

    await standby.resumeReplay();
    await expect.poll(() => postNames(reader), { timeout: 30_000 }).toContain('直写岗位');
  });

  it('lets a user read his own writes at once, and the others once the standby has replayed them', async () => {
    await standbyUsed();
    await standby.pauseReplay();
    // The write goes to the primary whatever the standby does.
    expectOk(await addPost(writer, '自写岗位'));
    expect(await postNames(writer)).toContain('自写岗位');
    expect(await postNames(reader)).not.toContain('自写岗位');

    await standby.resumeReplay();
    await expect.poll(() => postNames(reader), { timeout: 30_000 }).toContain('自写岗位');
  });

  it('runs a transaction of a request that may read from the standby on the primary', async () => {
    await standbyUsed();
    const context = { ...newRequestContext(), tenantId: placed, standbyReads: { userId: nextId(), after: {} } };
    const inRecovery = async (db: typeof t.services.db) =>
      (await sql<{ recovery: boolean }>`select pg_is_in_recovery() as recovery`.execute(db)).rows[0].recovery;
    await runInContext(context, async () => {
      expect(await inRecovery(t.services.db)).toBe(true);
      expect(await t.services.db.transaction().execute(inRecovery)).toBe(false);
      // A write outside a transaction goes to the primary, and the reads after it in the request follow it there.
      await sql`update blade_post set sort = 2 where tenant_id = ${placed} and post_name = '自写岗位'`.execute(
        t.services.db,
      );
      expect(await inRecovery(t.services.db)).toBe(false);
    });
  });

  it("keeps a request's reads on the standby past the server's bookkeeping writes in its midst", async () => {
    await standbyUsed();
    const context = { ...newRequestContext(), tenantId: placed, standbyReads: { userId: nextId(), after: {} } };
    const inRecovery = async () =>
      (await sql<{ recovery: boolean }>`select pg_is_in_recovery() as recovery`.execute(t.services.db)).rows[0]
        .recovery;
    await runInContext(context, async () => {
      expect(await inRecovery()).toBe(true);
      // As the login's last activity is written in the midst of an export (online-sessions.ts), on the primary.
      await asBookkeeping(() =>
        sql`update blade_post set sort = 3 where tenant_id = ${placed} and post_name = '自写岗位'`.execute(
          t.services.db,
        ),
      );
      expect(await inRecovery()).toBe(true);
    });
    expect(context).not.toHaveProperty('wrote');
    expect(
      await second.query(`select sort from blade_post where tenant_id = $1 and post_name = '自写岗位'`, [placed]),
    ).toEqual([{ sort: 3 }]);
  });

  it("serves the lists of a tenant on the main database from the main database's standby", async () => {
    await expect.poll(async () => (await ready()).standbys?.[0]?.status, { timeout: 30_000 }).toBe('UP');
    await mainStandby.pauseReplay();
    await writeOnPrimary('主库直写', main, onMain);
    expect(await postNames(mainReader)).not.toContain('主库直写');
    await mainStandby.resumeReplay();
    await expect.poll(() => postNames(mainReader), { timeout: 30_000 }).toContain('主库直写');
  });

  it('shows the standby and its lag in the readiness answer and the metrics', async () => {
    await standbyUsed();
    const check = await standbyCheck();
    expect(check).toEqual({ status: 'UP', lagBytes: expect.any(Number) });
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'blade-auth': `bearer ${admin}` },
    });
    expect(metrics.statusCode, metrics.body).toBe(200);
    const labels = `database="second",standby="127.0.0.1:${standby.port}/tenon"`;
    expect(metrics.body).toMatch(new RegExp(`tenon_db_standby_lag_bytes\\{${labels}\\} \\d+`));
    expect(metrics.body).toContain(`tenon_db_standby_used{${labels}} 1`);
    expect(metrics.body).toContain(
      `tenon_db_standby_used{database="main",standby="127.0.0.1:${mainStandby.port}/tenon"}`,
    );
  });

  it('sends the reads of a standby that stops to the primary, and uses it again once it is back', async () => {
    await standbyUsed();
    let stopped = false;
    const statuses: number[] = [];
    const reading = (async () => {
      while (!stopped) statuses.push((await t.get(`${SYS}/post/list?size=100`, reader)).statusCode);
    })();
    await standby.stop('immediate');
    await expect.poll(async () => (await standbyCheck())?.error, { timeout: 30_000 }).toBe('unreachable');
    const readsAfterStop = statuses.length;
    await expect.poll(() => statuses.length, { timeout: 30_000 }).toBeGreaterThan(readsAfterStop + 5);
    stopped = true;
    await reading;
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    await standby.start();
    await standbyUsed();
    await standby.pauseReplay();
    await writeOnPrimary('重启后岗位');
    expect(await postNames(reader)).not.toContain('重启后岗位');
    await standby.resumeReplay();
    await expect.poll(() => postNames(reader), { timeout: 30_000 }).toContain('重启后岗位');
  });
});
