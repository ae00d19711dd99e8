import { generateKeyPairSync, hkdfSync, type JsonWebKey } from 'node:crypto';
import type { Db } from '../../../db/connect.ts';
import { sealText, unsealText } from '../../../platform/sealed-text.ts';

const KEY_KIND = 'SigningKey';
const KEY_ID = 'rs256';
const PURPOSE = 'oidc signing key';

/**
 * The RS256 key that signs ID tokens, the same in every process: the first process to start generates it and stores
 * it sealed under the server's signing secret (a database dump alone does not give it away); the others read it.
 * A changed secret cannot read it: a new key replaces it (ID tokens signed before no longer verify).
 */
export async function signingKey(db: Db, secret: Uint8Array): Promise<JsonWebKey> {
  const stored = await readKey(db);
  if (stored) {
    try {
      return JSON.parse(unsealText(stored, secret, PURPOSE)) as JsonWebKey;
    } catch {
      await db.deleteFrom('blade_oidc_payload').where('kind', '=', KEY_KIND).where('id', '=', KEY_ID).execute();
    }
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: `tenon-${Date.now().toString(36)}`,
    use: 'sig',
    alg: 'RS256',
  };
  await db
    .insertInto('blade_oidc_payload')
    .values({
      id: KEY_ID,
      kind: KEY_KIND,
      payload: JSON.stringify({ sealed: sealText(JSON.stringify(jwk), secret, PURPOSE) }),
    })
    .onConflict((oc) => oc.columns(['kind', 'id']).doNothing())
    .execute();
  // A process that started at the same moment may have stored its key first: every process signs with that one.
  return JSON.parse(unsealText((await readKey(db)) ?? '', secret, PURPOSE)) as JsonWebKey;
}

async function readKey(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('blade_oidc_payload')
    .select('payload')
    .where('kind', '=', KEY_KIND)
    .where('id', '=', KEY_ID)
    .executeTakeFirst();
  if (!row) return undefined;
  const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as { sealed?: string };
  return payload.sealed;
}

/** The keys that sign the provider's cookies, derived from the server's signing secret. */
export const cookieKeys = (secret: Uint8Array) => [
  Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), 'oidc cookies', 32)).toString('base64url'),
];
