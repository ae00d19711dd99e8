import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Database } from '../../db/connect.ts';
import { MAIN_DATABASE, type SourceLogin } from '../../db/placement.ts';
import { asSystem, onDatabase } from '../../db/tenant-context.ts';
import { TenantMover, type MoveRow } from '../../db/tenant-move.ts';
import { SUPER_TENANT } from '../../platform/auth-context.ts';
import { ApiError, failWith } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import { MESSAGES, type LocalText } from '../../../shared/i18n/server-messages.ts';
import { PLACEMENT_MESSAGES, type TenantPlacing } from './tenant-placement.ts';
import type { TenantMove } from '../../../shared/contract/api/system.schemas.ts';

export const MOVE_MESSAGES = {
  sameDatabase: { zh: '租户已在该数据库上', en: 'The tenant is on that database already' },
  platformTenant: { zh: '管理组租户不能迁移', en: 'The platform tenant 000000 cannot be moved' },
  running: { zh: '该租户正在迁移', en: 'The tenant is being moved already' },
  notLogical: {
    zh: '数据库 {name} 未开启逻辑复制 (wal_level = logical),不能迁出租户',
    en: 'The database {name} has no logical replication (wal_level = logical): no tenant can move out of it',
  },
} satisfies Record<string, LocalText>;

/** Every process hears of a move's cutover here (db/placement.ts pause and release). */
const CHANNEL = 'tenant-move';
/**
 * A move whose runner has not said it lives for this long is taken up by another process (or after a restart):
 * rolled back when it had not switched yet, finished when it had.
 */
const ORPHANED_SECONDS = 120;
const ADOPT_MS = 10_000;

export type MoveStatus = TenantMove;

/**
 * Tenant moves (迁移租户, issue 39 point 3) as the tenant screen and the command start them: the move itself is
 * db/tenant-move.ts; here it is checked, recorded, run in the background of the process that starts it, told to every
 * process, and taken up again when its process is gone.
 */
export class TenantMoves {
  private readonly runner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Set<string>();
  private adopter?: NodeJS.Timeout;
  private readonly mover: TenantMover;

  constructor(
    private readonly database: Database,
    private readonly kv: KeyValueStore,
    private readonly placing: TenantPlacing,
    private readonly mainConninfo: string | undefined,
    private readonly logins: (id: string) => Promise<SourceLogin | undefined>,
    private readonly log: { info(object: object, message: string): void; warn(object: object, message: string): void },
    private readonly options: { failpoint?: string; orphanedSeconds?: number } = {},
  ) {
    this.mover = new TenantMover({
      platformDb: database.platformDb,
      db: database.db,
      conninfoOf: (key) => this.conninfoOf(key),
      notify: (tenant, phase) => this.kv.publish(CHANNEL, JSON.stringify({ tenant, phase })),
      runner: this.runner,
      log,
      failpoint: options.failpoint,
    });
  }

  /** Hears the cutovers of every process's moves, and takes up the orphaned ones now and then. */
  async start(): Promise<void> {
    const placement = this.database.placement;
    if (!placement) return;
    await this.kv.subscribe(CHANNEL, (message) => {
      const { tenant, phase } = JSON.parse(message) as { tenant: string; phase: string };
      if (phase === 'pause') placement.pause(tenant);
      else void placement.release(tenant);
    });
    const every = Math.min(ADOPT_MS, this.orphanedSeconds * 1000);
    this.adopter = setInterval(() => void this.adoptOrphans(), every).unref();
    void this.adoptOrphans();
  }

  private get orphanedSeconds(): number {
    return this.options.orphanedSeconds ?? ORPHANED_SECONDS;
  }

  stop(): void {
    clearInterval(this.adopter);
  }

