import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { sm2KeysOf, type Sm2Keys } from './modules/auth/sm2-password.ts';

/** Every environment variable the server reads, validated once at start. */
export interface Config {
  port: number;
  host: string;
  production: boolean;
  /**
   * TENON_DEV_WRITE=1, outside production (NODE_ENV=production turns it off): 代码生成's 生成 writes a generated module
   * into the working tree at `root` (TENON_DEV_ROOT, default the current folder). Absent: the generator only previews
   * and zips (fail closed).
   */
  devWrite?: { root: string };
  dataDir: string;
  /** PostgreSQL URL; absent = embedded PGlite in `dataDir/pgdata`. */
  databaseUrl?: string;
  redisUrl?: string;
  /** Prefix of every key and channel in the key-value store (lets several deployments or test runs share a Redis). */
  kvPrefix: string;
  jwtSecret: Uint8Array;
  /** Folder of the built web app served on the same port; absent folder = API only. */
  webDir: string;
  logLevel: string;
  /** Requests per minute one client IP may send to the token and captcha endpoints. */
  tokenRateLimit: number;
  /** TENON_RLS=off runs every query as the table owner, bypassing row-level security: for measuring its cost only. */
  rowLevelSecurity: boolean;
  /**
   * PostgreSQL: SQL a connection runs repeatedly becomes a named statement there (db/prepared-statements.ts).
   * TENON_PREPARED_STATEMENTS=off behind a pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  preparedStatements: boolean;
  /** TENON_SOURCE_POOL: connections per data source a tenant is placed on (db/placement.ts), opened on demand. */
  sourcePoolSize: number;
  /**
   * TENON_MAIN_CONNINFO: how a data source's PostgreSQL server reaches the main database to copy the platform tables
   * (db/source-setup.ts); default DATABASE_URL, which is right when both see the main database at the same address.
   */
  mainConninfo?: string;
  /** Tests only: where a tenant move kills its process (db/tenant-move.ts `failpoint`), how soon another takes over. */
  moveFailpoint?: string;
  moveOrphanedSeconds: number;
  /**
   * DATABASE_STANDBY_URLS: the main database's streaming-replication standbys, comma-separated postgres:// URLs; lists,
   * reports and exports read there (db/standbys.ts). A data source names its own in 数据源管理.
   */
  standbyUrls: string[];
  /** TENON_STANDBY_MAX_LAG_MB: a standby further behind its primary than this is not read from until it catches up. */
  standbyMaxLagMb: number;
  /** Bearer token a Prometheus scraper sends to `/metrics`; absent = only a signed-in platform super administrator. */
  metricsToken?: string;
  /** TENON_SHUTDOWN_TIMEOUT (seconds): the longest a stop waits for requests and background work (lifecycle.ts). */
  shutdownTimeoutMs: number;
  /**
   * TENON_FLOW_JOB_POLL_MS: how often this process looks for due workflow timers (platform/workflow/flow-jobs.ts);
   * `off` (or 0): never, for a process that only serves requests while others fire the timers.
   */
  flowJobPollMs: number;
  /**
   * TENON_FLOW_HTTP_PRIVATE=allow: workflow endpoints on this machine or a private network may be called (an
   * installation inside a company network); otherwise such addresses are refused (a tenant could reach the
   * server's own neighbours, a cloud's metadata service).
   */
  flowHttpPrivate: boolean;
  /**
   * TENON_SOCIAL_PRIVATE=allow: social login providers on this machine or a private network may be called (an
   * identity provider inside the company's network, the tests' own); by default such addresses are refused.
   */
  socialPrivate: boolean;
  /**
   * The SMS providers' API addresses (TENON_SMS_ALIYUN_URL, TENON_SMS_TENCENT_URL): the public ones by default; a
   * server setting rather than a tenant's, so no config sends a signed request elsewhere (tests: local fakes).
   */
  sms: { aliyun: string; tencent: string };
  /** TENON_API_LOG=off: 接口日志 records nothing (bench/api.ts measures what recording costs); otherwise on. */
  apiLog: boolean;
  /** Uploads without an enabled tenant config (modules/resource/storage): see `FileStoreConfig`. */
  files: FileStoreConfig;
  /**
   * TENON_PUBLIC_URL: the origin browsers and other applications reach this server at (behind a proxy, its https
   * origin); the SSO issuer is `<origin>/oauth2` (modules/auth/oidc). Default: http://<HOST or localhost>:<PORT>.
   */
  publicUrl: string;
  /**
   * TENON_SM2_PRIVATE_KEY + TENON_SM2_PUBLIC_KEY (hex, `npm run sm2-keys` prints a pair): the key pair Saber 4.x
   * encrypts its login password with (the public key goes into its website.js); absent = that login form is refused.
   */
  sm2?: Sm2Keys;
}

