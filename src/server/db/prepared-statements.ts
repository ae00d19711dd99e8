import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** Runs of one SQL text on a connection before it becomes a named statement (PgJDBC's prepareThreshold is 5). */
export const PREPARE_AFTER = 3;
/** Named statements a connection keeps at most: each holds a plan in its PostgreSQL backend. */
export const MAX_NAMED = 256;
/** Texts counted per connection before the counts start over (texts that never repeat must not pile up). */
const MAX_COUNTED = 2_000;
/**
 * A transaction's BEGIN, sent in the same round trip with the plan mode its statements may use (see PreparingPool).
 */
export const BEGIN_WITH_GENERIC_PLANS = 'begin; set local plan_cache_mode = auto';

/**
 * The server's pool for Kysely, with server-side prepared statements: a parameterised SQL text that a connection has
 * run PREPARE_AFTER times gets a name there, so PostgreSQL parses, rewrites (row-level security policies included)
 * and, once its plan cache settles, plans it once per connection instead of on every request: on a list page that is
 * about half of PostgreSQL's work, the part every server process shares (bench/README.md). Statements without
 * parameters (begin, commit, set_config) run as they are.
 *
 * Sessions plan every statement with its values (connect.ts: a list's best plan depends on its tenant's size), but a
 * transaction's statements may take PostgreSQL's generic plan once it has weighed five custom ones: they are writes
 * and locks by key, checks of a few ids, a budget's sum on its index, whose plan is the same for any values, and
 * planning them each time was nearly half of PostgreSQL's work in a claim's sending (bench/README.md, finance).
 * PostgreSQL still keeps custom plans where the generic one looks dearer (a partial index that only a written-out
 * `is_deleted = 0` can use). The setting rides on the BEGIN, in its round trip, and ends with the transaction.
 *
 * A table whose columns change while the server runs (another version's migration) makes PostgreSQL refuse a plan it
 * kept (`cached plan must not change result type`): the connection then names its statements afresh, and the query is
 * run again when no transaction was open (inside one, PostgreSQL has already aborted it).
 */
export class PreparingPool implements PostgresPool {
  private readonly clients = new WeakMap<pg.PoolClient, PreparingClient>();

  constructor(readonly pool: pg.Pool) {}

  get options() {
    return this.pool.options;
  }

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let preparing = this.clients.get(client);
    if (!preparing) this.clients.set(client, (preparing = new PreparingClient(client)));
    return preparing;
  }

  end() {
    return this.pool.end();
  }
}

class PreparingClient {
  /** Runs so far of texts not named yet. */
  private readonly counts = new Map<string, number>();
  /** Text → statement name, on this connection. */
  private names = new Map<string, string>();
  private named = 0;
  private generation = 0;

  constructor(private readonly client: pg.PoolClient) {}

  release(destroy?: boolean) {
    this.client.release(destroy);
  }

  // Kysely passes a text with its parameters, or a cursor (streaming) which is passed on as it is.
  query(text: unknown, values?: readonly unknown[]): never {
    if (text === 'begin') return this.client.query(BEGIN_WITH_GENERIC_PLANS) as never;
    if (typeof text !== 'string' || !values?.length)
      return this.client.query(text as string, values as unknown[]) as never;
    const name = this.nameOf(text);
    if (!name) return this.client.query(text, values as unknown[]) as never;
    return this.client.query({ name, text, values: values as unknown[] }).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      this.startOver();
      if (this.client.getTransactionStatus() !== 'I') throw error;
      return this.client.query(text, values as unknown[]);
    }) as never;
  }

  private nameOf(text: string): string | undefined {
    const name = this.names.get(text);
    if (name || this.named >= MAX_NAMED) return name;
    const runs = (this.counts.get(text) ?? 0) + 1;
    if (runs < PREPARE_AFTER) {
      if (this.counts.size >= MAX_COUNTED) this.counts.clear();
      this.counts.set(text, runs);
      return undefined;
    }
    this.counts.delete(text);
    const fresh = `tenon_${this.generation}_${++this.named}`;
    this.names.set(text, fresh);
    return fresh;
  }

  /** Forget every name (their old statements stay on the connection, still counted against MAX_NAMED). */
  private startOver() {
    this.names = new Map();
    this.generation++;
  }
}

/** PostgreSQL's refusal to run a kept plan whose result columns changed since it was prepared. */
function isStalePlan(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? '');
}
