import type { DatabaseConnection, Dialect, Driver, Kysely, QueryCompiler, TransactionSettings } from 'kysely';

/**
 * A dialect whose connections come from whichever driver `pick` names when a query or a transaction takes one: the
 * tenant's database of the placement (placement.ts). A transaction keeps the connection it began on, so everything
 * read inside a write goes to the same database. Every other call goes to the driver that gave the connection.
 */
export class RoutingDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly pick: () => Promise<Driver>,
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
    private readonly pick: () => Promise<Driver>,
    private readonly lifecycle: Lifecycle,
  ) {}

  init() {
    return this.lifecycle.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const driver = await this.pick();
    let connection: DatabaseConnection;
    try {
      connection = await driver.acquireConnection();
    } catch (error) {
      throw this.lifecycle.connectFailed?.(driver, error) ?? error;
    }
    this.owners.set(connection, driver);
    return connection;
  }
  private ownerOf(connection: DatabaseConnection): Driver {
    const owner = this.owners.get(connection);
    if (!owner) throw new Error('a connection this driver did not give out');
    return owner;
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.ownerOf(connection).releaseConnection(connection);
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.ownerOf(connection).beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.ownerOf(connection).commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.ownerOf(connection).rollbackTransaction(connection);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.ownerOf(connection).savepoint!(connection, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.ownerOf(connection).rollbackToSavepoint!(connection, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.ownerOf(connection).releaseSavepoint!(connection, name, compile);
  }
  destroy() {
    return this.lifecycle.destroy();
  }
}
