import { randomUUID, timingSafeEqual } from 'node:crypto';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { MESSAGES, type LocalText, type MessageVars } from '../../../shared/i18n/server-messages.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { BladeUser } from '../../db/schema.ts';
import { asSystem, enterTenant } from '../../db/tenant-context.ts';
import { powerOf, SUPER_TENANT, splitList, type Sessions } from '../../platform/auth-context.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import type { TenantTimeZones } from '../../platform/tenant-time.ts';
import { ApiError } from '../../platform/errors.ts';
import { newSessionId, type AccessClaims, type RefreshClaims, type TokenSigner } from '../../platform/token.ts';
import { checkWirePassword, hashWirePassword } from './password.ts';
import { captchaRequired } from './captcha-mode.ts';
import { randomCaptchaText, renderCaptchaPng } from './captcha-image.ts';
import { Accounts, credentialStamp, liveRolesOf, loginFailKey, loginFailLimit } from '../../platform/accounts.ts';
import { redeemAuthorizationCode } from './oidc/authorization-codes.ts';
import { TOTP_MESSAGES } from '../../../shared/i18n/totp-messages.ts';
import {
  endTicket,
  issueTicket,
  readTicket,
  TOTP_FAIL_LIMIT,
  type MfaTicket,
  type TotpService,
} from './totp.service.ts';

/** A failed token request: shown by the console from `error_description`. */
export class GrantError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly local: LocalText,
    readonly vars: MessageVars = {},
    /** Sent beside the error (the second factor's ticket). */
    readonly extra: Record<string, string> = {},
  ) {
    super(local.zh);
  }
}
const invalidGrant = (key: keyof typeof MESSAGES, vars?: MessageVars) =>
  new GrantError(400, 'invalid_grant', MESSAGES[key], vars);

export interface ClientRow {
  client_id: string;
  client_secret: string;
  authorized_grant_types: string;
  access_token_validity: number;
  refresh_token_validity: number;
}

export interface TokenRequest {
  grantType: string;
  tenantId?: string;
  username?: string;
  password?: string;
  refreshToken?: string;
  deptId?: string;
  roleId?: string;
  captchaKey?: string;
  captchaCode?: string;
  /** authorization_code (SSO): the code, the exact redirect URI it was issued for, the PKCE verifier. */
  code?: string;
  redirectUri?: string;
  codeVerifier?: string;
  /**
   * The password as sent could not be read (an altered SM2 ciphertext, saber-token.ts): the attempt counts as a
   * wrong password, refused with this message.
   */
  passwordRefusal?: LocalText;
  /** The second factor (grant `mfa_otp`): the ticket a password grant answered `mfa_required` with, and the code. */
  mfaToken?: string;
  otp?: string;
  /** The social grant's (contract auth.md §6). */
  source?: string;
  state?: string;
}

/** What the social grant needs of the token service: its tenant rules and its token answer. */
export interface GrantHooks {
  checkTenant(tenantId: string): Promise<void>;
  issue(user: Selectable<BladeUser>, oauthId: string): Promise<Record<string, unknown>>;
}

/** The social grant (social.service.ts), given to the token service by its routes. */
export interface SocialGrant {
  grant(client: ClientRow, request: TokenRequest, hooks: GrantHooks): Promise<Record<string, unknown>>;
}

/** Completes a password grant that answered `mfa_required` / `mfa_enrol_required` (issue 37). */
export const MFA_GRANT = 'mfa_otp';

const LOCK_MINUTES = 30;
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$wIwEN4W5/3SRZSLTi6IVlA$Ls68+uCQEXZ1S604+LZO+lrb0TRJU1s8dvTXOSZdOS0';
const CAPTCHA_TTL_SECONDS = 30 * 60;
export const DEFAULT_AVATAR = '/avatar.svg';
/** Seconds a client's refresh tokens live (the contract's default: 7 days); revocations must last as long. */
export const refreshValidity = (client: { refresh_token_validity?: unknown } | undefined) =>
  Number(client?.refresh_token_validity) || 604_800;
