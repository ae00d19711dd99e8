import type { FastifyRequest } from 'fastify';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { OnlineSession } from '../../../shared/contract/api/online-user.schemas.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import type { Db } from '../../db/connect.ts';
import { asBookkeeping, enterTenant } from '../../db/tenant-context.ts';
import { Accounts } from '../../platform/accounts.ts';
import { staleRefusal, SUPER_TENANT, type AuthUser, type Sessions } from '../../platform/auth-context.ts';
import { failWith } from '../../platform/errors.ts';
import { background } from '../../platform/lifecycle.ts';
import type { TenantTimeZones } from '../../platform/tenant-time.ts';
import type { AccessClaims, RefreshClaims, TokenSigner } from '../../platform/token.ts';

export const ONLINE_MESSAGES = {
  sessionGone: { zh: '会话不存在或已结束', en: 'The session does not exist or has already ended' },
} satisfies Record<string, LocalText>;

/** A login's last activity is written at most this often by one process. */
const TOUCH_EVERY_MS = 60_000;
/** How many logins one process remembers having touched (oldest forgotten first). */
const TOUCHED_LIMIT = 20_000;

export interface OnlineQuery {
  current: number;
  size: number;
  /** The platform's filter; a tenant's administrator always sees his own tenant only. */
  tenantId?: string;
  account?: string;
}

/**
 * 在线用户: one row per login (the tokens' `sid`), written when a token is granted and refreshed, and when a request
 * of the login is seen (at most once a minute per process). Ending a login is the key-value store's revocation
 * (Sessions.revoke), which every process reads on every request: 强制退出 takes effect at once everywhere.
 */
