import { socialProvider } from '../../../shared/entities/auth/social-provider.ts';
import { sealedFieldHooks } from '../../platform/sealed-text.ts';
import { defineModule } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';
import { SOCIAL_SECRET_PURPOSE } from './social.service.ts';
import { socialRoutes } from './social.routes.ts';

/** Sign-in: the token endpoint, captcha, sessions, social login. */
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
  routes: [authRoutes, socialRoutes],
});