/** A refresh token (by its jti) that was already exchanged: a second use means it leaked. */
const spentRefreshKey = (jti: string) => `refresh-spent:${jti}`;
export const captchaKey = (key: string) => `captcha:${key}`;

/** The BladeX token endpoint's grants (contract/auth.md §2). */
export class TokenService {
  constructor(
    private readonly db: Db,
    private readonly kv: KeyValueStore,
    private readonly signer: TokenSigner,
    private readonly sessions: Sessions,
    private readonly timeZones: TenantTimeZones,
    private readonly accounts: Accounts,
    private readonly totp: TotpService,
    private readonly social?: SocialGrant,
  ) {}

  /** Client from `Authorization: Basic base64(id:secret)`; the secret must match exactly. */
  async authenticateClient(header: string | undefined): Promise<ClientRow> {
    const match = /^Basic(?:\s+|%20)(.+)$/i.exec(header?.trim() ?? '');
    const decoded = match ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const invalid = new GrantError(401, 'invalid_client', MESSAGES.clientAuth);
    if (colon < 1) throw invalid;
    const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
    const client = (await this.db
      .selectFrom('blade_client')
      .select([
        'client_id',
        'client_secret',
        'authorized_grant_types',
        'access_token_validity',
        'refresh_token_validity',
      ])
      .where('client_id', '=', id)
      .where('is_deleted', '=', 0)
      .where('status', '=', 1)
      .executeTakeFirst()) as ClientRow | undefined;
    if (!client || !sameText(client.client_secret, secret)) throw invalid;
    return client;
  }

  async grant(client: ClientRow, request: TokenRequest): Promise<Record<string, unknown>> {
    const grantTypes = splitList(client.authorized_grant_types);
    // The second factor finishes a password (or captcha) grant: allowed to the clients those are.
    const listed =
      request.grantType === MFA_GRANT
        ? grantTypes.includes('password') || grantTypes.includes('captcha')
        : grantTypes.includes(request.grantType);
    if (!listed) {
      throw new GrantError(400, 'unsupported_grant_type', MESSAGES.grantUnsupported, {
        name: request.grantType || '-',
      });
    }
    switch (request.grantType) {
      case 'captcha':
        await this.checkCaptcha(request.captchaKey, request.captchaCode);
        return this.passwordGrant(client, request, true);
      case 'password':
        return this.passwordGrant(client, request);
      case 'refresh_token':
        return this.refreshGrant(client, request);
      case 'authorization_code':
        return this.codeGrant(client, request);
      case MFA_GRANT:
        return this.mfaGrant(client, request);
      case 'social':
        if (this.social)
          return this.social.grant(client, request, {
            checkTenant: (tenantId) => this.checkTenant(tenantId),
            // A bound identity's account that signs in with a second factor is asked for it, as after a password.
            issue: async (user, oauthId) => {
              await this.askSecondFactor(client, user, request);
              return this.issue(client, user, { sid: newSessionId(), oauthId });
            },
          });
      // falls through: a server without social login
      default:
        throw new GrantError(400, 'unsupported_grant_type', MESSAGES.grantUnsupported, {
          name: request.grantType || '-',
        });
    }
  }

  /** A new captcha: its key, and its text drawn as a PNG data URL; the text waits under the key for one answer. */
  async newCaptcha(): Promise<{ key: string; image: string }> {
    const key = randomUUID();
    const code = randomCaptchaText();
    await this.kv.set(captchaKey(key), code.toLowerCase(), CAPTCHA_TTL_SECONDS);
    return { key, image: `data:image/png;base64,${renderCaptchaPng(code).toString('base64')}` };
  }

  /**
   * The answer to a captcha (the captcha grant's, the SSO authorize page's): its key is taken whatever the answer,
   * so each captcha is answered once.
   */
  async checkCaptcha(key: string | undefined, answer: string | undefined) {
    const stored = key ? await this.kv.take(captchaKey(key)) : null;
    if (!stored || stored !== (answer ?? '').trim().toLowerCase()) throw invalidGrant('captchaWrong');
  }

