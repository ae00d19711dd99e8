import type { SecondFactor } from '../../client/totp.ts';
import { lazy, Suspense } from 'react';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { startSocialLogin, useSocialLogin } from '../../client/social.ts';
import { SOCIAL_LABELS } from '../../shared/i18n/social-labels.ts';

const SocialRegisterDialog = lazy(() => import('./SocialRegisterDialog.tsx'));

/**
 * The login page's social part (issue 37): a button per provider the tenant configured, and the return from the
 * provider (client/social.ts): a bound identity signs in (`onSignedIn`), a guest gets the registration dialog.
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
  const { sources, busy, guest, dismissGuest } = useSocialLogin({ tenantId, lang, onSignedIn, onSecondFactor });

  return (
    <>
      {sources.length > 0 && (
        <div className="tenon-login-social">
          <div className="tenon-login-social-title">{SOCIAL_LABELS.others[lang]}</div>
          {sources.map((source) => (
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
          <SocialRegisterDialog guest={guest} onClose={dismissGuest} />
        </Suspense>
      )}
    </>
  );
}
