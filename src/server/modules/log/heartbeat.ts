import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.ts';
import type { ProcessMetrics } from '../../platform/metrics.ts';
import { deleteProcess, pruneProcesses, writeHeartbeat } from './monitor.queries.ts';

/** How often a process writes its row: four beats fit in the minute after which it is shown offline. */
export const HEARTBEAT_MS = 15_000;

/**
 * This process's row in `tenon_process` (migration 0038), so that any process sharing the database can show every
 * other one: written at start and every HEARTBEAT_MS with the last hour's figures, deleted on a clean close. A failed
 * beat is logged and tried again at the next one: monitoring never stops the server.
 */
export class Heartbeat {
  private timer?: NodeJS.Timeout;
  private beating?: Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly metrics: ProcessMetrics,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS).unref();
  }

  /** One beat at a time: a slow database does not pile them up. */
  beat(): Promise<void> {
    this.beating ??= this.write().finally(() => {
      this.beating = undefined;
    });
    return this.beating;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    try {
      await deleteProcess(this.db, this.metrics.identity.instanceId);
    } catch (error) {
      this.log.warn({ err: error }, 'could not remove this process from tenon_process');
    }
  }

  private async write() {
    try {
      await writeHeartbeat(this.db, this.metrics.identity, { points: this.metrics.points() });
      await pruneProcesses(this.db);
    } catch (error) {
      this.log.warn({ err: error }, 'heartbeat not written to tenon_process');
    }
  }
}
