import { session, type UserInfo } from '../../../src/client/session.ts';

/** The signed-in user of component tests (what each file's DOM needs is set up by setup.ts, before each file). */
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
