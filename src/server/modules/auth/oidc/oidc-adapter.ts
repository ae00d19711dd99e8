import { sql } from 'kysely';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Db } from '../../../db/connect.ts';
import { CLIENT_TYPE } from '../../../../shared/entities/system/client.ts';
import { splitList } from '../../../platform/auth-context.ts';

/** The rows of one kind that have not expired (an expired row is as good as gone; `purgeExpired` removes them). */
const live = (db: Db, kind: string) =>
  db
    .selectFrom('blade_oidc_payload')
    .select(['payload', 'consumed_at'])
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<string>`now()`)]));

const payloadOf = (row: { payload: unknown; consumed_at: string | null } | undefined): AdapterPayload | undefined => {
  if (!row) return undefined;
  const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as AdapterPayload;
  // The provider reads `consumed` to refuse a second use; the column is what every process agrees on.
  return row.consumed_at ? { ...payload, consumed: payload.consumed ?? Math.floor(Date.now() / 1000) } : payload;
};

/**
 * oidc-provider's storage of one model (Session, Interaction, Grant, AuthorizationCode, AccessToken, ...) as rows of
 * blade_oidc_payload, shared by every server process.
 */
export class PostgresOidcAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
    const row = {
      id,
      kind: this.kind,
      payload: JSON.stringify(payload),
      grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
      expires_at: expiresIn ? sql<string>`now() + ${Math.ceil(expiresIn)} * interval '1 second'` : null,
    };
    await this.db
      .insertInto('blade_oidc_payload')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['kind', 'id']).doUpdateSet({
          payload: row.payload,
          grant_id: row.grant_id,
          uid: row.uid,
          user_code: row.user_code,
          expires_at: row.expires_at,
        }),
      )
      .execute();
  }

  async find(id: string) {
    return payloadOf(await live(this.db, this.kind).where('id', '=', id).executeTakeFirst());
  }

  async findByUid(uid: string) {
    return payloadOf(await live(this.db, this.kind).where('uid', '=', uid).executeTakeFirst());
  }

  async findByUserCode(userCode: string) {
    return payloadOf(await live(this.db, this.kind).where('user_code', '=', userCode).executeTakeFirst());
  }

  /**
   * One use, across processes and across both token endpoints (this one and the Blade grant, authorization-codes.ts):
   * only the UPDATE that finds the row unconsumed wins; a concurrent second exchange is refused as a replay.
   */
  async consume(id: string) {
    const taken = await this.db
      .updateTable('blade_oidc_payload')
      .set({ consumed_at: sql<string>`now()` })
      .where('kind', '=', this.kind)
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) throw new errors.InvalidGrant('grant request is invalid');
  }

  async destroy(id: string) {
    await this.db.deleteFrom('blade_oidc_payload').where('kind', '=', this.kind).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string) {
    await this.db.deleteFrom('blade_oidc_payload').where('grant_id', '=', grantId).execute();
  }
}

/** Expired rows, removed now and then (any process may: the delete is idempotent). */
export async function purgeExpired(db: Db) {
  await db
    .deleteFrom('blade_oidc_payload')
    .where('expires_at', '<', sql<string>`now()`)
    .execute();
}

export const SSO_GRANT = 'authorization_code';

/**
 * Tenon's registered clients (blade_client) as oidc-provider client metadata, read on each use rather than copied:
 * only enabled clients whose `authorized_grant_types` list `authorization_code`; `web_server_redirect_uri` is the
 * comma-separated list of exact redirect URIs; a confidential client authenticates with its secret, a public one
 * (`client_type`) with none and must use PKCE (oidc-provider.ts); `scope` other than `all` narrows the scopes it may
 * ask for; `autoapprove` `true` skips the consent screen (oidc.routes.ts).
 */
export class BladeClientAdapter implements Adapter {
  constructor(private readonly db: Db) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('blade_client')
      .select([
        'client_id',
        'client_type',
        'client_secret',
        'authorized_grant_types',
        'web_server_redirect_uri',
        'scope',
        'autoapprove',
      ])
      .where('client_id', '=', id)
      .where('is_deleted', '=', 0)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!row) return undefined;
    const grants = splitList(row.authorized_grant_types);
    // A malformed address (typed into the client form) would fail the provider's metadata check for the whole client.
    const redirectUris = splitList(row.web_server_redirect_uri).filter(
      (uri) => URL.canParse(uri) && !uri.includes('#'),
    );
    if (!grants.includes(SSO_GRANT) || redirectUris.length === 0) return undefined;
    const isPublic = row.client_type === CLIENT_TYPE.public;
    // A confidential client without its secret could not authenticate: unusable until one is entered.
    if (!isPublic && !row.client_secret) return undefined;
    const scopes = splitList(row.scope.replace(/\s+/g, ','));
    return {
      client_id: row.client_id,
      ...(isPublic
        ? { token_endpoint_auth_method: 'none' }
        : { client_secret: row.client_secret, token_endpoint_auth_method: 'client_secret_basic' }),
      client_name: row.client_id,
      redirect_uris: redirectUris,
      grant_types: grants.includes('refresh_token') ? [SSO_GRANT, 'refresh_token'] : [SSO_GRANT],
      response_types: ['code'],
      ...(scopes.length > 0 && !scopes.includes('all') ? { scope: scopes.join(' ') } : {}),
      autoapprove: row.autoapprove.trim().toLowerCase() === 'true',
    };
  }

  // Clients are written through the 应用管理 screen, never by the provider.
  async upsert() {}
  async findByUid() {
    return undefined;
  }
  async findByUserCode() {
    return undefined;
  }
  async consume() {}
  async destroy() {}
  async revokeByGrantId() {}
}
