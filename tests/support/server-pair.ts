import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { TEST_SECRET } from './app.ts';
import { copyTemplate, type DatabaseCopy } from './database.ts';
import { startServer, type RunningServer } from './process.ts';

/** Whether the suite runs on PostgreSQL and Redis: what tests of several server processes need. */
export const SHARED_STATE = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

export interface ServerPair {
  a: RunningServer;
  b: RunningServer;
  /** The Redis both use; their keys start with `prefix`. */
  redis: Redis;
  prefix: string;
  copy: DatabaseCopy;
  /** Stops both, removes their Redis keys and drops the database copy. */
  stop(): Promise<void>;
}

/**
 * Two server processes on one fresh PostgreSQL copy and one Redis (keys under a prefix of their own), as a scaled-out
 * deployment runs them. Each has its own DATA_DIR: nothing may be shared through the file system, only through
 * PostgreSQL and Redis (and what `env` adds, an S3 store say).
 */
export async function startServerPair(env: Record<string, string | undefined> = {}): Promise<ServerPair> {
  const prefix = `tenon-test-${randomBytes(6).toString('hex')}:`;
  const redis = new Redis(process.env.REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  const copy = await copyTemplate();
  const shared = {
    DATABASE_URL: copy.databaseUrl,
    REDIS_URL: process.env.REDIS_URL,
    TENON_KV_PREFIX: prefix,
    TENON_JWT_SECRET: TEST_SECRET,
    ...env,
  };
  const started = await Promise.allSettled([
    startServer({ ...shared, DATA_DIR: `${copy.dataDir}/a` }),
    startServer({ ...shared, DATA_DIR: `${copy.dataDir}/b` }),
  ]);
  const [a, b] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
  const stop = async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await removeKeys(redis, prefix);
    await redis.quit();
    await copy.drop();
  };
  if (!a || !b) {
    await stop();
    throw started.find((s) => s.status === 'rejected')!.reason;
  }
  return { a, b, redis, prefix, copy, stop };
}

async function removeKeys(redis: Redis, prefix: string) {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  if (keys.length) await redis.del(...keys);
}
