/** The auth module's routes (contract auth.md); what they answer: auth.schemas.ts. */

export const TOKEN_URL = '/api/blade-auth/oauth/token';
export const TOKEN_REFRESH_URL = '/api/blade-auth/oauth/token/refresh';
export const CAPTCHA_URL = '/api/blade-auth/oauth/captcha';
export const LOGOUT_URL = '/api/blade-auth/oauth/logout';
export const USER_INFO_URL = '/api/blade-auth/oauth/user-info';
export const CLEAR_CACHE_URL = '/api/blade-auth/oauth/clear-cache';
