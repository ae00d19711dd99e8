import type { RouteInfo, Tab } from './types.ts';

export interface GuardInput {
  path: string;
  /** Path plus query string: the tab's value. */
  fullPath: string;
  query?: Record<string, string>;
  /** The access-token cookie (undefined or '' when there is none). */
  token: string | undefined;
  /** The token kept in the store beside the cookie. */
  storedToken: string;
  isLock: boolean;
  lockPage: string;
  /** Undefined while the route is unknown (menus not loaded yet, or no such route). */
  route: RouteInfo | undefined;
}

export type GuardDecision =
  | { action: 'redirect'; to: string }
  /** Local logout first, then go to `to`. */
  | { action: 'logout'; to: string }
  | { action: 'pass'; tab?: Tab };

/** The route guard of spec §2, rule by rule and in its order. */
export function guard(input: GuardInput): GuardDecision {
  const meta = input.route?.meta ?? {};
  if (input.token) {
    if (input.isLock && input.path !== input.lockPage) return { action: 'redirect', to: input.lockPage };
    if (input.path === '/login') return { action: 'redirect', to: '/' };
    if (input.storedToken.length === 0) return { action: 'logout', to: '/login' };
    const label = input.route?.label;
    if (meta.isTab !== false && input.fullPath && label) {
      const tab: Tab = { label, value: input.fullPath, meta };
      if (input.route?.labelEn) tab.labelEn = input.route.labelEn;
      if (input.query && Object.keys(input.query).length > 0) tab.query = input.query;
      return { action: 'pass', tab };
    }
    return { action: 'pass' };
  }
  if (meta.isAuth === false) return { action: 'pass' };
  return { action: 'redirect', to: '/login' };
}

/** Browser title from the tab label: "<label> - ERP 系统". */
export function pageTitle(label: string | undefined, appName: string): string {
  return label ? `${label} - ${appName}` : appName;
}
