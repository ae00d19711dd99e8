import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, startApp, TEST_SECRET, type TestApp } from '../support/app.ts';
import { TMP_DIR } from '../support/database.ts';
import { PG_BIN, startPrimary, stopAll, type PgServer } from '../support/pg-servers.ts';
import { addPostgresSource } from '../support/placement.ts';
import { runCommand } from '../support/process.ts';

/**
 * `npm run tenant:move -- <tenantCode> <datasourceId|main>` (src/server/tenant-move-command.ts), the built command as
 * its npm script runs it: what it refuses before starting (exit 2), and a real move between two PostgreSQL servers
 * (tests/support/pg-servers.ts) printed step by step (exit 0).
 */
const SYS = '/api/blade-system';
const MOVE_MS = 240_000;

describe('the tenant move command', () => {
  it('refuses without its two arguments, saying how it is used', async () => {
    for (const args of [[], ['123456'], ['123456', 'second'], ['123456', '1', 'extra']]) {
      const run = await runCommand('tenant-move-command', args, {});
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain('Usage: npm run tenant:move -- <tenantCode> <datasourceId|main>');
    }
  });

  it('refuses without DATABASE_URL: the embedded database places no tenant elsewhere', async () => {
    const run = await runCommand('tenant-move-command', ['123456', 'main'], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('DATABASE_URL is not set');
  });
});

describe.skipIf(!PG_BIN)('the tenant move command on PostgreSQL', () => {
  let main: PgServer;
  let second: PgServer;
  let t: TestApp | undefined;
  let tenant: string;
  let sourceId: string;
  const dataDir = join(TMP_DIR, `tenant-move-command-${process.pid}`);
  const move = (target: string) =>
    runCommand(
      'tenant-move-command',
      [tenant, target],
      { DATABASE_URL: main.url(), DATA_DIR: dataDir, TENON_JWT_SECRET: TEST_SECRET },
      MOVE_MS,
    );
  const usersOn = async (server: PgServer) =>
    (await server.query(`select count(*)::int as n from blade_user where tenant_id = $1`, [tenant]))[0].n as number;

  beforeAll(async () => {
    [main, second] = await Promise.all([startPrimary('main'), startPrimary('second')]);
    mkdirSync(dataDir, { recursive: true });
    t = await startApp(
      { DATABASE_URL: main.url() },
      { dataDir, databaseUrl: main.url(), drop: async () => rmSync(dataDir, { recursive: true, force: true }) },
    );
    const admin = await t.tokenOf();
    sourceId = await addPostgresSource(t, admin, second);
    tenant = expectOk(
      await t.post(`${SYS}/tenant/submit`, admin, {
        tenantName: '命令迁移',
        linkman: '张三',
        contactNumber: '13800000000',
      }),
    ).tenantId;
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it(
    'refuses while a server shares the database without Redis: it would miss the cutover',
    async () => {
      const run = await move(sourceId);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain('without REDIS_URL');
      expect(await main.query(`select id from tenon_tenant_move`)).toEqual([]);
    },
    MOVE_MS,
  );

  it(
    'moves the tenant with the server stopped, printing each step and the pause',
    async () => {
      await t!.close();
      t = undefined;
      const run = await move(sourceId);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain(`tenant ${tenant}, the main database (主库) -> data source ${sourceId} (second)`);
      // Read four times a second, a step shorter than that (the cutover's) may pass unseen.
      expect(run.stdout).toMatch(/copying its rows[^]*writes were paused \d+ ms[^]*done \(完成\)/);
      expect(await usersOn(second)).toBeGreaterThan(0);
      expect(await usersOn(main)).toBe(0);
      const [row] = await main.query(`select datasource_id::text as id from blade_tenant where tenant_id = $1`, [
        tenant,
      ]);
      expect(row.id).toBe(sourceId);
    },
    MOVE_MS,
  );

  it(
    'refuses a move to where the tenant is, in the words of the screen',
    async () => {
      const run = await move(sourceId);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('租户已在该数据库上 (The tenant is on that database already)');
    },
    MOVE_MS,
  );
});
