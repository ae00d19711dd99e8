import { sql } from 'kysely';
import type { ModuleManifest } from '../../platform/module.ts';
import type { Db, DynamicDb } from '../connect.ts';
import type { Schema } from '../schema.ts';
import { SCHEMA_LOCK_KEY } from '../migrate.ts';
import { background } from '../../platform/lifecycle.ts';
import { seedBusinessDictionaries, tenantsMissingDictionaries } from './business-dictionaries.ts';
import { DICT_ID_BASE, menuRows, seedIdOf } from '../../platform/menus.ts';
import { grantNewMenus, newMenus } from './menu-grants.ts';
import { asSystem, onDatabase } from '../tenant-context.ts';

export { menuIdOf, menuRows } from '../../platform/menus.ts';

/**
 * The rows of a fresh install, from the modules' manifests: every module's dictionaries and menus, then each module's
 * install step in module order (system first: the platform tenant, its roles and administrator), then every tenant's
 * own rows (`setUpTenants`: business dictionaries, calendars, chart…). Idempotent: rows that exist (by id or unique
 * key) are left as they are, so an administrator's edits survive restarts and new seed rows of a later version are
 * added. Under the schema lock (several processes may start at once).
 */
export async function seed(db: Db, modules: readonly ModuleManifest[]): Promise<void> {
  await seedPlatform(db, modules);
  const seeding = new TenantSeeding(db, modules, await liveTenants(db));
  while (!seeding.done) await seeding.next();
}

/** Tenants set up in one transaction: a batch's rows are written in about a second, whatever their number. */
export const TENANT_SEED_BATCH = 100;

/**
 * The seed at a server's start: skipped when this build already seeded the database (`tenon_seed`), since the same
 * code adds the same rows; any other build (an upgrade, or a server run from source: no build id) seeds. The platform's
 * rows and a first batch of tenants are seeded before the server listens; an upgrade that gives 10,000 tenants a new
 * dictionary or year of calendar (millions of rows) would otherwise keep it from listening for minutes: the rest is
 * returned, for `TenantSeeding.start` once it listens.
 */
export async function seedAtStart(
  db: Db,
  modules: readonly ModuleManifest[],
  buildId: string | undefined,
): Promise<TenantSeeding | undefined> {
  if (
    buildId &&
    (await db.selectFrom('tenon_seed').select('build_id').where('build_id', '=', buildId).executeTakeFirst())
  )
    return undefined;
  await seedPlatform(db, modules);
  const seeding = new TenantSeeding(db, modules, await liveTenants(db), buildId);
  await seeding.next();
  return seeding.done ? undefined : seeding;
}

/** Every tenant's own rows, a new tenant's or those a later version adds: business dictionaries, then the modules'. */
export async function setUpTenants(trx: Db, modules: readonly ModuleManifest[], tenantIds: string[]): Promise<void> {
  const business = modules.flatMap((m) => m.businessDictionaries ?? []);
  await seedBusinessDictionaries(trx, business, await tenantsMissingDictionaries(trx, business, tenantIds));
  for (const module of modules) await module.tenantRows?.(trx, tenantIds);
}

/**
 * The tenants' rows of a seed, batch after batch (a transaction each, under the schema lock). The build is recorded
 * as seeded with the last batch: a process stopped before it seeds again at its next start.
 */
export class TenantSeeding {
  private running?: Promise<void>;
  private stopping = false;

  /** `database`: the data source the tenants are placed on (db/placement.ts); none: the main database. */
  constructor(
    private readonly db: Db,
    private readonly modules: readonly ModuleManifest[],
    private readonly tenants: string[],
    private readonly buildId?: string,
    private readonly database?: string,
  ) {}

  get done(): boolean {
    return this.tenants.length === 0;
  }

