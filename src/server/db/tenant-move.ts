import { sql } from 'kysely';
import type { Db } from './connect.ts';
import { MAIN_DATABASE } from './placement.ts';
import { asSystem, onDatabase } from './tenant-context.ts';

/**
 * Moving a tenant between the databases of the placement while it works (issue 39 point 3), on PostgreSQL's logical
 * replication:
 * 1. copying: on the database it leaves (the source), a publication of every tenant table filtered by its tenant_id;
 *    on the one it goes to (the target), a subscription copying the rows and then following every change;
 * 2. cutover: once the target has caught up, the tenant's writes are fenced on the source (migration 0087's trigger,
 *    which holds for every writer), the writes already under way end, a marker row written after them reaches the
 *    target, the tables are compared (rows and a checksum each), and the tenant's data source is switched on the main
 *    database: the pause of its writes lasts from the fence to the switch;
 * 3. switched: the subscription and publication go, then the rows left on the source.
 * Each step is recorded in tenon_tenant_move before it runs; a move cut short (its server or a database killed) is
 * rolled back before the switch (the source still holds every row) and finished after it (the target does).
 */

export type MoveState = 'copying' | 'cutover' | 'switched' | 'rollback' | 'done' | 'failed';

export interface MoveRow {
  id: string;
  tenant_code: string;
  from_source: string | null;
  to_source: string | null;
  state: MoveState;
  /** What went wrong so far (recorded with the move). */
  error?: string;
}

export interface TableCheck {
  table: string;
  rows: number;
  checksum: string;
}

export interface MoveDeps {
  /** The main database: the moves, the tenants' data sources. */
  platformDb: Db;
  /** The routed database: the move's work on the source and the target goes through it, pinned to each. */
  db: Db;
  /** How the target's PostgreSQL server reaches the source database (a libpq connection string). */
  conninfoOf(database: string): Promise<string>;
  /** Tells every server process that the tenant's requests wait (pause), go on (resume) or go elsewhere (placed). */
  notify(tenant: string, phase: 'pause' | 'resume' | 'placed'): Promise<void>;
  /** This process, as the move rows name their runner. */
  runner: string;
  /**
   * Tests only (TENON_MOVE_FAILPOINT): the step after which this process kills itself (SIGKILL), so that the move is
   * cut short there for real: copied, fenced, switched or cleaning.
   */
  failpoint?: string;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

/** Another process runs the move now (this one was thought gone): this one stops. */
class TakenOver extends Error {}

const keyOf = (source: string | null) => source ?? MAIN_DATABASE;
const nameOf = (moveId: string) => `tenon_move_${moveId}`;
/** How often a step that waits asks again, and tells that its runner lives. */
const POLL_MS = 20;
const BEAT_MS = 5_000;
/** The longest the writes under way on the source may take to end once the tenant is fenced. */
const DRAIN_MS = 5_000;
/** The longest the target may take to receive the marker once fenced (it had caught up just before). */
const CATCH_UP_MS = 30_000;
/** The pause the issue allows; a longer one is logged as a warning with its steps' times. */
const PAUSE_TARGET_MS = 5_000;
/** The initial copy may take long (a million rows); it fails only when the subscription reports errors. */
const COPY_MS = 60 * 60_000;

/** Runs one move's remaining steps, from the state its row records. */
export class TenantMover {
  constructor(private readonly deps: MoveDeps) {}

  /** Owner rights on one database of the placement. */
  private on<T>(database: string, fn: (db: Db) => Promise<T>): Promise<T> {
    return onDatabase(database, () => asSystem(() => fn(this.deps.db)));
  }

  async run(move: MoveRow): Promise<MoveRow> {
    for (;;) {
      try {
        if (move.state === 'copying') await this.copy(move);
        else if (move.state === 'cutover') await this.cutover(move);
        else if (move.state === 'switched') await this.cleanUp(move);
        else if (move.state === 'rollback') await this.rollBack(move);
        else return move;
      } catch (error) {
        if (error instanceof TakenOver) return move;
        this.deps.log.warn({ err: error, move: move.id, state: move.state }, 'a tenant move step failed');
        // The first failure is what the operator needs to read; a failed undo says so after it.
        const said = `${move.state === 'rollback' ? 'rollback: ' : ''}${(error as Error).message}`;
        move.error = move.error ? `${move.error}; ${said}` : said;
        await this.record(move, { error: move.error.slice(0, 2000) });
        // Before the switch the source holds every row: the move is undone. After it, its clean-up is retried.
        if (move.state === 'copying' || move.state === 'cutover') await this.setState(move, 'rollback');
        else throw error;
      }
    }
  }

