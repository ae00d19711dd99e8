import type { Redis } from 'ioredis';
import type { CheckName, CheckResult, Readiness } from '../../../shared/contract/governance.ts';
import type { StandbyCheck } from '../../../shared/contract/api/log.schemas.ts';
import type { Db } from '../../db/connect.ts';
import { asSystem } from '../../db/tenant-context.ts';
import { MAIN_DATABASE, type Placement } from '../../db/placement.ts';
import type { StandbyStatus } from '../../db/standbys.ts';
import { appliedMigrations, pingDatabase } from './monitor.queries.ts';

/** A check that has not answered by then counts as down: a load balancer must not wait on a hung connection. */
const CHECK_TIMEOUT_MS = 3_000;
/**
 * Answers within this long share one round of checks: the route is public and unlimited, so a flood of probes costs
 * the database a query or two a second, not one per probe.
 */
const REUSE_MS = 1_000;
/** Pending migrations named in the answer, at most (a database of another build can lack many). */
const NAMED_PENDING = 10;

/**
 * Whether this process can serve: the database answers `select 1`, it has every migration file of this build
 * recorded as applied, and Redis answers PING when the server uses it. Failures are said in a word, never with the
 * driver's message (which can hold a host name or URL).
 */
export class ReadinessCheck {
  private last?: { at: number; result: Promise<Readiness> };

  constructor(
    private readonly db: Db,
    private readonly migrationFiles: readonly string[],
    private readonly redis: Redis | undefined,
    private readonly placement?: Placement,
  ) {}

  check(): Promise<Readiness> {
    const now = Date.now();
    if (this.last && now - this.last.at < REUSE_MS) return this.last.result;
    // As the owner: the migrations' record is no table requests may read (migration 0012), and no tenant is known.
    const result = asSystem(() => this.run());
    this.last = { at: now, result };
    return result;
  }

  private async run(): Promise<Readiness> {
    const checks: Partial<Record<CheckName, CheckResult>> = {};
    const [database, migrations, redis, datasources] = await Promise.all([
      timed(() => pingDatabase(this.db)),
      timed(async () => {
        const applied = await appliedMigrations(this.db);
        const pending = this.migrationFiles.filter((file) => !applied.has(file));
        return pending.length ? { error: 'pending', pending: pending.slice(0, NAMED_PENDING) } : undefined;
      }),
      this.redis && timed(() => this.redis!.ping()),
      this.placement?.health(),
    ]);
    checks.database = database;
    checks.migrations = migrations;
    if (redis) checks.redis = redis;
    const up = Object.values(checks).every((check) => check.status === 'UP');
    // A standby that is down does not make the process unready: its reads go to the primary.
    const standbys = this.placement?.standbys().find((each) => each.key === MAIN_DATABASE)?.standbys ?? [];
    return {
      status: up ? 'UP' : 'DOWN',
      checks,
      ...(datasources?.length
        ? {
            datasources: datasources.map(({ id, name, state, tenants, standbys: theirs }) => ({
              id,
              name,
              status: state === 'up' ? 'UP' : 'DOWN',
              ...(state === 'up' ? {} : { error: state === 'behind' ? 'behind' : 'unreachable' }),
              tenants: tenants.length,
              ...(theirs.length ? { standbys: theirs.map(standbyCheck) } : {}),
            })),
          }
        : {}),
      ...(standbys.length ? { standbys: standbys.map(standbyCheck) } : {}),
    };
  }
}

function standbyCheck({ state, lagBytes }: StandbyStatus): StandbyCheck {
  const lag = lagBytes === undefined ? {} : { lagBytes };
  if (state === 'up') return { status: 'UP', ...lag };
  return { status: 'DOWN', error: state === 'down' ? 'unreachable' : state, ...lag };
}

class Timeout extends Error {}

/** Runs a check with a deadline; it is down when it throws, times out or returns a finding. */
async function timed(check: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  try {
    const finding = await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Timeout()), CHECK_TIMEOUT_MS);
      }),
    ]);
    if (finding && typeof finding === 'object' && 'error' in finding)
      return { status: 'DOWN', ms: ms(), ...(finding as Pick<CheckResult, 'error' | 'pending'>) };
    return { status: 'UP', ms: ms() };
  } catch (error) {
    return { status: 'DOWN', ms: ms(), error: error instanceof Timeout ? 'timeout' : 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
