import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';
import { currentDbTenant } from './tenant-context.ts';

/** The NOLOGIN role of migration 0012: DML on every table, no owner rights, so row-level security applies. */
export const APP_ROLE = 'tenon_app';
const OWNER = '\u0000owner'; // cannot be a tenant code

/**
 * Wraps a dialect's driver so that every connection, when a query or a transaction takes it, runs as the current
 * context asks (tenant-context.ts): the app role with `app.tenant_id`, or the owner for system work. The settings are
 * session-level and applied before any BEGIN, so a rolled-back transaction cannot undo them, and a transaction keeps
 * the identity it started with. The round trip is skipped when the connection already carries that identity.
 */
export class TenantScopedDialect implements Dialect {
  constructor(private readonly inner: Dialect) {}
  createAdapter() {
    return this.inner.createAdapter();
  }
  createDriver(): Driver {
    return new TenantScopedDriver(this.inner.createDriver());
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return this.inner.createIntrospector(db);
  }
  createQueryCompiler() {
    return this.inner.createQueryCompiler();
  }
}

class TenantScopedDriver implements Driver {
  /** What each connection currently runs as; a connection not seen yet is the owner (its login role). */
  private readonly identities = new WeakMap<DatabaseConnection, string>();

  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    const tenant = currentDbTenant();
    const wanted = tenant ?? OWNER;
    if ((this.identities.get(connection) ?? OWNER) === wanted) return connection;
    try {
      // Forget the identity first: if the switch fails half-way the next holder sets it again.
      this.identities.delete(connection);
      await connection.executeQuery(
        tenant === undefined
          ? CompiledQuery.raw("select set_config('role', 'none', false), set_config('app.tenant_id', '', false)")
          : CompiledQuery.raw(
              `select set_config('app.tenant_id', $1, false), set_config('role', '${APP_ROLE}', false)`,
              [tenant],
            ),
      );
      this.identities.set(connection, wanted);
      return connection;
    } catch (error) {
      await this.inner.releaseConnection(connection);
      throw error;
    }
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.savepoint!(connection, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.rollbackToSavepoint!(connection, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.releaseSavepoint!(connection, name, compile);
  }
  destroy() {
    return this.inner.destroy();
  }
}