/**
 * The server's default file store, used by tenants with no enabled object storage config.
 * - TENON_FILES_DIR: the local store's folder (default DATA_DIR/files). Several processes (REDIS_URL set) use the
 *   local store only when it is given: it must then be a folder every process mounts (NFS, a shared volume).
 * - TENON_S3_ENDPOINT, TENON_S3_BUCKET, TENON_S3_ACCESS_KEY, TENON_S3_SECRET_KEY, TENON_S3_REGION (default
 *   us-east-1): an S3-compatible store instead of the local folder; each tenant's objects under `<tenantId>/`.
 * - TENON_UPLOAD_MAX_MB: the largest upload (default 200) where a tenant's config sets none.
 */
export interface FileStoreConfig {
  dir: string;
  /** The folder is declared shared between processes (TENON_FILES_DIR given). */
  sharedDir: boolean;
  /** Several server processes may serve requests (REDIS_URL set). */
  severalProcesses: boolean;
  s3?: { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string };
  maxUploadMb: number;
}

export class ConfigError extends Error {}

// Secrets that ship in public BladeX/SpringBlade configurations: a server signing with one of them can be forged.
const KNOWN_DEFAULT_SECRETS = new Set([
  'blade',
  'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
  'abcdefghijklmnopqrstuvwxyz',
  'secret',
  'changeme',
]);
const MIN_SECRET_BYTES = 32;

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = parsePort(env.PORT?.trim() || '8080');
  const dataDir = dataDirOf(env);
  const databaseUrl = emptyToUndefined(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql:// (got "${databaseUrl}")`);
  }
  const redisUrl = emptyToUndefined(env.REDIS_URL);
  const host = env.HOST || '0.0.0.0';
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss:// (got "${redisUrl}")`);
  }
  return {
    port,
    host,
    production,
    ...(env.TENON_DEV_WRITE?.trim() === '1' && !production
      ? { devWrite: { root: resolve(env.TENON_DEV_ROOT?.trim() || '.') } }
      : {}),
    dataDir,
    databaseUrl,
    redisUrl,
    kvPrefix: env.TENON_KV_PREFIX || 'tenon:',
    jwtSecret: resolveJwtSecret(env.TENON_JWT_SECRET, production, dataDir),
    webDir: resolve(env.TENON_WEB_DIR || 'dist'),
    logLevel: env.LOG_LEVEL || (production ? 'info' : 'warn'),
    tokenRateLimit: parsePositive('TENON_TOKEN_RATE_LIMIT', env.TENON_TOKEN_RATE_LIMIT?.trim() || '20'),
    rowLevelSecurity: parseOnOff('TENON_RLS', env.TENON_RLS),
    preparedStatements: parseOnOff('TENON_PREPARED_STATEMENTS', env.TENON_PREPARED_STATEMENTS),
    sourcePoolSize: parsePositive('TENON_SOURCE_POOL', env.TENON_SOURCE_POOL?.trim() || '5'),
    moveFailpoint: production ? undefined : env.TENON_MOVE_FAILPOINT?.trim() || undefined,
    moveOrphanedSeconds: parsePositive('TENON_MOVE_ORPHANED_SECONDS', env.TENON_MOVE_ORPHANED_SECONDS?.trim() || '120'),
    mainConninfo: env.TENON_MAIN_CONNINFO?.trim() || databaseUrl,
    standbyUrls: standbyUrlsOf(env.DATABASE_STANDBY_URLS, databaseUrl),
    standbyMaxLagMb: parsePositive('TENON_STANDBY_MAX_LAG_MB', env.TENON_STANDBY_MAX_LAG_MB?.trim() || '16'),
    metricsToken: parseMetricsToken(env.TENON_METRICS_TOKEN),
    shutdownTimeoutMs: parsePositive('TENON_SHUTDOWN_TIMEOUT', env.TENON_SHUTDOWN_TIMEOUT?.trim() || '25') * 1000,
    flowJobPollMs: /^(off|0)$/.test(env.TENON_FLOW_JOB_POLL_MS?.trim() ?? '')
      ? 0
      : parsePositive('TENON_FLOW_JOB_POLL_MS', env.TENON_FLOW_JOB_POLL_MS?.trim() || '1000'),
    flowHttpPrivate: env.TENON_FLOW_HTTP_PRIVATE?.trim() === 'allow',
    socialPrivate: env.TENON_SOCIAL_PRIVATE?.trim() === 'allow',
    apiLog: env.TENON_API_LOG?.trim() !== 'off',
    files: fileStoreOf(env, dataDir, Boolean(redisUrl)),
    sm2: sm2Of(env),
    sms: {
      aliyun: httpUrl('TENON_SMS_ALIYUN_URL', env.TENON_SMS_ALIYUN_URL, 'https://dysmsapi.aliyuncs.com'),
      tencent: httpUrl('TENON_SMS_TENCENT_URL', env.TENON_SMS_TENCENT_URL, 'https://sms.tencentcloudapi.com'),
    },
    publicUrl: httpUrl(
      'TENON_PUBLIC_URL',
      env.TENON_PUBLIC_URL,
      `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`,
    ),
  };
}

