import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_TIME_ZONE, setTimeZoneSource } from '../../shared/contract/time.ts';
import { TtlCache } from './ttl-cache.ts';
import type { Db } from '../db/connect.ts';
import type { KeyValueStore } from './kv.ts';

const CHANNEL = 'cache:tenant-zone';
const CACHE_TTL_MS = 60_000;
const ZONES_KEPT = 10_000;

/**
 * Each tenant's time zone (blade_tenant.time_zone), cached per process and cleared on every process when one changes.
 */
export class TenantTimeZones {
  private readonly cache = new TtlCache<string>(ZONES_KEPT, CACHE_TTL_MS);

  private constructor(
    private readonly db: Db,
    private readonly kv: KeyValueStore,
  ) {}

  static async create(db: Db, kv: KeyValueStore): Promise<TenantTimeZones> {
    const zones = new TenantTimeZones(db, kv);
    await kv.subscribe(CHANNEL, () => zones.cache.clear());
    return zones;
  }

  /** The tenant's zone; the default for a tenant without a row (or a removed one). */
  zoneOf(tenantId: string): Promise<string> {
    return this.cache.get(tenantId, () =>
      this.db
        .selectFrom('blade_tenant')
        .select('time_zone')
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()
        .then((row) => row?.time_zone || DEFAULT_TIME_ZONE),
    );
  }

  /** After a tenant's zone changed: every process reads it again. */
  async invalidate(): Promise<void> {
    this.cache.clear();
    await this.kv.publish(CHANNEL, 'zone');
  }
}

const requestZone = new AsyncLocalStorage<string>();

/**
 * Every date the server writes while handling a signed-in request is in the caller's tenant zone: the handler runs
 * inside the zone (after the access hooks have verified the caller), and `formatDateTime()` reads it from there.
 * Outside a request (start-up, seed) the contract's zone applies.
 */
export function registerTenantTime(app: FastifyInstance, zones: TenantTimeZones) {
  setTimeZoneSource(() => requestZone.getStore() ?? DEFAULT_TIME_ZONE);
  // A callback hook: the rest of the request (the handler) runs inside `run`, so its async work sees the zone.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.user) {
      done();
      return;
    }
    zones.zoneOf(request.user.tenantId).then((zone) => requestZone.run(zone, () => done()), done);
  });
}
