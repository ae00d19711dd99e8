import { Redis } from 'ioredis';

/**
 * State several server processes must share: revoked sessions, captcha codes, login-failure counters, cache
 * invalidation. In memory for one process (the embedded default); in Redis with REDIS_URL.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one step (single-use captcha). */
  take(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<void>;
  /** Increments a counter; the TTL starts with the first increment. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  ttl(key: string): Promise<number>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

export async function openKeyValueStore(options: { redisUrl?: string; prefix: string }): Promise<KeyValueStore> {
  return options.redisUrl ? RedisStore.connect(options.redisUrl, options.prefix) : new MemoryStore();
}

class MemoryStore implements KeyValueStore {
  private readonly values = new Map<string, { value: string; expires: number }>();
  private readonly listeners = new Map<string, Array<(message: string) => void>>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  async get(key: string) { return this.live(key)?.value ?? null; }
  async set(key: string, value: string, ttlSeconds: number) { this.values.set(key, { value, expires: Date.now() + ttlSeconds * 1000 }); }
  async take(key: string) {
    const entry = this.live(key);
    this.values.delete(key);
    return entry?.value ?? null;
  }
  async del(...keys: string[]) { for (const key of keys) this.values.delete(key); }
  async increment(key: string, ttlSeconds: number) {
    const entry = this.live(key);
    const next = Number(entry?.value ?? 0) + 1;
    this.values.set(key, { value: String(next), expires: entry?.expires ?? Date.now() + ttlSeconds * 1000 });
    return next;
  }
  async ttl(key: string) {
    const entry = this.live(key);
    return entry ? Math.ceil((entry.expires - Date.now()) / 1000) : -2;
  }
  async publish(channel: string, message: string) { for (const listener of this.listeners.get(channel) ?? []) listener(message); }
  async subscribe(channel: string, listener: (message: string) => void) {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
  }
  async close() { clearInterval(this.sweeper); }

  private live(key: string) {
    const entry = this.values.get(key);
    if (entry && entry.expires <= Date.now()) {
      this.values.delete(key);
      return undefined;
    }
    return entry;
  }
  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.values) if (entry.expires <= now) this.values.delete(key);
  }
}

class RedisStore implements KeyValueStore {
  private subscriber?: Redis;
  private readonly listeners = new Map<string, Array<(message: string) => void>>();

  private constructor(private readonly redis: Redis, private readonly url: string, private readonly prefix: string) {}

  static async connect(url: string, prefix: string): Promise<RedisStore> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    await redis.connect();
    return new RedisStore(redis, url, prefix);
  }

  async get(key: string) { return this.redis.get(this.prefix + key); }
  async set(key: string, value: string, ttlSeconds: number) { await this.redis.set(this.prefix + key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds))); }
  async take(key: string) { return this.redis.getdel(this.prefix + key); }
  async del(...keys: string[]) { if (keys.length) await this.redis.del(...keys.map((k) => this.prefix + k)); }
  async increment(key: string, ttlSeconds: number) {
    const [[, count]] = (await this.redis.multi().incr(this.prefix + key).expire(this.prefix + key, ttlSeconds, 'NX').exec()) as [[Error | null, number]];
    return count;
  }
  async ttl(key: string) { return this.redis.ttl(this.prefix + key); }
  async publish(channel: string, message: string) { await this.redis.publish(this.prefix + channel, message); }
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