  private async copy(move: MoveRow): Promise<void> {
    const [source, target] = [keyOf(move.from_source), keyOf(move.to_source)];
    const tenant = move.tenant_code;
    const name = nameOf(move.id);
    const tables = await this.on(source, tenantTables);
    // Rows an earlier attempt left on the target would be copied twice.
    await this.on(target, (db) => removeTenantRows(db, tables, tenant));
    await this.on(source, async (db) => {
      for (const table of tables) await coverTenantInIdentity(db, table);
      await sql`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = ${name}`.execute(
        db,
      );
      await sql.raw(`drop publication if exists ${name}`).execute(db);
      const filtered = tables.map((table) => `${table} where (tenant_id = ${literal(tenant)})`);
      await sql
        .raw(
          `create publication ${name} for table ${filtered.join(', ')}, tenon_move_mark where (tenant_code = ${literal(tenant)})`,
        )
        .execute(db);
    });
    const conninfo = await this.deps.conninfoOf(source);
    await this.on(target, async (db) => {
      await dropSubscription(db, name);
      await sql.raw(`create subscription ${name} connection ${literal(conninfo)} publication ${name}`).execute(db);
    });
    this.crashAt('copied');
    await this.waitFor(move, COPY_MS, 'the first copy', () => this.on(target, (db) => copied(db, name)));
    // Caught up before the fence, so that the pause waits only for the last few writes.
    await this.passMarker(move, source, target, CATCH_UP_MS);
    await this.setState(move, 'cutover');
  }

  private async cutover(move: MoveRow): Promise<void> {
    const [source, target] = [keyOf(move.from_source), keyOf(move.to_source)];
    const tenant = move.tenant_code;
    const fencedAt = Date.now();
    /** Each step of the pause, in ms: what a pause over its target spent its time on. */
    const steps: Record<string, number> = {};
    let stepStart = fencedAt;
    const stepDone = (name: string) => {
      steps[name] = Date.now() - stepStart;
      stepStart = Date.now();
    };
    await this.deps.notify(tenant, 'pause');
    stepDone('notify');
    await this.on(source, async (db) => {
      await sql`insert into tenon_moving_tenant (tenant_code, move_id) values (${tenant}, ${move.id})
        on conflict (tenant_code) do update set move_id = excluded.move_id`.execute(db);
      // The writes that began before the fence and already wrote: they commit (and are copied) or roll back.
      const drained = Date.now() + DRAIN_MS;
      while ((await writersBefore(db, fencedAt)) > 0) {
        if (Date.now() > drained) throw new Error('writes of the tenant did not end within the pause');
        await pause(POLL_MS);
      }
    });
    stepDone('drain');
    this.crashAt('fenced');
    await this.passMarker(move, source, target, CATCH_UP_MS);
    stepDone('catchUp');
    const tables = await this.on(source, tenantTables);
    const [left, arrived] = await Promise.all([
      this.on(source, (db) => checksums(db, tables, tenant)),
      this.on(target, (db) => checksums(db, tables, tenant)),
    ]);
    const differ = left.filter((check, i) => check.rows !== arrived[i].rows || check.checksum !== arrived[i].checksum);
    if (differ.length) {
      const say = (check: TableCheck) => `${check.table} ${check.rows}/${arrived[left.indexOf(check)].rows}`;
      throw new Error(`the copy differs from the source: ${differ.map(say).join(', ')}`);
    }
    stepDone('verify');
    // The switch and the record of it commit together: after it, the target holds the tenant.
    await asSystem(() =>
      this.deps.platformDb.transaction().execute(async (trx) => {
        const [mine] = await trx
          .updateTable('tenon_tenant_move')
          .set({ state: 'switched', paused_ms: Date.now() - fencedAt, verified: JSON.stringify(left) })
          .where('id', '=', move.id)
          .where('runner', '=', this.deps.runner)
          .execute();
        if (mine.numUpdatedRows === 0n) throw new TakenOver();
        await trx
          .updateTable('blade_tenant')
          .set({ datasource_id: move.to_source })
          .where('tenant_id', '=', tenant)
          .execute();
      }),
    );
    stepDone('switch');
    const pausedMs = Date.now() - fencedAt;
    const said = { move: move.id, tenant, pausedMs, steps };
    if (pausedMs > PAUSE_TARGET_MS) this.deps.log.warn(said, 'a tenant move paused its writes longer than its target');
    else this.deps.log.info(said, 'tenant move cut over');
    move.state = 'switched';
    this.crashAt('switched');
    await this.deps.notify(tenant, 'placed');
  }

