/** Social login's routes (contract auth.md §5-6, issue 37); what they answer: social.schemas.ts. */

const OAUTH = '/api/blade-auth/oauth';
/** `GET …/render/{source}?tenantId=`: 302 to the provider. */
export const SOCIAL_RENDER_URL = `${OAUTH}/render/:source`;
/** `GET …/callback/{source}?code=&state=`: 302 back to the console's login page, which posts the social grant. */
export const SOCIAL_CALLBACK_URL = `${OAUTH}/callback/:source`;
/**
 * `GET …/revoke/{source}/{token}` (auth.md §5): ends the caller's binding at the provider. `{token}` names the
 * authorization revoked, as JustAuth's provider token does in SpringBlade: here the binding's `oauth_id` (the social
 * login's token answer and `oauth/refresh/{source}` carry it), since Tenon keeps no provider token after the login.
 */
export const SOCIAL_REVOKE_URL = `${OAUTH}/revoke/:source/:token`;
export const SOCIAL_REFRESH_URL = `${OAUTH}/refresh/:source`;
/** `GET …/sources?tenantId=`: the tenant's enabled providers (public: the login page lists them). */
export const SOCIAL_SOURCES_URL = `${OAUTH}/sources`;
export const REGISTER_GUEST_URL = '/api/blade-system/user/register-guest';

export const socialRenderUrl = (source: string, tenantId: string) =>
  `${OAUTH}/render/${encodeURIComponent(source)}?tenantId=${encodeURIComponent(tenantId)}`;

/** The console page the callback returns to, with `social`, `code` and `state` (or `error`). */
export const SOCIAL_RETURN_PATH = '/login';
