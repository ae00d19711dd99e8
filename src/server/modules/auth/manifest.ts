import { defineModule } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';
import { onlineRoutes } from './online.routes.ts';
import { oidcRoutes } from './oidc/oidc.routes.ts';
import { saberAuthRoutes } from './saber-token.routes.ts';
import { totpRoutes } from './totp.routes.ts';

/**
 * Sign-in: the token endpoint, captcha, sessions (在线用户), the second factor (TOTP), SpringBlade's forms of them for
 * Saber 4.x, and the SSO authorization server (oidc/).
 */
export const authModule = defineModule({
  name: 'auth',
  routes: [authRoutes, onlineRoutes, totpRoutes, saberAuthRoutes, oidcRoutes],
});
