import { http, type R } from './http.ts';
import { session, type UserInfo } from './session.ts';
import { TOKEN_URL } from '../shared/contract/api/auth.ts';
import { REGISTER_GUEST_URL, SOCIAL_SOURCES_URL, socialRenderUrl } from '../shared/contract/api/social.ts';
import type { SocialSource } from '../shared/contract/api/social.schemas.ts';

export type { SocialSource };

/** The tenant's social login providers (the login page's buttons); none when the server has none or fails. */
export async function fetchSocialSources(tenantId: string): Promise<SocialSource[]> {
  if (!tenantId) return [];
  const response = await http.get<R<SocialSource[]>>(SOCIAL_SOURCES_URL, {
    params: { tenantId },
    noToken: true,
    silent: true,
  });
  return response.data.data ?? [];
}

/** Leaves for the provider's sign-in page (it comes back to /login with `social`, `code` and `state`). */
export function startSocialLogin(source: string, tenantId: string): void {
  window.location.assign(socialRenderUrl(source, tenantId));
}

/** A guest of a social login: an identity no account is bound to yet (contract auth.md §6 step 5). */
export const isGuest = (info: UserInfo) => !info.user_id || Number(info.user_id) < 0;

/**
 * The social grant with what the provider sent back. A bound identity signs in (the session is stored); a guest's
 * answer is returned without being stored: its token opens the registration alone.
 */
export async function socialLogin(form: { source: string; code: string; state: string }): Promise<UserInfo> {
  const response = await http.post<UserInfo>(
    TOKEN_URL,
    new URLSearchParams({ grant_type: 'social', scope: 'all', ...form }),
    { noToken: true },
  );
  if (!isGuest(response.data)) session.signedIn(response.data);
  return response.data;
}

export interface GuestRegistration {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

/** `user/register-guest` with the guest's token; the server's message (awaiting approval) on success. */
export async function registerGuest(guest: UserInfo, form: GuestRegistration): Promise<string> {
  const response = await http.post<R<null>>(
    REGISTER_GUEST_URL,
    new URLSearchParams({ ...form, oauthId: guest.oauth_id ?? '' }),
    { noToken: true, headers: { 'Blade-Auth': `bearer ${guest.access_token}` } },
  );
  return response.data.msg;
}
