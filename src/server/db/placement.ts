import pg from 'pg';
import { sql, type Driver } from 'kysely';
import { ApiError } from '../platform/errors.ts';
import { MESSAGES } from '../../shared/i18n/server-messages.ts';
import { asSystem, currentPinnedDatabase, currentServedTenant } from './tenant-context.ts';
import type { Db } from './db.ts';
import type { DatabaseTarget, StandbyAddress, Standbys, StandbyStatus } from './standbys.ts';

/** The key of the main database among the placement's (a data source's key is its id). */
export const MAIN_DATABASE = 'main';
/** The platform tenant lives on the main database: the tenant list and every platform table are there. */
const PLATFORM_TENANT = '000000';

/** How a data source is reached, from its row (url, user, sealed password: app.ts reads it). */
export interface SourceLogin {
  name: string;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  /** Its streaming-replication standbys (standbys.ts), logged into as the source is. */
  standbys: StandbyAddress[];
}

/** A data source's pool, as connect.ts builds it (row-level security and prepared statements like the main's). */
export interface SourcePool {
  driver: Driver;
  /** This source's database whatever the context; the identity is the context's (owner rights under `asSystem`). */
  db: Db;
  pool: pg.Pool;
  /** Its standbys, polled while this pool is open. */
  standbys?: Standbys;
  close(): Promise<void>;
}

export type SourceState = 'up' | 'down' | 'behind';

export interface SourceHealth {
  id: string;
  name: string;
  state: SourceState;
  /** Why it is down or behind. */
  detail?: string;
  /** Its tenants, which fail while it does. */
  tenants: string[];
  standbys: StandbyStatus[];
}

interface Source {
  id: string;
  name: string;
  state: SourceState;
  detail?: string;
  pool?: SourcePool;
  opening?: Promise<SourcePool>;
  failedAt?: number;
  usedAt: number;
}

export interface PlacementOptions {
  mainDriver: Driver;
  /** The main database's standbys (DATABASE_STANDBY_URLS). */
  mainStandbys?: Standbys;
  /** The main database, whatever the context: the tenant list and the data sources are read there. */
  platformDb: Db;
  /** A pool over a data source, of at most `poolSize` connections. */
  openPool(login: SourceLogin, poolSize: number): SourcePool;
  poolSize: number;
  /** The migrations this build has: a source that lacks one of them does not serve its tenants. */
  migrations: readonly string[];
}

/** A source that failed is asked again after this long; meanwhile its tenants' requests fail at once. */
const RETRY_MS = 2_000;
/** A source's pool nobody used for this long is closed (pools are opened on demand, not held for every source). */
const IDLE_POOL_MS = 10 * 60_000;
/** The longest a request of a tenant whose move cuts over waits (the cutover takes a few seconds). */
const PAUSE_MS = 15_000;
/** How long a tenant's placement is trusted without a change notice (another process may have missed one). */
const MAP_TTL_MS = 60_000;

/**
 * Which database serves each tenant, and the pools to them (ARCHITECTURE.md § Scale-out). A tenant bound to a data
 * source (blade_tenant.datasource_id) has all its tenant rows on that PostgreSQL database, whose platform tables are
 * read-only copies of the main's through logical replication (source-setup.ts); every other tenant, the platform
 * tenant and all work outside a request are on the main database. A query goes where its context says
 * (tenant-context.ts): a database named with `onDatabase`, else the served tenant's, else the main; and there to one of
 * the database's standbys when the request may read from them (standbys.ts).
 */
export class Placement {
  private readonly sources = new Map<string, Source>();
  private readonly sourceOfDriver = new WeakMap<Driver, string>();
  /** Placed tenants only: tenant code -> data source id. */
  private placed = new Map<string, string>();
  private loadedAt = 0;
  private loading?: Promise<void>;
  private describe?: (id: string) => Promise<SourceLogin | undefined>;
  private readonly sweeper = setInterval(() => void this.closeIdle(), 60_000).unref();
  /** Tenants whose move is cutting over: their requests wait (tenant-move.ts). */
  private readonly paused = new Map<string, { wait(): Promise<void>; release(): void }>();

  constructor(private readonly options: PlacementOptions) {}

  /** How data sources are reached (their rows are a module's, read with the server's secret). */
  useSources(describe: (id: string) => Promise<SourceLogin | undefined>): void {
    this.describe = describe;
  }

