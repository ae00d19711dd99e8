/** The auth module's routes (contract auth.md); what they answer: auth.schemas.ts. */

const OAUTH = '/api/blade-auth/oauth';

export const TOKEN_URL = `${OAUTH}/token`;
export const TOKEN_REFRESH_URL = `${OAUTH}/token/refresh`;
export const CAPTCHA_URL = `${OAUTH}/captcha`;
export const LOGOUT_URL = `${OAUTH}/logout`;
export const USER_INFO_URL = `${OAUTH}/user-info`;
export const CLEAR_CACHE_URL = `${OAUTH}/clear-cache`;
