import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, type TestApp } from '../support/app.ts';
import { PG_BIN, startPrimary, stopAll, type PgServer } from '../support/pg-servers.ts';
import { addPostgresSource, appOnPostgres } from '../support/placement.ts';

/**
 * Issue 39 point 1: a tenant placed on a data source (another PostgreSQL server) has its rows there, the platform
 * tables stay on the main database (copied to the source by logical replication), and a source that stops fails only
 * its tenants. Both servers are started here (tests/support/pg-servers.ts), the main one empty: the app migrates and
 * seeds it as on a first start.
 */
const SYS = '/api/blade-system';

describe.skipIf(!PG_BIN)('tenants placed on another PostgreSQL database', () => {
  let main: PgServer;
  let second: PgServer;
  let t: TestApp;
  let admin: string;
  let placed: string;
  let onMain: string;
  let placedToken: string;
  let mainToken: string;

  const newTenant = (tenantName: string, datasourceId?: string) =>
    t.post(`${SYS}/tenant/submit`, admin, { tenantName, linkman: '张三', contactNumber: '13800000000', datasourceId });
  const addPost = (token: string, postName: string) =>
    t.post(`${SYS}/post/submit`, token, { category: 1, postCode: postName, postName, sort: 1 });
  const postNames = async (token: string, query = '') =>
    (expectOk(await t.get(`${SYS}/post/list?size=100${query}`, token)).records as { postName: string }[]).map(
      (row) => row.postName,
    );
  const ready = async () => (await t.get('/api/health/ready')).json();

  beforeAll(async () => {
    [main, second] = await Promise.all([startPrimary('main'), startPrimary('second')]);
    t = await appOnPostgres(main);
    admin = await t.tokenOf();
    const sourceId = await addPostgresSource(t, admin, second);
    placed = expectOk(await newTenant('外库租户', sourceId)).tenantId;
    onMain = expectOk(await newTenant('主库租户')).tenantId;
    placedToken = await t.tokenOf('admin', 'admin', placed);
    mainToken = await t.tokenOf('admin', 'admin', onMain);
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await stopAll();
  }, 60_000);

  it('keeps each tenant row on its own database and the platform tables on the main one', async () => {
    expectOk(await addPost(placedToken, '外库岗位'));
    expectOk(await addPost(mainToken, '主库岗位'));

    const postsOf = async (server: PgServer, tenant: string) =>
      (await server.query(`select post_name from blade_post where tenant_id = $1`, [tenant])).map(
        (row) => row.post_name,
      );
    expect(await postsOf(second, placed)).toContain('外库岗位');
    expect(await postsOf(main, placed)).toEqual([]);
    expect(await postsOf(main, onMain)).toContain('主库岗位');
    expect(await postsOf(second, onMain)).toEqual([]);
    // Its users, roles and grants went there at its creation; the tenant row and the menus are the main's, copied.
    expect(await second.query(`select account from blade_user where tenant_id = $1`, [placed])).toEqual([
      { account: 'admin' },
    ]);
    expect(await main.query(`select 1 from blade_user where tenant_id = $1`, [placed])).toEqual([]);
    const menus = Number((await main.query(`select count(*) from blade_menu`))[0].count);
    expect(Number((await second.query(`select count(*) from blade_menu`))[0].count)).toBe(menus);
    // The console works for the placed tenant: its menus (its roles' grants joined to the copied menus).
    const routes = expectOk(await t.get(`${SYS}/menu/routes`, placedToken));
    expect(routes.length).toBeGreaterThan(0);
  });

  it('isolates tenants across databases, and the super administrator reads a placed tenant with tenantId=', async () => {
    expect(await postNames(placedToken)).toContain('外库岗位');
    expect(await postNames(placedToken)).not.toContain('主库岗位');
    expect(await postNames(mainToken)).not.toContain('外库岗位');
    const select = expectOk(await t.get(`${SYS}/post/select?tenantId=${placed}`, admin)) as { postName: string }[];
    expect(select.map((row) => row.postName)).toContain('外库岗位');
    // The tenant list is the platform's, on the main database.
    const tenants = expectOk(await t.get(`${SYS}/tenant/list?size=100`, admin)).records as { tenantId: string }[];
    expect(tenants.map((row) => row.tenantId)).toEqual(expect.arrayContaining([placed, onMain]));
  });

  it("writes the placed tenant's audit rows on its database", async () => {
    await t.services.audit.flush();
    const apiLogs = async (server: PgServer) =>
      Number((await server.query(`select count(*) from blade_log_api where tenant_id = $1`, [placed]))[0].count);
    expect(await apiLogs(second)).toBeGreaterThan(0);
    expect(await apiLogs(main)).toBe(0);
  });

  it('says which data source is ready, and refuses moving a tenant with rows by a mere binding', async () => {
    const answer = await ready();
    expect(answer.status).toBe('UP');
    expect(answer.datasources).toEqual([expect.objectContaining({ name: 'second', status: 'UP', tenants: 1 })]);
    expectError(
      await t.post(`${SYS}/tenant/datasource?tenantId=${onMain}&datasourceId=${answer.datasources[0].id}`, admin),
      400,
      '该租户已有数据,更换数据源需迁移租户',
    );
  });

  it('fails only the tenants of a data source that stops, and serves them again when it is back', async () => {
    await second.stop('immediate');
    expectError(await t.get(`${SYS}/post/list`, placedToken), 503, '租户数据库 second 暂不可用,请稍后重试');
    expect(await postNames(mainToken)).toContain('主库岗位');
    await expect.poll(async () => (await ready()).datasources[0].status, { timeout: 30_000 }).toBe('DOWN');
    expect(await ready()).toMatchObject({ status: 'UP', datasources: [{ name: 'second', error: 'unreachable' }] });

    await second.start();
    await expect
      .poll(async () => (await t.get(`${SYS}/post/list`, placedToken)).statusCode, { timeout: 30_000 })
      .toBe(200);
    expect(await postNames(placedToken)).toContain('外库岗位');
  });

  it('refuses to serve a tenant whose database is at an older schema than the build', async () => {
    const [last] = await second.query(`select name from tenon_migration order by name desc limit 1`);
    await second.query(`delete from tenon_migration where name = $1`, [last.name]);
    // The readiness check asks every source for its schema: the operator sees it, and its tenants are refused.
    await expect.poll(async () => (await ready()).datasources[0].error, { timeout: 30_000 }).toBe('behind');
    expectError(
      await t.get(`${SYS}/post/list`, placedToken),
      503,
      '租户数据库 second 的结构版本旧于本服务,请先完成数据库迁移',
    );
    expect(await postNames(mainToken)).toContain('主库岗位');

    await second.query(`insert into tenon_migration (name) values ($1)`, [last.name]);
    await expect
      .poll(async () => (await t.get(`${SYS}/post/list`, placedToken)).statusCode, { timeout: 30_000 })
      .toBe(200);
  });
  it("removes a placed tenant's users on its database with the tenant", async () => {
    const [row] = await main.query(`select id from blade_tenant where tenant_id = $1`, [placed]);
    expectOk(await t.post(`${SYS}/tenant/remove?ids=${row.id}`, admin));
    expect(await second.query(`select is_deleted from blade_user where tenant_id = $1`, [placed])).toEqual([
      { is_deleted: 1 },
    ]);
    expect((await t.login('admin', 'admin', placed)).statusCode).not.toBe(200);
  });
});