function standbyUrlsOf(text: string | undefined, databaseUrl: string | undefined): string[] {
  const urls = (text ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  if (urls.length && !databaseUrl) throw new ConfigError('DATABASE_STANDBY_URLS needs DATABASE_URL');
  const wrong = urls.find((url) => !/^postgres(ql)?:\/\//.test(url));
  if (wrong) throw new ConfigError(`DATABASE_STANDBY_URLS takes postgres:// URLs (got "${wrong}")`);
  return urls;
}

function fileStoreOf(env: Env, dataDir: string, severalProcesses: boolean): FileStoreConfig {
  const dir = emptyToUndefined(env.TENON_FILES_DIR);
  const endpoint = emptyToUndefined(env.TENON_S3_ENDPOINT);
  let s3: FileStoreConfig['s3'];
  if (endpoint) {
    if (!/^https?:\/\/[^\s/?#]+\/?$/.test(endpoint))
      throw new ConfigError(`TENON_S3_ENDPOINT must be http(s)://host[:port] (got "${endpoint}")`);
    const bucket = emptyToUndefined(env.TENON_S3_BUCKET);
    const accessKey = emptyToUndefined(env.TENON_S3_ACCESS_KEY);
    const secretKey = emptyToUndefined(env.TENON_S3_SECRET_KEY);
    if (!bucket || !accessKey || !secretKey)
      throw new ConfigError('TENON_S3_ENDPOINT needs TENON_S3_BUCKET, TENON_S3_ACCESS_KEY and TENON_S3_SECRET_KEY');
    s3 = { endpoint, bucket, accessKey, secretKey, region: emptyToUndefined(env.TENON_S3_REGION) ?? 'us-east-1' };
  }
  return {
    dir: dir ? resolve(dir) : join(dataDir, 'files'),
    sharedDir: dir !== undefined,
    severalProcesses,
    s3,
    maxUploadMb: parsePositive('TENON_UPLOAD_MAX_MB', env.TENON_UPLOAD_MAX_MB?.trim() || '200'),
  };
}

function sm2Of(env: Env): Sm2Keys | undefined {
  try {
    return sm2KeysOf(env.TENON_SM2_PRIVATE_KEY, env.TENON_SM2_PUBLIC_KEY);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

/** The embedded database's folder; also read by the backup and restore commands, which need no other setting. */
export const dataDirOf = (env: Env = process.env) => resolve(env.DATA_DIR || './data');

function httpUrl(name: string, value: string | undefined, fallback: string): string {
  const text = value?.trim() || fallback;
  if (!/^https?:\/\/[^\s/?#@]+\/?$/.test(text))
    throw new ConfigError(`${name} must be an http(s) origin (got "${text}")`);
  return text.replace(/\/$/, '');
}

function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(port) || port > 65535) throw new ConfigError(`PORT must be an integer 0-65535 (got "${text}")`);
  return port;
}

function parsePositive(name: string, text: string): number {
  const value = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  if (value < 1) throw new ConfigError(`${name} must be a positive integer (got "${text}")`);
  return value;
}

function parseOnOff(name: string, text: string | undefined): boolean {
  const value = text?.trim().toLowerCase() || 'on';
  if (value !== 'on' && value !== 'off') throw new ConfigError(`${name} must be on or off (got "${text}")`);
  return value === 'on';
}

/** A scrape token guards the figures wherever the port is reachable: long, and no published default. */
function parseMetricsToken(text: string | undefined): string | undefined {
  const token = emptyToUndefined(text);
  if (token === undefined) return undefined;
  const problem = /\s/.test(token) ? 'not one word' : secretProblem(token);
  if (problem)
    throw new ConfigError(
      `TENON_METRICS_TOKEN is ${problem}. Set a random token of at least ${MIN_SECRET_BYTES} bytes, e.g. \`openssl rand -hex 32\`.`,
    );
  return token;
}

function emptyToUndefined(value: string | undefined): string | undefined {
  return value && value.trim() ? value.trim() : undefined;
}

/**
 * Production fails closed: the secret must be given, long and not a published default.
 * Elsewhere a missing secret is generated once and kept in DATA_DIR so tokens survive restarts.
 */
function resolveJwtSecret(given: string | undefined, production: boolean, dataDir: string): Uint8Array {
  if (given !== undefined && given !== '') {
    const problem = secretProblem(given);
    if (problem) {
      if (production)
        throw new ConfigError(
          `TENON_JWT_SECRET is ${problem}; refusing to start in production. Set a random secret of at least ${MIN_SECRET_BYTES} bytes, e.g. \`openssl rand -base64 48\`.`,
        );
      process.emitWarning(`TENON_JWT_SECRET is ${problem}; this is refused when NODE_ENV=production.`);
    }
    return new TextEncoder().encode(given);
  }
  if (production) {
    throw new ConfigError(
      `TENON_JWT_SECRET is not set; refusing to start in production. Set a random secret of at least ${MIN_SECRET_BYTES} bytes, e.g. \`openssl rand -base64 48\`.`,
    );
  }
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeSecretOnce(file);
  const stored = readFileSync(file, 'utf8').trim();
  const problem = secretProblem(stored);
  if (problem)
    throw new ConfigError(
      `${file} holds a signing key that is ${problem}; delete the file to generate a new one (existing logins end).`,
    );
  return new TextEncoder().encode(stored);
}

/**
 * Written to a temporary file and linked into place: a crash never leaves an empty key, and of two processes starting
 * at once one key wins.
 */
function writeSecretOnce(file: string) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, randomBytes(48).toString('base64'), { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
}

export function secretProblem(secret: string): string | undefined {
  if (KNOWN_DEFAULT_SECRETS.has(secret.toLowerCase())) return 'a published default';
  if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) return `shorter than ${MIN_SECRET_BYTES} bytes`;
  return undefined;
}
