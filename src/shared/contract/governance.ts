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

// The shapes the 服务治理 route declares as its response schema; their types live beside that schema.
export type {
  CheckName,
  CheckResult,
  GovernanceStatus,
  MinutePoint,
  ProcessIdentity,
  ProcessStatus,
  Readiness,
} from './api/log.schemas.ts';
