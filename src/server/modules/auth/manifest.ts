import { defineModule } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';
import { onlineRoutes } from './online.routes.ts';

/** Sign-in: the token endpoint, captcha, sessions (在线用户). */
export const authModule = defineModule({ name: 'auth', routes: [authRoutes, onlineRoutes] });
