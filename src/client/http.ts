import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { site } from './config.ts';
import { currentLanguage, t } from './i18n.ts';
import { navigateTo } from './navigation.ts';
import { notify } from './notify.ts';
import { markReachable } from './reachability.ts';
import { session } from './session.ts';
import type { PageTotals } from '../shared/contract/page.ts';

/** The BladeX envelope. */
export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}
export interface Page<T> extends PageTotals {
  records: T[];
}

/** Per-request options of the error catalogue. */
declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not send the token (token endpoint, captcha). */
    noToken?: boolean;
    /** Handle every failure (or those of the listed codes) in the caller: no toast, no 401 logout. */
    silent?: boolean | readonly number[];
  }
}

export const basicAuthorization = () => `Basic ${btoa(`${site.clientId}:${site.clientSecret}`)}`;

/**
 * The console's axios instance, implementing spec §8: any HTTP status 200–500 passes; the code is the body's code
 * or the HTTP status; white-listed codes reject silently; 401 logs out locally and goes to /login; any other non-200
 * code toasts `msg`, else `error_description`, else 未知错误, and rejects. Network failures reject.
 */
export const http = axios.create({
  timeout: site.defaultTimeoutMs,
  validateStatus: (status) => status >= 200 && status <= 500,
  // The console authenticates by header, never by an XSRF cookie. Left on, axios reads that cookie through Chromium's
  // asynchronous Cookie Store before each same-origin request leaves: a trip to the browser process that held every
  // request back by 5–120 ms (while the tab rendered), a clicked screen's first rows included.
  withXSRFToken: false,
});

/**
 * The headers of every console request: the OAuth client, the language and, when signed in (and not `noToken`), the
 * caller's token. Requests the console sends by other means (Swagger UI's 接口文档) carry the same.
 */
export function consoleHeaders({ noToken = false } = {}): Record<string, string> {
  const headers: Record<string, string> = {
    Authorization: basicAuthorization(),
    'Accept-Language': currentLanguage() === 'en' ? 'en' : 'zh-CN',
  };
  const token = session.get().token;
  if (token && !noToken) headers['Blade-Auth'] = `bearer ${token}`;
  return headers;
}

// Synchronous: the request leaves in the caller's task, not some microtasks later (a clicked menu's first rows go
// out before React renders the screen, which a microtask would let run first).
http.interceptors.request.use(
  (config: InternalAxiosRequestConfig) => {
    config.timeout =
      config.timeout && config.timeout !== site.defaultTimeoutMs ? config.timeout : site.requestTimeoutMs;
    for (const [name, value] of Object.entries(consoleHeaders({ noToken: config.noToken })))
      config.headers.set(name, value);
    return config;
  },
  undefined,
  { synchronous: true },
);

const refusalListeners = new Set<() => void>();

/**
 * Called on every 403 the console did not expect: the caller's rights changed since his menus and buttons were read
 * (an administrator took a role away while he works), so whatever shows them reads them again.
 */
export function onRefused(listener: () => void): () => void {
  refusalListeners.add(listener);
  return () => {
    refusalListeners.delete(listener);
  };
}

export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly response?: AxiosResponse,
  ) {
    super(message);
  }
}

http.interceptors.response.use(
  (response) => {
    markReachable(true);
    const body = response.data as { code?: number; msg?: string; error_description?: string } | undefined;
    const code = (body && typeof body === 'object' && typeof body.code === 'number' ? body.code : 0) || response.status;
    if (code === 200) return response;
    const message =
      (body && typeof body === 'object' && (body.msg || body.error_description)) || t('common.unknownError');
    const { silent } = response.config;
    // A password grant answering `mfa_required` / `mfa_enrol_required` asks for the next step (the login page shows
    // the code form, src/client/totp.ts): not a failure to toast.
    const nextStep =
      body && typeof body === 'object' && typeof (body as { mfa_token?: unknown }).mfa_token === 'string';
    if (
      nextStep ||
      silent === true ||
      (silent && silent.includes(code)) ||
      (site.statusWhiteList as readonly number[]).includes(code)
    ) {
      return Promise.reject(new ApiFailure(code, message, response));
    }
    if (code === 401) {
      session.localLogout();
      navigateTo('/login');
      return Promise.reject(new ApiFailure(code, message, response));
    }
    if (code === 403) for (const listener of refusalListeners) listener();
    notify.error(message);
    return Promise.reject(new ApiFailure(code, message, response));
  },
  (error: AxiosError) => {
    // No answer at all (not a timeout of a slow one, nor a cancelled request): the server is out of reach.
    if (!error.response && error.code === AxiosError.ERR_NETWORK) markReachable(false);
    return Promise.reject(error);
  },
);

/** Answers asked for ahead of their screen (askEarly), by URL and parameters, each taken once. */
const early = new Map<string, { answer: Promise<unknown>; askedAt: number }>();
/** An early answer older than this is dropped rather than taken: its screen did not come, or came much later. */
const EARLY_ANSWER_MS = 30_000;
session.onLogout(() => early.clear());
const earlyKey = (url: string, params?: Record<string, unknown>) =>
  `${url}?${JSON.stringify(Object.entries(params ?? {}).sort(([a], [b]) => a.localeCompare(b)))}`;

/**
 * Sends a GET now for a screen whose code has not arrived yet (after a login on a slow line, the first screen's rows
 * and menus while its code downloads): the screen's own `getData` with the same URL and parameters takes this answer
 * instead of asking again. Only for requests the screen will make; the answer is kept at most 30 s.
 */
export function askEarly(url: string, params?: Record<string, unknown>): void {
  const answer = http.get<R<unknown>>(url, { params }).then((response) => response.data.data);
  answer.catch(() => undefined); // reported by the interceptor; the screen that takes it sees the failure too
  early.set(earlyKey(url, params), { answer, askedAt: Date.now() });
}

/** GET/POST returning the envelope's `data`. */
export async function getData<T>(
  url: string,
  params?: Record<string, unknown>,
  config?: { silent?: boolean },
): Promise<T> {
  if (early.size > 0) {
    const key = earlyKey(url, params);
    const asked = early.get(key);
    early.delete(key);
    if (asked && Date.now() - asked.askedAt < EARLY_ANSWER_MS) return asked.answer as Promise<T>;
  }
  return (await http.get<R<T>>(url, { ...config, params })).data.data;
}
export async function postData<T>(url: string, body?: unknown, params?: Record<string, unknown>): Promise<T> {
  return (await http.post<R<T>>(url, body, { params })).data.data;
}
