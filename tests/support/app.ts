import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type App } from '../../src/server/app.ts';
import type { EntityDef } from '../../src/shared/entities/define.ts';
import type { ModuleManifest } from '../../src/server/platform/module.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openTestDatabase, TEST_SECRET, type DatabaseCopy, type TestDatabase } from './database.ts';
import { BASIC_SABER, md5 } from './oauth-client.ts';

export { TEST_SECRET };

// Here for the server tests; a file that must not load the app (process.ts, the browser tests) takes them from there.
export { BASIC_SABER, md5 } from './oauth-client.ts';

export interface TestApp extends App {
  testDb: TestDatabase;
  /** GET/POST through app.inject with the caller's token (when given). */
  get(url: string, token?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, token?: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  login(
    account?: string,
    password?: string,
    tenantId?: string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Logs in and returns the access token, failing the test when login fails. */
  tokenOf(account?: string, password?: string, tenantId?: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The real app on a fresh copy of the seeded database, or on `copy` again: `close()` keeps the copy, so a second
 * `startApp(env, copy)` is a restart on the same data.
 */
export async function startApp(
  env: Record<string, string> = {},
  copy?: DatabaseCopy,
  options: {
    entities?: EntityDef[];
    extraModules?: readonly ModuleManifest[];
    extraMigrations?: readonly string[];
  } = {},
): Promise<TestApp> {
  const testDb = await openTestDatabase(copy);
  // Tests log in hundreds of times from one address: the token rate limit is tested on its own (auth.token.test.ts).
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    TENON_JWT_SECRET: TEST_SECRET,
    LOG_LEVEL: 'error',
    TENON_WEB_DIR: '/nonexistent',
    TENON_TOKEN_RATE_LIMIT: '100000',
    ...env,
  });
  const built = await buildApp(config, { database: testDb.database, ...options });
  const auth = (token?: string) => (token ? { 'blade-auth': `bearer ${token}` } : {});
  const testApp: TestApp = {
    ...built,
    testDb,
    get: (url, token, headers = {}) =>
      built.app.inject({ method: 'GET', url, headers: { authorization: BASIC_SABER, ...auth(token), ...headers } }),
    post: (url, token, body, headers = {}) =>
      built.app.inject({
        method: 'POST',
        url,
        headers: { authorization: BASIC_SABER, ...auth(token), ...headers },
        ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
      }),
    login: (account = 'admin', password = 'admin', tenantId = '000000', headers = {}) =>
      built.app.inject({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId, username: account, password: md5(password), grant_type: 'password', scope: 'all', type: 'account' })}`,
        headers: { authorization: BASIC_SABER, 'tenant-id': tenantId, ...headers },
      }),
    tokenOf: async (account, password, tenantId) => {
      const res = await testApp.login(account, password, tenantId);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().access_token as string;
    },
    stop: async () => {
      await built.close();
      await testDb.drop();
    },
  };
  return testApp;
}

/** Asserts the contract's failure envelope: HTTP status = body code, data null, the exact message. */
export function expectError(res: LightMyRequestResponse, code: number, msg?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(code);
  const body = res.json();
  expect(body).toMatchObject({ code, success: false, data: null });
  if (typeof msg === 'string') expect(body.msg).toBe(msg);
  else if (msg) expect(body.msg).toMatch(msg);
}

export function expectOk(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ code: 200, success: true });
  return body.data;
}

/** One app per test file, started before its tests with an administrator token and stopped after them. */
export function withTestApp(ready: (app: TestApp, adminToken: string) => void, env: Record<string, string> = {}) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startApp(env);
    ready(app, await app.tokenOf());
  });
  afterAll(() => app?.stop());
}
