import { secondFactorOf, type SecondFactor } from '../../client/totp.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import Button from 'antd/es/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../client/notify.ts';
import { fetchSocialSources, isGuest, socialLogin, startSocialLogin } from '../../client/social.ts';
import type { UserInfo } from '../../client/session.ts';
import { SOCIAL_MESSAGES } from '../../shared/i18n/social-messages.ts';
import { SOCIAL_LABELS } from './social-labels.ts';

const SocialRegisterDialog = lazy(() => import('./SocialRegisterDialog.tsx'));

/** What the provider sent back to /login (oauth/callback), taken off the address so a reload does not resend it. */
function takeReturn() {
  const params = new URLSearchParams(window.location.search);
  const source = params.get('social');
  if (!source) return undefined;
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return { source, code: params.get('code') ?? '', state: params.get('state') ?? '', error: params.get('error') };
}

/**
 * The login page's social part (issue 37): a button per provider the tenant configured, and the return from the
 * provider: a bound identity signs in (`onSignedIn`), a guest gets the registration dialog (spec §2/§5).
 */
export function SocialLogin({
  tenantId,
  onSignedIn,
  onSecondFactor,
}: {
  tenantId: string;
  onSignedIn: () => Promise<void>;
  /** The identity's account signs in with a second factor: the login page asks for it. */
  onSecondFactor: (factor: SecondFactor) => void;
}) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [guest, setGuest] = useState<UserInfo>();
  const [busy, setBusy] = useState(false);
  const sources = useQuery({
    queryKey: ['social-sources', tenantId],
    queryFn: () => fetchSocialSources(tenantId),
    retry: false,
    staleTime: 60_000,
  });

  useEffect(() => {
    const back = takeReturn();
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

  return (
    <>
      {(sources.data?.length ?? 0) > 0 && (
        <div className="tenon-login-social">
          <div className="tenon-login-social-title">{SOCIAL_LABELS.others[lang]}</div>
          {sources.data!.map((source) => (
            <Button
              key={source.source}
              block
              loading={busy}
              title={SOCIAL_LABELS.signInWith[lang].replace('{name}', source.name)}
              onClick={() => startSocialLogin(source.source, tenantId)}
            >
              {source.name}
            </Button>
          ))}
        </div>
      )}
      {guest && (
        <Suspense fallback={null}>
          <SocialRegisterDialog guest={guest} onClose={() => setGuest(undefined)} />
        </Suspense>
      )}
    </>
  );
}