  /**
   * Starts moving `tenantId` to the data source `datasourceId` (null: the main database); runs in the background.
   * `startedBy`: the user who asked, null for the command (tenant-move-command.ts).
   */
  async move(tenantId: string, datasourceId: string | null, startedBy: string | null): Promise<MoveStatus> {
    const placement = this.database.placement;
    if (!placement || !this.mainConninfo) throw failWith(PLACEMENT_MESSAGES.needsPostgres);
    if (tenantId === SUPER_TENANT) throw failWith(MOVE_MESSAGES.platformTenant);
    const tenant = await asSystem(() =>
      this.database.platformDb
        .selectFrom('blade_tenant')
        .select(['tenant_id', 'datasource_id'])
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),
    );
    if (!tenant) throw new ApiError(400, MESSAGES.dataNotFound);
    const from = tenant.datasource_id == null ? null : String(tenant.datasource_id);
    if (from === datasourceId) throw failWith(MOVE_MESSAGES.sameDatabase);
    if (datasourceId !== null) await this.placing.ready(datasourceId);
    const level = await onDatabase(from ?? MAIN_DATABASE, () =>
      asSystem(() => sql<{ wal_level: string }>`show wal_level`.execute(this.database.db)),
    );
    if (level.rows[0]?.wal_level !== 'logical')
      throw failWith(MOVE_MESSAGES.notLogical, { name: from === null ? '主库' : (await this.logins(from))?.name });
    const id = nextId();
    try {
      await asSystem(() =>
        this.database.platformDb
          .insertInto('tenon_tenant_move')
          .values({
            id,
            tenant_code: tenantId,
            from_source: from,
            to_source: datasourceId,
            state: 'copying',
            runner: this.runner,
            create_user: startedBy,
          })
          .execute(),
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw failWith(MOVE_MESSAGES.running);
      throw error;
    }
    const row: MoveRow = { id, tenant_code: tenantId, from_source: from, to_source: datasourceId, state: 'copying' };
    this.runInBackground(row);
    return (await this.status(tenantId))!;
  }

  /** The tenant's last move, running or ended; undefined when it never moved. */
  async status(tenantId: string): Promise<MoveStatus | undefined> {
    const row = await asSystem(() =>
      this.database.platformDb
        .selectFrom('tenon_tenant_move')
        .selectAll()
        .where('tenant_code', '=', tenantId)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    );
    return (
      row && {
        id: String(row.id),
        tenantId: row.tenant_code,
        fromSource: row.from_source == null ? null : String(row.from_source),
        toSource: row.to_source == null ? null : String(row.to_source),
        state: row.state as MoveStatus['state'],
        pausedMs: row.paused_ms,
        error: row.error,
        startedAt: row.started_at,
        endedAt: row.ended_at,
      }
    );
  }

  /** Runs a move to its end in this process; a failure is in its row, never thrown at anyone. */
  private runInBackground(move: MoveRow): void {
    if (this.running.has(move.id)) return;
    this.running.add(move.id);
    // Owner rights, whatever request started it: the move is the platform's work, on every database.
    void asSystem(() => this.mover.run(move))
      .catch((error: unknown) => this.log.warn({ err: error, move: move.id }, 'a tenant move stopped; retried later'))
      .finally(() => this.running.delete(move.id));
  }

  /** Moves whose runner is gone (its process killed or stopped): this process takes them up. */
  private async adoptOrphans(): Promise<void> {
    try {
      const orphans = await asSystem(() =>
        this.database.platformDb
          .updateTable('tenon_tenant_move')
          .set({
            runner: this.runner,
            beat_at: sql<string>`localtimestamp(0)`,
            // Another process's move cut short before its switch is undone: the source still holds every row, and a
            // copy half made (or a fence whose writes were never waited for) cannot be trusted to go on from.
            state: sql<string>`case when runner <> ${this.runner} and state in ('copying', 'cutover') then 'rollback'
              else state end`,
          })
          .where('ended_at', 'is', null)
          .where((eb) =>
            eb.or([
              eb('beat_at', '<', sql<string>`localtimestamp(0) - make_interval(secs => ${this.orphanedSeconds})`),
              eb('runner', '=', this.runner),
            ]),
          )
          .returning(['id', 'tenant_code', 'from_source', 'to_source', 'state'])
          .execute(),
      );
      for (const row of orphans) {
        this.runInBackground({
          id: String(row.id),
          tenant_code: row.tenant_code,
          from_source: row.from_source == null ? null : String(row.from_source),
          to_source: row.to_source == null ? null : String(row.to_source),
          state: row.state as MoveRow['state'],
        });
      }
    } catch (error) {
      this.log.warn({ err: error }, 'looking for unfinished tenant moves failed');
    }
  }

  /** A libpq connection string to a database of the placement, as another PostgreSQL server of it reaches it. */
  private async conninfoOf(key: string): Promise<string> {
    if (key === MAIN_DATABASE) return this.mainConninfo!;
    const login = await this.logins(key);
    if (!login) throw new Error(`the data source ${key} is gone`);
    const quote = (value: string | number) => `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
    return Object.entries({
      host: login.host,
      port: login.port,
      dbname: login.database,
      user: login.user,
      password: login.password,
    })
      .map(([name, value]) => `${name}=${quote(value)}`)
      .join(' ');
  }
}
