/** 在线用户 (issue 37 §4): the live logins of a tenant (all tenants for the platform) and 强制退出; answers: .schemas.ts */
export const ONLINE_USER_PAGE_URL = '/api/blade-auth/online-user/page';
export const ONLINE_USER_LOGOUT_URL = '/api/blade-auth/online-user/logout';
/** Public, before sign-in: whether the login form must show the captcha for a tenant (its 验证码模式). */
export const LOGIN_OPTIONS_URL = '/api/blade-auth/oauth/login-options';

/** The menu of the screen and its button (menus of modules/log, under 系统监控). */
export const ONLINE_USER_MENU = 'online_user';
export const ONLINE_USER_FORCE_LOGOUT = 'online_user_logout';
