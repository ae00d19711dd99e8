import { randomUUID } from 'node:crypto';
import { TtlCache } from './ttl-cache.ts';
import { GRANTS_STAMP_KEY, STAMP_TTL } from './accounts.ts';
import type { Db } from '../db/connect.ts';
import { SUPER_TENANT, splitList, type AuthUser } from './auth-context.ts';
import { MESSAGES } from '../../shared/i18n/server-messages.ts';
import { ApiError, forbidden } from './errors.ts';
import type { KeyValueStore } from './kv.ts';

export interface DataScopeRule {
  id: string;
  scopeType: number;
  scopeColumn: string;
  scopeValue: string;
}

/** An API scope row (contract system.md §13). */
export interface ApiScopeRule {
  id: string;
  resourceCode: string;
  scopePath: string;
  scopeName: string;
}

/** What some roles allow, in the terms `exceeds` compares. */
export interface Rights {
  /** The strongest role power (ROLE_POWER). */
  power: number;
  menuIds: Set<string>;
  /** Granted API scope ids (blade_role_scope category 2). */
  apiScopeIds: Set<string>;
  /** Data-scope rules per resource code. */
  dataScopes: Map<string, DataScopeRule[]>;
}

interface RoleGrants extends Rights {
  codes: Set<string>;
  buttonCodes: Set<string>;
}

/** How rights go beyond a caller's: the first difference found. */
export type Excess = 'power' | 'menu' | 'apiScope' | 'dataScope';

const CACHE_CHANNEL = 'cache:grants';

const CACHE_TTL_MS = 60_000;
/** Role sets kept (one per tenant and combination of roles): the busiest ones. */
const GRANT_SETS = 1_000;

/**
 * Equal sets of grants held once: the administrators of every tenant on one package hold the same menus, codes and
 * buttons, which were ~55 KB of their own per cached role set (bench/scale: 1,000 sets, 58 MB of heap). Dropped
 * with the cache; never written once pooled.
 */
class SetPool {
  private readonly sets = new Map<string, Set<string>>();

  shared(set: Set<string>): Set<string> {
    if (set.size === 0) return set;
    const key = [...set].sort().join('\n');
    const found = this.sets.get(key);
    if (found) return found;
    if (this.sets.size >= GRANT_SETS * 4) this.sets.clear();
    this.sets.set(key, set);
    return set;
  }

  clear(): void {
    this.sets.clear();
  }
}

/**
 * What a caller may do, from the grants of their roles (blade_role_menu, blade_role_scope) intersected with their
 * tenant's package. One cache per process, cleared on every process through the key-value store when grants change.
 */
export class Permissions {
  private readonly cache = new TtlCache<RoleGrants>(GRANT_SETS, CACHE_TTL_MS);
  private readonly pool = new SetPool();
  /** Bumped whenever grants, menus, scopes or packages change: caches built on them compare it. */
  generation = 0;
  /** The grants stamp this process's caches were built under. */
  private stamp: string | null = null;

  private constructor(
    private readonly db: Db,
    private readonly kv: KeyValueStore,
  ) {}

  static async create(db: Db, kv: KeyValueStore): Promise<Permissions> {
    const permissions = new Permissions(db, kv);
    await kv.subscribe(CACHE_CHANNEL, () => permissions.clearLocal());
    return permissions;
  }

  /** Throws 403 unless the caller's roles hold the code. The platform super administrator holds every code. */
  async require(user: AuthUser, code: string): Promise<void> {
    if (user.isSuperAdmin) return;
    const grants = await this.grantsOf(user);
    if (!grants.codes.has(code)) throw forbidden(code);
  }

  async has(user: AuthUser, code: string): Promise<boolean> {
    return user.isSuperAdmin || (await this.grantsOf(user)).codes.has(code);
  }

  /** Button codes the caller holds (the console's permission map); every button for the super administrator. */
  async buttonCodesOf(user: AuthUser): Promise<Set<string>> {
    if (!user.isSuperAdmin) return (await this.grantsOf(user)).buttonCodes;
    const rows = await this.db
      .selectFrom('blade_menu')
      .select('code')
      .where('category', '=', 2)
      .where('is_deleted', '=', 0)
      .execute();
    return new Set(rows.map((r) => r.code));
  }

  /** Granted menu ids (menus and buttons), within the tenant package. */
  async menuIdsOf(user: AuthUser): Promise<Set<string>> {
    return (await this.grantsOf(user)).menuIds;
  }