  /** The database the current context uses. */
  async databaseForContext(): Promise<DatabaseTarget> {
    const key = await this.keyForContext();
    if (key === MAIN_DATABASE) return { key, primary: this.options.mainDriver, standbys: this.options.mainStandbys };
    const pool = await this.poolOf(key);
    return { key, primary: pool.driver, standbys: pool.standbys };
  }

  private async keyForContext(): Promise<string> {
    const pinned = currentPinnedDatabase();
    if (pinned !== undefined) return pinned;
    const tenant = currentServedTenant();
    if (!tenant || tenant === PLATFORM_TENANT) return MAIN_DATABASE;
    // A tenant whose move cuts over waits here, then goes where the placement, read again, puts it.
    const paused = this.paused.get(tenant);
    if (paused) await paused.wait();
    return (await this.sourceOf(tenant)) ?? MAIN_DATABASE;
  }

  /** The data source holding `tenantId`'s rows; undefined for the main database. */
  async sourceOf(tenantId: string): Promise<string | undefined> {
    if (Date.now() - this.loadedAt > MAP_TTL_MS) await this.reload();
    return this.placed.get(tenantId);
  }

  /**
   * A tenant's requests wait before they take a connection, until `release` or PAUSE_MS at most: then they go on and
   * meet the move's fence, which refuses their writes (db/tenant-move.ts).
   */
  pause(tenant: string): void {
    if (this.paused.has(tenant)) return;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const wait = () => Promise.race([released, new Promise<void>((resolve) => setTimeout(resolve, PAUSE_MS).unref())]);
    this.paused.set(tenant, { wait, release });
  }

  /** The tenant's requests go on, on the database the placement names once read again. */
  async release(tenant: string): Promise<void> {
    const paused = this.paused.get(tenant);
    await this.reload();
    this.paused.delete(tenant);
    paused?.release();
  }

  /** Reads the placement again (after a tenant's data source changed, on every process: app.ts). */
  reload(): Promise<void> {
    this.loading ??= asSystem(async () => {
      try {
        const rows = await this.options.platformDb
          .selectFrom('blade_tenant')
          .select(['tenant_id', 'datasource_id'])
          .where('datasource_id', 'is not', null)
          .where('is_deleted', '=', 0)
          .execute();
        this.placed = new Map(rows.map((row) => [row.tenant_id, String(row.datasource_id)]));
        this.loadedAt = Date.now();
      } finally {
        this.loading = undefined;
      }
    });
    return this.loading;
  }

  /** Every database of the placement: the main's key, then each data source a tenant is placed on. */
  async databases(): Promise<string[]> {
    if (Date.now() - this.loadedAt > MAP_TTL_MS) await this.reload();
    return [MAIN_DATABASE, ...new Set(this.placed.values())];
  }

  /** The tenants placed on `sourceId`. */
  tenantsOn(sourceId: string): string[] {
    return [...this.placed].filter(([, source]) => source === sourceId).map(([tenant]) => tenant);
  }

  /** The source's pool, opened (and its schema checked) if it is not yet. */
  async poolOf(sourceId: string): Promise<SourcePool> {
    const source = this.entry(sourceId);
    source.usedAt = Date.now();
    if (source.state === 'up' && source.pool) return source.pool;
    if (source.failedAt !== undefined && Date.now() - source.failedAt < RETRY_MS) throw unavailable(source);
    source.opening ??= this.open(source).finally(() => (source.opening = undefined));
    return source.opening;
  }

  /**
   * Runs `fn` over a short-lived pool to the source whatever its schema (its setup: source-setup.ts); the source is
   * then opened afresh on its next use.
   */
  async setUp<T>(sourceId: string, fn: (db: Db) => Promise<T>): Promise<T> {
    const login = await this.describe?.(sourceId);
    if (!login) throw new Error('not a PostgreSQL data source');
    const opened = this.options.openPool({ ...login, standbys: [] }, 2);
    try {
      return await fn(opened.db);
    } finally {
      await opened.close().catch(() => undefined);
      if (this.sources.get(sourceId)?.state !== 'up') this.sources.delete(sourceId);
    }
  }

  private entry(sourceId: string): Source {
    let source = this.sources.get(sourceId);
    if (!source) {
      source = { id: sourceId, name: sourceId, state: 'down', usedAt: Date.now() };
      this.sources.set(sourceId, source);
    }
    return source;
  }