  async next(): Promise<void> {
    const batch = this.tenants.slice(0, TENANT_SEED_BATCH);
    const run = <T>(fn: () => Promise<T>) => (this.database === undefined ? fn() : onDatabase(this.database, fn));
    await run(() =>
      this.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`.execute(trx);
        if (batch.length) await setUpTenants(trx, this.modules, batch);
        if (this.tenants.length <= TENANT_SEED_BATCH && this.buildId)
          await trx
            .insertInto('tenon_seed')
            .values({ build_id: this.buildId })
            .onConflict((oc) => oc.doNothing())
            .execute();
      }),
    );
    this.tenants.splice(0, batch.length);
  }

  /** The remaining batches in the background; a failed batch is logged, and the next start seeds again. */
  start(log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void }): void {
    const total = this.tenants.length;
    this.running = background(
      (async () => {
        while (!this.done && !this.stopping) await this.next();
        if (this.done) log.info({ tenants: total }, 'seed: the remaining tenants are set up');
      })().catch((error: unknown) => log.error({ err: error }, 'seed: setting up the remaining tenants failed')),
    );
  }

  /** Stops after the batch under way. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }
}

/** The live tenants whose rows are on the main database: a tenant placed on a data source is seeded there. */
const liveTenants = async (db: Db) =>
  (
    await db
      .selectFrom('blade_tenant')
      .select('tenant_id')
      .where('is_deleted', '=', 0)
      .where('datasource_id', 'is', null)
      .orderBy('tenant_id')
      .execute()
  ).map((t) => t.tenant_id);

/**
 * A data source's share of the seed (db/placement.ts: its tenants' roles and rows are there, the platform's rows on the
 * main database, copied to it): its first batch of tenants; the rest is returned, for `TenantSeeding.start`. Skipped
 * when this build already seeded the source. `db`: the routed database, put on the source for this work. Its roles'
 * new menus come with its setup (`grantSourceMenus`).
 */
export async function seedSource(
  db: Db,
  sourceId: string,
  modules: readonly ModuleManifest[],
  tenantIds: string[],
  buildId: string | undefined,
): Promise<TenantSeeding | undefined> {
  const seeded =
    buildId &&
    (await asSystem(() =>
      onDatabase(sourceId, () =>
        db.selectFrom('tenon_seed').select('build_id').where('build_id', '=', buildId).executeTakeFirst(),
      ),
    ));
  if (seeded) return undefined;
  const seeding = new TenantSeeding(db, modules, [...tenantIds].sort(), buildId, sourceId);
  await asSystem(() => seeding.next());
  return seeding.done ? undefined : seeding;
}

/**
 * The menus a source's roles have not been given yet, by its own records: a source without records (new, or placed on
 * before this rule) records the tree as it is, its tenants having been set up with it.
 */
export async function grantSourceMenus(db: Db, modules: readonly ModuleManifest[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`.execute(trx);
    const tree = modules.flatMap((m) => m.menus ?? []);
    const menus = menuRows(tree);
    const recorded = new Set((await trx.selectFrom('tenon_menu_grant').select('code').execute()).map((r) => r.code));
    const added = await newMenus(trx, tree, menus, recorded);
    await grantNewMenus(trx, menus, added, recorded.size === 0);
  });
}

/** Dictionaries, menus and every module's install step, in one transaction. */
async function seedPlatform(db: Db, modules: readonly ModuleManifest[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`.execute(trx);
    const insert = async (table: keyof Schema, rows: object[]) => {
      for (let i = 0; i < rows.length; i += 500) {
        await (trx as DynamicDb)
          .insertInto(table)
          .values(rows.slice(i, i + 500))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    };
    const dictRows: Record<string, unknown>[] = [];
    for (const [code, name, items] of modules.flatMap((m) => m.dictionaries ?? [])) {
      const parentId = seedIdOf(DICT_ID_BASE, code);
      dictRows.push({
        id: parentId,
        parent_id: '0',
        code,
        dict_key: '-1',
        dict_value: name,
        sort: 0,
        remark: '',
        is_sealed: 0,
        is_deleted: 0,
      });
      items.forEach(([key, value, remark], i) =>
        dictRows.push({
          id: seedIdOf(DICT_ID_BASE, `${code}:${key}`),
          parent_id: parentId,
          code,
          dict_key: key,
          dict_value: value,
          sort: i + 1,
          remark: remark ?? '',
          is_sealed: 0,
          is_deleted: 0,
        }),
      );
    }
    await insert('blade_dict', dictRows);
    const tree = modules.flatMap((m) => m.menus ?? []);
    const menus = menuRows(tree);
    const before = new Set((await trx.selectFrom('blade_menu').select('code').execute()).map((m) => m.code));
    await insert('blade_menu', menus);
    // The install steps grant the menus new to this database (all of them on a fresh install): menu-grants.ts.
    const added = await newMenus(trx, tree, menus, before);
    const context = { menus: added, userMenuCodes: modules.flatMap((m) => m.userMenus ?? []) };
    for (const module of modules) await module.install?.(trx, context);
    await grantNewMenus(trx, menus, added, before.size === 0);
  });
}
