import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { BASIC_SABER, md5, type TestApp } from '../support/app.ts';
import { createRole, createTenant } from '../support/factories.ts';

/** Shared by the auth test files: raw token requests, the grant-failure body, JWT decoding, fixture rows. */
export const TOKEN_URL = '/api/blade-auth/oauth/token';

/** The BladeX token response: raw snake_case, not wrapped in R. */
export interface TokenBody {
  access_token: string;
  token_type: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  tenant_id: string;
  tenant_name: string;
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
  authority: string;
  avatar: string;
  client_id: string;
  detail: Record<string, unknown>;
  license: string;
}

/**
 * POST to the token endpoint with parameters in the query string (as Saber's axios sends them) and the saber
 * client's Basic header unless `headers` overrides it; a header given as undefined is left out.
 */
export function requestToken(
  t: TestApp,
  params: Record<string, string>,
  headers: Record<string, string | undefined> = {},
  url = TOKEN_URL,
): Promise<LightMyRequestResponse> {
  const all: Record<string, string> = {};
  for (const [name, value] of Object.entries({ authorization: BASIC_SABER, ...headers }))
    if (value !== undefined) all[name] = value;
  return t.app.inject({ method: 'POST', url: `${url}?${new URLSearchParams(params)}`, headers: all });
}

/** Password-grant parameters as the console sends them: md5 hex of the typed password. */
export function passwordParams(account: string, plain: string, tenantId?: string): Record<string, string> {
  return {
    grant_type: 'password',
    username: account,
    password: md5(plain),
    scope: 'all',
    type: 'account',
    ...(tenantId ? { tenantId } : {}),
  };
}

/** A successful token response, failing the test with the body when it is not one. */
export function expectToken(res: LightMyRequestResponse): TokenBody {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TokenBody>();
}

/** The token endpoint's failure body: both console lines find the message (error_description and msg). */
export function expectGrantError(res: LightMyRequestResponse, status: 400 | 401, error: string, description: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({
    error_code: status,
    error,
    error_description: description,
    code: status,
    success: false,
    msg: description,
    data: null,
  });
}

export interface Jwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown> & { exp: number; nbf: number };
}

/** Header and payload of a JWT, read the way any client would (base64url JSON), without checking the signature. */
export function decodeJwt(token: string): Jwt {
  const parts = token.split('.');
  expect(parts).toHaveLength(3);
  const part = (text: string) => JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  return { header: part(parts[0]), payload: part(parts[1]) };
}

/** A tenant with an `admin`-alias role; `expireTime` null = never expires. */
export async function insertTenant(
  t: TestApp,
  tenantId: string,
  expireTime: string | null,
): Promise<{ roleId: string }> {
  await createTenant(t, tenantId, { expire_time: expireTime });
  return { roleId: await createRole(t, tenantId, 'admin') };
}

/** `yyyy-MM-dd HH:mm:ss` some days from now (negative = in the past). */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
}
