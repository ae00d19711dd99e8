import type { Database, Db } from '../../db/connect.ts';
import type { SourceLogin } from '../../db/placement.ts';
import { prepareSource, waitForPlatformRow } from '../../db/source-setup.ts';
import { asSystem } from '../../db/tenant-context.ts';
import { MESSAGES, type LocalText } from '../../../shared/i18n/server-messages.ts';
import { SHARED_DEFINITIONS } from '../../platform/workflow/index.ts';
import { ApiError, failWith } from '../../platform/errors.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import { parseJdbcUrl, standbyUrlsOf } from '../../db/jdbc-url.ts';
import { datasourcePassword } from '../develop/datasource-password.ts';
import { datasourceRow } from '../develop/model.queries.ts';
import { syncLiveTables } from '../develop/live-publish.ts';

/** A data source's share of the seed (db/seed/seed.ts, given by app.ts: this module is below the seed's). */
export interface SourceSeed {
  grantMenus(db: Db): Promise<void>;
  seedTenants(sourceId: string, tenantIds: string[]): Promise<BackgroundSeeding | undefined>;
}
interface BackgroundSeeding {
  start(log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void }): void;
  stop(): Promise<void>;
}

export const PLACEMENT_MESSAGES = {
  needsPostgres: {
    zh: '租户数据源需要主库为 PostgreSQL (DATABASE_URL)',
    en: 'Placing a tenant on a data source needs the main database on PostgreSQL (DATABASE_URL)',
  },
  notPostgres: {
    zh: '数据源 {name} 不是 PostgreSQL 数据库,不能承载租户',
    en: 'The data source {name} is not a PostgreSQL database and cannot hold tenants',
  },
  notReady: {
    zh: '数据源 {name} 无法承载租户: {label}',
    en: 'The data source {name} cannot hold tenants: {label}',
  },
  hasRows: {
    zh: '该租户已有数据,更换数据源需迁移租户',
    en: 'The tenant already has data: changing its data source means moving the tenant',
  },
} satisfies Record<string, LocalText>;

