import { createHash, randomUUID } from 'node:crypto';
import { formatDateTime } from '../../shared/contract/time.ts';
import type { Db } from '../db/connect.ts';
import type { KeyValueStore } from './kv.ts';
import { TtlCache } from './ttl-cache.ts';
import type { TenantTimeZones } from './tenant-time.ts';

/** A user as the database says now: what a request is allowed from, whatever an older token claims. */
export interface Account {
  /** Missing when the row is gone (removed user, removed tenant). */
  live: boolean;
  status: number;
  account: string;
  realName: string;
  /** The roles the user holds that still exist, with their power. */
  roles: Array<{ id: string; alias: string; power: number }>;
  deptIds: string[];
  postIds: string[];
  /** credentialStamp of the stored password: a token made before the password changed carries another one. */
  credential: string;
  /** The one session that survives its own password change (`<credential>|<sid>`), if any. */
  keptSession: string | null;
  /** Login failures reached the limit: until when (epoch ms), else 0. */
  lockedUntil: number;
  tenant: { live: boolean; status: number; expireTime: string | null; zone: string };
}

/** Short, one-way: a token shows which password it was made under without carrying anything of it. */
export const credentialStamp = (passwordHash: string) =>
  createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);

/** Login-failure counter of an account (auth.md §2); user/unlock clears it. */
export const loginFailKey = (tenantId: string, account: string) => `login-fail:${tenantId}:${account}`;
/** Bumped whenever a user of the tenant is written: every process reloads that tenant's accounts on their next use. */
export const accountsStampKey = (tenantId: string) => `stamp:accounts:${tenantId}`;
/** Changes with every change of grants: read with each request's session checks, so no process acts on old grants. */
export const GRANTS_STAMP_KEY = 'stamp:grants';
const keptSessionKey = (userId: string) => `kept-session:${userId}`;
/** Longer than any token lives (the clients' refresh validity defaults to 7 days), like the closed tenants. */
export const STAMP_TTL = 30 * 86_400;
/**
 * A safety net only, for rows written behind the server's back: every change through the server moves a stamp, and
 * what ends with time (a lock, a licence) is compared with the clock on each request.
 */
const ACCOUNT_TTL_MS = 10 * 60_000;
const ACCOUNTS_KEPT = 20_000;

/**
 * The current state of the users behind live tokens, one entry per user cached per process. An entry is used only
 * while the stamps it was loaded under (its tenant's accounts stamp and the grants stamp, read from the key-value
 * store with the session checks in one round trip) are still the current ones, so a removal, a disablement, a
 * password reset or a role change made on any process applies to the user's next request everywhere, without a
 * database query per request.
 */
export class Accounts {
  private readonly cache = new TtlCache<Account & { stamps: string }>(ACCOUNTS_KEPT, ACCOUNT_TTL_MS);

  constructor(
    private readonly db: Db,
    private readonly kv: KeyValueStore,
    private readonly timeZones: TenantTimeZones,
  ) {}

  /** The user's account as of `stamps`; loaded again when they moved on since it was cached. */
  async current(tenantId: string, userId: string, stamps: string): Promise<Account> {
    const key = `${tenantId}|${userId}`;
    const cached = await this.cache.peek(key)?.catch(() => undefined);
    if (cached?.stamps === stamps) return cached;
    if (cached) this.cache.delete(key);
    // Kept under the stamps read before loading: a change committed during the load has moved them on already.
    return this.cache.get(key, () => this.load(tenantId, userId).then((account) => ({ ...account, stamps })));
  }

  /** The user's account as of now (outside a request's session checks: the token grants). */
  async now(tenantId: string, userId: string): Promise<Account> {
    const stamps = await this.kv.getMany([accountsStampKey(tenantId), GRANTS_STAMP_KEY]);
    return this.current(tenantId, userId, stamps.join('|'));
  }

  /** After users of the tenant were written (committed): their next requests see the change on every process. */
  async changed(tenantId: string): Promise<void> {
    await this.kv.set(accountsStampKey(tenantId), randomUUID(), STAMP_TTL);
  }

