import { site } from './config.ts';
import { whenIdle } from './idle.ts';
import { atLowPriority } from './lazy.ts';
import { ApiFailure, getData, http } from './http.ts';
import { session, type UserInfo } from './session.ts';
import { CAPTCHA_URL, CLEAR_CACHE_URL, LOGOUT_URL, TOKEN_URL, USER_INFO_URL } from '../shared/contract/api/auth.ts';
import type { Captcha, UserDetail } from '../shared/contract/api/auth.schemas.ts';

export interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

/**
 * The token grant's parameters as a form body. Blade clients send them as a query string, which the server still
 * reads, but a URL with the password hash or the refresh token ends up in proxy and browser logs.
 */
const tokenForm = (params: Record<string, string>) => new URLSearchParams(params);

/** md5 for the password grant: not needed to draw the login form, so fetched by `preloadLogin` or on submit. */
const loadMd5 = () => import('js-md5');

/**
 * How long the login pages let the form's first frames settle before `preloadLogin` starts: its files go at low
 * priority, so they need not wait for the page to be idle (which on a slow line came after a quick user's click).
 */
const LOGIN_PREFETCH_WAIT_MS = 100;

/**
 * What a login needs beyond the form, fetched while the user fills it in (the login pages call it once the form is
 * drawn): md5, which the submit waits for, and `next` (the next screen's code) at low priority, so that neither md5
 * nor the token request the submit sends queues behind the next screen's files on a slow line. Returns its
 * cancellation (the form left before it started).
 */
export function preloadLogin(next: () => void): () => void {
  return whenIdle(() => {
    void loadMd5().catch(() => undefined);
    atLowPriority(next);
  }, LOGIN_PREFETCH_WAIT_MS);
}

/**
 * Password grant, or captcha grant when the form shows a captcha (the site's or the tenant's captcha mode): the
 * password travels as md5 hex; a failure rejects with the server's message.
 */
export async function login(form: LoginForm): Promise<UserInfo> {
  const { md5 } = await loadMd5();
  const response = await http.post<UserInfo>(
    TOKEN_URL,
    tokenForm({
      tenantId: form.tenantId,
      username: form.username,
      password: md5(form.password),
      grant_type: form.captchaKey ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    }),
    {
      noToken: true,
      headers: {
        'Tenant-Id': form.tenantId,
        ...(form.captchaKey ? { 'Captcha-Key': form.captchaKey, 'Captcha-Code': form.captchaCode ?? '' } : {}),
      },
    },
  );
  session.signedIn(response.data);
  return response.data;
}

let refreshing: Promise<UserInfo> | undefined;

/**
 * Refresh grant, optionally switching dept/role (switchMode); concurrent callers share one request. Refresh tokens
 * work once and a second use ends the login, so tabs refresh one at a time (Web Locks) and a tab that finds a newer
 * pair stored by another tab takes it instead of spending its own.
 */
export function refreshToken(switchTo: { deptId?: string; roleId?: string } = {}): Promise<UserInfo> {
  const switching = Boolean(switchTo.deptId || switchTo.roleId);
  if (refreshing && !switching) return refreshing;
  refreshing = oneTabAtATime(async () => {
    const adopted = session.adoptStored() ? session.get().userInfo : undefined;
    if (adopted && !switching) return adopted;
    const { refreshToken: token, tenantId } = session.get();
    const response = await http.post<UserInfo>(
      TOKEN_URL,
      tokenForm({ tenantId, refresh_token: token, grant_type: 'refresh_token', scope: 'all' }),
      {
        noToken: true,
        headers: { 'Tenant-Id': tenantId, 'Dept-Id': switchTo.deptId ?? '', 'Role-Id': switchTo.roleId ?? '' },
      },
    );
    session.signedIn(response.data, { refresh: true });
    return response.data;
  }).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('tenon-token-refresh', task) as Promise<T>) : task();
}

export const isRefreshing = () => refreshing !== undefined;

/**
 * Automatic refresh (spec §4): every 10 s, when the stored token's age reaches the token time and no refresh is in
 * flight, refresh. Returns the stop function.
 */
export function startAutoRefresh(): () => void {
  const timer = setInterval(() => {
    const { token } = session.get();
    if (!token || isRefreshing()) return;
    if (session.tokenAgeSeconds() >= site.tokenTime) void refreshToken().catch(() => undefined);
  }, site.refreshCheckMs);
  return () => clearInterval(timer);
}

/** Server logout (revokes the login everywhere), then the local one. */
export async function logout(): Promise<void> {
  try {
    await http.get(LOGOUT_URL, { silent: true });
  } finally {
    session.localLogout();
  }
}

export type { Captcha, UserDetail };
export async function fetchCaptcha(): Promise<Captcha> {
  return (await http.get<Captcha>(CAPTCHA_URL, { noToken: true })).data;
}

/** `oauth/user-info`: who the token says we are. */
export const fetchUserDetail = () => getData<UserDetail>(USER_INFO_URL);

/**
 * Clears the server's caches (dictionaries, grants) on every server process: the platform super administrator's call
 * alone. Anyone else's 清除缓存 re-reads only what his console holds, so the server's refusal is no failure to show.
 */
export async function clearServerCache(): Promise<void> {
  try {
    await http.get(CLEAR_CACHE_URL, { silent: [403] });
  } catch (error) {
    if (!(error instanceof ApiFailure && error.code === 403)) throw error;
  }
}