/** A live data source that may hold tenants (a PostgreSQL one), by id; else the refusal a screen shows. */
export async function placeableSource(db: Db, sourceId: string): Promise<{ name: string; url: string }> {
  const row = await db
    .selectFrom('blade_datasource')
    .select(['name', 'url'])
    .where('id', '=', sourceId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw new ApiError(400, MESSAGES.dataNotFound);
  if (parseJdbcUrl(row.url)?.kind !== 'pg') throw failWith(PLACEMENT_MESSAGES.notPostgres, { name: row.name });
  return row;
}

/** Every process reads the placement again when a tenant's data source changes. */
const CHANNEL = 'cache:tenant-placement';

/** A data source's login, from its row on the main database (password unsealed with the server's secret). */
export function sourceLogins(platformDb: Db, secret: Uint8Array) {
  return (id: string): Promise<SourceLogin | undefined> =>
    asSystem(async () => {
      const row = await datasourceRow(platformDb, id);
      const parsed = row && parseJdbcUrl(row.url);
      if (!row || parsed?.kind !== 'pg') return undefined;
      const more = await platformDb
        .selectFrom('blade_datasource')
        .select(['name', 'standby_urls'])
        .where('id', '=', id)
        .executeTakeFirst();
      // Checked when written (develop/datasource.hooks.ts): an entry that is not PostgreSQL's cannot be there.
      const standbys = standbyUrlsOf(more?.standby_urls ?? '').flatMap((url) => parseJdbcUrl(url)?.address ?? []);
      return {
        name: more?.name || id,
        ...parsed.address,
        user: row.username,
        password: datasourcePassword(row, secret),
        standbys,
      };
    });
}

/**
 * Tenants placed on data sources (db/placement.ts), as the tenant screens and the start see it: a source made ready
 * before a tenant goes there, and every process told when a tenant's placement changes.
 */
export class TenantPlacing {
  constructor(
    private readonly database: Database,
    private readonly kv: KeyValueStore,
    private readonly mainConninfo: string | undefined,
    private readonly seed: SourceSeed,
  ) {}

  /** Subscribes this process to placement changes; the sources' logins come from their rows. */
  static async start(
    database: Database,
    kv: KeyValueStore,
    secret: Uint8Array,
    seed: SourceSeed,
    mainConninfo?: string,
  ) {
    const placing = new TenantPlacing(database, kv, mainConninfo, seed);
    const placement = database.placement;
    if (placement) {
      placement.useSources(sourceLogins(database.platformDb, secret));
      await kv.subscribe(CHANNEL, () => void placement.reload());
    }
    return placing;
  }

  /**
   * A data source made ready to hold tenants (migrated, the platform tables copied), returned as its database.
   * Refused with the reason when the main database is embedded, the source is not PostgreSQL or does not answer.
   */
  async ready(sourceId: string): Promise<Db> {
    const { placement, platformDb } = this.database;
    const mainConninfo = this.mainConninfo;
    if (!placement || !mainConninfo) throw failWith(PLACEMENT_MESSAGES.needsPostgres);
    const row = await asSystem(() => placeableSource(platformDb, sourceId));
    try {
      await prepareSourceWithModules(this.database, sourceId, mainConninfo, this.seed);
      return (await placement.poolOf(sourceId)).db;
    } catch (error) {
      throw failWith(PLACEMENT_MESSAGES.notReady, { name: row.name, label: (error as Error).message });
    }
  }

  /** A tenant row placed on `source`, written on the main database: once it is there too, every process is told. */
  async placed(source: Db, tenantRowId: string): Promise<void> {
    await waitForPlatformRow(source, 'blade_tenant', tenantRowId);
    await this.changed();
  }

  /** A tenant's placement changed: this process reads it now, the others on the notice. */
  async changed(): Promise<void> {
    await this.database.placement?.reload();
    await this.kv.publish(CHANNEL, 'placement');
  }
}

/**
 * A data source made ready to hold tenants: migrated and subscribed to the platform tables (source-setup.ts), the
 * published live models' tables as the main database has them, and the menus new to its roles granted (on a source
 * without records: the tree recorded as it is, the next upgrade granting only what it brings).
 */
async function prepareSourceWithModules(
  database: Database,
  sourceId: string,
  mainConninfo: string,
  seed: SourceSeed,
): Promise<void> {
  await database.placement!.setUp(sourceId, async (db) => {
    await prepareSource(database.platformDb, db, sourceId, mainConninfo, SHARED_DEFINITIONS);
    await asSystem(async () => {
      await syncLiveTables(db);
      await seed.grantMenus(db);
    });
  });
}

/**
 * At start, after the main database's migrations and seed, before the server listens: every data source a tenant is
 * placed on made ready (`prepareSourceWithModules`), and its tenants' share of the seed begun. One that does not answer
 * is returned, for the log: its tenants fail until it answers, and the readiness check names it.
 */
export async function prepareSourcesAtStart(
  database: Database,
  mainConninfo: string | undefined,
  seed: SourceSeed,
): Promise<{ seedings: BackgroundSeeding[]; failed: Array<{ datasource: string; error: unknown }> }> {
  const placement = database.placement;
  const seedings: BackgroundSeeding[] = [];
  const failed: Array<{ datasource: string; error: unknown }> = [];
  if (!placement || !mainConninfo) return { seedings, failed };
  for (const id of (await placement.databases()).slice(1)) {
    try {
      await prepareSourceWithModules(database, id, mainConninfo, seed);
      // Its tenants' share of this build's seed, as the main database's.
      const seeding = await seed.seedTenants(id, placement.tenantsOn(id));
      if (seeding) seedings.push(seeding);
    } catch (error) {
      failed.push({ datasource: id, error });
    }
  }
  return { seedings, failed };
}
