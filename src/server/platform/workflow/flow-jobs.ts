import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/connect.ts';
import { onDatabase } from '../../db/tenant-context.ts';
import { claimDueJobs } from './flow-events.ts';
import type { FlowRuntime } from './flow-runtime.ts';
import { runActionJob, type ActionSettings } from './action-jobs.ts';
import { runTaskSmsJob } from './task-sms-jobs.ts';
import { TASK_SMS_JOB } from './task-sms.ts';

/**
 * The timers' clock (docs/workflow-engine.md): every server process polls the due jobs of blade_flow_job, takes a
 * batch on a short lease (FOR UPDATE SKIP LOCKED: two processes never take the same job) and fires each in a
 * transaction of its own that deletes it, so a timer fires once however many processes poll. Jobs that came due while
 * no server ran fire at the first poll after a start; a killed process's lease runs out and another takes them.
 */

/** How many jobs one poll takes, and how many of them run at once (each is one transaction). */
const BATCH = 50;
const LEASE_SECONDS = 60;

export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export class FlowJobs {
  /** This process, as the jobs it took name it. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<unknown> | undefined;
  private stopped = true;
  /** Set by stop(): a batch in progress ends there. */
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly runtime: FlowRuntime,
    private readonly actions: ActionSettings = { hooks: new Map(), allowPrivate: false },
    /**
     * The databases whose jobs this process fires (db/placement.ts: the main one and each data source tenants are
     * placed on); none: the one database.
     */
    private readonly databases: () => Promise<readonly string[] | undefined> = async () => undefined,
  ) {}

  /**
   * Polls every `pollMs` until stopped (a poll that finds a full batch polls again at once). Two jobs at a time keep
   * pace with 10,000 timers a minute on two processes; four fired no faster and slowed the users' requests
   * (bench/README.md, bench/flow-timers).
   */
  start(pollMs: number, log: JobLog, concurrency = 2): void {
    if (!this.stopped || pollMs <= 0) return;
    this.stopped = false;
    this.stopping = false;
    const tick = () => {
      this.polling = this.runDue(concurrency, log)
        // Which process fired how many (at info level): the operator sees the timers' clock move, and on which process.
        .then((ran) => ran && log.info({ ran, owner: this.owner }, 'workflow jobs run'))
        .catch((error: unknown) => log.warn({ err: error }, 'polling workflow jobs failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, pollMs).unref();
        });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    await this.polling;
  }

  /**
   * Fires every job due now on every database, `concurrency` at a time; returns how many ran (a failed one is retried
   * later). A database that does not answer leaves its jobs for a later poll, not the others'.
   */
  async runDue(concurrency = 1, log?: JobLog): Promise<number> {
    const databases = await this.databases();
    if (!databases) return this.runDueHere(concurrency, log);
    let ran = 0;
    for (const database of databases) {
      try {
        ran += await onDatabase(database, () => this.runDueHere(concurrency, log));
      } catch (error) {
        if (databases.length === 1) throw error;
        log?.warn({ err: error, database }, 'polling workflow jobs failed');
      }
    }
    return ran;
  }

  private async runDueHere(concurrency: number, log?: JobLog): Promise<number> {
    let ran = 0;
    for (;;) {
      const jobs = await claimDueJobs(this.db, this.owner, BATCH, LEASE_SECONDS);
      const queue = [...jobs];
      const worker = async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          try {
            if (job.kind === 'action') await runActionJob(this.db, this.runtime, this.actions, job, this.owner);
            else if (job.kind === TASK_SMS_JOB) await runTaskSmsJob(this.db, job, this.actions.taskSms?.());
            else await this.runtime.runJob(job, this.owner);
            ran++;
          } catch (error) {
            log?.warn({ err: error, job: job.id, element: job.element_id }, 'a workflow job failed');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
      // A full batch: more are due. A direct call (a test, a process without a poller) runs until none is due,
      // the jobs its own jobs made due included; a stopping poller leaves the rest to the next start.
      if (!jobs.length || (jobs.length < BATCH && !this.stopped) || this.stopping) return ran;
    }
  }
}
