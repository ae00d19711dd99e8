import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { migrationFiles } from '../../src/server/db/migrate.ts';
import { TEST_SECRET } from '../support/app.ts';
import { TMP_DIR, copyTemplate, usingPostgres } from '../support/database.ts';
import {
  ROOT,
  runUntilExit,
  startServer,
  tokenOf,
  userInfo,
  type RunningServer,
  type ServerProcess,
} from '../support/process.ts';

const PUBLISHED_DEFAULTS = [
  'Blade',
  'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
  'abcdefghijklmnopqrstuvwxyz',
];
const STRONG_SECRET = 'k3Jq9v0ZbWm2R8xT5yLp7nC4hF6dS1aG0eUoIiQzXw';
const PROCESS_TIMEOUT = 180_000;

/** Temporary folders of in-process config tests (loadConfig may write DATA_DIR/jwt-secret). */
const scratch: string[] = [];
const scratchDir = () => {
  const dir = mkdtempSync(join(TMP_DIR, 'config-'));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** Servers and database copies of the current test, stopped and dropped even when the test fails. */
const servers: ServerProcess[] = [];
const copies: Array<{ drop(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await Promise.all(copies.splice(0).map((c) => c.drop()));
});
const track = <T extends ServerProcess>(server: T): T => {
  servers.push(server);
  return server;
};
async function freshCopy() {
  const copy = await copyTemplate();
  copies.push(copy);
  return copy;
}

/** The ConfigError message loadConfig throws for `env`, failing the test when it does not throw one. */
function configError(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: scratchDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('JWT secret in production (in process)', () => {
  const refused = [
    {
      name: 'missing',
      env: {} as Record<string, string>,
      reason: /TENON_JWT_SECRET is not set; refusing to start in production/,
    },
    {
      name: 'empty',
      env: { TENON_JWT_SECRET: '' },
      reason: /TENON_JWT_SECRET is not set; refusing to start in production/,
    },
    {
      name: '10 bytes',
      env: { TENON_JWT_SECRET: '0123456789' },
      reason: /TENON_JWT_SECRET is shorter than 32 bytes; refusing to start in production/,
    },
    {
      name: '31 bytes',
      env: { TENON_JWT_SECRET: 'x'.repeat(31) },
      reason: /TENON_JWT_SECRET is shorter than 32 bytes; refusing to start/,
    },
    ...PUBLISHED_DEFAULTS.map((secret) => ({
      name: `published default ${secret.slice(0, 12)}…`,
      env: { TENON_JWT_SECRET: secret },
      reason: /TENON_JWT_SECRET is a published default; refusing to start in production/,
    })),
    {
      name: 'published default in upper case',
      env: { TENON_JWT_SECRET: PUBLISHED_DEFAULTS[1].toUpperCase() },
      reason: /published default; refusing to start/,
    },
  ];

  it.each(refused)('refuses a $name secret with a clear message', ({ env, reason }) => {
    const message = configError({ NODE_ENV: 'production', ...env });
    expect(message).toMatch(reason);
    expect(message).toMatch(/at least 32 bytes/);
  });

  it('never generates a secret file in production', () => {
    const dataDir = scratchDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('accepts a strong secret in production and uses it as given', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: scratchDir(), TENON_JWT_SECRET: STRONG_SECRET });
    expect(config.production).toBe(true);
    expect(Buffer.from(config.jwtSecret).toString('utf8')).toBe(STRONG_SECRET);
  });

  it('outside production only warns about a weak secret', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const config = loadConfig({ DATA_DIR: scratchDir(), TENON_JWT_SECRET: 'Blade' });
      expect(Buffer.from(config.jwtSecret).toString('utf8')).toBe('Blade');
      expect(String(warn.mock.calls[0]?.[0])).toMatch(
        /TENON_JWT_SECRET is a published default; this is refused when NODE_ENV=production/,
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe('generated secret (in process)', () => {
  it('writes a strong secret to DATA_DIR/jwt-secret with mode 0600 and reads the same one back', () => {
    const dataDir = scratchDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = readFileSync(file, 'utf8').trim();
    expect(Buffer.byteLength(stored)).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(first.jwtSecret).toString('utf8')).toBe(stored);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(Buffer.from(second.jwtSecret)).toEqual(Buffer.from(first.jwtSecret));
  });

  it('refuses an empty or weak DATA_DIR/jwt-secret instead of signing with it', () => {
    for (const content of ['', 'short']) {
      const dataDir = scratchDir();
      writeFileSync(join(dataDir, 'jwt-secret'), content);
      expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(
        /jwt-secret holds a signing key that is shorter than 32 bytes; delete the file/,
      );
    }
  });

  it('generates a different secret for another DATA_DIR', () => {
    const a = loadConfig({ DATA_DIR: scratchDir() });
    const b = loadConfig({ DATA_DIR: scratchDir() });
    expect(Buffer.from(a.jwtSecret)).not.toEqual(Buffer.from(b.jwtSecret));
  });
});

describe('environment validation (in process)', () => {
  it.each(['abc', '-1', '65536', '80.5', '99999999'])('refuses PORT=%s', (port) => {
    expect(configError({ PORT: port })).toBe(`PORT must be an integer 0-65535 (got "${port}")`);
  });

  it('accepts PORT values in range and defaults to 8080', () => {
    expect(loadConfig({ DATA_DIR: scratchDir(), PORT: '3000' }).port).toBe(3000);
    expect(loadConfig({ DATA_DIR: scratchDir(), PORT: '0' }).port).toBe(0);
    expect(loadConfig({ DATA_DIR: scratchDir() }).port).toBe(8080);
  });

  it('treats an empty PORT as unset and refuses a hexadecimal one', () => {
    expect(loadConfig({ DATA_DIR: scratchDir(), PORT: '' }).port).toBe(8080);
    expect(loadConfig({ DATA_DIR: scratchDir(), PORT: ' ' }).port).toBe(8080);
    expect(configError({ PORT: '0x50' })).toBe('PORT must be an integer 0-65535 (got "0x50")');
  });

  it.each([
    'mysql://root@localhost/db',
    'localhost:5432/test',
    'http://127.0.0.1:5432/test',
    'postgres:/missing-slash',
  ])('refuses DATABASE_URL=%s', (url) => {
    expect(configError({ DATABASE_URL: url })).toBe(
      `DATABASE_URL must start with postgres:// or postgresql:// (got "${url}")`,
    );
  });

  it('accepts postgres:// and postgresql:// URLs; a blank DATABASE_URL means the embedded database', () => {
    expect(loadConfig({ DATA_DIR: scratchDir(), DATABASE_URL: 'postgres://u@h:5432/d' }).databaseUrl).toBe(
      'postgres://u@h:5432/d',
    );
    expect(loadConfig({ DATA_DIR: scratchDir(), DATABASE_URL: 'postgresql://u@h/d' }).databaseUrl).toBe(
      'postgresql://u@h/d',
    );
    expect(loadConfig({ DATA_DIR: scratchDir(), DATABASE_URL: '  ' }).databaseUrl).toBeUndefined();
  });

  it('names repeated SQL on PostgreSQL unless TENON_PREPARED_STATEMENTS=off, and refuses other values', () => {
    expect(loadConfig({ DATA_DIR: scratchDir() }).preparedStatements).toBe(true);
    expect(loadConfig({ DATA_DIR: scratchDir(), TENON_PREPARED_STATEMENTS: 'OFF' }).preparedStatements).toBe(false);
    expect(configError({ TENON_PREPARED_STATEMENTS: 'no' })).toBe(
      'TENON_PREPARED_STATEMENTS must be on or off (got "no")',
    );
  });

  it.each(['localhost:6379', 'http://127.0.0.1:6379', 'redis:/x', 'memcached://127.0.0.1'])(
    'refuses REDIS_URL=%s',
    (url) => {
      expect(configError({ REDIS_URL: url })).toBe(`REDIS_URL must start with redis:// or rediss:// (got "${url}")`);
    },
  );

  it('accepts redis:// and rediss:// URLs', () => {
    expect(loadConfig({ DATA_DIR: scratchDir(), REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe(
      'redis://127.0.0.1:6379',
    );
    expect(loadConfig({ DATA_DIR: scratchDir(), REDIS_URL: 'rediss://cache:6380/1' }).redisUrl).toBe(
      'rediss://cache:6380/1',
    );
  });
});

describe('refusing to start (real process)', () => {
  it(
    'exits non-zero with a clear message in production without TENON_JWT_SECRET',
    async () => {
      const dataDir = scratchDir();
      const result = await runUntilExit({ NODE_ENV: 'production', DATA_DIR: dataDir });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/Tenon cannot start: TENON_JWT_SECRET is not set; refusing to start in production/);
      expect(result.stdout).not.toMatch(/Tenon listening/);
      expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'exits non-zero with a clear message in production with a published default secret',
    async () => {
      const result = await runUntilExit({ NODE_ENV: 'production', DATA_DIR: scratchDir(), TENON_JWT_SECRET: 'Blade' });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(
        /Tenon cannot start: TENON_JWT_SECRET is a published default; refusing to start in production/,
      );
    },
    PROCESS_TIMEOUT,
  );

  it(
    'exits non-zero on an invalid PORT',
    async () => {
      const result = await runUntilExit({ DATA_DIR: scratchDir(), TENON_JWT_SECRET: TEST_SECRET, PORT: 'eighty' });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain('Tenon cannot start: PORT must be an integer 0-65535 (got "eighty")');
    },
    PROCESS_TIMEOUT,
  );
});

describe('generated secret survives a restart (real process)', () => {
  it(
    'generates DATA_DIR/jwt-secret on first start and a token from that start works after a restart',
    async () => {
      const copy = await freshCopy();
      const file = join(copy.dataDir, 'jwt-secret');
      expect(existsSync(file)).toBe(false);
      // No TENON_JWT_SECRET, not production. On a PostgreSQL run the database is PostgreSQL; the secret still lives in
      // DATA_DIR.
      const env = { DATA_DIR: copy.dataDir, DATABASE_URL: copy.databaseUrl };

      const first = track(await startServer(env));
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const secret = readFileSync(file, 'utf8');
      expect(Buffer.byteLength(secret.trim())).toBeGreaterThanOrEqual(32);
      const { access_token: token } = await tokenOf(first.url);
      expect((await userInfo(first.url, token)).status).toBe(200);
      expect(await first.stop()).toMatchObject({ code: 0 });

      const second = track(await startServer(env));
      expect(readFileSync(file, 'utf8')).toBe(secret);
      const info = await userInfo(second.url, token);
      expect(info.status, info.text).toBe(200);
      expect(info.body.data).toMatchObject({ account: 'admin', tenantId: '000000' });
      // Able to fail: the token is checked, not just any bearer accepted.
      expect((await userInfo(second.url, `${token.slice(0, -4)}AAAA`)).status).toBe(401);
    },
    PROCESS_TIMEOUT,
  );
});

/** A pid that belonged to a process which has exited (a quick child we wait for). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  const pid = child.pid!;
  await new Promise((r) => child.on('exit', r));
  expect(() => process.kill(pid, 0)).toThrow();
  return pid;
}

describe.skipIf(usingPostgres())('PGlite folder lock (real processes)', () => {
  it(
    'refuses a second process on the same DATA_DIR, keeps the first one working, and frees the folder on a clean stop',
    async () => {
      const copy = await freshCopy();
      const env = { DATA_DIR: copy.dataDir, TENON_JWT_SECRET: TEST_SECRET };
      const lockFile = join(copy.dataDir, 'tenon.lock');

      const first: RunningServer = track(await startServer(env));
      const holder = Number(readFileSync(lockFile, 'utf8').trim());
      expect(holder).toBeGreaterThan(0);
      expect(() => process.kill(holder, 0)).not.toThrow();
      const { access_token: token } = await tokenOf(first.url);

      const second = await runUntilExit(env);
      expect(second.code, second.stderr).toBe(1);
      expect(second.stderr).toContain(
        `Tenon cannot start: The embedded database in ${copy.dataDir} is already open by process ${holder}`,
      );
      expect(second.stdout).not.toMatch(/Tenon listening/);

      // The refused opener neither removed the lock nor disturbed the running server.
      expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(holder));
      const info = await userInfo(first.url, token);
      expect(info.status, info.text).toBe(200);
      expect((await tokenOf(first.url)).access_token).toBeTruthy();

      expect(await first.stop()).toMatchObject({ code: 0, signal: null });
      expect(existsSync(lockFile)).toBe(false);

      const third = track(await startServer(env));
      const reopened = await userInfo(third.url, token);
      expect(reopened.status, reopened.text).toBe(200);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'is not blocked by a stale lock file holding the pid of a dead process',
    async () => {
      const copy = await freshCopy();
      const lockFile = join(copy.dataDir, 'tenon.lock');
      const stale = await deadPid();
      writeFileSync(lockFile, String(stale));

      const server = track(await startServer({ DATA_DIR: copy.dataDir, TENON_JWT_SECRET: TEST_SECRET }));
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      expect(owner).not.toBe(stale);
      expect(() => process.kill(owner, 0)).not.toThrow();
      const { access_token: token } = await tokenOf(server.url);
      expect((await userInfo(server.url, token)).status).toBe(200);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'opens the folder again after the holder was killed (SIGKILL leaves its lock behind)',
    async () => {
      const copy = await freshCopy();
      const env = { DATA_DIR: copy.dataDir, TENON_JWT_SECRET: TEST_SECRET };
      const lockFile = join(copy.dataDir, 'tenon.lock');
      const first = track(await startServer(env));
      const holder = readFileSync(lockFile, 'utf8').trim();
      const { access_token: token } = await tokenOf(first.url);

      expect(await first.crash()).toMatchObject({ signal: 'SIGKILL' });
      expect(readFileSync(lockFile, 'utf8').trim()).toBe(holder);

      const second = track(await startServer(env));
      expect(readFileSync(lockFile, 'utf8').trim()).not.toBe(holder);
      const info = await userInfo(second.url, token);
      expect(info.status, info.text).toBe(200);
      expect((await tokenOf(second.url)).access_token).toBeTruthy();
    },
    PROCESS_TIMEOUT,
  );
});

describe.skipIf(usingPostgres())('first start of the built server on an empty folder (real process)', () => {
  it(
    "copies the build's template database: the folder is the template's cluster with every migration recorded",
    async () => {
      const template = join(ROOT, 'dist-server', 'pgdata-template');
      const dataDir = scratchDir();
      const server = track(await startServer({ DATA_DIR: dataDir, TENON_JWT_SECRET: TEST_SECRET }));
      const { access_token: token } = await tokenOf(server.url);
      expect((await userInfo(server.url, token)).status).toBe(200);
      expect(await server.stop()).toMatchObject({ code: 0 });

      // pg_control begins with the cluster's system identifier, which initdb draws at random: a copy keeps it.
      const identifier = (pgdata: string) => readFileSync(join(pgdata, 'global', 'pg_control')).subarray(0, 8);
      expect(identifier(join(dataDir, 'pgdata')).equals(identifier(template))).toBe(true);
      const pglite = await PGlite.create(join(dataDir, 'pgdata'));
      try {
        const { rows } = await pglite.query<{ name: string }>('select name from tenon_migration order by name');
        expect(rows.map((row) => row.name)).toEqual(migrationFiles());
      } finally {
        await pglite.close();
      }
    },
    PROCESS_TIMEOUT,
  );
});
