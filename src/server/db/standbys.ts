import type pg from 'pg';
import { CompiledQuery, type DatabaseConnection, type Driver } from 'kysely';
import type { Route } from './routing-driver.ts';
import { currentRequestContext, readingFromPrimary, type RequestContext } from './tenant-context.ts';

/** How often each standby, and its primary, are asked how far their WAL is. */
const POLL_MS = 500;
/**
 * A standby whose last answer is older than this is not used: a poll that hangs is a server gone silent. Also the
 * longest a poll waits for its answer.
 */
const ANSWER_VALID_MS = 3_000;
/** How long a user's last write position is kept: far longer than any standby in use takes to replay it. */
const POSITION_TTL_SECONDS = 300;
const positionKey = (userId: string, database: string) => `standby-after:${userId}:${database}`;

/** Where the users' write positions are kept: the key-value store (platform/kv.ts), Redis when configured. */
export interface PositionStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
}

/** Where a data source's standby is: the source's user and password log in there too. */
export interface StandbyAddress {
  host: string;
  port: number;
  database: string;
}

/** A standby's pool, opened as its primary's is (connect.ts: session set-up, row-level security). */
export interface StandbyPool {
  /** host:port/database, for the operator. */
  name: string;
  pool: pg.Pool;
  driver: Driver;
}

/**
 * What the monitor last saw of a standby. up: used for reads; behind: further behind its primary than the bound;
 * down: no answer lately; promoted: answers, but is no longer in recovery (it may have left the primary's history).
 */
export interface StandbyStatus {
  name: string;
  state: 'up' | 'behind' | 'down' | 'promoted';
  /** Bytes of WAL its primary has written that it has not replayed yet, when known. */
  lagBytes?: number;
}

interface Member extends StandbyPool {
  state: StandbyStatus['state'];
  replayed?: bigint;
  lag?: bigint;
  answeredAt: number;
  asking: boolean;
}

