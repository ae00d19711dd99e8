import { useSyncExternalStore } from 'react';
import { DEFAULT_TIME_ZONE, setTimeZoneSource } from '../shared/contract/time.ts';
import type { TokenAnswer } from '../shared/contract/api/auth.schemas.ts';
import { site } from './config.ts';
import { getCookie, getStore, getStoreTime, removeCookie, removeStore, setCookie, setStore } from './storage.ts';

/**
 * What the token endpoint returns (its response schema, auth.schemas.ts) and the console keeps as `userInfo` (spec
 * §3 "User info"); the keys sessions stored before the server sent them may lack are optional (`time_zone`: the
 * tenant's IANA time zone, the console's clock runs in it).
 */
export type UserInfo = Pick<
  TokenAnswer,
  | 'access_token'
  | 'refresh_token'
  | 'tenant_id'
  | 'user_id'
  | 'user_name'
  | 'account'
  | 'real_name'
  | 'nick_name'
  | 'avatar'
  | 'dept_id'
  | 'role_id'
  | 'role_name'
> &
  Partial<Pick<TokenAnswer, 'tenant_name' | 'oauth_id' | 'expires_in' | 'time_zone'>>;

export interface SessionState {
  token: string;
  refreshToken: string;
  tenantId: string;
  userInfo?: UserInfo;
  isLock: boolean;
  lockPasswd: string;
}

/**
 * The logged-in session (spec §4): tokens in the `saber-*-token` cookies (and the token's time in the store, for
 * the refresh check), user info and tenant in local storage, lock state and password in session storage.
 */
function load(): SessionState {
  return {
    token: getCookie('access-token') ?? '',
    refreshToken: getCookie('refresh-token') ?? '',
    tenantId: getStore<string>('tenantId') ?? site.defaultTenantId,
    userInfo: getStore<UserInfo>('userInfo'),
    isLock: getStore<boolean>('isLock') ?? false,
    lockPasswd: getStore<string>('lockPasswd') ?? '',
  };
}

let state: SessionState = load();
const listeners = new Set<() => void>();
const logoutListeners = new Set<() => void>();

function update(next: Partial<SessionState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  /** Login or refresh succeeded: keep the tokens and who we are; a new login clears the lock. */
  signedIn(info: UserInfo, options: { refresh?: boolean } = {}) {
    setCookie('access-token', info.access_token);
    setCookie('refresh-token', info.refresh_token);
    setStore('token', info.access_token);
    setStore('tenantId', info.tenant_id);
    setStore('userInfo', info);
    if (!options.refresh) {
      removeStore('isLock');
      removeStore('lockPasswd');
    }
    update({
      token: info.access_token,
      refreshToken: info.refresh_token,
      tenantId: info.tenant_id,
      userInfo: info,
      ...(options.refresh ? {} : { isLock: false, lockPasswd: '' }),
    });
  },

  /**
   * Takes the tokens another tab stored after refreshing (a refresh token works once, so this tab's copy is
   * spent); true when there were newer ones.
   */
  adoptStored(): boolean {
    const stored = load();
    if (!stored.token || !stored.refreshToken || stored.refreshToken === state.refreshToken) return false;
    update({ token: stored.token, refreshToken: stored.refreshToken, userInfo: stored.userInfo ?? state.userInfo });
    return true;
  },

  /** The profile changed (avatar, names) or the tenant's time zone: the shell shows it without a new login. */
  updateUserInfo(changes: Partial<Pick<UserInfo, 'avatar' | 'real_name' | 'nick_name' | 'time_zone'>>) {
    if (!state.userInfo) return;
    const userInfo = { ...state.userInfo, ...changes };
    setStore('userInfo', userInfo);
    update({ userInfo });
  },

  /** Seconds since the token was stored (the automatic refresh compares it with the token time). */
  tokenAgeSeconds(): number {
    const at = getStoreTime('token');
    return at === undefined ? Number.POSITIVE_INFINITY : (Date.now() - at) / 1000;
  },

  /** Clears token, user, lock and everything layouts keep per login (menus, roles, tabs): spec §4 logout. */
  localLogout() {
    removeCookie('access-token');
    removeCookie('refresh-token');
    for (const name of [
      'token',
      'userInfo',
      'isLock',
      'lockPasswd',
      'menu',
      'menuAll',
      'permission',
      'roles',
      'tagList',
      'tag',
    ])
      removeStore(name);
    update({ token: '', refreshToken: '', userInfo: undefined, isLock: false, lockPasswd: '' });
    for (const listener of logoutListeners) listener();
  },
  onLogout(listener: () => void) {
    logoutListeners.add(listener);
    return () => {
      logoutListeners.delete(listener);
    };
  },

  lock() {
    setStore('isLock', true, true);
    update({ isLock: true });
  },
  setLockPassword(password: string) {
    setStore('lockPasswd', password, true);
    update({ lockPasswd: password });
  },
  /** Unlocks when the password matches the lock password; the password stays for the next lock. */
  unlock(password: string): boolean {
    if (password !== state.lockPasswd) return false;
    removeStore('isLock');
    update({ isLock: false });
    return true;
  },
  /** Re-reads storage (another tab logged out or in). */
  reload() {
    state = load();
    for (const listener of listeners) listener();
  },
};

// The console shows times in the tenant's zone, whatever zone the browser is in (docs/time-zones.md).
setTimeZoneSource(() => state.userInfo?.time_zone || DEFAULT_TIME_ZONE);

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}
