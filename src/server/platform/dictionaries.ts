import { TtlCache } from './ttl-cache.ts';
import type { Db } from '../db/connect.ts';
import type { KeyValueStore } from './kv.ts';

const CHANNEL = 'cache:dict';

/** Items of the platform dictionary by code (key -> value), cached per process and cleared on every change. */
export class Dictionaries {
  private readonly cache = new TtlCache<Map<string, string>>(500);

  private constructor(
    private readonly db: Db,
    private readonly kv: KeyValueStore,
  ) {}

  static async create(db: Db, kv: KeyValueStore): Promise<Dictionaries> {
    const dictionaries = new Dictionaries(db, kv);
    await kv.subscribe(CHANNEL, () => dictionaries.cache.clear());
    return dictionaries;
  }

  itemsOf(code: string): Promise<Map<string, string>> {
    return this.cache.get(code, () =>
      this.db
        .selectFrom('blade_dict')
        .select(['dict_key', 'dict_value'])
        .where('code', '=', code)
        .where('parent_id', '<>', '0')
        .where('is_deleted', '=', 0)
        .orderBy('sort')
        .execute()
        .then((rows) => new Map(rows.map((r) => [String(r.dict_key), String(r.dict_value)]))),
    );
  }

  async invalidate(): Promise<void> {
    this.cache.clear();
    await this.kv.publish(CHANNEL, 'dict');
  }
}
