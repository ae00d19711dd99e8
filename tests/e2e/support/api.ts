import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/** What the token endpoint returns (the console keeps it as `saber-userInfo`). */
export interface TokenInfo {
  access_token: string;
  refresh_token: string;
  tenant_id: string;
  user_id: string;
  account: string;
  real_name: string;
  [key: string]: unknown;
}

export interface MenuNode {
  id: string;
  name: string;
  nameEn: string;
  path: string;
  isOpen: number;
  children?: MenuNode[];
}
export interface Message {
  id: string;
  title: string;
  content: string;
  status: number;
  createTime: string;
}

export const TENANT = '000000';
export const ADMIN = { username: 'admin', password: 'admin' } as const;
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const headers = (token?: string, tenantId = TENANT) => ({
  Authorization: BASIC,
  'Tenant-Id': tenantId,
  ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}),
});

/** Password grant through the API (a new session each call). */
export async function apiToken(
  request: APIRequestContext,
  user: { username: string; password: string; tenantId?: string } = ADMIN,
): Promise<TokenInfo> {
  const tenantId = user.tenantId ?? TENANT;
  const response = await request.post('/api/blade-auth/oauth/token', {
    params: {
      tenantId,
      username: user.username,
      password: md5(user.password),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
    headers: headers(undefined, tenantId),
  });
  const body = (await response.json()) as TokenInfo & { error_description?: string };
  if (!response.ok() || !body.access_token)
    throw new Error(`login failed: ${response.status()} ${JSON.stringify(body)}`);
  return body;
}

/** A BladeX envelope call with a token; throws unless the body's code is 200. */
export async function call<T>(
  request: APIRequestContext,
  method: 'get' | 'post',
  url: string,
  token: string,
  options: { params?: Record<string, string | number>; data?: unknown; tenantId?: string } = {},
): Promise<T> {
  const { params, data, tenantId } = options;
  const response = await request[method](url, { headers: headers(token, tenantId), params, data });
  const body = (await response.json()) as { code: number; data: T; msg: string };
  if (body.code !== 200)
    throw new Error(`${method.toUpperCase()} ${url}: ${response.status()} ${JSON.stringify(body)}`);
  return body.data;
}

/** A call as `user` (the administrator unless given), with a token of its own. */
export async function callAs<T>(
  request: APIRequestContext,
  method: 'get' | 'post',
  url: string,
  options: {
    params?: Record<string, string | number>;
    data?: unknown;
    user?: { username: string; password: string };
  } = {},
): Promise<T> {
  const { access_token: token } = await apiToken(request, options.user);
  return call<T>(request, method, url, token, options);
}

export const fetchRoutes = (request: APIRequestContext, token: string) =>
  call<MenuNode[]>(request, 'get', '/api/blade-system/menu/routes', token);

/** A message from the caller to the caller (admin creates one for admin). */
export const submitMessage = (request: APIRequestContext, token: string, message: { title: string; content: string }) =>
  call<unknown>(request, 'post', '/api/blade-system/message/submit', token, { data: message });

export const markAllRead = (request: APIRequestContext, token: string) =>
  call<{ count: number }>(request, 'post', '/api/blade-system/message/read-all', token);

export const unreadCount = (request: APIRequestContext, token: string) =>
  call<number>(request, 'get', '/api/blade-system/message/unread-count', token);

export const listMessages = (request: APIRequestContext, token: string, status?: number) =>
  call<{ records: Message[]; total: number }>(request, 'get', '/api/blade-system/message/list', token, {
    params: { current: 1, size: 50, ...(status === undefined ? {} : { status }) },
  });

/** Revokes the session of this token on the server (what the console's log-out does). */
export async function revokeToken(request: APIRequestContext, token: string) {
  const response = await request.get('/api/blade-auth/oauth/logout', { headers: headers(token) });
  if (!response.ok()) throw new Error(`logout failed: ${response.status()}`);
}

/** A short unique tag so a test finds its own rows. */
export const uniqueTag = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
