import { defineModule } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';
import { totpRoutes } from './totp.routes.ts';

/** Sign-in: the token endpoint, captcha, sessions, the second factor. */
export const authModule = defineModule({ name: 'auth', routes: [authRoutes, totpRoutes] });
