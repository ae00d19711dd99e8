import { sql } from 'kysely';
import { migrate } from './migrate.ts';
import { asSystem } from './tenant-context.ts';
import { APP_ROLE } from './tenant-scoped-driver.ts';
import type { Db } from './connect.ts';

/**
 * The platform's own tables: written on the main database only, read everywhere. A data source's copies follow the
 * main's through a logical-replication subscription, so that a placed tenant's queries (its menus joined to its
 * roles' grants, its customers to the regions) run on its database alone, as on the main. The rows of a tenant table
 * that every tenant reads (the workflow's shared definitions: `SharedRows`) are in the same publication, by a row
 * filter; the table's other rows are its tenants', on their database.
 */
export const PLATFORM_TABLES = [
  'blade_tenant',
  'blade_tenant_package',
  'blade_client',
  'blade_menu',
  'blade_dict',
  'blade_param',
  'blade_datasource',
  'blade_region',
  'blade_scope_api',
  'blade_scope_data',
  'blade_code',
  'blade_model',
  'blade_model_prototype',
  'blade_live_entity',
] as const;
const PUBLICATION = 'tenon_platform';

/** A tenant table's rows every tenant reads (platform/workflow SHARED_DEFINITIONS): its name and a row filter. */
export interface SharedRows {
  table: string;
  rows: string;
}

/** The subscription (and its replication slot on the main database) of one data source. */
export const subscriptionOf = (sourceId: string) => `tenon_platform_${sourceId}`;

/** How long a new subscription may take to copy the platform tables before the setup gives up. */
const SYNC_TIMEOUT_MS = 120_000;

/**
 * Makes a data source ready to hold tenants: every migration of the build applied, the platform tables subscribed to
 * from the main database (copied anew after a migration, which may have written them on either side), and the app role
 * kept from writing them there. Idempotent: run at every start and when a tenant is first placed on the source.
 * PostgreSQL only, with `wal_level = logical` on the main database (README § Running in production).
 */
export async function prepareSource(
  main: Db,
  source: Db,
  sourceId: string,
  mainConninfo: string,
  shared: SharedRows,
): Promise<void> {
  await asSystem(async () => {
    const applied = await migrate(source);
    await publishPlatform(main, shared);
    const name = subscriptionOf(sourceId);
    const existing = await sql<{
      subname: string;
    }>`select subname from pg_subscription where subname = ${name}`.execute(source);
    if (applied.length || !existing.rows.length) {
      if (existing.rows.length) await sql.raw(`drop subscription ${name}`).execute(source);
      await sql.raw(`truncate ${PLATFORM_TABLES.join(', ')}`).execute(source);
      // The rest of that table is its tenants' rows: only the shared ones are copies.
      await sql.raw(`delete from ${shared.table} where ${shared.rows}`).execute(source);
      await sql
        .raw(
          `create subscription ${name} connection ${quoteLiteral(mainConninfo)} publication ${PUBLICATION} ` +
            `with (copy_data = true)`,
        )
        .execute(source);
    }
    // The copies are the main's: a write of a placed tenant's request to one of them is a bug, refused here.
    await sql
      .raw(`revoke insert, update, delete, truncate on ${PLATFORM_TABLES.join(', ')} from ${APP_ROLE}`)
      .execute(source);
    await waitForCopy(source, name);
  });
}

/** The publication of the platform tables on the main database, with the tables this build has. */
async function publishPlatform(main: Db, shared: SharedRows): Promise<void> {
  // A row filter on updates and deletes may name only columns of the replica identity.
  await sql.raw(`alter table ${shared.table} replica identity full`).execute(main);
  const tables = `${PLATFORM_TABLES.join(', ')}, ${shared.table} where (${shared.rows})`;
  const exists = await sql`select 1 from pg_publication where pubname = ${PUBLICATION}`.execute(main);
  const statement = exists.rows.length
    ? `alter publication ${PUBLICATION} set`
    : `create publication ${PUBLICATION} for`;
  await sql.raw(`${statement} table ${tables}`).execute(main);
}

/** Until the subscription's first copy of every table is done (`r`eady), polled. */
async function waitForCopy(source: Db, name: string): Promise<void> {
  const deadline = Date.now() + SYNC_TIMEOUT_MS;
  for (;;) {
    const pending = await sql<{ count: string }>`
      select count(*) as count from pg_subscription_rel r join pg_subscription s on s.oid = r.srsubid
      where s.subname = ${name} and r.srsubstate <> 'r'`.execute(source);
    if (pending.rows[0].count === '0') return;
    if (Date.now() > deadline) throw new Error(`the platform tables' copy to ${name} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Until a platform row written on the main database is on the source (a new tenant's row, before its first request
 * reads it there): replication usually takes milliseconds.
 */
export async function waitForPlatformRow(source: Db, table: (typeof PLATFORM_TABLES)[number], id: string) {
  const deadline = Date.now() + SYNC_TIMEOUT_MS;
  while (!(await asSystem(() => sql`select 1 from ${sql.table(table)} where id = ${id}`.execute(source))).rows.length) {
    if (Date.now() > deadline) throw new Error(`${table} ${id} did not reach the data source`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;