  async dataScopesOf(user: AuthUser, resourceCode: string): Promise<DataScopeRule[]> {
    return (await this.grantsOf(user)).dataScopes.get(resourceCode) ?? [];
  }

  /**
   * API scopes (contract system.md §13) narrow what a code already allows: a request is protected by the scope rows
   * whose `scope_path` its path contains, or whose `resource_code` is the route's permission code; when any row
   * protects it, one of them must be granted to the caller's roles. Unprotected routes are unaffected, and
   * administrators (role power) are not narrowed, as with data scopes.
   */
  async requireApiScope(user: AuthUser, path: string, code: string | undefined): Promise<void> {
    if (user.isAdmin) return;
    const protecting = (await this.apiScopes()).filter(
      (rule) =>
        (rule.scopePath !== '' && path.includes(rule.scopePath)) ||
        (code !== undefined && rule.resourceCode !== '' && rule.resourceCode === code),
    );
    if (protecting.length === 0) return;
    const granted = (await this.grantsOf(user)).apiScopeIds;
    if (!protecting.some((rule) => granted.has(rule.id))) {
      throw new ApiError(403, MESSAGES.apiScopeDenied, { name: protecting[0].scopeName });
    }
  }

  private apiScopeCache?: { generation: number; at: number; rules: Promise<ApiScopeRule[]> };

