import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, type TestApp } from '../support/app.ts';
import { PG_BIN, startPrimary, stopAll, type PgServer } from '../support/pg-servers.ts';
import { addPostgresSource, appOnPostgres } from '../support/placement.ts';

/**
 * Issue 39 point 3: a tenant moved between two PostgreSQL databases while 20 clients write to it. Every write the
 * server acknowledged is on the new database once, none is twice, the rows left on the old one are gone, and the
 * pause of its writes stayed within seconds. Both servers are started here (tests/support/pg-servers.ts).
 */
const SYS = '/api/blade-system';
const WRITERS = 20;

describe.skipIf(!PG_BIN)('moving a tenant between databases while it works', () => {
  let main: PgServer;
  let second: PgServer;
  let t: TestApp;
  let admin: string;
  let tenant: string;
  let token: string;
  let sourceId: string;

  const move = (datasourceId: string) =>
    t.post(`${SYS}/tenant/move?tenantId=${tenant}&datasourceId=${datasourceId}`, admin);
  const status = async () => expectOk(await t.get(`${SYS}/tenant/move-status?tenantId=${tenant}`, admin));
  const ended = async () => {
    await expect.poll(async () => (await status()).endedAt, { timeout: 120_000, interval: 100 }).not.toBeNull();
    return status();
  };
  const postsOn = async (server: PgServer) =>
    (await server.query(`select post_code from blade_post where tenant_id = $1`, [tenant])).map(
      (row) => row.post_code as string,
    );

  /** Clients adding posts until told to stop: the codes the server acknowledged, and the refusals it gave. */
  function writers() {
    const acknowledged: string[] = [];
    const refused: string[] = [];
    let running = true;
    const client = async (n: number) => {
      for (let i = 0; running; i++) {
        const code = `w${n}-${i}`;
        const res = await t.post(`${SYS}/post/submit`, token, { category: 1, postCode: code, postName: code, sort: 1 });
        if (res.statusCode === 200) acknowledged.push(code);
        else refused.push(`${res.statusCode} ${res.json().msg}`);
      }
    };
    const all = Promise.all(Array.from({ length: WRITERS }, (_, n) => client(n)));
    return {
      acknowledged,
      refused,
      stop: async () => {
        running = false;
        await all;
      },
    };
  }

  beforeAll(async () => {
    [main, second] = await Promise.all([startPrimary('main'), startPrimary('second')]);
    t = await appOnPostgres(main);
    admin = await t.tokenOf();
    sourceId = await addPostgresSource(t, admin, second);
    tenant = expectOk(
      await t.post(`${SYS}/tenant/submit`, admin, {
        tenantName: '迁移租户',
        linkman: '张三',
        contactNumber: '13800000000',
      }),
    ).tenantId;
    token = await t.tokenOf('admin', 'admin', tenant);
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await stopAll();
  }, 60_000);

  it('moves it to another database while 20 clients write, losing and doubling nothing', async () => {
    const load = writers();
    await expect.poll(() => load.acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(WRITERS);
    const started = expectOk(await move(sourceId));
    expect(started).toMatchObject({ tenantId: tenant, fromSource: null, toSource: sourceId, state: 'copying' });
    expectError(await move(sourceId), 400, '该租户正在迁移');

    const done = await ended();
    // Writes go on after the switch, on the new database.
    const before = load.acknowledged.length;
    await expect.poll(() => load.acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(before + WRITERS);
    await load.stop();

    expect(done).toMatchObject({ state: 'done', error: '' });
    expect(done.pausedMs).toBeLessThanOrEqual(5_000);
    // A write refused during the pause says why, and was not acknowledged.
    for (const refusal of load.refused) expect(refusal).toBe('503 租户正在迁移数据库,请稍后重试');

    const arrived = await postsOn(second);
    expect(new Set(arrived).size, 'no row twice').toBe(arrived.length);
    expect(arrived).toEqual(expect.arrayContaining(load.acknowledged));
    expect(await postsOn(main), 'the old rows are removed').toEqual([]);
    expect(await main.query(`select count(*)::int as n from blade_user where tenant_id = $1`, [tenant])).toEqual([
      { n: 0 },
    ]);
    // Nothing of the move is left behind: no subscription, publication, slot or fence.
    expect(await second.query(`select subname from pg_subscription where subname like 'tenon_move_%'`)).toEqual([]);
    expect(await main.query(`select pubname from pg_publication where pubname like 'tenon_move_%'`)).toEqual([]);
    expect(await main.query(`select slot_name from pg_replication_slots where slot_name like 'tenon_move_%'`)).toEqual(
      [],
    );
    expect(await main.query(`select * from tenon_moving_tenant`)).toEqual([]);

    // The tenant works on its new database: its administrator lists what the clients wrote.
    const listed = expectOk(await t.get(`${SYS}/post/list?size=1`, token));
    expect(listed.total).toBe(arrived.length);
    expect(expectOk(await t.get(`${SYS}/tenant/detail?id=${await tenantRowId()}`, admin)).datasourceId).toBe(sourceId);
  }, 300_000);

  it('moves it back to the main database', async () => {
    expectOk(await move(''));
    expect(await ended()).toMatchObject({ state: 'done', fromSource: sourceId, toSource: null });
    expect((await postsOn(main)).length).toBeGreaterThan(WRITERS);
    expect(await postsOn(second)).toEqual([]);
    expectOk(await t.get(`${SYS}/post/list`, token));
    expectError(await move(''), 400, '租户已在该数据库上');
  }, 300_000);

  async function tenantRowId() {
    const [row] = await main.query(`select id from blade_tenant where tenant_id = $1`, [tenant]);
    return String(row.id);
  }
});
