import { socialProvider } from '../../../shared/entities/auth/social-provider.ts';
import { sealedFieldHooks } from '../../platform/sealed-text.ts';
import { defineModule } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';
import { onlineRoutes } from './online.routes.ts';
import { oidcRoutes } from './oidc/oidc.routes.ts';
import { saberAuthRoutes } from './saber-token.routes.ts';
import { SOCIAL_SECRET_PURPOSE } from './social.service.ts';
import { socialRoutes } from './social.routes.ts';
import { totpRoutes } from './totp.routes.ts';

/**
 * Sign-in: the token endpoint, captcha, sessions (在线用户), the second factor (TOTP), social login, SpringBlade's
 * forms of them for Saber 4.x, and the SSO authorization server (oidc/).
 */
export const authModule = defineModule({
  name: 'auth',
  entities: [socialProvider],
  // The client secret is sealed before it is written; an edit with it blank keeps the stored one.
  hooks: {
    [socialProvider.name]: (services) => {
      const { jwtSecret } = services.config;
      return {
        prepare: sealedFieldHooks('clientSecret', jwtSecret, SOCIAL_SECRET_PURPOSE).prepare,
        beforeWrite: sealedFieldHooks('client_secret', jwtSecret, SOCIAL_SECRET_PURPOSE).beforeWrite,
      };
    },
  },
  routes: [authRoutes, onlineRoutes, totpRoutes, socialRoutes, saberAuthRoutes, oidcRoutes],
});
