import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { sql, type Selectable } from 'kysely';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { MESSAGES, type LocalText, type MessageVars } from '../../../shared/i18n/server-messages.ts';
import { SOCIAL_MESSAGES } from '../../../shared/i18n/social-messages.ts';
import type { Db } from '../../db/connect.ts';
import type { BladeUser } from '../../db/schema.ts';
import { enterTenant } from '../../db/tenant-context.ts';
import { loginFailKey, loginFailLimit } from '../../platform/accounts.ts';
import { nextId } from '../../platform/ids.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import { unsealText } from '../../platform/sealed-text.ts';
import { callOutside } from '../../platform/outbound-http.ts';
import { checkQuota } from '../system/user.service.ts';
import { hashPlainPassword } from './password.ts';
import { SOCIAL_PRESETS, type SocialStyle } from './social-presets.ts';
import { GrantError, type ClientRow, type GrantHooks, type TokenRequest } from './token.service.ts';

/** Client secrets of social providers at rest (platform/sealed-text.ts). */
export const SOCIAL_SECRET_PURPOSE = 'tenon social provider client secret';
const STATE_TTL_SECONDS = 10 * 60;
const GUEST_TTL_SECONDS = 30 * 60;
const PROVIDER_TIMEOUT_MS = 10_000;
/** The user id of a guest's token (auth.md §6: `-1`, the console then shows the registration dialog). */
export const PENDING = '-1';
const GUEST_AUDIENCE = 'tenon-social-guest';

const stateKey = (state: string) => `social-state:${state}`;
const codeKey = (source: string, code: string) =>
  `social-code:${source}:${createHash('sha256').update(code).digest('hex')}`;

const refuse = (local: LocalText, vars?: MessageVars) => new GrantError(400, 'invalid_grant', local, vars);

export interface SocialProvider {
  source: string;
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  idField: string;
  nameField: string;
  avatarField: string;
  emailField: string;
  style: SocialStyle;
  /** Whether the server may call it on this machine or a private network (TENON_SOCIAL_PRIVATE=allow). */
  allowPrivate: boolean;
}

/** What the provider says about the person: blade_user_oauth's columns. */
interface Identity {
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
}

interface StoredState {
  tenantId: string;
  source: string;
  callback: string;
}

/** The claims of a guest token: it names an identity awaiting registration and opens nothing but `register-guest`. */
export interface GuestClaims {
  token_type: 'guest_token';
  tenant_id: string;
  oauth_id: string;
  client_id: string;
}

/** A tenant's enabled providers as the login page lists them (no endpoint, no client data). */
export async function providersOf(db: Db, tenantId: string) {
  enterTenant(tenantId);
  const rows = await db
    .selectFrom('blade_social_provider')
    .select(['source', 'provider_name'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('status', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    source: row.source,
    name: row.provider_name || SOCIAL_PRESETS[row.source]?.name || row.source,
  }));
}

/** The tenant's enabled provider named `source`, blanks filled from its preset, the secret unsealed. */
async function providerOf(db: Db, secret: Uint8Array, tenantId: string, source: string, allowPrivate = false) {
  enterTenant(tenantId);
  const row = await db
    .selectFrom('blade_social_provider')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('source', '=', source)
    .where('is_deleted', '=', 0)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  const preset = SOCIAL_PRESETS[row.source];
  const provider: SocialProvider = {
    source: row.source,
    name: row.provider_name || preset?.name || row.source,
    authorizeUrl: row.authorize_url || preset?.authorizeUrl || '',
    tokenUrl: row.token_url || preset?.tokenUrl || '',
    userinfoUrl: row.userinfo_url || preset?.userinfoUrl || '',
    clientId: row.client_id,
    clientSecret: unsealText(row.client_secret, secret, SOCIAL_SECRET_PURPOSE),
    scopes: row.scopes || preset?.scopes || '',
    idField: row.id_field || preset?.idField || 'sub',
    nameField: row.name_field || preset?.nameField || 'preferred_username',
    avatarField: row.avatar_field || preset?.avatarField || 'picture',
    emailField: row.email_field || preset?.emailField || 'email',
    style: preset?.style ?? 'oauth2',
    allowPrivate,
  };
  return provider.authorizeUrl && provider.tokenUrl && provider.userinfoUrl ? provider : undefined;
}

