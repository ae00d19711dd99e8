/**
 * Health, metrics and the 服务治理 screen (issue 15): the paths and the shapes the server answers and the console
 * reads. Not BladeX's (it had Spring Boot Admin on a port of its own).
 */

/** Liveness: the process answers (no database call). Public, for load balancers and orchestrators. */
export const HEALTH_LIVE_PATH = '/api/health/live';
/** Readiness: database, migrations and (when configured) Redis answer. Public; 503 while not ready. */
export const HEALTH_READY_PATH = '/api/health/ready';
/**
 * Prometheus text of one process, scraped at each process's own address (not through the load balancer): a bearer
 * token (`TENON_METRICS_TOKEN`) or a platform super administrator's login.
 */
export const METRICS_PATH = '/metrics';
export const METRICS_TOKEN_ENV = 'TENON_METRICS_TOKEN';
/** The 服务治理 screen's data: the processes sharing the database and this one's readiness. */
export const GOVERNANCE_PATH = '/api/blade-log/governance/status';

/** A process not seen for this long is shown offline. */
export const OFFLINE_AFTER_SECONDS = 60;

export type CheckName = 'database' | 'migrations' | 'redis';

export interface CheckResult {
  status: 'UP' | 'DOWN';
  /** How long the check took. */
  ms: number;
  /** Why it is down, in a word (`timeout`, `unreachable`, `pending`): never a message that could hold an address. */
  error?: string;
  /** migrations: the files not recorded as applied. */
  pending?: string[];
}

/** The readiness answer (Spring Boot Actuator's shape, which BladeX operators know); redis only when configured. */
export interface Readiness {
  status: 'UP' | 'DOWN';
  checks: Partial<Record<CheckName, CheckResult>>;
}

/** One minute of a process (the last one is the minute so far). */
export interface MinutePoint {
  /** Start of the minute, epoch milliseconds. */
  at: number;
  requests: number;
  /** Answers with a 5xx status. */
  errors: number;
  /** 95th percentile of the answers' durations in ms (to about 10 %); null without requests. */
  p95Ms: number | null;
  rssMb: number;
  heapUsedMb: number;
  /** 99th percentile of the event loop's delay over the minute, ms. */
  eventLoopP99Ms: number;
  /** Most database connections busy, and most queries waiting for one, at the minute's samples. */
  dbInUse: number;
  dbWaiting: number;
}

/** Who a server is among the processes sharing a database. */
export interface ProcessIdentity {
  /** New at every start: two servers in one process (tests) or a restarted one are told apart. */
  instanceId: string;
  host: string;
  pid: number;
  version: string;
  database: 'pglite' | 'postgres';
  redis: boolean;
}

export interface ProcessStatus extends ProcessIdentity {
  uptimeSeconds: number;
  /** Seconds since its last heartbeat (0 for the process answering). */
  lastSeenSeconds: number;
  online: boolean;
  /** The process that answered this request. */
  self: boolean;
  /** The last hour, one point a minute, oldest first. */
  points: MinutePoint[];
}

export interface GovernanceStatus {
  readiness: Readiness;
  /** The answering process first, then the others by host and pid. */
  processes: ProcessStatus[];
}