export class OnlineSessions {
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly signer: TokenSigner,
    private readonly sessions: Sessions,
    private readonly accounts: Accounts,
    private readonly timeZones: TenantTimeZones,
  ) {
    sessions.watch((user, request) => this.seen(user, request));
  }

  /** A token pair was just granted (sign-in or refresh): its login's row, with where the request came from. */
  async granted(answer: { access_token: string; refresh_token: string }, request: FastifyRequest): Promise<void> {
    const [access, refresh] = await Promise.all([
      this.signer.verify<AccessClaims>(answer.access_token, 'access_token'),
      this.signer.verify<RefreshClaims>(answer.refresh_token, 'refresh_token'),
    ]);
    if (!access || !refresh) return;
    enterTenant(access.tenant_id);
    const now = formatDateTime(new Date(), await this.timeZones.zoneOf(access.tenant_id));
    const from = originOf(request);
    const changing = {
      account: access.account.slice(0, 45),
      real_name: access.real_name.slice(0, 64),
      ...from,
      last_active_time: now,
      expires_at: refresh.exp * 1000,
      credential: access.cred.slice(0, 32),
      role_choice: access.role_choice.slice(0, 32),
    };
    await this.db
      .insertInto('blade_online_session')
      .values({
        session_id: access.sid,
        tenant_id: access.tenant_id,
        user_id: access.user_id,
        client_id: access.client_id.slice(0, 64),
        login_time: now,
        ...changing,
      })
      .onConflict((oc) => oc.column('session_id').doUpdateSet(changing))
      .execute();
    this.remember(access.sid, Date.now());
  }

  /** A request of a login: its last activity, written when the last write is a minute old. */
  private seen(user: AuthUser, request: FastifyRequest): void {
    const now = Date.now();
    if (now - (this.touched.get(user.sessionId) ?? 0) < TOUCH_EVERY_MS) return;
    this.remember(user.sessionId, now);
    void background(asBookkeeping(() => this.touch(user, request))).catch((error: unknown) =>
      request.log.warn({ err: error }, 'online session not touched'),
    );
  }

  /** When this process last wrote a login's row; the oldest entry goes first. */
  private remember(sessionId: string, at: number) {
    this.touched.delete(sessionId);
    if (this.touched.size >= TOUCHED_LIMIT) this.touched.delete(this.touched.keys().next().value!);
    this.touched.set(sessionId, at);
  }

  private async touch(user: AuthUser, request: FastifyRequest) {
    const at = formatDateTime(new Date(), await this.timeZones.zoneOf(user.tenantId));
    await this.db
      .updateTable('blade_online_session')
      .set({ last_active_time: at, ip: originOf(request).ip })
      .where('session_id', '=', user.sessionId)
      .execute();
  }

  /** The live logins the caller may see: his tenant's, or every tenant's for the platform. */
  async page(user: AuthUser, query: OnlineQuery) {
    const read = async (paused: readonly string[] = []) => {
      let rows = this.db
        .selectFrom('blade_online_session as s')
        .leftJoin('blade_tenant as t', (join) =>
          join.onRef('t.tenant_id', '=', 's.tenant_id').on('t.is_deleted', '=', 0),
        )
        .where('s.expires_at', '>', String(Date.now()));
      if (paused.length) rows = rows.where('s.session_id', 'not in', paused);
      const tenantId = user.tenantId === SUPER_TENANT ? query.tenantId : user.tenantId;
      if (tenantId) rows = rows.where('s.tenant_id', '=', tenantId);
      if (query.account) rows = rows.where('s.account', 'like', `%${escapeLike(query.account)}%`);
      const [{ total }, records] = await Promise.all([
        rows.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
        rows
          .selectAll('s')
          .select('t.tenant_name')
          .orderBy('s.last_active_time', 'desc')
          .orderBy('s.session_id')
          .limit(query.size)
          .offset((query.current - 1) * query.size)
          .execute(),
      ]);
      return { total: Number(total), records };
    };
    let found = await read();
    // Logins ended since their row was written: revoked (logout, 强制退出, a reused refresh token) or for good no
    // longer carried by their account (password changed, user or tenant removed) are forgotten. Those refused only
    // while a state lasts (user disabled or locked, tenant disabled or expired, chosen role taken away) are left out
    // of this reading but kept: the same tokens work again once it ends. Then read again.
    const ids = found.records.map((row) => row.session_id);
    const [ended, { gone, paused }] = await Promise.all([
      this.sessions.revokedAmong(ids),
      this.staleAmong(found.records),
    ]);
    for (const id of gone) ended.add(id);
    if (ended.size) await this.forget([...ended]);
    if (ended.size || paused.length) found = await read(paused);
    return {
      records: found.records.map((row): OnlineSession => ({
        sessionId: row.session_id,
        tenantId: row.tenant_id,
        tenantName: row.tenant_name ?? '',
        userId: String(row.user_id),
        account: row.account,
        realName: row.real_name,
        clientId: row.client_id,
        ip: row.ip,
        userAgent: row.user_agent,
        loginTime: String(row.login_time).slice(0, 19),
        lastActiveTime: String(row.last_active_time).slice(0, 19),
        current: row.session_id === user.sessionId,
      })),
      total: found.total,
      size: query.size,
      current: query.current,
      pages: Math.ceil(found.total / query.size),
    };
  }

  /**
   * The logins among `rows` their account no longer carries (the requests' own rule, auth-context.ts): `gone` for
   * good, `paused` while a state of the account or tenant lasts.
   */
  private async staleAmong(
    rows: ReadonlyArray<{
      session_id: string;
      tenant_id: string;
      user_id: string | number;
      credential: string;
      role_choice: string;
    }>,
  ): Promise<{ gone: string[]; paused: string[] }> {
    const accounts = new Map<string, ReturnType<Accounts['now']>>();
    const accountOf = (tenantId: string, userId: string) => {
      const key = `${tenantId}|${userId}`;
      if (!accounts.has(key)) accounts.set(key, this.accounts.now(tenantId, userId));
      return accounts.get(key)!;
    };
    for (const row of rows) void accountOf(row.tenant_id, String(row.user_id)).catch(() => undefined);
    const found = { gone: [] as string[], paused: [] as string[] };
    for (const row of rows) {
      const account = await accountOf(row.tenant_id, String(row.user_id));
      // A row written before its login's credential was kept (migration 0079) is judged on the rest.
      const claims = { cred: row.credential || account.credential, sid: row.session_id, role_choice: row.role_choice };
      if (!staleRefusal(account, claims)) continue;
      const forGood =
        !account.live || !account.tenant.live || !Accounts.credentialHolds(account, claims.cred, claims.sid);
      found[forGood ? 'gone' : 'paused'].push(row.session_id);
    }
    return found;
  }

  /**
   * 强制退出: each login's tokens stop working on every process at once (revoked for as long as the login could still
   * be refreshed). Logins the caller may not see are refused as unknown, and nothing is ended.
   */
  async forceLogout(user: AuthUser, sessionIds: readonly string[]): Promise<number> {
    let rows = this.db
      .selectFrom('blade_online_session')
      .select(['session_id', 'expires_at'])
      .where('session_id', 'in', sessionIds);
    if (user.tenantId !== SUPER_TENANT) rows = rows.where('tenant_id', '=', user.tenantId);
    const found = await rows.execute();
    if (found.length !== new Set(sessionIds).size) throw failWith(ONLINE_MESSAGES.sessionGone);
    const now = Date.now();
    await Promise.all(
      found.map((row) =>
        this.sessions.revoke(row.session_id, Math.max(60, Math.ceil((Number(row.expires_at) - now) / 1000))),
      ),
    );
    await this.forget(found.map((row) => row.session_id));
    return found.length;
  }

  /** Logout: the login's row goes with it. */
  async ended(sessionId: string): Promise<void> {
    await this.forget([sessionId]);
  }

  private async forget(sessionIds: string[]) {
    for (const id of sessionIds) this.touched.delete(id);
    await this.db.deleteFrom('blade_online_session').where('session_id', 'in', sessionIds).execute();
    // Logins nobody can refresh any more are gone too.
    await this.db.deleteFrom('blade_online_session').where('expires_at', '<=', String(Date.now())).execute();
  }
}

function originOf(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { ip: (request.ip ?? '').slice(0, 64), user_agent: (typeof agent === 'string' ? agent : '').slice(0, 500) };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