/** A value at a dotted path of the provider's answer (`data.open_id`), as text; '' when absent. */
function pick(record: unknown, path: string): string {
  if (!path) return '';
  let value: unknown = record;
  for (const part of path.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/**
 * The provider's JSON answer; a network failure or a non-JSON answer is the provider's failure. Sent as every call
 * out (platform/outbound-http.ts): never an address of this machine or a private network unless the server allows it
 * (TENON_SOCIAL_PRIVATE=allow), since a tenant's administrator writes these endpoints.
 */
async function callProvider(
  provider: SocialProvider,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: unknown }> {
  let response: { status: number; text: string };
  try {
    response = await callOutside(url, {
      method: init.method,
      headers: { accept: 'application/json', 'user-agent': 'Tenon', ...init.headers },
      body: init.body,
      timeoutMs: PROVIDER_TIMEOUT_MS,
      allowPrivate: provider.allowPrivate,
      privateSetting: 'TENON_SOCIAL_PRIVATE',
    });
  } catch {
    throw refuse(SOCIAL_MESSAGES.providerFailed);
  }
  const { text } = response;
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    // GitHub answers a form-encoded body to a client that does not ask for JSON.
    if (response.status < 300 && text.includes('access_token='))
      return { status: response.status, body: Object.fromEntries(new URLSearchParams(text)) };
    throw refuse(response.status >= 500 ? SOCIAL_MESSAGES.providerFailed : SOCIAL_MESSAGES.codeInvalid);
  }
}

/** The access token for `code`; a refused code (used, expired, another client's) is refused here. */
async function exchange(provider: SocialProvider, code: string, callback: string): Promise<string> {
  const form = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: callback,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
  };
  const { status, body } =
    provider.style === 'dingtalk'
      ? await callProvider(provider, provider.tokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            clientId: provider.clientId,
            clientSecret: provider.clientSecret,
            code,
            grantType: 'authorization_code',
          }),
        })
      : provider.style === 'json'
        ? await callProvider(provider, provider.tokenUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(form),
          })
        : await callProvider(provider, provider.tokenUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(form).toString(),
          });
  const token = pick(body, 'access_token') || pick(body, 'accessToken') || pick(body, 'data.access_token');
  if (status >= 500) throw refuse(SOCIAL_MESSAGES.providerFailed);
  if (status >= 400 || !token) throw refuse(SOCIAL_MESSAGES.codeInvalid);
  return token;
}

/** WeCom: an application token from the corp's id and secret, then the code names the member. */
async function wecomIdentity(provider: SocialProvider, code: string): Promise<unknown> {
  const tokenUrl = new URL(provider.tokenUrl);
  tokenUrl.searchParams.set('corpid', provider.clientId);
  tokenUrl.searchParams.set('corpsecret', provider.clientSecret);
  const app = await callProvider(provider, tokenUrl.toString(), { method: 'GET' });
  const token = pick(app.body, 'access_token');
  if (!token) throw refuse(SOCIAL_MESSAGES.providerFailed);
  const infoUrl = new URL(provider.userinfoUrl);
  infoUrl.searchParams.set('access_token', token);
  infoUrl.searchParams.set('code', code);
  const info = await callProvider(provider, infoUrl.toString(), { method: 'GET' });
  if (!pick(info.body, provider.idField)) throw refuse(SOCIAL_MESSAGES.codeInvalid);
  return info.body;
}