/** A WAL position (`16/B374D848`: two hex halves of one 64-bit number) as a number to compare. */
export function lsnOf(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * One database's streaming-replication standbys, polled while the database's pool is open: a standby is used for
 * reads while it answers, is in recovery and is no further behind its primary than the bound. One that stops or falls
 * behind is left out until a poll finds it caught up again.
 */
export class Standbys {
  private readonly members: Member[];
  private readonly started: Promise<unknown>;
  private readonly poller: NodeJS.Timeout;
  private head?: bigint;
  private askingPrimary = false;
  private turn = 0;

  constructor(
    pools: StandbyPool[],
    private readonly primary: pg.Pool,
    private readonly maxLagBytes: number,
  ) {
    this.members = pools.map((pool) => ({ ...pool, state: 'down', answeredAt: 0, asking: false }));
    this.started = Promise.all(this.members.map((member) => member.driver.init()));
    this.poller = setInterval(() => void this.poll(), POLL_MS).unref();
    void this.poll();
  }

  /** A standby that has replayed at least to `after` (a write position), in turn; undefined when none may serve. */
  pick(after: bigint | undefined): Driver | undefined {
    const usable = this.members.filter(
      (member) => this.usable(member) && (after === undefined || member.replayed! >= after),
    );
    return usable.length ? usable[this.turn++ % usable.length].driver : undefined;
  }

  /** A standby's connection failed: left out until a poll finds it answering. */
  failed(driver: Driver): void {
    const member = this.members.find((one) => one.driver === driver);
    if (member) Object.assign(member, { state: 'down', answeredAt: 0 });
  }

  statuses(): StandbyStatus[] {
    return this.members.map((member) => ({
      name: member.name,
      state: this.fresh(member) ? member.state : 'down',
      ...(member.lag === undefined ? {} : { lagBytes: Number(member.lag) }),
    }));
  }

  async close(): Promise<void> {
    clearInterval(this.poller);
    await this.started.catch(() => undefined);
    await Promise.all(this.members.map((member) => member.driver.destroy().catch(() => undefined)));
  }

  private fresh(member: Member): boolean {
    return Date.now() - member.answeredAt < ANSWER_VALID_MS;
  }

  private usable(member: Member): boolean {
    return member.state === 'up' && this.fresh(member);
  }

  private async poll(): Promise<void> {
    await this.started;
    await this.askPrimary();
    // Each on its own: a standby that hangs must not hold the others' answers back.
    for (const member of this.members) if (!member.asking) void this.ask(member);
  }

  private async askPrimary(): Promise<void> {
    if (this.askingPrimary) return;
    this.askingPrimary = true;
    try {
      const { lsn } = await answer<{ lsn: string }>(this.primary, 'select pg_current_wal_lsn()::text as lsn');
      this.head = lsnOf(lsn);
    } catch {
      // The primary's own failures are its pool's to report; the standbys keep the last known lag meanwhile.
    } finally {
      this.askingPrimary = false;
    }
  }

  private async ask(member: Member): Promise<void> {
    member.asking = true;
    try {
      const { recovery, replayed } = await answer<{ recovery: boolean; replayed: string | null }>(
        member.pool,
        'select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as replayed',
      );
      member.answeredAt = Date.now();
      if (!recovery || replayed === null) {
        Object.assign(member, { state: recovery ? 'down' : 'promoted', lag: undefined });
        return;
      }
      member.replayed = lsnOf(replayed);
      // The two answers are a few milliseconds apart: a standby may seem a little ahead of the primary.
      const lag = this.head === undefined ? undefined : this.head > member.replayed ? this.head - member.replayed : 0n;
      member.lag = lag;
      member.state = lag !== undefined && lag <= BigInt(this.maxLagBytes) ? 'up' : 'behind';
    } catch {
      Object.assign(member, { state: 'down', answeredAt: 0 });
    } finally {
      member.asking = false;
    }
  }
}

/** A poll's one row, given up after ANSWER_VALID_MS (pg's per-query read timeout, which its types leave out). */
async function answer<Row extends pg.QueryResultRow>(pool: pg.Pool, text: string): Promise<Row> {
  return (await pool.query<Row>({ text, query_timeout: ANSWER_VALID_MS } as pg.QueryConfig)).rows[0];
}

/** The database a query of the current context goes to (placement.ts): its key, its primary and its standbys. */
export interface DatabaseTarget {
  key: string;
  primary: Driver;
  standbys?: Standbys;
}

/**
 * Reads from standbys with read-your-writes (ARCHITECTURE.md § Scale-out). A request on a route that may read from a
 * standby (route config `standby`) sends its reads outside a transaction to a standby of its database that has
 * replayed its caller's last write there; everything else, and any read after a write of the same request, goes to
 * the primary. Every request's writes on a database with standbys leave their WAL position, which the request keeps
 * for its caller in the key-value store before it answers (Redis: every process sees it) for a few minutes.
 */
export class StandbyReads {
  private kv?: PositionStore;

  /** The key-value store opens after the database (app.ts). */
  useStore(kv: PositionStore): void {
    this.kv = kv;
  }

  route({ key, primary, standbys }: DatabaseTarget): Route {
    const context = currentRequestContext();
    // Work outside a request (start-up, pollers, migrations) has no reader to keep a position for.
    if (!standbys || !context) return { primary };
    const reads = context.standbyReads;
    return {
      primary,
      standby: reads && !readingFromPrimary() ? () => this.standbyFor(context, reads, key, standbys) : undefined,
      standbyFailed: (driver) => standbys.failed(driver),
      wrote: (connection) => noteWrite(context, key, connection),
    };
  }

  /** A request's write positions, kept for its caller. */
  async keep(userId: string, wrote: ReadonlyMap<string, string>): Promise<void> {
    const kv = this.kv;
    if (kv)
      await Promise.all([...wrote].map(([key, lsn]) => kv.set(positionKey(userId, key), lsn, POSITION_TTL_SECONDS)));
  }

  private async standbyFor(
    context: RequestContext,
    reads: NonNullable<RequestContext['standbyReads']>,
    key: string,
    standbys: Standbys,
  ): Promise<Driver | undefined> {
    // The request wrote there itself: it reads its write back from the primary.
    if (context.wrote?.has(key)) return undefined;
    const after = await (reads.after[key] ??= this.positionOf(reads.userId, key));
    return standbys.pick(after);
  }

  private async positionOf(userId: string, key: string): Promise<bigint | undefined> {
    const kept = await this.kv?.get(positionKey(userId, key));
    return kept ? lsnOf(kept) : undefined;
  }
}

/** A position no standby reaches: its user reads the primary while it is kept. */
const BEYOND_EVERY_STANDBY = 'FFFFFFFF/FFFFFFFF';

/** Where the WAL is after a write on `connection` (its commit included): the request's latest on that database. */
async function noteWrite(context: RequestContext, key: string, connection: DatabaseConnection): Promise<void> {
  let lsn: string;
  try {
    const { rows } = await connection.executeQuery<{ lsn: string }>(
      CompiledQuery.raw('select pg_current_wal_insert_lsn()::text as lsn'),
    );
    lsn = rows[0].lsn;
  } catch {
    // The write is done (its commit answered): failing it now would report a saved change as lost.
    lsn = BEYOND_EVERY_STANDBY;
  }
  const before = context.wrote?.get(key);
  if (before === undefined || lsnOf(lsn) > lsnOf(before)) (context.wrote ??= new Map()).set(key, lsn);
}
