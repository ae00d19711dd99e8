/**
 * The SpringBlade generation's auth routes (contract auth.md [SB]), which the open-source Saber 4.x console calls
 * without the `/api` prefix (`/blade-auth/token`: server/platform/api-prefix.ts); what they answer: saber.schemas.ts.
 */
export const SABER_TOKEN_URL = '/api/blade-auth/token';
export const SABER_CAPTCHA_URL = '/api/blade-auth/captcha';
export const SABER_LOGOUT_URL = '/api/blade-auth/logout';