async function identityOf(provider: SocialProvider, code: string, callback: string): Promise<Identity> {
  let profile: unknown;
  if (provider.style === 'wecom') profile = await wecomIdentity(provider, code);
  else {
    const token = await exchange(provider, code, callback);
    const headers: Record<string, string> =
      provider.style === 'dingtalk' ? { 'x-acs-dingtalk-access-token': token } : { authorization: `Bearer ${token}` };
    const answer = await callProvider(provider, provider.userinfoUrl, { method: 'GET', headers });
    if (answer.status >= 400) throw refuse(SOCIAL_MESSAGES.providerFailed);
    profile = answer.body;
  }
  const uuid = pick(profile, provider.idField);
  if (!uuid) throw refuse(SOCIAL_MESSAGES.providerFailed);
  const username = pick(profile, provider.nameField) || uuid;
  return {
    uuid: uuid.slice(0, 64),
    username: username.slice(0, 32),
    nickname: (pick(profile, 'name') || pick(profile, 'nickname') || username).slice(0, 64),
    avatar: pick(profile, provider.avatarField).slice(0, 1000),
    email: pick(profile, provider.emailField).slice(0, 255),
  };
}

/**
 * Social login (contract auth.md §6): `render` sends the browser to the provider with a state stored here (single
 * use, bound to the tenant and the source, 10 minutes); the social grant takes that state back, exchanges the code,
 * and logs in the user the identity is bound to, or answers a guest token for the registration dialog.
 */
export class SocialLogin {
  constructor(
    private readonly db: Db,
    private readonly kv: KeyValueStore,
    private readonly secret: Uint8Array,
    /** TENON_SOCIAL_PRIVATE=allow: providers on this machine or a private network may be called. */
    private readonly allowPrivate = false,
  ) {}

  private readonly guestKey = () => new Uint8Array(this.secret);

