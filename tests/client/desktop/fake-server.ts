import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { permissionMap, type MenuNode } from '../../../src/client/api/system.ts';
import { http } from '../../../src/client/http.ts';
import { setNotifier } from '../../../src/client/notify.ts';
import { session } from '../../../src/client/session.ts';
import { setStore } from '../../../src/client/storage.ts';
import { LIVE_APPROVALS_URL } from '../../../src/shared/develop/live.ts';
import { signIn } from '../support/dom.ts';

/** One request the console sent: query parameters, the JSON body, or the multipart form of an upload. */
export interface Sent {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
  form?: FormData;
}
/** An envelope, or `[status, body]`. */
export type Reply = [status: number, data: unknown] | unknown;
/** A handler may hold its answer (a promise) to show what the page does while a request runs. */
export type Handler = (request: Sent) => Reply | Promise<Reply>;

export const ok = (data: unknown) => ({ code: 200, success: true, data, msg: '操作成功' });
export const refuse = (msg: string, status = 400): Reply => [status, { code: status, success: false, data: null, msg }];
export const page = (records: unknown[], total = records.length) =>
  ok({ records, total, size: 10, current: 1, pages: Math.ceil(total / 10) });
/** The menu/buttons tree granting exactly these codes. */
export const buttonsOf = (codes: string[]) => codes.map((c) => ({ id: c, code: c, category: 2 }));
/** The menu/buttons tree of a screen: the four standard verbs plus extra codes. */
export const buttons = (code: string, extra: string[] = []) =>
  buttonsOf([...['add', 'edit', 'delete', 'view'].map((verb) => `${code}_${verb}`), ...extra]);

/**
 * What every server answers where a test names no handler of its own: the approved live models the console learns
 * beside the flow categories (none, as on a server where no model is published).
 */
const ANSWERED_ANYWAY: Record<string, Handler> = { [`GET ${LIVE_APPROVALS_URL}`]: () => ok([]) };

/** A fake server behind the console's axios instance: `METHOD path` -> envelope (or [status, body]); 404 otherwise. */
export function fakeServer() {
  const sent: Sent[] = [];
  let routes: Record<string, Handler> = {};
  const serve = (handlers: Record<string, Handler>) => {
    routes = handlers;
    // A real login stores the button permissions before the first page shows (LoginPage), so a page renders its
    // buttons with its rows. Without them a page's rows and buttons arrive in either order.
    const buttonTree = handlers['GET /api/blade-system/menu/buttons'];
    if (buttonTree) {
      const reply = buttonTree({
        method: 'GET',
        url: '/api/blade-system/menu/buttons',
        params: {},
        body: undefined,
      }) as { data: MenuNode[] };
      setStore('permission', permissionMap(reply.data));
    }
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      const request: Sent = {
        method: (config.method ?? 'get').toUpperCase(),
        url: config.url ?? '',
        params: (config.params ?? {}) as Record<string, unknown>,
        body: typeof config.data === 'string' ? (JSON.parse(config.data) as Record<string, unknown>) : undefined,
        ...(config.data instanceof FormData ? { form: config.data } : {}),
      };
      sent.push(request);
      const route = `${request.method} ${request.url}`;
      const handler = routes[route] ?? ANSWERED_ANYWAY[route];
      const reply = await (handler ? handler(request) : refuse('no route', 404));
      const [status, data] =
        Array.isArray(reply) && typeof reply[0] === 'number' ? (reply as [number, unknown]) : [200, reply];
      return { data, status, statusText: String(status), headers: {}, config } satisfies AxiosResponse;
    }) as AxiosAdapter;
  };
  const calls = (method: string, url: string) => sent.filter((r) => r.method === method && r.url === url);
  const reset = () => {
    sent.length = 0;
  };
  return { serve, calls, reset, sent };
}

/**
 * The usual hooks of a page test: before each, the server's calls forgotten, `errors` emptied and fed by the
 * notifier (successes ignored), signed in; after each, unmounted and logged out, the language back to zh, then
 * `after` (more clean-up).
 */
export function useFakeServer(server: { reset: () => void }, errors: string[] = [], after?: () => void): void {
  beforeEach(() => {
    server.reset();
    errors.length = 0;
    setNotifier({ error: (text) => errors.push(text), success: () => undefined });
    signIn();
  });
  afterEach(async () => {
    cleanup();
    session.localLogout();
    if (i18next.language !== 'zh') await i18next.changeLanguage('zh');
    after?.();
  });
}
