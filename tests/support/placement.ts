import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expectOk, startApp, type TestApp } from './app.ts';
import { TMP_DIR } from './database.ts';
import type { PgServer } from './pg-servers.ts';

/**
 * The scale-out tests' app: on a PostgreSQL server the test started (tests/support/pg-servers.ts), empty, so the app
 * migrates and seeds it as on a first start; `env` adds to DATABASE_URL. Its data folder goes with `close()`.
 */
export async function appOnPostgres(main: PgServer, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = join(TMP_DIR, `pg-app-${process.pid}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  const drop = async () => rmSync(dataDir, { recursive: true, force: true });
  const app = await startApp({ DATABASE_URL: main.url(), ...env }, { dataDir, databaseUrl: main.url(), drop });
  return {
    ...app,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** A data source (数据源管理) for `server`, added by the platform administrator: its id. */
export async function addPostgresSource(
  t: TestApp,
  admin: string,
  server: PgServer,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const source = expectOk(
    await t.post('/api/blade-develop/datasource/submit', admin, {
      name: server.name,
      driverClass: 'org.postgresql.Driver',
      url: server.jdbcUrl(),
      username: 'postgres',
      password: 'unused',
      ...extra,
    }),
  );
  return String(source.id);
}
