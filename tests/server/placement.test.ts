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

  it("publishes a live model's table on every database, and serves it to the placed tenant", async () => {
    const DEV = '/api/blade-develop';
    const model = expectOk(
      await t.post(`${DEV}/model/submit`, admin, {
        modelName: '外库台账',
        modelCode: 'placedbook',
        modelTable: 'live_placed',
      }),
    );
    const field = { modelId: model.id, isList: 1, isForm: 1, sort: 1, comment: 'title', fieldType: 'string' };
    expectOk(
      await t.post(`${DEV}/model-prototype/submit`, admin, { ...field, jdbcName: 'title', propertyName: 'title' }),
    );
    expectOk(await t.post(`${DEV}/model/publish?id=${model.id}`, admin));
    const columns = async (server: PgServer) =>
      (await server.query(`select column_name from information_schema.columns where table_name = 'live_placed'`))
        .map((row) => row.column_name)
        .sort();
    expect(await columns(second)).toEqual(await columns(main));
    expect(await columns(second)).toContain('title');

    // The placed tenant's administrator holds its menu and writes its rows on his database.
    const routes = JSON.stringify(expectOk(await t.get(`${SYS}/menu/routes`, placedToken)));
    expect(routes).toContain('/live/placedbook');
    expectOk(await t.post('/api/blade-live/placedbook/submit', placedToken, { title: '外库的一行' }));
    expect(await second.query(`select title from live_placed where tenant_id = $1`, [placed])).toEqual([
      { title: '外库的一行' },
    ]);
    expect(await main.query(`select 1 from live_placed where tenant_id = $1`, [placed])).toEqual([]);

    // A field added is added on both; a source that missed a publication catches up at its next setup.
    expectOk(
      await t.post(`${DEV}/model-prototype/submit`, admin, {
        ...field,
        jdbcName: 'note',
        propertyName: 'note',
        sort: 2,
      }),
    );
    expectOk(await t.post(`${DEV}/model/publish?id=${model.id}`, admin));
    expect(await columns(second)).toContain('note');
    await second.query(`alter table live_placed drop column note`);
    await second.query(`update tenon_live_table set definition = definition #- '{entity,fields,note}'`);
    const sourceId = (await ready()).datasources[0].id;
    expectOk(await newTenant('外库租户二', sourceId));
    expect(await columns(second)).toContain('note');
  });

  it('lists the error log of every tenant from every database, and a placed tenant by tenantId=', async () => {
    const row = (id: string, tenant: string, message: string, time: string) =>
      `(${id}, '${tenant}', '${message}', '${time}')`;
    await main.query(
      `insert into blade_log_error (id, tenant_id, message, create_time) values
       ${row('990000000000000001', onMain, '主库错误一', '2030-01-02 10:00:00')},
       ${row('990000000000000002', onMain, '主库错误二', '2030-01-02 12:00:00')}`,
    );
    await second.query(
      `insert into blade_log_error (id, tenant_id, message, create_time) values
       ${row('990000000000000003', placed, '外库错误', '2030-01-02 11:00:00')}`,
    );
    const messages = async (query: string) => {
      const page = expectOk(await t.get(`/api/blade-log/error/page?${query}`, admin));
      return { total: page.total as number, messages: (page.records as { message: string }[]).map((r) => r.message) };
    };
    // Rows of a day no other test writes (the default order: newest first).
    const day = 'createTime_datege=2030-01-02%2000:00:00';
    const all = await messages(`size=100&${day}`);
    expect(all).toEqual({ total: 3, messages: ['主库错误二', '外库错误', '主库错误一'] });
    // Page 2 of 1 row each: the second in the order across both databases.
    expect(await messages(`size=1&current=2&${day}`)).toEqual({
      total: 3,
      messages: ['外库错误'],
    });
    expect((await messages(`tenantId=${placed}&size=100`)).messages).toEqual(['外库错误']);
  });

  it('says which data source is ready, and refuses moving a tenant with rows by a mere binding', async () => {
    // The answer is kept a second (readiness.ts): the second tenant placed just before shows once it is read again.
    await expect
      .poll(async () => (await ready()).datasources)
      .toEqual([expect.objectContaining({ name: 'second', status: 'UP', tenants: 2 })]);
    const answer = await ready();
    expect(answer.status).toBe('UP');
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
  it("replaces a source's platform copies after a migration in one transaction: never empty, then kept current", async () => {
    const menus = Number((await main.query(`select count(*) from blade_menu`))[0].count);
    // An upgrade's migration applied on the source at its next setup (0089 is idempotent, so it stands for one).
    await second.query(`delete from tenon_migration where name = '0089_live_table_applied.sql'`);
    // More parameters than one chunk of the copy holds (5,000), twice over: every row crosses, none twice.
    await main.query(
      `insert into blade_param (id, param_name, param_key, param_value, remark, create_user, create_dept, status, is_deleted)
       select 770000000000000000 + g, '复制分块 ' || g, 'copy.chunk.' || g, g::text, '', 1, 1, 1, 0
       from generate_series(1, 12345) g`,
    );
    const slotsBefore = await main.query(`select slot_name from pg_replication_slots`);
    let reading = true;
    const seen: number[] = [];
    const reader = (async () => {
      while (reading) seen.push(Number((await second.query(`select count(*) from blade_menu`))[0].count));
    })();
    try {
      expectOk(await newTenant('外库租户三', (await ready()).datasources[0].id));
    } finally {
      reading = false;
      await reader;
    }
    expect(await second.query(`select 1 from tenon_migration where name = '0089_live_table_applied.sql'`)).toHaveLength(
      1,
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.min(...seen)).toBe(menus);
    const chunked = `select count(*)::int as rows, count(distinct param_key)::int as keys, sum(param_value::int)::int as total
      from blade_param where param_key like 'copy.chunk.%'`;
    expect(await second.query(chunked)).toEqual([{ rows: 12345, keys: 12345, total: (12345 * 12346) / 2 }]);
    await main.query(`delete from blade_param where param_key like 'copy.chunk.%'`);
    // The new subscription follows the main database; the old one's slot is gone.
    const slots = await main.query(`select slot_name from pg_replication_slots`);
    expect(slots).toHaveLength(slotsBefore.length);
    expect(slots).not.toEqual(slotsBefore);
    expectOk(
      await t.post(`${SYS}/param/submit`, admin, { paramName: '复制检查', paramKey: 'copy.check', paramValue: '1' }),
    );
    await expect
      .poll(async () => second.query(`select param_value from blade_param where param_key = 'copy.check'`), {
        timeout: 30_000,
      })
      .toEqual([{ param_value: '1' }]);
  });

  it("seeds a placed tenant's share of an upgrade on its database: new menus to its roles, rows there only", async () => {
    // A menu new to the source since its roles were set up: its grant made and recorded on the main database alone.
    const [menu] = await main.query(`select id from blade_menu where code = 'post_add'`);
    await second.query(`delete from blade_role_menu where menu_id = $1`, [menu.id]);
    await second.query(`delete from tenon_menu_grant where code = 'post_add'`);
    await second.query(`delete from blade_dict_biz where tenant_id = $1`, [placed]);
    // The next start (a server run from source seeds at every start, as a new build does).
    const upgraded = await appOnPostgres(main);
    try {
      const holders = async () =>
        (
          await second.query(
            `select r.role_alias from blade_role_menu rm join blade_role r on r.id = rm.role_id
             where rm.menu_id = $1 and r.tenant_id = $2`,
            [menu.id, placed],
          )
        ).map((row) => row.role_alias);
      expect(await holders()).toContain('admin');
      const dictionaries = async (server: PgServer) =>
        Number((await server.query(`select count(*) from blade_dict_biz where tenant_id = $1`, [placed]))[0].count);
      expect(await dictionaries(second)).toBeGreaterThan(0);
      expect(await dictionaries(main)).toBe(0);
    } finally {
      await upgraded.close();
    }
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
