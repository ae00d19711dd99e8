import { defineModule } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';

/** Sign-in: the token endpoint, captcha, sessions. */
export const authModule = defineModule({ name: 'auth', routes: [authRoutes] });
