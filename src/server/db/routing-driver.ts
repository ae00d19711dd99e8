import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * Where the current context's connections go (placement.ts, standbys.ts): its database's primary, and for reads
 * outside a transaction a standby when one may serve them.
 */
export interface Route {
  primary: Driver;
  /** A standby for the context's next read, or undefined when only the primary may answer it. */
  standby?(): Promise<Driver | undefined>;
  /** A standby's connection failed: it is left out until it answers again. */
  standbyFailed?(driver: Driver): void;
  /** A write ended on the primary (committed, or outside a transaction): `connection` tells how far its WAL is. */
  wrote?(connection: DatabaseConnection): Promise<void>;
}

/**
 * A dialect whose connections come from whichever database `pick` names when a query or a transaction takes one: the
 * tenant's database of the placement (placement.ts). A transaction keeps the connection it began on, so everything
 * read inside a write goes to the same database. Every other call goes to the driver that gave the connection. Where
 * the database has standbys the connection is bound when it is first used (routed below): to the primary for a
 * transaction or a write, to a standby for a plain read the route allows there.
 */
export class RoutingDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly pick: () => Promise<Route>,
    private readonly lifecycle: Lifecycle,
  ) {}
  createAdapter() {
    return this.inner.createAdapter();
  }
  createDriver(): Driver {
    return new RoutingDriver(this.pick, this.lifecycle);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return this.inner.createIntrospector(db);
  }
  createQueryCompiler() {
    return this.inner.createQueryCompiler();
  }
}

/**
 * The drivers behind are shared by several Kysely instances (the routed one, the main database's): started once,
 * destroyed once, whichever instance asks. `connectFailed` turns a driver's failure to give a connection into the
 * error the caller should see (a tenant database that does not answer).
 */
export interface Lifecycle {
  init(): Promise<void>;
  destroy(): Promise<void>;
  connectFailed?(driver: Driver, error: unknown): Error;
}

class RoutingDriver implements Driver {
  private readonly owners = new WeakMap<DatabaseConnection, Driver>();

  constructor(
    private readonly pick: () => Promise<Route>,
    private readonly lifecycle: Lifecycle,
  ) {}

  init() {
    return this.lifecycle.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const route = await this.pick();
    if (!route.standby && !route.wrote) return this.connect(route.primary);
    return new RoutedConnection(route, (driver) => this.connect(driver));
  }
  private async connect(driver: Driver): Promise<DatabaseConnection> {
    let connection: DatabaseConnection;
    try {
      connection = await driver.acquireConnection();
    } catch (error) {
      throw this.lifecycle.connectFailed?.(driver, error) ?? error;
    }
    this.owners.set(connection, driver);
    return connection;
  }
  /** The driver and its connection a transaction's step goes to: a routed connection's primary one. */
  private async target(connection: DatabaseConnection): Promise<[Driver, DatabaseConnection]> {
    if (connection instanceof RoutedConnection) return [connection.route.primary, await connection.onPrimary()];
    const owner = this.owners.get(connection);
    if (!owner) throw new Error('a connection this driver did not give out');
    return [owner, connection];
  }
  async releaseConnection(connection: DatabaseConnection) {
    if (connection instanceof RoutedConnection) return connection.release();
    const [owner] = await this.target(connection);
    return owner.releaseConnection(connection);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const [driver, inner] = await this.target(connection);
    await driver.beginTransaction(inner, settings);
    if (connection instanceof RoutedConnection) connection.inTransaction = true;
  }
  async commitTransaction(connection: DatabaseConnection) {
    const [driver, inner] = await this.target(connection);
    await driver.commitTransaction(inner);
    if (!(connection instanceof RoutedConnection)) return;
    connection.inTransaction = false;
    await connection.route.wrote?.(inner);
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const [driver, inner] = await this.target(connection);
    if (connection instanceof RoutedConnection) connection.inTransaction = false;
    await driver.rollbackTransaction(inner);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    const [driver, inner] = await this.target(connection);
    await driver.savepoint!(inner, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    const [driver, inner] = await this.target(connection);
    await driver.rollbackToSavepoint!(inner, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    const [driver, inner] = await this.target(connection);
    await driver.releaseSavepoint!(inner, name, compile);
  }
  destroy() {
    return this.lifecycle.destroy();
  }
}

/**
 * A connection of a database with standbys, bound when first used: Kysely takes a connection before it knows whether
 * a transaction follows. A transaction or a write binds it to the primary; a read outside a transaction to a standby
 * when the route gives one, else to the primary. A standby that fails a read (stopped, or refusing what turned out to
 * be a write) is left for the primary, which answers the same statement: a read outside a transaction changes
 * nothing, so running it again is safe.
 */
class RoutedConnection implements DatabaseConnection {
  inTransaction = false;
  private bound?: { driver: Driver; connection: DatabaseConnection; standby: boolean };

  constructor(
    readonly route: Route,
    private readonly connect: (driver: Driver) => Promise<DatabaseConnection>,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.bound!.connection.executeQuery<R>(query);
    if (!isRead(query)) return this.write<R>(query);
    const bound = this.bound ?? (await this.bindForRead());
    if (!bound.standby) return bound.connection.executeQuery<R>(query);
    try {
      return await bound.connection.executeQuery<R>(query);
    } catch (error) {
      const failure = standbyFailure(error);
      if (!failure) throw error;
      if (failure === 'down') this.route.standbyFailed?.(bound.driver);
      if (failure === 'write') return this.write<R>(query);
      return (await this.onPrimary()).executeQuery<R>(query);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    const connection =
      this.inTransaction || !isRead(query)
        ? await this.onPrimary()
        : (this.bound ?? (await this.bindForRead())).connection;
    yield* connection.streamQuery<R>(query, chunkSize);
  }

  /** The primary's connection, a standby's given back first. */
  async onPrimary(): Promise<DatabaseConnection> {
    if (this.bound?.standby) await this.release();
    this.bound ??= { driver: this.route.primary, connection: await this.connect(this.route.primary), standby: false };
    return this.bound.connection;
  }

  async release(): Promise<void> {
    const bound = this.bound;
    this.bound = undefined;
    if (bound) await bound.driver.releaseConnection(bound.connection);
  }

  private async write<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const connection = await this.onPrimary();
    const result = await connection.executeQuery<R>(query);
    await this.route.wrote?.(connection);
    return result;
  }

  private async bindForRead() {
    const standby = await this.route.standby?.();
    if (standby) {
      try {
        return (this.bound = { driver: standby, connection: await standby.acquireConnection(), standby: true });
      } catch {
        this.route.standbyFailed?.(standby);
      }
    }
    await this.onPrimary();
    return this.bound!;
  }
}

/** A statement a standby can answer: a select, or raw SQL that starts as one. Anything else is a write. */
function isRead(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  return kind === 'SelectQueryNode' || (kind === 'RawNode' && /^\s*(select|with)\b/i.test(query.sql));
}

/**
 * What a standby's error on a read means: `write` when it refused to change anything (a function that writes, a
 * locking read), `conflict` when its replay cancelled the read, `down` when the connection failed (no SQLSTATE, or a
 * connection or shutdown class); undefined for an error the primary would give too (the query's own).
 */
function standbyFailure(error: unknown): 'write' | 'conflict' | 'down' | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === '25006') return 'write';
  if (code === '40001') return 'conflict';
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || /^(08|57P)/.test(code)) return 'down';
  return undefined;
}
