import { Redis } from 'ioredis';
import type { Db } from '../db/connect.ts';

/**
 * State several server processes must share and a restart must not forget: revoked sessions, closed tenants,
 * login-failure counters, spent refresh tokens, captcha codes; plus cache invalidation. In Redis with REDIS_URL;
 * otherwise in the process, written through to the database (`tenon_kv`) and read back at start.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** Several keys in one round trip (every request's session checks). */
  getMany(keys: string[]): Promise<Array<string | null>>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Sets the key only when it holds nothing; true when this call set it (a refresh token spent once). */
  claim(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Reads and deletes in one step (single-use captcha). */
  take(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<void>;
  /** Increments a counter; the TTL starts with the first increment. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  ttl(key: string): Promise<number>;
  publish(channel: string, message: string): Promise<void>;
  /** The Redis connection when there is one, for libraries that keep their own state in Redis (the rate limiter). */
  readonly redis?: Redis;
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

export async function openKeyValueStore(options: {
  redisUrl?: string;
  prefix: string;
  db: Db;
}): Promise<KeyValueStore> {
  return options.redisUrl ? RedisStore.connect(options.redisUrl, options.prefix) : LocalStore.open(options.db);
}

interface Entry {
  value: string;
  expires: number;
}

/**
 * One process's store (the embedded default): reads come from memory, every write is written through to
 * `tenon_kv` before it is acknowledged, and the live rows are loaded at start, so a logout, a closed tenant or a
 * lockout survives a restart. Only one process uses a PGlite folder, so its memory is the whole truth.
 */
class LocalStore implements KeyValueStore {
  private readonly values = new Map<string, Entry>();
  private readonly listeners = new Map<string, Array<(message: string) => void>>();
  private readonly sweeper = setInterval(() => void this.sweep(), 60_000).unref();

  private constructor(private readonly db: Db) {}

  static async open(db: Db): Promise<LocalStore> {
    const store = new LocalStore(db);
    const now = Date.now();
    await db.deleteFrom('tenon_kv').where('expires_at', '<=', String(now)).execute();
    for (const row of await db.selectFrom('tenon_kv').select(['kv_key', 'kv_value', 'expires_at']).execute()) {
      store.values.set(row.kv_key, { value: row.kv_value, expires: Number(row.expires_at) });
    }
    return store;
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async getMany(keys: string[]) {
    return keys.map((key) => this.live(key)?.value ?? null);
  }
  async set(key: string, value: string, ttlSeconds: number) {
    await this.put(key, { value, expires: Date.now() + ttlSeconds * 1000 });
  }
  async claim(key: string, value: string, ttlSeconds: number) {
    if (this.live(key)) return false;
    await this.put(key, { value, expires: Date.now() + ttlSeconds * 1000 });
    return true;
  }
  async take(key: string) {
    const entry = this.live(key);
    if (entry) await this.del(key);
    return entry?.value ?? null;
  }
  async del(...keys: string[]) {
    for (const key of keys) this.values.delete(key);
    if (keys.length) await this.db.deleteFrom('tenon_kv').where('kv_key', 'in', keys).execute();
  }
  async increment(key: string, ttlSeconds: number) {
    const entry = this.live(key);
    const next = Number(entry?.value ?? 0) + 1;
    await this.put(key, { value: String(next), expires: entry?.expires ?? Date.now() + ttlSeconds * 1000 });
    return next;
  }
  async ttl(key: string) {
    const entry = this.live(key);
    return entry ? Math.ceil((entry.expires - Date.now()) / 1000) : -2;
  }
  async publish(channel: string, message: string) {
    for (const listener of this.listeners.get(channel) ?? []) listener(message);
  }
  async subscribe(channel: string, listener: (message: string) => void) {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
  }
  async close() {
    clearInterval(this.sweeper);
  }

  /** Memory first (so concurrent calls in this process see it at once), then the row. */
  private async put(key: string, entry: Entry) {
    this.values.set(key, entry);
    await this.db
      .insertInto('tenon_kv')
      .values({ kv_key: key, kv_value: entry.value, expires_at: entry.expires })
      .onConflict((oc) => oc.column('kv_key').doUpdateSet({ kv_value: entry.value, expires_at: entry.expires }))
      .execute();
  }

  private live(key: string) {
    const entry = this.values.get(key);
    if (entry && entry.expires <= Date.now()) {
      this.values.delete(key);
      return undefined;
    }
    return entry;
  }
  private async sweep() {
    const now = Date.now();
    for (const [key, entry] of this.values) if (entry.expires <= now) this.values.delete(key);
    // A closed database (shutdown between two sweeps) is no reason to crash: the next start sweeps again.
    await this.db
      .deleteFrom('tenon_kv')
      .where('expires_at', '<=', String(now))
      .execute()
      .catch(() => undefined);
  }
}

class RedisStore implements KeyValueStore {
  private subscriber?: Redis;
  private readonly listeners = new Map<string, Array<(message: string) => void>>();

  private constructor(
    readonly redis: Redis,
    private readonly url: string,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, prefix: string): Promise<RedisStore> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    await redis.connect();
    return new RedisStore(redis, url, prefix);
  }

  async get(key: string) {
    return this.redis.get(this.prefix + key);
  }
  async getMany(keys: string[]) {
    return this.redis.mget(keys.map((key) => this.prefix + key));
  }
  async set(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(this.prefix + key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }
  async claim(key: string, value: string, ttlSeconds: number) {
    return (await this.redis.set(this.prefix + key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX')) === 'OK';
  }
  async take(key: string) {
    return this.redis.getdel(this.prefix + key);
  }
  async del(...keys: string[]) {
    if (keys.length) await this.redis.del(...keys.map((k) => this.prefix + k));
  }
  async increment(key: string, ttlSeconds: number) {
    const [[, count]] = (await this.redis
      .multi()
      .incr(this.prefix + key)
      .expire(this.prefix + key, ttlSeconds, 'NX')
      .exec()) as [[Error | null, number]];
    return count;
  }
  async ttl(key: string) {
    return this.redis.ttl(this.prefix + key);
  }
  async publish(channel: string, message: string) {
    await this.redis.publish(this.prefix + channel, message);
  }
  async subscribe(channel: string, listener: (message: string) => void) {
    if (!this.subscriber) {
      this.subscriber = new Redis(this.url, { lazyConnect: true });
      await this.subscriber.connect();
      this.subscriber.on('message', (ch: string, message: string) => {
        for (const l of this.listeners.get(ch.slice(this.prefix.length)) ?? []) l(message);
      });
    }
    if (!this.listeners.has(channel)) await this.subscriber.subscribe(this.prefix + channel);
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
  }
  async close() {
    await Promise.all([this.redis.quit(), this.subscriber?.quit()]);
  }
}
