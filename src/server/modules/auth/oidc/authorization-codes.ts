import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.ts';

export interface CodeRedemption {
  code: string;
  clientId: string;
  redirectUri: string;
  codeVerifier?: string;
}

export type Redeemed =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'codeInvalid' | 'codeUsed' | 'redirectMismatch' | 'codeVerifierWrong' };

interface CodePayload {
  accountId?: string;
  clientId?: string;
  redirectUri?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  grantId?: string;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * `grant_type=authorization_code` at the Blade token endpoint: the code oidc-provider issued (its row in
 * blade_oidc_payload), checked as the provider's own token endpoint checks it — same client, exact redirect URI, the
 * PKCE verifier of its challenge — then taken by the one UPDATE that finds it unconsumed, so a code is used once
 * whichever endpoint sees it first. A replayed code revokes what its grant issued (RFC 6749 §4.1.2).
 */
export async function redeemAuthorizationCode(db: Db, input: CodeRedemption): Promise<Redeemed> {
  const row = await db
    .selectFrom('blade_oidc_payload')
    .select(['payload', 'consumed_at', 'grant_id'])
    .where('kind', '=', 'AuthorizationCode')
    .where('id', '=', input.code)
    .where('expires_at', '>', sql<string>`now()`)
    .executeTakeFirst();
  const payload = (typeof row?.payload === 'string' ? JSON.parse(row.payload) : row?.payload) as
    CodePayload | undefined;
  // Another client's code is refused like an unknown one: it tells the caller nothing about it.
  if (!row || !payload?.accountId || payload.clientId !== input.clientId) return { ok: false, reason: 'codeInvalid' };
  if (row.consumed_at) {
    if (row.grant_id) await db.deleteFrom('blade_oidc_payload').where('grant_id', '=', row.grant_id).execute();
    return { ok: false, reason: 'codeUsed' };
  }
  if (payload.redirectUri !== input.redirectUri) return { ok: false, reason: 'redirectMismatch' };
  if (payload.codeChallenge) {
    const verifier = input.codeVerifier ?? '';
    // RFC 7636 §4.1: 43 to 128 characters of the unreserved set.
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || s256(verifier) !== payload.codeChallenge)
      return { ok: false, reason: 'codeVerifierWrong' };
  }
  const taken = await db
    .updateTable('blade_oidc_payload')
    .set({ consumed_at: sql<string>`now()` })
    .where('kind', '=', 'AuthorizationCode')
    .where('id', '=', input.code)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) return { ok: false, reason: 'codeUsed' };
  return { ok: true, accountId: payload.accountId };
}