  private async open(source: Source): Promise<SourcePool> {
    const login = await this.describe?.(source.id);
    if (!login) return this.failed(source, 'down', 'no such data source');
    source.name = login.name;
    const opened = this.options.openPool(login, this.options.poolSize);
    try {
      const missing = await this.missingMigrations(opened.db);
      if (missing.length) {
        await opened.close();
        return this.failed(source, 'behind', `missing migrations ${missing.join(', ')}`);
      }
    } catch (error) {
      await opened.close().catch(() => undefined);
      return this.failed(source, 'down', (error as Error).message);
    }
    // A connection that fails later (the server stopped) marks the source down: its tenants fail fast until it
    // answers again, and the readiness check says which.
    opened.pool.on('error', (error) => this.markDown(source.id, error));
    this.sourceOfDriver.set(opened.driver, source.id);
    Object.assign(source, { state: 'up', pool: opened, detail: undefined, failedAt: undefined });
    return opened;
  }

  /** The build's migrations the database has not recorded (a source not migrated yet, or restored from an old dump). */
  private async missingMigrations(db: Db): Promise<string[]> {
    const applied = await asSystem(() => sql<{ name: string }>`select name from tenon_migration`.execute(db));
    const have = new Set(applied.rows.map((row) => row.name));
    return this.options.migrations.filter((name) => !have.has(name));
  }

  private failed(source: Source, state: SourceState, detail: string): never {
    Object.assign(source, { state, detail, failedAt: Date.now(), pool: undefined });
    throw unavailable(source);
  }

  /** The error a request sees when a source's driver gives no connection (routing-driver.ts `connectFailed`). */
  connectFailed(driver: Driver, error: unknown): Error | undefined {
    const sourceId = this.sourceOfDriver.get(driver);
    if (sourceId === undefined) return undefined;
    this.markDown(sourceId, error as Error);
    return unavailable(this.entry(sourceId));
  }

  /** A connection to the source failed: its pool is dropped and opened again on a later request. */
  markDown(sourceId: string, error: Error): void {
    const source = this.sources.get(sourceId);
    if (!source || source.state !== 'up') return;
    const pool = source.pool;
    Object.assign(source, { state: 'down', detail: error.message, failedAt: Date.now(), pool: undefined });
    void pool?.close().catch(() => undefined);
  }

  private markBehind(sourceId: string, missing: string[]): void {
    const source = this.entry(sourceId);
    const pool = source.pool;
    const detail = `missing migrations ${missing.join(', ')}`;
    Object.assign(source, { state: 'behind', detail, failedAt: Date.now(), pool: undefined });
    void pool?.close().catch(() => undefined);
  }

  /** Each data source a tenant is placed on, asked now (the readiness check). */
  async health(): Promise<SourceHealth[]> {
    const databases = (await this.databases()).filter((key) => key !== MAIN_DATABASE);
    return Promise.all(
      databases.map(async (id) => {
        try {
          // Its schema too: a source restored from an older dump must stop serving before a query meets the gap.
          const missing = await this.missingMigrations((await this.poolOf(id)).db);
          if (missing.length) this.markBehind(id, missing);
        } catch (error) {
          if (!(error instanceof ApiError)) this.markDown(id, error as Error);
        }
        const source = this.entry(id);
        const { name, state, detail } = source;
        const standbys = source.pool?.standbys?.statuses() ?? [];
        return { id, name, state, detail, tenants: this.tenantsOn(id), standbys };
      }),
    );
  }

  /**
   * The standbys of the main database and of each data source whose pool is open, as last polled: by database key and
   * name (the main's is `main`).
   */
  standbys(): Array<{ key: string; database: string; standbys: StandbyStatus[] }> {
    const main = this.options.mainStandbys;
    return [
      ...(main ? [{ key: MAIN_DATABASE, database: MAIN_DATABASE, standbys: main.statuses() }] : []),
      ...[...this.sources.values()].flatMap(({ id, name, pool }) =>
        pool?.standbys ? [{ key: id, database: name, standbys: pool.standbys.statuses() }] : [],
      ),
    ];
  }

  private async closeIdle(): Promise<void> {
    for (const source of this.sources.values()) {
      if (source.pool && Date.now() - source.usedAt > IDLE_POOL_MS) {
        const pool = source.pool;
        this.sources.delete(source.id);
        await pool.close().catch(() => undefined);
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const pools = [...this.sources.values()].flatMap((source) => (source.pool ? [source.pool] : []));
    this.sources.clear();
    await Promise.all(pools.map((pool) => pool.close().catch(() => undefined)));
  }
}

function unavailable(source: Source): ApiError {
  return new ApiError(503, source.state === 'behind' ? MESSAGES.tenantDatabaseBehind : MESSAGES.tenantDatabaseDown, {
    name: source.name,
  });
}