  /** Every live API scope row; few and global, so one cached list checked per request. */
  private apiScopes(): Promise<ApiScopeRule[]> {
    const hit = this.apiScopeCache;
    if (hit && hit.generation === this.generation && Date.now() - hit.at < CACHE_TTL_MS) return hit.rules;
    const rules = this.db
      .selectFrom('blade_scope_api')
      .select(['id', 'resource_code', 'scope_path', 'scope_name'])
      .where('is_deleted', '=', 0)
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          id: String(r.id),
          resourceCode: r.resource_code.trim(),
          scopePath: r.scope_path.trim(),
          scopeName: r.scope_name,
        })),
      );
    rules.catch(() => {
      this.apiScopeCache = undefined;
    });
    this.apiScopeCache = { generation: this.generation, at: Date.now(), rules };
    return rules;
  }

  /** The rights of one role of the tenant (nothing for a role of another tenant or a deleted one). */
  rightsOfRole(tenantId: string, roleId: string): Promise<Rights> {
    return this.cache.get(`${tenantId}|${roleId}`, () => this.load(tenantId, [roleId]));
  }

  /**
   * How `rights` go beyond what the caller holds, or undefined: more power, a menu he lacks, and below the
   * administrators (who are not narrowed by scopes) an API scope he lacks, or a resource he sees narrowed by data
   * scopes that the rights would see wider (no rule of his, or none at all). Nobody hands out more than he holds.
   */
  async exceeds(user: AuthUser, rights: Rights): Promise<Excess | undefined> {
    if (user.isSuperAdmin) return undefined;
    if (rights.power > user.power) return 'power';
    const own = await this.grantsOf(user);
    for (const id of rights.menuIds) if (!own.menuIds.has(id)) return 'menu';
    if (user.isAdmin) return undefined;
    for (const id of rights.apiScopeIds) if (!own.apiScopeIds.has(id)) return 'apiScope';
    for (const [resource, rules] of own.dataScopes) {
      const mine = new Set(rules.map((r) => r.id));
      const theirs = rights.dataScopes.get(resource) ?? [];
      if (theirs.length === 0 || theirs.some((r) => !mine.has(r.id))) return 'dataScope';
    }
    return undefined;
  }

  /** Data-scope rules by resource of the given scope rows (a grant about to be saved). */
  async dataScopeRules(scopeIds: string[]): Promise<Map<string, DataScopeRule[]>> {
    const byResource = new Map<string, DataScopeRule[]>();
    if (!scopeIds.length) return byResource;
    const rows = await this.db
      .selectFrom('blade_scope_data')
      .select(['id', 'resource_code', 'scope_type', 'scope_column', 'scope_value'])
      .where('id', 'in', scopeIds)
      .where('is_deleted', '=', 0)
      .execute();
    for (const s of rows) addRule(byResource, s);
    return byResource;
  }

  /**
   * After a change of grants, menus, scopes, roles, packages or tenants: every process reloads, at the latest on its
   * next request (the stamp), usually before (the message).
   */
  async invalidate(): Promise<void> {
    this.clearLocal();
    this.stamp = randomUUID();
    await this.kv.set(GRANTS_STAMP_KEY, this.stamp, STAMP_TTL);
    await this.kv.publish(CACHE_CHANNEL, 'grants');
  }

  /** The grants stamp a request read: caches built under another one are dropped first. */
  syncStamp(stamp: string | null): void {
    if (stamp === this.stamp) return;
    this.clearLocal();
    this.stamp = stamp;
  }

  private clearLocal() {
    this.cache.clear();
    this.pool.clear();
    this.generation += 1;
  }

  private grantsOf(user: AuthUser): Promise<RoleGrants> {
    return this.cache.get(`${user.tenantId}|${[...user.roleIds].sort().join(',')}`, () =>
      this.load(user.tenantId, user.roleIds),
    );
  }

  private async load(tenantId: string, roleIds: string[]): Promise<RoleGrants> {
    const grants: RoleGrants = {
      power: 0,
      apiScopeIds: new Set(),
      codes: new Set(),
      buttonCodes: new Set(),
      menuIds: new Set(),
      dataScopes: new Map(),
    };
    if (roleIds.length === 0) return grants;
    // Roles are looked up inside the caller's tenant, so a role id of another tenant grants nothing.
    const liveRoles = await this.db
      .selectFrom('blade_role')
      .select(['id', 'role_power'])
      .where('id', 'in', roleIds)
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .execute();
    const roles = liveRoles.map((r) => String(r.id));
    if (roles.length === 0) return grants;
    grants.power = Math.max(...liveRoles.map((r) => Number(r.role_power)));
    const packageMenus = await this.packageMenuIds(tenantId);
    const menus = await this.db
      .selectFrom('blade_role_menu as rm')
      .innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
      .select(['m.id', 'm.code', 'm.category'])
      .where('rm.role_id', 'in', roles)
      .where('m.is_deleted', '=', 0)
      .execute();
    for (const menu of menus) {
      const id = String(menu.id);
      if (packageMenus && !packageMenus.has(id)) continue;
      grants.menuIds.add(id);
      grants.codes.add(menu.code);
      if (Number(menu.category) === 2) grants.buttonCodes.add(menu.code);
    }
    const scopes = await this.db
      .selectFrom('blade_role_scope as rs')
      .innerJoin('blade_scope_data as s', 's.id', 'rs.scope_id')
      .select(['s.id', 's.resource_code', 's.scope_type', 's.scope_column', 's.scope_value'])
      .where('rs.role_id', 'in', roles)
      .where('rs.scope_category', '=', 1)
      .where('s.is_deleted', '=', 0)
      .execute();
    for (const s of scopes) addRule(grants.dataScopes, s);
    const apiScopes = await this.db
      .selectFrom('blade_role_scope')
      .select('scope_id')
      .where('role_id', 'in', roles)
      .where('scope_category', '=', 2)
      .execute();
    for (const s of apiScopes) grants.apiScopeIds.add(String(s.scope_id));
    const { pool } = this;
    return {
      ...grants,
      menuIds: pool.shared(grants.menuIds),
      codes: pool.shared(grants.codes),
      buttonCodes: pool.shared(grants.buttonCodes),
      apiScopeIds: pool.shared(grants.apiScopeIds),
    };
  }

  /** Menu ids of the tenant's package; undefined = not restricted (super tenant or no package). */
  private async packageMenuIds(tenantId: string): Promise<Set<string> | undefined> {
    if (tenantId === SUPER_TENANT) return undefined;
    const row = await this.db
      .selectFrom('blade_tenant as t')
      .innerJoin('blade_tenant_package as p', 'p.id', 't.package_id')
      .select('p.menu_id')
      .where('t.tenant_id', '=', tenantId)
      .where('t.is_deleted', '=', 0)
      .where('p.is_deleted', '=', 0)
      .executeTakeFirst();
    return row ? new Set(splitList(row.menu_id)) : undefined;
  }
}

function addRule(
  byResource: Map<string, DataScopeRule[]>,
  s: { id: unknown; resource_code: string; scope_type: unknown; scope_column: string; scope_value: string },
) {
  const list = byResource.get(s.resource_code) ?? [];
  list.push({
    id: String(s.id),
    scopeType: Number(s.scope_type),
    scopeColumn: s.scope_column,
    scopeValue: s.scope_value,
  });
  byResource.set(s.resource_code, list);
}