  /** After the switch: the replication undone and the rows left on the source removed. */
  private async cleanUp(move: MoveRow): Promise<void> {
    const [source, target] = [keyOf(move.from_source), keyOf(move.to_source)];
    const name = nameOf(move.id);
    await this.on(target, (db) => dropSubscription(db, name));
    this.crashAt('cleaning');
    await this.on(target, (db) => sql`delete from tenon_move_mark where move_id = ${move.id}`.execute(db));
    await this.on(source, async (db) => {
      await sql.raw(`drop publication if exists ${name}`).execute(db);
      await removeTenantRows(db, await tenantTables(db), move.tenant_code);
      await sql`delete from tenon_move_mark where move_id = ${move.id}`.execute(db);
      await sql`delete from tenon_moving_tenant where move_id = ${move.id}`.execute(db);
    });
    await this.finish(move, 'done');
  }

  /** Before the switch: the source serves the tenant again at once, then the target's copy is removed. */
  private async rollBack(move: MoveRow): Promise<void> {
    const [source, target] = [keyOf(move.from_source), keyOf(move.to_source)];
    const name = nameOf(move.id);
    await this.on(source, async (db) => {
      await sql`delete from tenon_moving_tenant where move_id = ${move.id}`.execute(db);
      await sql`delete from tenon_move_mark where move_id = ${move.id}`.execute(db);
    });
    await this.deps.notify(move.tenant_code, 'resume');
    await this.on(target, async (db) => {
      await dropSubscription(db, name);
      await removeTenantRows(db, await tenantTables(db), move.tenant_code);
      await sql`delete from tenon_move_mark where move_id = ${move.id}`.execute(db);
    });
    await this.on(source, async (db) => {
      await sql.raw(`drop publication if exists ${name}`).execute(db);
      await sql`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = ${name}
        and not active`.execute(db);
    });
    await this.finish(move, 'failed');
  }

  private crashAt(step: string): void {
    if (this.deps.failpoint === step) process.kill(process.pid, 'SIGKILL');
  }

  /** A marker written on the source after every write so far, until it is on the target. */
  private async passMarker(move: MoveRow, source: string, target: string, within: number): Promise<void> {
    const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await this.on(source, (db) =>
      sql`insert into tenon_move_mark (id, tenant_code, move_id) values (${id}, ${move.tenant_code}, ${move.id})`.execute(
        db,
      ),
    );
    await this.waitFor(move, within, 'the marker', () =>
      this.on(
        target,
        async (db) => (await sql`select 1 from tenon_move_mark where id = ${id}`.execute(db)).rows.length > 0,
      ),
    );
  }

  private async waitFor(move: MoveRow, within: number, what: string, done: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + within;
    let beat = Date.now();
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`${what} did not reach the target database in time`);
      if (Date.now() - beat > BEAT_MS) {
        beat = Date.now();
        await this.record(move, {});
      }
      await pause(POLL_MS);
    }
  }

  private async setState(move: MoveRow, state: MoveState): Promise<void> {
    await this.record(move, { state });
    move.state = state;
  }

  private async finish(move: MoveRow, state: 'done' | 'failed'): Promise<void> {
    await asSystem(() =>
      this.deps.platformDb
        .updateTable('tenon_tenant_move')
        .set({ state, ended_at: sql<string>`localtimestamp(0)` })
        .where('id', '=', move.id)
        .where('runner', '=', this.deps.runner)
        .execute(),
    );
    move.state = state;
    this.deps.log.info({ move: move.id, tenant: move.tenant_code, state }, 'tenant move ended');
  }

  /** Records a step (and that this runner lives); a move another process has taken up is left to it. */
  private async record(move: MoveRow, changes: { state?: MoveState; error?: string }): Promise<void> {
    const [result] = await asSystem(() =>
      this.deps.platformDb
        .updateTable('tenon_tenant_move')
        .set({ ...changes, beat_at: sql<string>`localtimestamp(0)` })
        .where('id', '=', move.id)
        .where('runner', '=', this.deps.runner)
        .execute(),
    );
    if (result.numUpdatedRows === 0n) throw new TakenOver();
  }
}

