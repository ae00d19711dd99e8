import type { Lang } from '../../shared/i18n/server-messages.ts';
import type { FastifyRequest } from 'fastify';
import type { KeyValueStore } from './kv.ts';
import type { AccessClaims, TokenSigner } from './token.ts';
import { ApiError, unauthorized } from './errors.ts';
import { MESSAGES } from '../../shared/i18n/server-messages.ts';
import { isRecord } from './route-schemas.ts';
import { Accounts, accountsStampKey, GRANTS_STAMP_KEY, type Account } from './accounts.ts';
import { enterTenant } from '../db/tenant-context.ts';

/** The caller, from the verified token only: never from a header or a parameter. */
export interface AuthUser {
  userId: string;
  tenantId: string;
  account: string;
  userName: string;
  realName: string;
  clientId: string;
  roleIds: string[];
  roleAliases: string[];
  deptIds: string[];
  postIds: string[];
  sessionId: string;
  /** The strongest power among the caller's roles (ROLE_POWER). */
  power: number;
  /** A super administrator role of the platform tenant: the contract's role guard "SA". */
  isSuperAdmin: boolean;
  /** An administrator role of the caller's tenant, or SA (the contract's role guard "A"). */
  isAdmin: boolean;
  claims: AccessClaims;
  /** The language of the request (Accept-Language): names for people (dictionary labels) come in it. */
  lang?: Lang;
}

export const SUPER_TENANT = '000000';
/**
 * What a role may do beyond its grants, stored on the role row (blade_role.role_power) by the seed, tenant
 * provisioning or the super administrator; never derived from an alias, which any role editor can type.
 */
export const ROLE_POWER = { none: 0, tenantAdmin: 1, superAdmin: 2 } as const;
const revokedKey = (sid: string) => `revoked:${sid}`;
const closedTenantKey = (tenantId: string) => `tenant-closed:${tenantId}`;
/** Longer than any token lives (the clients' refresh validity defaults to 7 days). */
const CLOSED_TENANT_TTL = 30 * 86_400;

/**
 * The strongest power among `roles`. Super administrator power exists only in the platform tenant, whatever a row
 * elsewhere says.
 */
export const powerOf = (tenantId: string, roles: Array<{ power: number }>): number =>
  Math.min(
    Math.max(ROLE_POWER.none, ...roles.map((role) => role.power)),
    tenantId === SUPER_TENANT ? ROLE_POWER.superAdmin : ROLE_POWER.tenantAdmin,
  );

/** The audit columns of a row `user` adds at `now` (`yyyy-MM-dd HH:mm:ss`): creator, his first department, times. */
export const auditColumns = (user: AuthUser, now: string) => ({
  create_user: user.userId,
  create_dept: user.deptIds[0] ?? null,
  create_time: now,
  update_user: user.userId,
  update_time: now,
});

export const splitList = (value: string | undefined | null) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/**
 * Reads `Blade-Auth: bearer <jwt>`. A browser download link cannot send headers, so GET routes declared
 * `download` (Excel exports) also take the `blade-auth` query parameter; nowhere else is a token in a URL read.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers['blade-auth'];
  const download = request.method === 'GET' && request.routeOptions.config?.download === true;
  // Saber writes the key as `Blade-Auth`, the contract as `blade-auth`.
  const query = download
    ? Object.entries(isRecord(request.query) ? request.query : {}).find(
        ([key]) => key.toLowerCase() === 'blade-auth',
      )?.[1]
    : undefined;
  if (typeof header === 'string') {
    const match = /^bearer\s+(.+)$/i.exec(header.trim());
    return match ? match[1].trim() : undefined;
  }
  if (typeof query !== 'string' || !query.trim()) return undefined;
  // Saber's export links carry the bare token; the contract's form has the `bearer ` prefix. Both are read.
  return query.trim().replace(/^bearer\s+/i, '');
}

/** The grant caches (permissions.ts), told the grants stamp each request reads. */
interface GrantCaches {
  syncStamp(stamp: string | null): void;
}

/** Told of each authenticated request (在线用户 keeps the last activity of each login). */
export type SessionWatcher = (user: AuthUser, request: FastifyRequest) => void;

export class Sessions {
  private readonly watchers: SessionWatcher[] = [];

  constructor(
    private readonly signer: TokenSigner,
    private readonly kv: KeyValueStore,
    private readonly accounts: Accounts,
    private readonly permissions: GrantCaches,
  ) {}

