import type { BatchQueueStats } from './audit/batch-queue.ts';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import packageJson from '../../../package.json' with { type: 'json' };
import type { MinutePoint, ProcessIdentity } from '../../shared/contract/governance.ts';
import type { PoolStats } from '../db/connect.ts';
import type { StandbyStatus } from '../db/standbys.ts';
import type { Services } from '../services.ts';
import { importTurns } from './entity/excel-import.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's figures: Prometheus metrics and the last hour by minute (platform/metrics.ts). */
    metrics: ProcessMetrics;
  }
}

/** The route label of answers no route matched (404, 405): one label, whatever path was asked for. */
export const UNMATCHED_ROUTE = 'unmatched';
const HISTORY_MINUTES = 60;
/** How often the pool is sampled for the minute's figures (and a finished minute closed while no request comes). */
const SAMPLE_MS = 5_000;

let processRegistry: Registry | undefined;
/** Node's own figures (memory, GC, event-loop lag, handles) are the process's: collected once, however many apps. */
function nodeMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Measures every answer of the app: Prometheus counters and a latency histogram per route pattern (never the raw URL,
 * whose ids would make a series per row), the database pool, and a minute-by-minute history of the last hour for the
 * 服务治理 screen. Stopped with the app.
 */
export function registerMetrics(app: FastifyInstance, services: Services): void {
  const metrics = new ProcessMetrics(
    {
      instanceId: randomUUID(),
      host: hostname(),
      pid: process.pid,
      version: packageJson.version,
      database: services.database.kind,
      redis: Boolean(services.config.redisUrl),
    },
    () => services.database.stats(),
    () => services.audit.stats(),
    () => services.database.placement?.standbys() ?? [],
  );
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => metrics.observe(request, reply));
  app.addHook('onClose', async () => metrics.stop());
}

export class ProcessMetrics {
  /** When this server started (epoch ms): its uptime. */
  readonly startedAt = Date.now();
  private readonly registry: Registry;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route'>;
  private readonly serverErrors: Counter<'method' | 'route'>;
  private readonly history: MinuteHistory;
  private readonly sampler: NodeJS.Timeout;

  constructor(
    readonly identity: ProcessIdentity,
    poolStats: () => PoolStats,
    auditStats?: () => Record<string, BatchQueueStats>,
    standbys?: () => Array<{ database: string; standbys: StandbyStatus[] }>,
  ) {
    const own = new Registry();
    const registers = [own];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Answered HTTP requests by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to its answer, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    // The envelope's code is the HTTP status (platform/errors.ts), so http_requests_total's status carries it.
    this.serverErrors = new Counter({
      name: 'http_server_errors_total',
      help: 'Answers with a 5xx status by method and route pattern.',
      labelNames: ['method', 'route'],
      registers,
    });
    new Gauge({
      name: 'tenon_db_pool_connections',
      help: 'Database connections by state (PGlite: its one connection).',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = poolStats();
        this.set({ state: 'busy' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'tenon_db_pool_waiting',
      help: 'Queries waiting for a database connection.',
      registers,
      collect() {
        this.set(poolStats().waiting);
      },
    });
    new Gauge({
      name: 'tenon_imports',
      help: "Workbook imports of this process: running, and waiting for an earlier import of their tenant's to end.",
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'running' }, importTurns.running);
        this.set({ state: 'waiting' }, importTurns.waiting);
      },
    });
    new Gauge({
      name: 'tenon_audit_rows',
      help: "The audit trail's rows by log (api, usual): written, dropped (queue full), failed (insert), queued.",
      labelNames: ['log', 'state'],
      registers,
      collect() {
        for (const [log, stats] of Object.entries(auditStats?.() ?? {}))
          for (const [state, value] of Object.entries(stats)) this.set({ log, state }, value);
      },
    });
    // Per database (`main` or a data source's name) and standby (host:port/database), as the last poll saw them.
    new Gauge({
      name: 'tenon_db_standby_lag_bytes',
      help: "WAL a standby has not replayed yet, in bytes behind its primary's (while known).",
      labelNames: ['database', 'standby'],
      registers,
      collect() {
        this.reset();
        for (const { database, standbys: each } of standbys?.() ?? [])
          for (const standby of each)
            if (standby.lagBytes !== undefined) this.set({ database, standby: standby.name }, standby.lagBytes);
      },
    });
    new Gauge({
      name: 'tenon_db_standby_used',
      help: 'Whether a standby serves reads: 1 while it answers, replays and is within the lag bound.',
      labelNames: ['database', 'standby'],
      registers,
      collect() {
        this.reset();
        for (const { database, standbys: each } of standbys?.() ?? [])
          for (const standby of each) this.set({ database, standby: standby.name }, standby.state === 'up' ? 1 : 0);
      },
    });
    const info = new Gauge({
      name: 'tenon_instance_info',
      help: 'This server process: always 1, its identity in the labels.',
      labelNames: ['instance_id', 'host', 'pid', 'version', 'database', 'redis'],
      registers,
    });
    const { instanceId, host, pid, version, database, redis } = identity;
    info.set({ instance_id: instanceId, host, pid, version, database, redis: redis ? 'yes' : 'no' }, 1);
    this.registry = Registry.merge([nodeMetrics(), own]);
    this.history = new MinuteHistory(poolStats);
    this.sampler = setInterval(() => this.history.sample(), SAMPLE_MS).unref();
  }

  observe(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const { method } = request;
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    this.requests.inc({ method, route, status: String(status) });
    this.durations.observe({ method, route }, ms / 1000);
    if (status >= 500) this.serverErrors.inc({ method, route });
    this.history.record(ms, status >= 500);
  }

  /** The last hour, one point a minute, oldest first; the last point is the minute so far. */
  points(): MinutePoint[] {
    return this.history.points();
  }

  /** The Prometheus exposition text. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  stop(): void {
    clearInterval(this.sampler);
    this.history.stop();
  }
}

/** Latency buckets of the history: each 10 % wider than the last, from 0.05 ms to about 80 s. */
const BUCKET_BASE_MS = 0.05;
const BUCKET_RATIO = 1.1;
const BUCKETS = 150;
const bucketOf = (ms: number) =>
  ms <= BUCKET_BASE_MS ? 0 : Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / BUCKET_BASE_MS) / Math.log(BUCKET_RATIO)));