/** The tables holding tenants' rows on a database: every one with tenant_id but the tenant list (a platform table). */
export async function tenantTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
      and c.table_name <> 'blade_tenant'
    order by c.table_name`.execute(db);
  return rows.map((row) => row.table_name);
}

/**
 * A publication's row filter on updates and deletes may name only replica-identity columns: tenant_id joins the key
 * that identifies a row (a unique index of the primary key's columns and tenant_id), or, for a table without a
 * primary key, the whole row.
 */
async function coverTenantInIdentity(db: Db, table: string): Promise<void> {
  const { rows } = await sql<{ key: string[]; identity: string }>`
    select coalesce((select array_agg(a.attname::text order by a.attnum) from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = c.oid and i.indisprimary), '{}') as key,
      c.relreplident as identity
    from pg_class c where c.oid = ${table}::regclass`.execute(db);
  const { key, identity } = rows[0];
  if (key.includes('tenant_id') || identity === 'f' || identity === 'i') return;
  if (!key.length) {
    await sql.raw(`alter table ${table} replica identity full`).execute(db);
    return;
  }
  const index = `${table.slice(0, 40)}_move_key`;
  await sql
    .raw(`create unique index concurrently if not exists ${index} on ${table} (${[...key, 'tenant_id'].join(', ')})`)
    .execute(db);
  await sql.raw(`alter table ${table} replica identity using index ${index}`).execute(db);
}

/** Whether the subscription's first copy of every table is done. */
async function copied(db: Db, name: string): Promise<boolean> {
  const { rows } = await sql<{ pending: string; errors: string }>`
    select (select count(*) from pg_subscription_rel r where r.srsubid = s.oid and r.srsubstate <> 'r') as pending,
      coalesce((select apply_error_count + sync_error_count from pg_stat_subscription_stats t
        where t.subid = s.oid), 0) as errors
    from pg_subscription s where s.subname = ${name}`.execute(db);
  if (!rows.length) throw new Error(`the subscription ${name} is gone`);
  if (Number(rows[0].errors) > 0) throw new Error(`the subscription ${name} reports errors (see the database log)`);
  return rows[0].pending === '0';
}

/**
 * The subscription and its slot on the source; when the source does not answer, the subscription alone (its slot is
 * dropped on the source by the step that meets it there).
 */
async function dropSubscription(db: Db, name: string): Promise<void> {
  const exists = await sql`select 1 from pg_subscription where subname = ${name}`.execute(db);
  if (!exists.rows.length) return;
  try {
    await sql.raw(`drop subscription ${name}`).execute(db);
  } catch {
    await sql.raw(`alter subscription ${name} disable`).execute(db);
    await sql.raw(`alter subscription ${name} set (slot_name = none)`).execute(db);
    await sql.raw(`drop subscription ${name}`).execute(db);
  }
}

/** Writing transactions on this database that began before `since` (epoch ms), other than this session. */
async function writersBefore(db: Db, since: number): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null
      and xact_start < to_timestamp(${since / 1000})`.execute(db);
  return Number(rows[0].count);
}

/**
 * Per table, the tenant's rows and an order-free checksum of them (the same on both sides when equal): the sum of each
 * row's extended hash, the hash PostgreSQL keeps stable for hash partitioning. It is computed inside the move's pause:
 * over 1,000,000 error-log rows it took 0.56 s where an md5 of each row's text took 2.0 s. A table with a column of a
 * type without a hash function (json) is summed by the md5 of its rows' text.
 */
export async function checksums(db: Db, tables: string[], tenant: string): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const table of tables) {
    const sum = async (hash: string) =>
      (
        await sql<{ rows: string; checksum: string }>`
          select count(*) as rows, coalesce(sum(${sql.raw(hash)}), 0)::text as checksum
          from ${sql.table(table)} t where tenant_id = ${tenant}`.execute(db)
      ).rows[0];
    const row = await sum('hash_record_extended(t, 0)').catch((error: unknown) => {
      if (!/could not identify a hash function/.test(String((error as Error).message))) throw error;
      return sum(`('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint`);
    });
    checks.push({ table, rows: Number(row.rows), checksum: row.checksum });
  }
  return checks;
}

/**
 * The tenant's rows removed from a database that does not serve it, past the fence, a transaction per table. A
 * table's triggers may write another's rows of the tenant (a tally's deltas, a BOM's stamp): the tables are gone over
 * again until none holds any.
 */
async function removeTenantRows(db: Db, tables: string[], tenant: string): Promise<void> {
  let left = tables;
  for (let pass = 0; left.length && pass < 3; pass++) {
    for (const table of left) {
      await db.transaction().execute(async (trx) => {
        await sql`select set_config('tenon.move_tenant', ${tenant}, true)`.execute(trx);
        await sql`delete from ${sql.table(table)} where tenant_id = ${tenant}`.execute(trx);
      });
    }
    left = (await checksums(db, left, tenant)).filter((check) => check.rows > 0).map((check) => check.table);
  }
  if (left.length) throw new Error(`rows of tenant ${tenant} are left in ${left.join(', ')}`);
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
