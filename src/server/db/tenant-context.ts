import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows the database lets a query see (the second wall behind the entity engine's tenant predicate, see
 * migrations/0012_row_level_security.sql). Three states:
 * - no context: process start-up, migrations, seed, demo data, background work started at start-up and tests' own
 *   setup. Runs as the connection's owner, which row-level security does not restrict.
 * - system context (`asSystem`): the same owner rights, marked explicitly where a request legitimately reads before
 *   a tenant is known (the public tenant lookup by domain).
 * - request context: every HTTP request from its first hook; runs as the app role with the request's tenant, which
 *   is empty (no tenant rows: fail closed) until the caller is known (a verified token, or the tenant being logged
 *   into). The platform tenant 000000 is the operator: its policy clause lets it read and write every tenant's rows,
 *   as the contract's cross-tenant screens (tenant list, provisioning, `tenantId=` of the super administrator) need.
 */
export interface RequestContext {
  tenantId: string;
  /** The request's 接口日志 row, once something of it refers to it (platform/audit/changes.ts). */
  apiLogId?: string;
  /**
   * The tenant whose database serves the request when it is not the caller's (placement.ts): the tenant the super
   * administrator names with `tenantId=`.
   */
  servedTenant?: string;
  /**
   * On a route that may read from standbys (route config `standby`): its caller, whose own writes its reads must see,
   * and his last write position on each database once looked up (db/standbys.ts).
   */
  standbyReads?: { userId: string; after: Record<string, Promise<bigint | undefined>> };
  /** Where this request's writes ended on each database with standbys (WAL positions), kept for its caller. */
  wrote?: Map<string, string>;
}

const SYSTEM = Symbol('system');
const storage = new AsyncLocalStorage<RequestContext | typeof SYSTEM>();

/** undefined = run as the owner (system work); a string = run as the app role seeing that tenant's rows. */
export function currentDbTenant(): string | undefined {
  const context = storage.getStore();
  return context === undefined || context === SYSTEM ? undefined : context.tenantId;
}

/** The request's context in progress; undefined outside a request. */
export function currentRequestContext(): RequestContext | undefined {
  const context = storage.getStore();
  return context === undefined || context === SYSTEM ? undefined : context;
}

/** A request's context, tenant unknown yet; `runInContext` enters it (again after each callback boundary). */
export function newRequestContext(): RequestContext {
  return { tenantId: '' };
}

export function runInContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/**
 * `fn` as the server's bookkeeping of the request (the login's last activity, 在线用户): the same
 * identity and database, but its writes are not the caller's. They neither send the rest of the request to the primary
 * nor make the caller's next reads wait for a standby to replay them: a 100,000-row export read from a standby went
 * on from the primary once its login's activity was written in its midst (bench/scale-out).
 */
export function asBookkeeping<T>(fn: () => T): T {
  const context = storage.getStore();
  if (context === undefined || context === SYSTEM) return fn();
  return storage.run({ ...context, standbyReads: undefined, wrote: undefined }, fn);
}

/** The caller is known: the rest of the request sees its tenant's rows. No-op outside a request. */
export function enterTenant(tenantId: string): void {
  const context = storage.getStore();
  if (context && context !== SYSTEM) context.tenantId = tenantId;
}

/** Owner rights for `fn`: only where no tenant can be known yet and the contract allows the read. */
export function asSystem<T>(fn: () => T): T {
  return storage.run(SYSTEM, fn);
}

/** The tenant whose database of the placement serves the current request; undefined outside a request. */
export function currentServedTenant(): string | undefined {
  const context = storage.getStore();
  return context === undefined || context === SYSTEM ? undefined : (context.servedTenant ?? context.tenantId);
}

/** The rest of the request reads and writes `tenantId`'s database (the super administrator's `tenantId=`). */
export function serveTenant(tenantId: string): void {
  const context = storage.getStore();
  if (context && context !== SYSTEM) context.servedTenant = tenantId;
}

const pinnedDatabase = new AsyncLocalStorage<string>();

/**
 * `fn`'s queries go to one database of the placement (its key: placement.ts MAIN_DATABASE or a data source's id),
 * whatever the request's tenant: work that is not a request's (a poller, a tenant's provisioning or move) names its
 * database. The identity (owner or a tenant under row-level security) stays the one of the surrounding context.
 */
export function onDatabase<T>(database: string, fn: () => T): T {
  return pinnedDatabase.run(database, fn);
}

export function currentPinnedDatabase(): string | undefined {
  return pinnedDatabase.getStore();
}

const primaryReads = new AsyncLocalStorage<true>();

/**
 * `fn` reads the primary even in a request that may read standbys: what it loads outlives the request (a process's
 * cache, cleared by a change notice, must not be filled again from a standby that has not replayed the change yet).
 */
export function readFromPrimary<T>(fn: () => T): T {
  return primaryReads.run(true, fn);
}

export function readingFromPrimary(): boolean {
  return primaryReads.getStore() === true;
}
