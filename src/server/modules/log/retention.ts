import { sql } from 'kysely';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import { background } from '../../platform/lifecycle.ts';
import type { Services } from '../../services.ts';

/** Log-like tables and the column of blade_tenant saying how many days the tenant keeps their rows (0040). */
export const RETAINED = [
  { table: 'blade_log_error', days: 'log_retention_days' },
  // The audit trail (0062): 接口日志, 通用日志 and the change records behind 操作记录 follow the same setting.
  { table: 'blade_log_api', days: 'log_retention_days' },
  { table: 'blade_log_usual', days: 'log_retention_days' },
  { table: 'blade_log_change', days: 'log_retention_days' },
  { table: 'blade_message', days: 'message_retention_days' },
] as const;

/** Rows one statement removes: each batch is a short statement of its own, so a sweep never holds a long lock. */
export const RETENTION_BATCH = 5_000;
const SWEEP_EVERY_MS = 60 * 60_000;
const FIRST_SWEEP_AFTER_MS = 60_000;
/** One process sweeps at a time (several share one database): the claim outlives a sweep, not the next hour. */
const CLAIM = 'retention:sweep';
const CLAIM_SECONDS = 50 * 60;

/**
 * Removes the rows of log-like tables older than their tenant keeps them (issue 16: the error log grew without
 * bound), hourly, in batches, through each tenant's `(tenant_id, create_time)` index. Times are the tenants' wall
 * clock; a day's retention is not worth a time-zone conversion. A failed sweep is logged and tried at the next hour.
 */
export class Retention {
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<unknown>;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly kv: KeyValueStore,
    private readonly log: FastifyBaseLogger,
    private readonly instanceId: string,
  ) {}

  start(): void {
    const next = (delay: number) => {
      this.timer = setTimeout(() => {
        if (this.stopping) return;
        this.sweeping = background(this.sweepIfFirst()).finally(() => {
          if (!this.stopping) next(SWEEP_EVERY_MS);
        });
      }, delay).unref();
    };
    next(FIRST_SWEEP_AFTER_MS);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.sweeping;
  }

  /** Every table's old rows, batch after batch: how many were removed, by table. */
  async sweep(): Promise<Record<string, number>> {
    const removed: Record<string, number> = {};
    for (const { table, days } of RETAINED) {
      removed[table] = 0;
      for (;;) {
        const batch = await this.removeBatch(table, days);
        removed[table] += batch;
        if (batch < RETENTION_BATCH || this.stopping) break;
      }
    }
    return removed;
  }

  private async sweepIfFirst(): Promise<void> {
    try {
      if (!(await this.kv.claim(CLAIM, this.instanceId, CLAIM_SECONDS))) return;
      const removed = await this.sweep();
      if (Object.values(removed).some(Boolean)) this.log.info({ removed }, 'retention: old log rows removed');
    } catch (error) {
      this.log.warn({ err: error }, 'retention sweep failed');
    }
  }

  private async removeBatch(table: string, days: string): Promise<number> {
    // Tenant by tenant through the index, up to one batch in all.
    const result = await sql`delete from ${sql.table(table)} where id in (
        select old.id from blade_tenant t cross join lateral (
          select r.id from ${sql.table(table)} r
          where r.tenant_id = t.tenant_id and r.create_time < localtimestamp(0) - make_interval(days => t.${sql.ref(days)})
          limit ${RETENTION_BATCH}) old
        limit ${RETENTION_BATCH})`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }
}

/** The module's plugin: this process sweeps hourly (when no other process of the database did) until it closes. */
export async function retentionJob(app: FastifyInstance, { services }: { services: Services }) {
  const retention = new Retention(services.db, services.kv, app.log, app.metrics.identity.instanceId);
  retention.start();
  app.addHook('onClose', () => retention.stop());
}
