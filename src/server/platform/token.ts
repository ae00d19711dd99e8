import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Claims of a BladeX access token (contract/auth.md §3), plus `sid` shared by every token of one login. */
export interface AccessClaims {
  token_type: 'access_token';
  client_id: string;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  oauth_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  detail: Record<string, unknown>;
  sid: string;
}

export interface RefreshClaims {
  token_type: 'refresh_token';
  client_id: string;
  tenant_id: string;
  user_id: string;
  /** The identity switch the session chose, kept across refreshes. */
  dept_id: string;
  role_id: string;
  sid: string;
}

const ISSUER = 'issuser';
const AUDIENCE = 'audience';

export class TokenSigner {
  // Imported once: handing jose the raw bytes makes it import the key again on every sign and verify.
  private readonly key: Promise<CryptoKey>;

  constructor(secret: Uint8Array) {
    this.key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(claims: AccessClaims | RefreshClaims, ttlSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setNotBefore(now)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .setJti(randomUUID())
      .sign(await this.key);
  }

  /** The claims of a valid token of the given type; undefined when it is forged, expired or of the other type. */
  async verify<T extends AccessClaims | RefreshClaims>(token: string, type: T['token_type']): Promise<(T & { exp: number; iat: number }) | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      if (payload.token_type !== type || typeof payload.sid !== 'string') return undefined;
      return payload as unknown as T & { exp: number; iat: number };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }
}

export const newSessionId = () => randomUUID();
