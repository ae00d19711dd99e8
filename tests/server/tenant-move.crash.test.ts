import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET, TMP_DIR } from '../support/database.ts';
import { PG_BIN, startPrimary, stopAll, type PgServer } from '../support/pg-servers.ts';
import { freePort, get, post, spawnServer, startServer, tokenOf, type RunningServer } from '../support/process.ts';

/**
 * Issue 39 point 3: a tenant move whose server process is killed (SIGKILL, at a step named by the test-only
 * TENON_MOVE_FAILPOINT) or whose target database stops is taken up by the next server: rolled back before the switch,
 * finished after it, with every row of the tenant once on the database that serves it and nothing of the move left.
 */
const SYS = '/api/blade-system';
const ROWS = 40;

describe.skipIf(!PG_BIN)('a tenant move cut short', () => {
  let main: PgServer;
  let second: PgServer;
  let server: RunningServer | undefined;
  let admin: string;
  let tenant: string;
  let sourceId: string;
  const dataDir = join(TMP_DIR, `tenant-move-crash-${process.pid}`);

  const serverEnv = (failpoint?: string) => ({
    DATABASE_URL: main.url(),
    DATA_DIR: join(dataDir, String(Date.now())),
    TENON_JWT_SECRET: TEST_SECRET,
    TENON_MOVE_ORPHANED_SECONDS: '1',
    TENON_MOVE_FAILPOINT: failpoint,
  });
  /** A server on the main database; `failpoint`: the move step at which it kills itself. */
  async function serve(failpoint?: string) {
    server = await startServer(serverEnv(failpoint));
    admin = (await tokenOf(server.url)).access_token;
    return server;
  }
  const url = () => server!.url;
  const status = async () => (await get(url(), `${SYS}/tenant/move-status?tenantId=${tenant}`, admin)).body.data;
  /** The move this server took up (the last one) ends: its end state. */
  const settled = async () => {
    await expect.poll(async () => (await status())?.endedAt ?? null, { timeout: 60_000, interval: 200 }).not.toBeNull();
    return status();
  };
  const startMove = async (datasourceId: string) => {
    const res = await post(url(), `${SYS}/tenant/move?tenantId=${tenant}&datasourceId=${datasourceId}`, admin, {});
    expect(res.status, res.text).toBe(200);
  };
  /** The tenant's posts on each database: on exactly one of them, each once, all ROWS + its provisioning's. */
  async function postsWhere() {
    const count = async (db: PgServer) =>
      Number((await db.query(`select count(*) from blade_post where tenant_id = $1`, [tenant]))[0].count);
    const distinct = async (db: PgServer) =>
      Number((await db.query(`select count(distinct id) from blade_post where tenant_id = $1`, [tenant]))[0].count);
    const [onMain, onSecond] = [await count(main), await count(second)];
    expect(await distinct(main)).toBe(onMain);
    expect(await distinct(second)).toBe(onSecond);
    return { onMain, onSecond };
  }
  async function nothingLeft() {
    expect(await second.query(`select subname from pg_subscription where subname like 'tenon_move_%'`)).toEqual([]);
    for (const db of [main, second]) {
      expect(await db.query(`select pubname from pg_publication where pubname like 'tenon_move_%'`)).toEqual([]);
      expect(await db.query(`select slot_name from pg_replication_slots where slot_name like 'tenon_move_%'`)).toEqual(
        [],
      );
      expect(await db.query(`select tenant_code from tenon_moving_tenant`)).toEqual([]);
    }
  }
  /** The tenant's administrator lists its posts through the server: the database that serves it answers. */
  async function servesAll() {
    const token = (await tokenOf(url(), 'admin', 'admin', tenant)).access_token;
    const page = await get(url(), `${SYS}/post/list?size=1`, token);
    expect(page.status, page.text).toBe(200);
    expect(page.body.data.total).toBe(ROWS + 1);
  }

  beforeAll(async () => {
    [main, second] = await Promise.all([startPrimary('main'), startPrimary('second')]);
    mkdirSync(dataDir, { recursive: true });
    await serve('copied');
    const source = await post(url(), '/api/blade-develop/datasource/submit', admin, {
      name: 'second',
      driverClass: 'org.postgresql.Driver',
      url: second.jdbcUrl(),
      username: 'postgres',
      password: 'unused',
    });
    sourceId = String(source.body.data.id);
    const created = await post(url(), `${SYS}/tenant/submit`, admin, {
      tenantName: '中断迁移',
      linkman: '张三',
      contactNumber: '13800000000',
    });
    tenant = created.body.data.tenantId;
    const token = (await tokenOf(url(), 'admin', 'admin', tenant)).access_token;
    for (let i = 0; i < ROWS; i++) {
      const res = await post(url(), `${SYS}/post/submit`, token, {
        category: 1,
        postCode: `p${i}`,
        postName: `p${i}`,
        sort: 1,
      });
      expect(res.status, res.text).toBe(200);
    }
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('rolls back a move whose server died while copying', async () => {
    await startMove(sourceId);
    await server!.exited;
    await serve('fenced');
    expect(await settled()).toMatchObject({ state: 'failed' });
    expect(await postsWhere()).toEqual({ onMain: ROWS + 1, onSecond: 0 });
    await nothingLeft();
    await servesAll();
  }, 180_000);

  it('rolls back a move whose server died with the tenant fenced, and its source serves it again', async () => {
    await startMove(sourceId);
    await server!.exited;
    await serve('switched');
    expect(await settled()).toMatchObject({ state: 'failed' });
    expect(await postsWhere()).toEqual({ onMain: ROWS + 1, onSecond: 0 });
    await nothingLeft();
    await servesAll();
  }, 180_000);

  it('finishes a move whose server died right after the switch, and again while removing the old rows', async () => {
    await startMove(sourceId);
    await server!.exited;
    // This one takes the switched move up as it starts, and dies in its clean-up; the next finishes it.
    const cleaner = spawnServer({ ...serverEnv('cleaning'), PORT: String(await freePort()) });
    expect((await cleaner.exited).signal).toBe('SIGKILL');
    await serve();
    expect(await settled()).toMatchObject({ state: 'done' });
    expect(await postsWhere()).toEqual({ onMain: 0, onSecond: ROWS + 1 });
    await nothingLeft();
    await servesAll();
  }, 180_000);

  it('undoes or finishes a move whose source database is killed under it, once the database is back', async () => {
    await startMove('');
    await second.stop('immediate');
    // The move meets the dead database (its step fails and is retried): then the database comes back.
    await expect.poll(async () => (await status()).error, { timeout: 60_000, interval: 200 }).not.toBe('');
    await second.start();
    expect(await settled()).toMatchObject({ state: expect.stringMatching(/^(failed|done)$/) });
    const where = await postsWhere();
    expect(where.onMain + where.onSecond).toBe(ROWS + 1);
    expect([where.onMain, where.onSecond]).toContain(0);
    await nothingLeft();
    await servesAll();
  }, 180_000);
});