  /** The provider's authorize URL for a new state; `callback` is this server's `oauth/callback/{source}`. */
  async authorizeUrl(tenantId: string, source: string, callback: string): Promise<string> {
    const provider = await providerOf(this.db, this.secret, tenantId, source, this.allowPrivate);
    if (!provider) throw refuse(SOCIAL_MESSAGES.sourceUnknown, { name: source });
    const state = randomBytes(24).toString('base64url');
    const stored: StoredState = { tenantId, source, callback };
    await this.kv.set(stateKey(state), JSON.stringify(stored), STATE_TTL_SECONDS);
    const url = new URL(provider.authorizeUrl);
    const params: Record<string, string> =
      provider.style === 'wecom'
        ? { login_type: 'CorpApp', appid: provider.clientId, redirect_uri: callback, state }
        : {
            response_type: 'code',
            client_id: provider.clientId,
            redirect_uri: callback,
            state,
            ...(provider.scopes ? { scope: provider.scopes } : {}),
            ...(provider.style === 'dingtalk' ? { prompt: 'consent' } : {}),
          };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  /** The social grant: refusals (state, source, code, provider) come before anything is written. */
  async grant(client: ClientRow, request: TokenRequest, hooks: GrantHooks): Promise<Record<string, unknown>> {
    const source = request.source?.trim() ?? '';
    const raw = request.state ? await this.kv.take(stateKey(request.state)) : null;
    const stored = raw ? (JSON.parse(raw) as StoredState) : undefined;
    const tenantId = request.tenantId?.trim() || stored?.tenantId || '';
    if (!stored || stored.source !== source || stored.tenantId !== tenantId) throw refuse(SOCIAL_MESSAGES.stateInvalid);
    await hooks.checkTenant(tenantId);
    const provider = await providerOf(this.db, this.secret, tenantId, source, this.allowPrivate);
    if (!provider) throw refuse(SOCIAL_MESSAGES.sourceUnknown, { name: source });
    // A code is exchanged once, whatever the provider does about replays.
    if (!request.code || !(await this.kv.claim(codeKey(source, request.code), '1', STATE_TTL_SECONDS)))
      throw refuse(SOCIAL_MESSAGES.codeInvalid);
    const identity = await identityOf(provider, request.code, stored.callback);
    enterTenant(tenantId);
    const row = await this.bind(tenantId, source, identity);
    const oauthId = String(row.id);
    if (row.user_id !== null && row.user_id !== undefined) {
      const user = await this.db
        .selectFrom('blade_user')
        .selectAll()
        .where('id', '=', String(row.user_id))
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (user) return this.logIn(user, oauthId, hooks);
    }
    // An unknown identity could only register: said now rather than after the registration form is filled in.
    if (!(await registrationOpen(this.db))) throw refuse(SOCIAL_MESSAGES.registrationClosed);
    return this.guestAnswer(client, tenantId, oauthId, identity);
  }

  /** The identity's row in the tenant, created or refreshed with what the provider says now. */
  private async bind(tenantId: string, source: string, identity: Identity) {
    const profile = {
      username: identity.username,
      nickname: identity.nickname,
      avatar: identity.avatar,
      email: identity.email,
    };
    const existing = await this.db
      .selectFrom('blade_user_oauth')
      .select(['id', 'user_id'])
      .where('tenant_id', '=', tenantId)
      .where('uuid', '=', identity.uuid)
      .where('source', '=', source)
      .executeTakeFirst();
    if (existing) {
      await this.db.updateTable('blade_user_oauth').set(profile).where('id', '=', existing.id).execute();
      return existing;
    }
    const id = nextId();
    await this.db
      .insertInto('blade_user_oauth')
      .values({ id, tenant_id: tenantId, uuid: identity.uuid, source, ...profile })
      .onConflict((conflict) => conflict.columns(['tenant_id', 'uuid', 'source']).doNothing())
      .execute();
    return (await this.db
      .selectFrom('blade_user_oauth')
      .select(['id', 'user_id'])
      .where('tenant_id', '=', tenantId)
      .where('uuid', '=', identity.uuid)
      .where('source', '=', source)
      .executeTakeFirstOrThrow())!;
  }

  /**
   * A bound user signs in under the password grant's rules: locked and disabled accounts do not, nor one awaiting
   * approval (no role yet: the contract's message for users without roles, as its password gets).
   */
  private async logIn(user: Selectable<BladeUser>, oauthId: string, hooks: GrantHooks) {
    const key = loginFailKey(user.tenant_id, user.account);
    if (Number((await this.kv.get(key)) ?? 0) >= (await loginFailLimit(this.db)))
      throw refuse(MESSAGES.locked, { name: Math.max(1, Math.ceil((await this.kv.ttl(key)) / 60)) });
    if (Number(user.status) !== 1) throw refuse(MESSAGES.userDisabled);
    if (!(user.role_id ?? '').trim()) throw refuse(MESSAGES.noRole);
    return hooks.issue(user, oauthId);
  }

  /** A token that opens `register-guest` alone (it is no access token: every other route refuses it). */
  private async guestAnswer(client: ClientRow, tenantId: string, oauthId: string, identity: Identity) {
    const claims: GuestClaims = {
      token_type: 'guest_token',
      tenant_id: tenantId,
      oauth_id: oauthId,
      client_id: client.client_id,
    };
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience(GUEST_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + GUEST_TTL_SECONDS)
      .sign(this.guestKey());
    return {
      access_token: token,
      token_type: 'bearer',
      refresh_token: '',
      expires_in: GUEST_TTL_SECONDS,
      scope: 'all',
      tenant_id: tenantId,
      tenant_name: '',
      user_id: PENDING,
      dept_id: '',
      post_id: '',
      role_id: '',
      oauth_id: oauthId,
      account: identity.username,
      user_name: identity.username,
      nick_name: identity.nickname,
      real_name: identity.nickname,
      role_name: 'guest',
      authority: 'guest',
      avatar: identity.avatar,
      client_id: client.client_id,
      detail: { type: 'web' },
      time_zone: '',
      license: 'powered by tenon',
    };
  }

  /** The claims of a valid guest token, undefined otherwise. */
  async guest(token: string | undefined): Promise<GuestClaims | undefined> {
    if (!token) return undefined;
    try {
      const { payload } = await jwtVerify(token, this.guestKey(), { audience: GUEST_AUDIENCE, algorithms: ['HS256'] });
      return payload.token_type === 'guest_token' &&
        typeof payload.tenant_id === 'string' &&
        typeof payload.oauth_id === 'string'
        ? (payload as unknown as GuestClaims)
        : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * `user/register-guest` (auth.md §6): the account awaiting approval bound to the guest's identity, in one
   * transaction. SpringBlade marks it with roles, departments and posts `-1`; here it holds none (the user screen's
   * dialogs take only real ids: awaitingApproval in entities/system/user.ts), and an administrator's 审核 or 角色配置
   * approves it. Param `account.registerUser` false refuses it; the checks then run in the dialog's order, the
   * tenant's account quota last (as user/submit's); a refusal writes nothing.
   */
  async register(guest: GuestClaims, input: RegisterInput): Promise<string> {
    if (!(await registrationOpen(this.db))) throw refuse(SOCIAL_MESSAGES.registrationClosed);
    const account = input.account?.trim() ?? '';
    if (!account) throw refuse(SOCIAL_MESSAGES.accountRequired);
    if (/\s/.test(account) || account.length > 45) throw refuse(SOCIAL_MESSAGES.accountShape);
    if (!input.password) throw refuse(SOCIAL_MESSAGES.passwordRequired);
    if (input.password2 !== undefined && input.password2 !== input.password)
      throw refuse(SOCIAL_MESSAGES.passwordMismatch);
    if (input.oauthId && input.oauthId !== guest.oauth_id) throw refuse(SOCIAL_MESSAGES.guestInvalid);
    const tenantId = guest.tenant_id;
    enterTenant(tenantId);
    const tenant = await this.db
      .selectFrom('blade_tenant')
      .select('tenant_id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!tenant) throw refuse(SOCIAL_MESSAGES.tenantWrong);
    const password = await hashPlainPassword(input.password);
    const now = formatDateTime(new Date());
    return this.db.transaction().execute(async (trx) => {
      const identity = await trx
        .selectFrom('blade_user_oauth')
        .select(['id', 'user_id', 'nickname', 'username', 'avatar', 'email'])
        .where('id', '=', guest.oauth_id)
        .where('tenant_id', '=', tenantId)
        .forUpdate()
        .executeTakeFirst();
      if (!identity || identity.user_id !== null) throw refuse(SOCIAL_MESSAGES.guestInvalid);
      const taken = await trx
        .selectFrom('blade_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', account)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (taken) throw refuse(SOCIAL_MESSAGES.accountUsed);
      await checkQuota(trx, tenantId);
      const id = nextId();
      const name = (input.name?.trim() || identity.nickname || identity.username || account).slice(0, 10);
      await trx
        .insertInto('blade_user')
        .values({
          id,
          tenant_id: tenantId,
          account,
          password,
          name: name.slice(0, 20),
          real_name: name,
          avatar: identity.avatar,
          email: identity.email.slice(0, 45),
          role_id: '',
          dept_id: '',
          post_id: '',
          user_type: 1,
          status: 1,
          create_time: now,
          update_time: now,
        })
        .execute();
      await trx.updateTable('blade_user_oauth').set({ user_id: id }).where('id', '=', identity.id).execute();
      return id;
    });
  }
}

/** Param `account.registerUser` (contract system.md §9, seeded true): guests may register unless it says false. */
async function registrationOpen(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('blade_param')
    .select('param_value')
    .where('param_key', '=', 'account.registerUser')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return !['false', '0', 'no', 'off'].includes((row?.param_value ?? 'true').trim().toLowerCase());
}

export interface RegisterInput {
  name?: string;
  account?: string;
  password?: string;
  password2?: string;
  oauthId?: string;
}

/** The caller's identity at a provider (`oauth/refresh/{source}`), undefined when none is bound. */
export function bindingOf(db: Db, tenantId: string, userId: string, source: string) {
  return db
    .selectFrom('blade_user_oauth')
    .select([sql<string>`cast(id as text)`.as('oauthId'), 'source', 'username', 'nickname', 'avatar', 'email'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .executeTakeFirst();
}

/**
 * Removes the caller's binding `oauthId` at a provider (`oauth/revoke/{source}/{token}`): that identity's next social
 * login is a guest's. False when the caller holds no such binding.
 */
export async function unbind(db: Db, tenantId: string, userId: string, source: string, oauthId: string) {
  if (!/^\d{1,19}$/.test(oauthId)) return false;
  const removed = await db
    .deleteFrom('blade_user_oauth')
    .where('id', '=', oauthId)
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}