interface Minute {
  minute: number;
  requests: number;
  errors: number;
  /** Answers per latency bucket: a percentile without keeping every duration of a busy minute. */
  latencies: Uint32Array;
  dbInUse: number;
  dbWaiting: number;
}

const minuteOf = (time: number) => Math.floor(time / 60_000);
const round = (value: number) => Math.round(value * 100) / 100;
const megabytes = (bytes: number) => round(bytes / 1024 / 1024);

/** One point a minute for the last hour, in memory: a few kilobytes. */
class MinuteHistory {
  private readonly done: MinutePoint[] = [];
  private current: Minute;
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });

  constructor(private readonly poolStats: () => PoolStats) {
    this.loop.enable();
    this.current = this.fresh(minuteOf(Date.now()));
  }

  record(ms: number, error: boolean) {
    this.roll();
    this.current.requests++;
    if (error) this.current.errors++;
    this.current.latencies[bucketOf(ms)]++;
  }

  sample() {
    this.roll();
    const stats = this.poolStats();
    this.current.dbInUse = Math.max(this.current.dbInUse, stats.total - stats.idle);
    this.current.dbWaiting = Math.max(this.current.dbWaiting, stats.waiting);
  }

  points(): MinutePoint[] {
    this.sample();
    return [...this.done, this.pointOf(this.current)];
  }

  stop() {
    this.loop.disable();
  }

  /** A new minute began: the one before becomes a point (memory and lag as they are now, a few seconds after it). */
  private roll() {
    const minute = minuteOf(Date.now());
    if (minute === this.current.minute) return;
    this.done.push(this.pointOf(this.current));
    if (this.done.length > HISTORY_MINUTES - 1) this.done.shift();
    this.loop.reset();
    this.current = this.fresh(minute);
  }

  private fresh(minute: number): Minute {
    return { minute, requests: 0, errors: 0, latencies: new Uint32Array(BUCKETS), dbInUse: 0, dbWaiting: 0 };
  }

  private pointOf(minute: Minute): MinutePoint {
    return {
      at: minute.minute * 60_000,
      requests: minute.requests,
      errors: minute.errors,
      p95Ms: percentile(minute.latencies, minute.requests, 0.95),
      rssMb: megabytes(process.memoryUsage.rss()),
      heapUsedMb: megabytes(process.memoryUsage().heapUsed),
      eventLoopP99Ms: round(this.loop.count ? this.loop.percentile(99) / 1e6 : 0),
      dbInUse: minute.dbInUse,
      dbWaiting: minute.dbWaiting,
    };
  }
}

/** The upper bound of the bucket holding the `rank` share of `count` answers (null without answers). */
function percentile(buckets: Uint32Array, count: number, rank: number): number | null {
  if (!count) return null;
  const wanted = Math.ceil(count * rank);
  let seen = 0;
  for (let bucket = 0; bucket < buckets.length; bucket++) {
    seen += buckets[bucket];
    if (seen >= wanted) return round(BUCKET_BASE_MS * BUCKET_RATIO ** bucket);
  }
  return null;
}
