import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LOGIN_OPTIONS_URL } from '../shared/contract/api/online-user.ts';
import { site } from './config.ts';
import { getData } from './http.ts';

/** How long the tenant field rests before its tenant's 验证码模式 is asked. */
const TYPING_PAUSE_MS = 300;

/**
 * Whether the login form shows the captcha: the site's captcha mode, or the tenant's (blade_tenant.captcha_mode,
 * which the server enforces: a password login of such a tenant is refused without it).
 */
export function useCaptchaMode(tenantId: string): boolean {
  const [asked, setAsked] = useState(tenantId.trim());
  useEffect(() => {
    const timer = setTimeout(() => setAsked(tenantId.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [tenantId]);
  const options = useQuery({
    queryKey: ['login-options', asked],
    queryFn: () => getData<{ captchaMode: boolean }>(LOGIN_OPTIONS_URL, { tenantId: asked }, { silent: true }),
    enabled: !site.captchaMode && asked !== '',
    staleTime: 60_000,
    retry: false,
  });
  return site.captchaMode || options.data?.captchaMode === true;
}
