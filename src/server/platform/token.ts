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
  /** The strongest power among the roles at login. Informational: requests read power from the current roles. */
  role_power: number;
  detail: Record<string, unknown>;
  sid: string;
  /** The password the login was made under (accounts.ts credentialStamp): a changed password ends the session. */
  cred: string;
  /** The role and department the login chose (identity switch), '' for all the user holds at each request. */
  role_choice: string;
  dept_choice: string;
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
  cred: string;
}

const ISSUER = 'issuser';
const AUDIENCE = 'audience';
/** Registered claims `sign` always writes: a token without any of them was not made here. */
const REQUIRED_CLAIMS = ['exp', 'iat', 'nbf', 'jti'];
const TEXT_CLAIMS = {
  access_token: [
    'client_id',
    'tenant_id',
    'user_id',
    'dept_id',
    'post_id',
    'role_id',
    'oauth_id',
    'account',
    'user_name',
    'nick_name',
    'real_name',
    'role_name',
    'sid',
  ],
  refresh_token: ['client_id', 'tenant_id', 'user_id', 'dept_id', 'role_id', 'sid'],
} as const;

/** Claims of later versions: a token made before them lacks them (and its session ends where they matter). */
const LATER_TEXT_CLAIMS = ['cred', 'role_choice', 'dept_choice'];

/** Every claim the server writes is there with its type: anything else is refused, even when well signed. */
function hasOwnShape(payload: Record<string, unknown>, type: 'access_token' | 'refresh_token'): boolean {
  if (!TEXT_CLAIMS[type].every((name) => typeof payload[name] === 'string')) return false;
  if (LATER_TEXT_CLAIMS.some((name) => payload[name] !== undefined && typeof payload[name] !== 'string')) return false;
  if (!payload.sid || !payload.tenant_id || !payload.user_id) return false;
  if (type === 'refresh_token') return true;
  return (
    Number.isInteger(payload.role_power) &&
    (payload.role_power as number) >= 0 &&
    (payload.role_power as number) <= 2 &&
    typeof payload.detail === 'object' &&
    payload.detail !== null
  );
}

/** How many verified tokens a server process remembers (a few MB at most). */
const VERIFIED_TOKENS = 10_000;

export class TokenSigner {
  // Imported once: handing jose the raw bytes makes it import the key again on every sign and verify.
  private readonly key: Promise<CryptoKey>;

  constructor(secret: Uint8Array) {
    this.key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
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

  /**
   * Tokens whose signature and claims were checked, by their exact text, until they expire: a console sends the same
   * token with every request, and the HMAC (a thread-pool round trip in WebCrypto) was a tenth of a page request's
   * CPU. Bounded; the oldest entry goes first. Revocation is not decided here (sessions are checked on every request).
   */
  private readonly verified = new Map<string, Record<string, unknown> & { exp: number }>();

  /** The claims of a valid token of the given type; undefined when it is forged, expired or of the other type. */
  async verify<T extends AccessClaims | RefreshClaims>(
    token: string,
    type: T['token_type'],
  ): Promise<(T & { exp: number; iat: number; jti: string }) | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > Date.now() / 1000)
        return known.token_type === type
          ? ({ ...known } as unknown as T & { exp: number; iat: number; jti: string })
          : undefined;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: REQUIRED_CLAIMS,
      });
      if (payload.token_type !== type || !hasOwnShape(payload, type)) return undefined;
      if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { ...payload, exp: payload.exp! });
      return payload as unknown as T & { exp: number; iat: number; jti: string };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }
}

export const newSessionId = () => randomUUID();