  private async passwordGrant(client: ClientRow, request: TokenRequest, captchaChecked = false) {
    const user = await this.authenticate(request.tenantId, request.username, request.password, {
      captchaChecked,
      passwordRefusal: request.passwordRefusal,
    });
    // An account awaiting approval (no role yet) hears so before a second factor is asked of it.
    if (!(await liveRolesOf(this.db, user.tenant_id, splitList(user.role_id))).length) throw invalidGrant('noRole');
    await this.askSecondFactor(client, user, request);
    return this.issue(client, user, { deptId: request.deptId, roleId: request.roleId, sid: newSessionId() });
  }

  /**
   * The account of a tenant, account and wire password (`md5(plain)`), through lockout, the tenant's status and
   * expiry, its captcha mode (`captchaChecked`: the caller has checked one) and the account's status: the password
   * grant's check, and the SSO authorize page's (modules/auth/oidc). `passwordRefusal`: see TokenRequest.
   */
  async authenticate(
    tenantIdGiven: string | undefined,
    accountGiven: string | undefined,
    password: string | undefined,
    checks: { captchaChecked?: boolean; passwordRefusal?: LocalText } = {},
  ) {
    const tenantId = tenantIdGiven?.trim();
    if (!tenantId) throw invalidGrant('tenantMissing');
    enterTenant(tenantId);
    const account = accountGiven?.trim() ?? '';
    if (!account || !password) throw invalidGrant('badCredentials');
    const failCount = await loginFailLimit(this.db);
    const key = loginFailKey(tenantId, account);
    const locked = async () => invalidGrant('locked', { name: Math.max(1, Math.ceil((await this.kv.ttl(key)) / 60)) });
    if (Number((await this.kv.get(key)) ?? 0) >= failCount) throw await locked();
    await this.checkTenant(tenantId);
    if (!checks.captchaChecked && (await captchaRequired(this.db, tenantId))) throw invalidGrant('captchaRequired');
    // Each attempt takes its place in the counter before the password is checked, so concurrent guesses
    // (on one process or many) cannot exceed the limit; a success clears the counter.
    const attempts = await this.kv.increment(key, LOCK_MINUTES * 60);
    if (attempts > failCount) throw await locked();
    const user = await this.db
      .selectFrom('blade_user')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('account', '=', account)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    // An unknown account costs the same argon2 work as a known one: timing does not reveal which accounts exist.
    const check = checks.passwordRefusal ? 'wrong' : await checkWirePassword(user?.password ?? DUMMY_HASH, password);
    if (!user || check === 'wrong') {
      // The failure that locks the account also ends its live sessions (their next request is refused).
      if (user && attempts >= failCount) await this.accounts.changed(tenantId);
      if (checks.passwordRefusal) throw new GrantError(400, 'invalid_grant', checks.passwordRefusal);
      throw invalidGrant('badCredentials');
    }
    if (Number(user.status) !== 1) throw invalidGrant('userDisabled');
    if (check === 'ok-upgrade') {
      user.password = await hashWirePassword(password);
      await this.db.updateTable('blade_user').set({ password: user.password }).where('id', '=', user.id).execute();
    }
    await this.kv.del(key);
    return user;
  }

  /** SSO: a code the authorize page issued (modules/auth/oidc), for a Blade token of its user. */
  private async codeGrant(client: ClientRow, request: TokenRequest) {
    const redeemed = await redeemAuthorizationCode(this.db, {
      code: request.code ?? '',
      clientId: client.client_id,
      redirectUri: request.redirectUri ?? '',
      codeVerifier: request.codeVerifier,
    });
    if (!redeemed.ok) throw invalidGrant(redeemed.reason);
    const user = await this.liveUser(redeemed.accountId);
    if (!user) throw invalidGrant('codeInvalid');
    return this.issue(client, user, { deptId: request.deptId, roleId: request.roleId, sid: newSessionId() });
  }