  /** The one session of the user that outlives his change to `passwordHash` (before it is stored). */
  async keepSession(userId: string, passwordHash: string, sessionId: string): Promise<void> {
    await this.kv.set(keptSessionKey(userId), `${credentialStamp(passwordHash)}|${sessionId}`, STAMP_TTL);
  }

  /** Whether a token made under `credential` in session `sessionId` still holds for the account. */
  static credentialHolds(account: Account, credential: string | undefined, sessionId: string): boolean {
    return credential === account.credential || account.keptSession === `${account.credential}|${sessionId}`;
  }

  /** Minutes until the lock of the account ends (at least 1), or 0 when it is not locked. */
  static lockedMinutes(account: Account): number {
    const left = account.lockedUntil - Date.now();
    return left > 0 ? Math.max(1, Math.ceil(left / 60_000)) : 0;
  }

  /** The tenant's licence ran out (in the tenant's own wall-clock time, like every date of the tenant). */
  static expired(account: Account): boolean {
    const { expireTime, zone } = account.tenant;
    return Boolean(expireTime) && String(expireTime).slice(0, 19) < formatDateTime(new Date(), zone);
  }

  private async load(tenantId: string, userId: string): Promise<Account> {
    const row = await this.db
      .selectFrom('blade_user')
      .select(['account', 'real_name', 'status', 'role_id', 'dept_id', 'post_id', 'password'])
      .where('id', '=', userId)
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    const [roles, tenant, failLimit, failures, keptSession, zone] = await Promise.all([
      liveRolesOf(this.db, tenantId, splitIds(row?.role_id)),
      this.db
        .selectFrom('blade_tenant')
        .select(['status', 'expire_time'])
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),
      loginFailLimit(this.db),
      row ? this.kv.get(loginFailKey(tenantId, row.account)) : null,
      this.kv.get(keptSessionKey(userId)),
      this.timeZones.zoneOf(tenantId),
    ]);
    const locked = Number(failures ?? 0) >= failLimit;
    return {
      live: Boolean(row),
      status: Number(row?.status ?? 0),
      account: row?.account ?? '',
      realName: row?.real_name ?? '',
      roles,
      deptIds: splitIds(row?.dept_id),
      postIds: splitIds(row?.post_id),
      credential: row ? credentialStamp(row.password) : '',
      keptSession,
      lockedUntil: locked ? Date.now() + (await this.kv.ttl(loginFailKey(tenantId, row!.account))) * 1000 : 0,
      // The platform tenant has no licence to run out.
      tenant: tenant
        ? { live: true, status: Number(tenant.status), expireTime: tenant.expire_time, zone }
        : { live: tenantId === '000000', status: 1, expireTime: null, zone },
    };
  }
}

/**
 * The roles among `roleIds` that still exist in the tenant, in the order the user holds them (the first is the one a
 * screen names first); a role id of another tenant is none.
 */
export async function liveRolesOf(db: Db, tenantId: string, roleIds: string[]): Promise<Account['roles']> {
  if (!roleIds.length) return [];
  const rows = await db
    .selectFrom('blade_role')
    .select(['id', 'role_alias', 'role_power'])
    .where('id', 'in', roleIds)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .execute();
  return roleIds.flatMap((id) => {
    const role = rows.find((r) => String(r.id) === id);
    return role ? [{ id, alias: role.role_alias, power: Number(role.role_power) }] : [];
  });
}

/** Parameter `account.failCount`: failures that lock an account (contract/seed.md), 5 unless set. */
export async function loginFailLimit(db: Db): Promise<number> {
  const row = await db
    .selectFrom('blade_param')
    .select('param_value')
    .where('param_key', '=', 'account.failCount')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  const limit = Number(row?.param_value);
  return Number.isInteger(limit) && limit > 0 ? limit : 5;
}

const splitIds = (value: string | null | undefined) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
