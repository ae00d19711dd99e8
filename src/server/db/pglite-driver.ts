import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { timeSlices } from '../platform/time-slices.ts';

/**
 * Kysely dialect for PGlite that hands its single connection to one holder at a time.
 * Kysely's bundled PGlite driver shares the connection without a lock, so a query from one request can land inside
 * another request's open transaction. PGlite runs one statement at a time anyway: serialising costs nothing.
 */
export class SerialPGliteDialect implements Dialect {
  private driver?: SerialPGliteDriver;
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    this.driver = new SerialPGliteDriver(this.pglite);
    return this.driver;
  }
  /** The one connection, busy or idle, and the queries queued for it (connect.ts PoolStats). */
  stats(): ConnectionStats {
    return this.driver?.stats() ?? { total: 1, idle: 1, waiting: 0 };
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

const ACQUIRE_TIMEOUT_MS = 30_000;

interface ConnectionStats {
  total: number;
  idle: number;
  waiting: number;
}

class SerialPGliteDriver implements Driver {
  private tail: Promise<void> = Promise.resolve();
  private release?: () => void;
  private waiting = 0;
  private readonly connection: PGliteConnection;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init() {
    await this.pglite.waitReady;
  }

  stats(): ConnectionStats {
    return { total: 1, idle: this.release ? 0 : 1, waiting: this.waiting };
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A query issued through the pool while the same async flow holds a transaction would wait forever: fail loudly
    // instead of hanging, once the connection has run nothing for that long (a long import keeps it busy, not stuck).
    let timer: NodeJS.Timeout | undefined;
    this.waiting++;
    await Promise.race([
      previous,
      new Promise<never>((_, reject) => {
        const check = () => {
          const idle = performance.now() - this.connection.lastQueryAt;
          if (idle < ACQUIRE_TIMEOUT_MS) timer = setTimeout(check, ACQUIRE_TIMEOUT_MS - idle);
          else
            reject(
              new Error(
                `PGlite connection not free after ${ACQUIRE_TIMEOUT_MS} ms: a query outside an open transaction waits for it?`,
              ),
            );
        };
        timer = setTimeout(check, ACQUIRE_TIMEOUT_MS);
      }),
    ])
      .catch((error) => {
        void previous.then(release); // give the slot back once it would have been ours
        throw error;
      })
      .finally(() => {
        clearTimeout(timer);
        this.waiting--;
      });
    this.release = release;
    return this.connection;
  }

  async releaseConnection() {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${name}`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release ${name}`));
  }
  async destroy() {
    // The connection's holder (a transaction, a backup's dump) finishes first: PGlite's close would slip in between
    // two of its statements.
    await this.tail;
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  /** When the last statement ended (performance.now()). */
  lastQueryAt = performance.now();
  /**
   * PGlite runs on the event loop's own thread and its answers settle without a turn of the loop in between: a
   * transaction of thousands of statements (an import) would otherwise hold every other request until its end.
   */
  private readonly nextSlice = timeSlices();

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.nextSlice();
    const result = await this.pglite
      .query<R>(query.sql, query.parameters as unknown[], { rowMode: 'object' })
      .finally(() => (this.lastQueryAt = performance.now()));
    return {
      rows: result.rows ?? [],
      numAffectedRows: result.affectedRows != null ? BigInt(result.affectedRows) : undefined,
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite');
  }
}