  /**
   * The enabled account of an SSO subject (its user id) in an enabled, unexpired tenant; undefined when it no longer
   * exists. The tenant is not known before the row is read: that one read runs with owner rights.
   */
  async liveUser(userId: string) {
    if (!/^\d{1,19}$/.test(userId)) return undefined;
    const found = await asSystem(() =>
      this.db
        .selectFrom('blade_user')
        .select('tenant_id')
        .where('id', '=', userId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),
    );
    if (!found) return undefined;
    enterTenant(found.tenant_id);
    await this.checkTenant(found.tenant_id);
    const user = await this.userOf(found.tenant_id, userId);
    if (user && Number(user.status) !== 1) throw invalidGrant('userDisabled');
    return user;
  }

  /** The second factor an account signs in with: its own TOTP, or one to enrol under an administrator's rule. */
  private async secondFactorOf(user: Selectable<BladeUser>): Promise<MfaTicket['kind'] | undefined> {
    if (await this.totp.enabled(String(user.id))) return 'verify';
    return (await this.totp.required(user.tenant_id, splitList(user.role_id))) ? 'enrol' : undefined;
  }

  /**
   * A user with TOTP on, or under an administrator's requirement of it, gets no token for the password alone: a
   * ticket to finish with (`mfa_otp`), or to enrol first. Accounts without either sign in as before.
   */
  private async askSecondFactor(client: ClientRow, user: Selectable<BladeUser>, request: TokenRequest) {
    const kind = await this.secondFactorOf(user);
    if (!kind) return;
    const ticket = { tenantId: user.tenant_id, userId: String(user.id), account: user.account, kind };
    const mfaToken = await issueTicket(this.kv, {
      ...ticket,
      clientId: client.client_id,
      deptId: request.deptId,
      roleId: request.roleId,
    });
    const [error, message] =
      kind === 'verify'
        ? ['mfa_required', TOTP_MESSAGES.mfaRequired]
        : ['mfa_enrol_required', TOTP_MESSAGES.enrolRequired];
    throw new GrantError(400, error, message, {}, { mfa_token: mfaToken });
  }

  /**
   * The SSO authorize page's second step (modules/auth/oidc): a ticket bound to its interaction for an account with
   * TOTP on, none for an account without. An account that must enrol first is refused: enrolment is the console's.
   */
  async secondFactorTicket(user: Selectable<BladeUser>, clientId: string, interaction: string) {
    const kind = await this.secondFactorOf(user);
    if (!kind) return undefined;
    if (kind === 'enrol') throw new GrantError(400, 'mfa_enrol_required', TOTP_MESSAGES.ssoEnrolFirst);
    return issueTicket(this.kv, {
      kind,
      tenantId: user.tenant_id,
      userId: String(user.id),
      account: user.account,
      clientId,
      interaction,
    });
  }

  private async mfaGrant(client: ClientRow, request: TokenRequest) {
    const passed = await this.passSecondFactor(
      request.mfaToken,
      request.otp,
      (ticket) => ticket.clientId === client.client_id && !ticket.interaction,
    );
    const { ticket, user, recoveryCodes } = passed;
    const token = await this.issue(client, user, { deptId: ticket.deptId, roleId: ticket.roleId, sid: newSessionId() });
    // Enrolled at sign-in: the recovery codes are shown this once, with the first token.
    return recoveryCodes ? { ...token, recovery_codes: recoveryCodes } : token;
  }

