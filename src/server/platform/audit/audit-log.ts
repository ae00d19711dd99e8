import type { Insertable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Schema } from '../../db/schema.ts';
import { BatchQueue, type BatchQueueStats } from './batch-queue.ts';
import { MAIN_DATABASE } from '../../db/placement.ts';
import { asSystem, onDatabase } from '../../db/tenant-context.ts';

export type ApiLogRow = Insertable<Schema['blade_log_api']>;
export type UsualLogRow = Insertable<Schema['blade_log_usual']>;

export interface AuditLogOptions {
  /** false: API log rows are not recorded (bench/api.ts measures the cost of recording them: TENON_API_LOG=off). */
  apiLog?: boolean;
  flushMs?: number;
  batchRows?: number;
  maxQueued?: number;
  onError?(table: string, error: unknown, rows: number): void;
  /** The data source a tenant is placed on (db/placement.ts); none: every tenant on the main database. */
  sourceOf?(tenantId: string): Promise<string | undefined>;
}

/**
 * The audit trail's writers (contract resource-desk-log.md §8, issue 36): 接口日志 and 通用日志, each a queue written
 * in batches, never in a request's way (batch-queue.ts). The change records of entity writes are not queued: they
 * are written in their write's transaction (changes.ts), so a record exists exactly when its change does. Created
 * once in app.ts (Services.audit); closed after the HTTP server, so the last requests' rows are written.
 */
export class AuditLog {
  readonly api: BatchQueue<ApiLogRow>;
  readonly usual: BatchQueue<UsualLogRow>;
  readonly apiLogOn: boolean;

  constructor(db: Db, options: AuditLogOptions = {}) {
    this.apiLogOn = options.apiLog ?? true;
    const queue = <Row>(table: 'blade_log_api' | 'blade_log_usual') =>
      new BatchQueue<Row>({
        flushMs: options.flushMs,
        batchRows: options.batchRows,
        maxQueued: options.maxQueued,
        write: async (rows) => {
          // Each tenant's rows on its database (db/placement.ts): one insert per database the batch touches.
          const byDatabase = new Map<string, Row[]>();
          for (const row of rows) {
            const tenant = (row as { tenant_id?: string }).tenant_id;
            const database = (tenant && (await options.sourceOf?.(tenant))) || MAIN_DATABASE;
            byDatabase.set(database, [...(byDatabase.get(database) ?? []), row]);
          }
          // The server's own rows, of any tenant: written as the owner, not as whichever request's tenant queued the
          // row that started the batch (its timer runs in that request's context), which row-level security would
          // refuse the other tenants' rows, and lose the batch.
          for (const [database, batch] of byDatabase)
            await asSystem(() =>
              onDatabase(database, () =>
                db
                  .insertInto(table)
                  .values(batch as never)
                  .execute(),
              ),
            );
        },
        onError: (error, rows) => options.onError?.(table, error, rows),
      });
    this.api = queue('blade_log_api');
    this.usual = queue('blade_log_usual');
  }

  /** Writes every queued row now (tests read what a request recorded; a stop writes what waits). */
  async flush(): Promise<void> {
    await Promise.all([this.api.flush(), this.usual.flush()]);
  }

  async close(): Promise<void> {
    await Promise.all([this.api.close(), this.usual.close()]);
  }

  stats(): Record<'api' | 'usual', BatchQueueStats> {
    return { api: { ...this.api.stats }, usual: { ...this.usual.stats } };
  }
}
