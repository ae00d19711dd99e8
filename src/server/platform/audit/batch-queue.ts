import { background } from '../lifecycle.ts';

export interface BatchQueueOptions<Row> {
  /** Writes one batch (one multi-row insert); a failure loses that batch and is counted, never thrown to a caller. */
  write(rows: Row[]): Promise<void>;
  /** The longest a queued row waits before its batch is written. */
  flushMs?: number;
  /** A batch is written as soon as this many rows wait. */
  batchRows?: number;
  /** Rows that may wait at most: beyond, new rows are dropped and counted (a database that cannot keep up). */
  maxQueued?: number;
  onError?(error: unknown, rows: number): void;
}

export interface BatchQueueStats {
  written: number;
  dropped: number;
  failed: number;
  queued: number;
}

/**
 * Rows the server writes for itself beside a request (the audit trail): queued, returned from at once, written in
 * batches by a timer or once a batch is full. Bounded: under pressure rows are dropped and counted rather than held.
 * One batch is written at a time; the write runs as background work, so a stop waits for it (lifecycle.ts), and
 * `close()` writes what still waits.
 */
export class BatchQueue<Row> {
  private rows: Row[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private closed = false;
  readonly stats: BatchQueueStats = { written: 0, dropped: 0, failed: 0, queued: 0 };
  private readonly flushMs: number;
  private readonly batchRows: number;
  private readonly maxQueued: number;

  constructor(private readonly options: BatchQueueOptions<Row>) {
    this.flushMs = options.flushMs ?? 1000;
    this.batchRows = options.batchRows ?? 500;
    this.maxQueued = options.maxQueued ?? 20_000;
  }

  /** Queues a row; false when it was dropped (the queue is full or closed). */
  push(row: Row): boolean {
    if (this.closed || this.rows.length >= this.maxQueued) {
      this.stats.dropped++;
      return false;
    }
    this.rows.push(row);
    this.stats.queued = this.rows.length;
    if (this.rows.length >= this.batchRows) this.kick();
    else this.timer ??= setTimeout(() => this.kick(), this.flushMs).unref();
    return true;
  }

  /** Writes every row queued so far (and waits for a write in progress). */
  async flush(): Promise<void> {
    while (this.rows.length || this.writing) {
      if (this.writing) await this.writing;
      else await this.writeNext();
    }
  }

  /** Takes no more rows and writes those waiting. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private kick() {
    if (this.writing) return; // the running write takes the next batch when done
    // In the context of whichever request queued the row that filled the batch: the write itself runs apart from it
    // (AuditLog writes as the owner), so it is neither that caller's tenant nor that caller's write.
    void background(this.writeNext());
  }

  private writeNext(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.rows.splice(0, this.batchRows);
    this.stats.queued = this.rows.length;
    if (!batch.length) return Promise.resolve();
    // A write that throws before its promise counts as a failed batch too.
    const done = Promise.resolve()
      .then(() => this.options.write(batch))
      .then(
        () => {
          this.stats.written += batch.length;
        },
        (error: unknown) => {
          this.stats.failed += batch.length;
          try {
            this.options.onError?.(error, batch.length);
          } catch {
            // a failing report must not stop the queue
          }
        },
      );
    this.writing = done.finally(() => {
      this.writing = undefined;
      if (this.rows.length >= this.batchRows) this.kick();
      else if (this.rows.length) this.timer ??= setTimeout(() => this.kick(), this.flushMs).unref();
    });
    return this.writing;
  }
}
