import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http, type R } from './http.ts';
import { navigateTo } from './navigation.ts';
import { notify } from './notify.ts';
import { session, type UserInfo } from './session.ts';
import { secondFactorOf, type SecondFactor } from './totp.ts';
import { TOKEN_URL } from '../shared/contract/api/auth.ts';
import { REGISTER_GUEST_URL, SOCIAL_SOURCES_URL, socialRenderUrl } from '../shared/contract/api/social.ts';
import type { SocialSource } from '../shared/contract/api/social.schemas.ts';
import type { LocalText } from '../shared/i18n/server-messages.ts';
import { SOCIAL_MESSAGES } from '../shared/i18n/social-messages.ts';

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

/** The registration's first problem, in the spec's order (§5), with the field it is about; undefined when none. */
export function registrationProblem(
  form: GuestRegistration,
): { field: keyof GuestRegistration; message: LocalText } | undefined {
  if (!form.tenantId.trim()) return { field: 'tenantId', message: SOCIAL_MESSAGES.tenantRequired };
  if (!form.account.trim()) return { field: 'account', message: SOCIAL_MESSAGES.accountRequired };
  if (!form.password) return { field: 'password', message: SOCIAL_MESSAGES.passwordRequired };
  if (!form.password2) return { field: 'password2', message: SOCIAL_MESSAGES.passwordRequired };
  if (form.password !== form.password2) return { field: 'password2', message: SOCIAL_MESSAGES.passwordMismatch };
  return undefined;
}

/** What the provider sent back to /login (oauth/callback), taken off the address so a reload does not resend it. */
function takeSocialReturn() {
  const params = new URLSearchParams(window.location.search);
  const source = params.get('social');
  if (!source) return undefined;
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return { source, code: params.get('code') ?? '', state: params.get('state') ?? '', error: params.get('error') };
}

/**
 * The login page's social part, for either layout: the tenant's providers (its buttons), and the return from one: a
 * bound identity signs in (`onSignedIn`), an account with a second factor asks for it (`onSecondFactor`), a guest is
 * answered for the registration form (until `dismissGuest`).
 */
export function useSocialLogin({
  tenantId,
  lang,
  onSignedIn,
  onSecondFactor,
}: {
  tenantId: string;
  lang: 'zh' | 'en';
  onSignedIn: () => unknown;
  onSecondFactor: (factor: SecondFactor) => void;
}) {
  const [guest, setGuest] = useState<UserInfo>();
  const [busy, setBusy] = useState(false);
  const sources = useQuery({
    queryKey: ['social-sources', tenantId],
    queryFn: () => fetchSocialSources(tenantId),
    retry: false,
    staleTime: 60_000,
  });

  useEffect(() => {
    const back = takeSocialReturn();
    if (!back) return;
    if (back.error || !back.code) {
      notify.error(SOCIAL_MESSAGES.providerDenied[lang]);
      return;
    }
    setBusy(true);
    socialLogin(back).then(
      async (info) => {
        if (isGuest(info)) {
          setGuest(info);
          setBusy(false);
        } else await onSignedIn();
      },
      (error: unknown) => {
        setBusy(false); // the interceptor showed the server's message
        const factor = secondFactorOf(error);
        if (factor) onSecondFactor(factor);
      },
    );
    // Once, for the address the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { sources: sources.data ?? [], busy, guest, dismissGuest: () => setGuest(undefined) };
}

/**
 * The registration form of a guest, for either layout (spec §2/§5): the tenant (known from the guest's token, then
 * not asked), name, account, password twice, checked in the spec's order; on success the server's notice that the
 * account awaits an administrator's approval, a local logout and /login.
 */
export function useGuestRegistration(guest: UserInfo, lang: 'zh' | 'en', onDone: () => void) {
  const [values, setValues] = useState<GuestRegistration>({
    tenantId: guest.tenant_id ?? '',
    name: guest.real_name || guest.nick_name || '',
    account: '',
    password: '',
    password2: '',
  });
  const [problem, setProblem] = useState<{ field: keyof GuestRegistration; message: string }>();
  const [saving, setSaving] = useState(false);

  const change = (field: keyof GuestRegistration, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async () => {
    const found = registrationProblem(values);
    setProblem(found && { field: found.field, message: found.message[lang] });
    if (found) return;
    setSaving(true);
    try {
      notify.success(await registerGuest(guest, { ...values, account: values.account.trim() }));
    } catch {
      setSaving(false); // the interceptor showed the server's message
      return;
    }
    session.localLogout();
    onDone();
    navigateTo('/login');
  };

  return { tenantKnown: Boolean(guest.tenant_id), values, change, problem, saving, submit };
}
