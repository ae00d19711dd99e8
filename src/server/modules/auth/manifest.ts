import { defineModule } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';
import { saberAuthRoutes } from './saber-token.routes.ts';

/** Sign-in: the token endpoint, captcha, sessions; SpringBlade's forms of them for Saber 4.x. */
export const authModule = defineModule({ name: 'auth', routes: [authRoutes, saberAuthRoutes] });
