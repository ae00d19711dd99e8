import { readFromPrimary } from '../db/tenant-context.ts';

/**
 * An in-process cache of loaded values, a promise each so that concurrent readers share one load. Entries live
 * `ttlMs` and at most `max` of them are kept, the least recently used going first; expired ones are dropped as new
 * ones come (issue 16: one entry per tenant and role set, never dropped, grew by 45 KB a tenant administrator). A
 * failed load is forgotten, so the next reader tries again.
 */
export class TtlCache<V> {
  /** In order of use: the first is the least recently used. */
  private readonly entries = new Map<string, { value: Promise<V>; at: number }>();

  constructor(
    private readonly max: number,
    private readonly ttlMs = Infinity,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      if (now - hit.at < this.ttlMs) {
        this.entries.set(key, hit); // now the most recently used
        return hit.value;
      }
    }
    // What is kept outlives the request: read where every write already is (a standby may lag the change notice).
    const entry = { value: readFromPrimary(load), at: now };
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    this.entries.set(key, entry);
    for (const [oldest, { at }] of this.entries) {
      if (this.entries.size <= this.max && now - at < this.ttlMs) break;
      this.entries.delete(oldest);
    }
    return entry.value;
  }

  /** The live value under `key`, without loading one. */
  peek(key: string): Promise<V> | undefined {
    const hit = this.entries.get(key);
    return hit && Date.now() - hit.at < this.ttlMs ? hit.value : undefined;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
