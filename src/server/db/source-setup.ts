import { sql } from 'kysely';
import pg from 'pg';
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
 * from the main database (copied anew after a migration, which may have written them on either side: `replaceCopies`),
 * and the app role
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
    if (applied.length || !existing.rows.length) await replaceCopies(main, source, name, mainConninfo, shared);
    // The copies are the main's: a write of a placed tenant's request to one of them is a bug, refused here.
    await sql
      .raw(`revoke insert, update, delete, truncate on ${PLATFORM_TABLES.join(', ')} from ${APP_ROLE}`)
      .execute(source);
    await waitForCopy(source, name);
  });
}

/** Rows read and written at a time when the copies are replaced. */
const COPY_CHUNK = 5_000;

/**
 * The source's copies replaced by the main's in one transaction of the source, so that its tenants read the old copies
 * until the new ones are whole (a subscription's own first copy would leave the tables empty for its seconds): a
 * replication slot made on the main database exports the snapshot its changes start from; the platform tables are
 * read in that snapshot and written in the source's transaction that drops the old subscription and creates the new
 * one on that slot, with no copy of its own. The old slot is dropped after.
 *
 * Each table streams through a cursor, COPY_CHUNK rows at a time, from the main's transaction into the source's: the
 * time is linear in the rows and the memory one chunk, whatever the platform tables hold (2 million parameters took
 * over 5 minutes read by offset and held whole).
 */
async function replaceCopies(main: Db, source: Db, name: string, mainConninfo: string, shared: SharedRows) {
  const slot = `${name}_${Date.now().toString(36)}`;
  const [old] = (
    await sql<{ slot: string | null }>`select subslotname as slot from pg_subscription where subname = ${name}`.execute(
      source,
    )
  ).rows;
  // A walsender connection (node-postgres passes `replication` on, its types do not name it).
  const replication = new pg.Client({ ...clientConfigOf(mainConninfo), replication: 'database' } as pg.ClientConfig);
  await replication.connect();
  try {
    const created = await replication.query<{ snapshot_name: string }>(
      `CREATE_REPLICATION_SLOT ${slot} LOGICAL pgoutput (SNAPSHOT 'export')`,
    );
    await main
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (read) => {
        await sql.raw(`set transaction snapshot ${quoteLiteral(created.rows[0].snapshot_name)}`).execute(read);
        // The snapshot is imported: the walsender's exported one is no longer needed.
        await replication.end();
        await source.transaction().execute(async (write) => {
          if (old) {
            // A subscription's slot cannot be dropped in a transaction: it is let go here, and dropped after.
            await sql.raw(`alter subscription ${name} disable`).execute(write);
            await sql.raw(`alter subscription ${name} set (slot_name = none)`).execute(write);
            await sql.raw(`drop subscription ${name}`).execute(write);
          }
          const tables = [
            ...PLATFORM_TABLES.map((table) => ({ table, where: 'true' })),
            { table: shared.table, where: shared.rows },
          ];
          for (const { table, where } of tables) {
            await sql.raw(`delete from ${table} where ${where}`).execute(write);
            await copyChunks(read, { table, where }, (chunk) =>
              sql`insert into ${sql.table(table)}
                select * from json_populate_recordset(null::${sql.table(table)}, ${chunk}::json)`.execute(write),
            );
          }
          await sql
            .raw(
              `create subscription ${name} connection ${quoteLiteral(mainConninfo)} publication ${PUBLICATION} ` +
                `with (create_slot = false, slot_name = ${quoteLiteral(slot)}, copy_data = false)`,
            )
            .execute(write);
        });
      });
  } catch (error) {
    await replication.end().catch(() => undefined);
    await dropSlot(main, slot).catch(() => undefined);
    throw error;
  }
  if (old?.slot) await dropSlot(main, old.slot);
}

/** A table's rows in the transaction's snapshot, handed on as JSON arrays of at most COPY_CHUNK rows. */
async function copyChunks(
  trx: Db,
  { table, where }: { table: string; where: string },
  write: (chunk: string) => Promise<unknown>,
): Promise<void> {
  const cursor = `copy_${table}`;
  await sql
    .raw(`declare ${cursor} no scroll cursor for select row_to_json(t)::text as row from ${table} t where ${where}`)
    .execute(trx);
  for (;;) {
    const { rows } = await sql.raw<{ row: string }>(`fetch ${COPY_CHUNK} from ${cursor}`).execute(trx);
    if (rows.length) await write(`[${rows.map((r) => r.row).join(',')}]`);
    if (rows.length < COPY_CHUNK) break;
  }
  await sql.raw(`close ${cursor}`).execute(trx);
}

/** A replication slot of the main database dropped, once its subscription's worker has let it go. */
async function dropSlot(main: Db, slot: string): Promise<void> {
  const deadline = Date.now() + SYNC_TIMEOUT_MS;
  for (;;) {
    const { rows } = await sql<{ active: boolean }>`
      select active from pg_replication_slots where slot_name = ${slot}`.execute(main);
    if (!rows.length) return;
    if (!rows[0].active) {
      await sql`select pg_drop_replication_slot(${slot})`.execute(main);
      return;
    }
    if (Date.now() > deadline) throw new Error(`the replication slot ${slot} is still in use`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A libpq connection string (a URL, or `key=value` pairs as a subscription takes them) as node-postgres' settings.
 */
function clientConfigOf(conninfo: string): pg.ClientConfig {
  if (/^postgres(ql)?:\/\//.test(conninfo)) return { connectionString: conninfo };
  const pairs = new Map<string, string>();
  for (const match of conninfo.matchAll(/(\w+)\s*=\s*('((?:[^'\\]|\\.)*)'|\S+)/g))
    pairs.set(match[1], match[3] !== undefined ? match[3].replace(/\\(.)/g, '$1') : match[2]);
  const port = pairs.get('port');
  return {
    host: pairs.get('host') ?? pairs.get('hostaddr'),
    port: port ? Number(port) : undefined,
    user: pairs.get('user'),
    password: pairs.get('password'),
    database: pairs.get('dbname'),
  };
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