  /**
   * The verified caller as the database says now, or a 401 with the reason. The token names the user and the
   * session; who he is, what his roles are and whether he may still sign in come from his current account, checked on
   * every request against stamps read from the key-value store in the same round trip as the session's revocation.
   */
  async authenticate(request: FastifyRequest): Promise<AuthUser> {
    const token = bearerToken(request);
    if (!token) throw unauthorized('tokenMissing');
    const claims = await this.signer.verify<AccessClaims>(token, 'access_token');
    if (!claims) throw unauthorized('tokenInvalid');
    const [revoked, closed, accountsStamp, grantsStamp] = await this.kv.getMany([
      revokedKey(claims.sid),
      closedTenantKey(claims.tenant_id),
      accountsStampKey(claims.tenant_id),
      GRANTS_STAMP_KEY,
    ]);
    if (revoked || closed) throw unauthorized('tokenInvalid');
    const tenantHeader = request.headers['tenant-id'];
    if (typeof tenantHeader === 'string' && tenantHeader && tenantHeader !== claims.tenant_id) {
      throw new ApiError(401, MESSAGES.tokenTenant);
    }
    this.permissions.syncStamp(grantsStamp);
    // The account's rows are the tenant's: read them as the tenant (row-level security).
    enterTenant(claims.tenant_id);
    const account = await this.accounts.current(
      claims.tenant_id,
      claims.user_id,
      [accountsStamp, grantsStamp].join('|'),
    );
    refuseStale(account, claims);
    const user = userOf(claims, account);
    for (const watcher of this.watchers) watcher(user, request);
    return user;
  }

  watch(watcher: SessionWatcher): void {
    this.watchers.push(watcher);
  }

  /** Which of these logins were ended (logout, 强制退出, a reused refresh token). */
  async revokedAmong(sessionIds: readonly string[]): Promise<Set<string>> {
    if (!sessionIds.length) return new Set();
    const flags = await this.kv.getMany(sessionIds.map(revokedKey));
    return new Set(sessionIds.filter((_, i) => flags[i]));
  }

  /** Ends a login: its access and refresh tokens stop working on every server process. */
  async revoke(sessionId: string, ttlSeconds: number): Promise<void> {
    await this.kv.set(revokedKey(sessionId), '1', ttlSeconds);
  }

  /** A removed tenant (codes are never reused): tokens already issued to its users stop working on every process. */
  async closeTenant(tenantId: string): Promise<void> {
    await this.kv.set(closedTenantKey(tenantId), '1', CLOSED_TENANT_TTL);
  }

  isRevoked(sessionId: string): Promise<boolean> {
    return this.kv.get(revokedKey(sessionId)).then(Boolean);
  }
}

/** A 401 when the account no longer carries the session: gone, disabled, locked, password changed, tenant closed. */
function refuseStale(account: Account, claims: AccessClaims): void {
  const refusal = staleRefusal(account, claims);
  if (refusal) throw refusal;
}

/**
 * Why the account no longer carries a login made under `claims` (its credential stamp, session and chosen role), or
 * undefined while it does: the one rule for a request's tokens and for the logins 在线用户 lists.
 */
export function staleRefusal(
  account: Account,
  claims: Pick<AccessClaims, 'cred' | 'sid' | 'role_choice'>,
): ApiError | undefined {
  if (!account.live || !account.tenant.live) return unauthorized('tokenInvalid');
  if (account.status !== 1) return unauthorized('userDisabled');
  if (account.tenant.status !== 1) return unauthorized('tenantDisabled');
  if (Accounts.expired(account)) return unauthorized('tenantExpired');
  const locked = Accounts.lockedMinutes(account);
  if (locked) return new ApiError(401, MESSAGES.locked, { name: locked });
  if (!Accounts.credentialHolds(account, claims.cred, claims.sid)) return unauthorized('tokenInvalid');
  if (rolesOf(account, claims).length === 0) return unauthorized('noRole');
  return undefined;
}

/** The roles a request acts with: those the user holds now, or the one the login chose while he still holds it. */
function rolesOf(account: Account, claims: Pick<AccessClaims, 'role_choice'>) {
  return claims.role_choice ? account.roles.filter((role) => role.id === claims.role_choice) : account.roles;
}

function userOf(claims: AccessClaims, account: Account): AuthUser {
  const roles = rolesOf(account, claims);
  const power = powerOf(claims.tenant_id, roles);
  const deptChosen = claims.dept_choice && account.deptIds.includes(claims.dept_choice);
  return {
    userId: claims.user_id,
    tenantId: claims.tenant_id,
    account: account.account,
    userName: account.account,
    realName: account.realName,
    clientId: claims.client_id,
    roleIds: roles.map((role) => role.id),
    roleAliases: roles.map((role) => role.alias),
    deptIds: deptChosen ? [claims.dept_choice] : account.deptIds,
    postIds: account.postIds,
    sessionId: claims.sid,
    power,
    isSuperAdmin: claims.tenant_id === SUPER_TENANT && power === ROLE_POWER.superAdmin,
    isAdmin: power >= ROLE_POWER.tenantAdmin,
    claims,
  };
}
