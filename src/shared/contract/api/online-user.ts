import { Type, type Static } from 'typebox';
import { OpenObject } from '../wire.ts';

/** 在线用户 (issue 37 §4): the live logins of a tenant (all tenants for the platform) and 强制退出. */
export const ONLINE_USER_PAGE_URL = '/api/blade-auth/online-user/page';
export const ONLINE_USER_LOGOUT_URL = '/api/blade-auth/online-user/logout';
/** Public, before sign-in: whether the login form must show the captcha for a tenant. */
export const LOGIN_OPTIONS_URL = '/api/blade-auth/oauth/login-options';

/** The menu of the screen and its button (menus of modules/log, under 系统监控). */
export const ONLINE_USER_MENU = 'online_user';
export const ONLINE_USER_FORCE_LOGOUT = 'online_user_logout';

export const OnlineSession = OpenObject({
  sessionId: Type.String(),
  tenantId: Type.String(),
  tenantName: Type.String(),
  userId: Type.String(),
  account: Type.String(),
  realName: Type.String(),
  clientId: Type.String({ description: 'the OAuth client the login was made with (saber, sword, ...)' }),
  ip: Type.String(),
  userAgent: Type.String(),
  loginTime: Type.String({ description: 'yyyy-MM-dd HH:mm:ss' }),
  lastActiveTime: Type.String({ description: 'yyyy-MM-dd HH:mm:ss, to the minute' }),
  current: Type.Boolean({ description: "the caller's own login" }),
});
export type OnlineSession = Static<typeof OnlineSession>;

export const LoginOptions = OpenObject({ captchaMode: Type.Boolean() });
export type LoginOptions = Static<typeof LoginOptions>;