  /**
   * The second factor of a ticket (`mfa_otp`, the SSO authorize page's second step) that `holds` accepts as the
   * caller's: a current code once (replay refused) or a recovery code. Wrong codes count towards a lock as password
   * failures do (TOTP_FAIL_LIMIT), which then locks the account the same way. Ends the ticket; answers its user.
   */
  async passSecondFactor(mfaToken: string | undefined, otp: string | undefined, holds: (ticket: MfaTicket) => boolean) {
    const ticket = await readTicket(this.kv, mfaToken);
    if (!ticket || !holds(ticket)) throw new GrantError(400, 'invalid_grant', TOTP_MESSAGES.ticketInvalid);
    enterTenant(ticket.tenantId);
    const lockKey = loginFailKey(ticket.tenantId, ticket.account);
    const failLimit = await loginFailLimit(this.db);
    const locked = async () =>
      invalidGrant('locked', { name: Math.max(1, Math.ceil((await this.kv.ttl(lockKey)) / 60)) });
    if (Number((await this.kv.get(lockKey)) ?? 0) >= failLimit) throw await locked();
    const code = otp?.trim() ?? '';
    if (!code) throw new GrantError(400, 'invalid_grant', TOTP_MESSAGES.codeMissing);
    const attempts = await this.totp.attempt(ticket.tenantId, ticket.account);
    if (attempts > TOTP_FAIL_LIMIT) throw await locked();
    let recoveryCodes: string[] | undefined;
    let refusal: LocalText | undefined;
    if (ticket.kind === 'verify') {
      const check = await this.totp.verify(ticket.userId, code);
      if (check !== 'ok') refusal = check === 'replayed' ? TOTP_MESSAGES.codeReplayed : TOTP_MESSAGES.codeWrong;
    } else {
      // Enrolment at sign-in: the first code of the secret the ticket's enrol call made turns it on.
      recoveryCodes = await this.totp.confirm(ticket.userId, code).catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        refusal = error.local;
        return undefined;
      });
    }
    if (refusal) {
      await this.totp.failed(ticket.tenantId, ticket.account, attempts);
      throw new GrantError(400, 'invalid_grant', refusal);
    }
    await this.totp.succeeded(ticket.tenantId, ticket.account);
    await endTicket(this.kv, mfaToken!);
    await this.checkTenant(ticket.tenantId);
    const user = await this.userOf(ticket.tenantId, ticket.userId);
    if (!user || Number(user.status) !== 1) throw invalidGrant('userDisabled');
    return { ticket, user, recoveryCodes };
  }

  /**
   * Refresh tokens rotate: each one is exchanged once, for a new pair. A second use of a spent one means it was
   * copied (OAuth 2.0 Security BCP, refresh token reuse detection): the whole login is revoked, for the thief and
   * for the user alike.
   */
  private async refreshGrant(client: ClientRow, request: TokenRequest) {
    const claims = request.refreshToken
      ? await this.signer.verify<RefreshClaims>(request.refreshToken, 'refresh_token')
      : undefined;
    if (!claims || claims.client_id !== client.client_id || (await this.sessions.isRevoked(claims.sid)))
      throw invalidGrant('refreshInvalid');
    const lifetime = Math.max(1, claims.exp - Math.floor(Date.now() / 1000));
    if (!(await this.kv.claim(spentRefreshKey(claims.jti), claims.sid, lifetime))) {
      // As long as the newest token of this login may live: a full refresh validity from now.
      await this.sessions.revoke(claims.sid, refreshValidity(client));
      throw invalidGrant('refreshInvalid');
    }
    enterTenant(claims.tenant_id);
    await this.checkTenant(claims.tenant_id);
    const user = await this.userOf(claims.tenant_id, claims.user_id);
    if (!user) throw invalidGrant('refreshInvalid');
    if (Number(user.status) !== 1) throw invalidGrant('userDisabled');
    // A login made under an older password ends with it, but for the session that changed it.
    const account = await this.accounts.now(claims.tenant_id, claims.user_id);
    if (!Accounts.credentialHolds(account, claims.cred, claims.sid)) throw invalidGrant('refreshInvalid');
    const locked = Accounts.lockedMinutes(account);
    if (locked) throw invalidGrant('locked', { name: locked });
    return this.issue(client, user, {
      deptId: request.deptId || claims.dept_id,
      roleId: request.roleId || claims.role_id,
      sid: claims.sid,
    });
  }

  /** The live account row of a user of the tenant (disabled ones too: each grant says why it refuses them). */
  private userOf(tenantId: string, userId: string) {
    return this.db
      .selectFrom('blade_user')
      .selectAll()
      .where('id', '=', userId)
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
  }

  /** Lockout and expiry of the tenant; the super tenant is never checked. */
  private async checkTenant(tenantId: string) {
    if (tenantId === SUPER_TENANT) return;
    const tenant = await this.db
      .selectFrom('blade_tenant')
      .select(['expire_time', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!tenant) throw invalidGrant('tenantMissing');
    if (Number(tenant.status) !== 1) throw invalidGrant('tenantDisabled');
    // The expiry is the tenant's wall clock, like every date of the tenant.
    const now = formatDateTime(new Date(), await this.timeZones.zoneOf(tenantId));
    if (tenant.expire_time && String(tenant.expire_time).slice(0, 19) < now) throw invalidGrant('tenantExpired');
  }

  private async tenantNameOf(tenantId: string): Promise<string> {
    const tenant = await this.db
      .selectFrom('blade_tenant')
      .select('tenant_name')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return tenant?.tenant_name ?? '';
  }

  private async issue(
    client: ClientRow,
    user: Selectable<BladeUser>,
    choice: { deptId?: string; roleId?: string; sid: string; oauthId?: string },
  ) {
    const tenantId: string = user.tenant_id;
    const liveRoles = await liveRolesOf(this.db, tenantId, splitList(user.role_id));
    let roleIds = liveRoles.map((role) => role.id);
    if (roleIds.length === 0) throw invalidGrant('noRole');
    let deptIds = splitList(user.dept_id);
    // Identity switch: a header naming one of the user's own live roles/depts narrows the token to it; others are
    // ignored.
    const roleChoice = choice.roleId && roleIds.includes(choice.roleId) ? choice.roleId : '';
    const deptChoice = choice.deptId && deptIds.includes(choice.deptId) ? choice.deptId : '';
    if (roleChoice) roleIds = [roleChoice];
    if (deptChoice) deptIds = [deptChoice];
    const chosen = liveRoles.filter((role) => roleIds.includes(role.id));
    const roleName = chosen.map((role) => role.alias).join(',');
    const power = powerOf(tenantId, chosen);
    const userId = String(user.id);
    const access: AccessClaims = {
      token_type: 'access_token',
      client_id: client.client_id,
      tenant_id: tenantId,
      user_id: userId,
      dept_id: deptIds.join(','),
      post_id: user.post_id ?? '',
      role_id: roleIds.join(','),
      oauth_id: choice.oauthId ?? '',
      account: user.account,
      user_name: user.account,
      nick_name: user.real_name,
      real_name: user.real_name,
      role_name: roleName,
      role_power: power,
      detail: { type: 'web' },
      sid: choice.sid,
      cred: credentialStamp(user.password),
      role_choice: roleChoice,
      dept_choice: deptChoice,
    };
    const refresh: RefreshClaims = {
      token_type: 'refresh_token',
      client_id: client.client_id,
      tenant_id: tenantId,
      user_id: userId,
      dept_id: deptChoice,
      role_id: roleChoice,
      sid: choice.sid,
      cred: access.cred,
    };
    const accessTtl = Number(client.access_token_validity) || 3600;
    const refreshTtl = refreshValidity(client);
    const [accessToken, refreshToken, tenantName] = await Promise.all([
      this.signer.sign(access, accessTtl),
      this.signer.sign(refresh, refreshTtl),
      this.tenantNameOf(tenantId),
    ]);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      refresh_token: refreshToken,
      expires_in: accessTtl,
      scope: 'all',
      tenant_id: tenantId,
      // [DESIGN] beside the id: the top bar names the tenant when the console's host is bound to none.
      tenant_name: tenantName,
      user_id: userId,
      dept_id: access.dept_id,
      post_id: access.post_id,
      role_id: access.role_id,
      oauth_id: access.oauth_id,
      account: access.account,
      user_name: access.user_name,
      nick_name: access.nick_name,
      real_name: access.real_name,
      role_name: roleName,
      authority: roleName,
      avatar: user.avatar || DEFAULT_AVATAR,
      client_id: client.client_id,
      detail: access.detail,
      // [DESIGN] the tenant's zone: the console runs its clock in it (docs/time-zones.md).
      time_zone: await this.timeZones.zoneOf(tenantId),
      license: 'powered by tenon',
    };
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
