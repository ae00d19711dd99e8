import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18n } from '../../../src/client/i18n.ts';
import { session, type UserInfo } from '../../../src/client/session.ts';

/** What every component test under happy-dom needs: media queries (antd and antd-mobile read them) and i18n. */
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
initI18n();
// findBy* and waitFor poll a condition until it holds; their default budget of 1 s is shorter than one antd render
// plus one role query on a 2-core machine kept busy by other processes. The browser tests allow 10 s too.
configure({ asyncUtilTimeout: 10_000 });
// Every test unmounts what it rendered (Vitest runs without globals, so Testing Library cannot register this itself):
// a tree left mounted keeps React's scheduler working after the file's DOM is torn down (`window is not defined`).
afterEach(cleanup);

export const userInfo: UserInfo = {
  access_token: 'test-token',
  refresh_token: 'test-refresh',
  tenant_id: '000000',
  user_id: '1',
  user_name: 'admin',
  account: 'admin',
  real_name: '管理员',
  nick_name: '管理员',
  avatar: '',
  dept_id: '1',
  role_id: '1',
  role_name: 'administrator',
};

/** Signs the session in without a server (cookies and storage as a real login leaves them). */
export function signIn() {
  session.signedIn(userInfo);
}
