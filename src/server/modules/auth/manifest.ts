import { defineModule } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';
import { onlineRoutes } from './online.routes.ts';
import { oidcRoutes } from './oidc/oidc.routes.ts';

/** Sign-in: the token endpoint, captcha, sessions (在线用户), and the SSO authorization server (oidc/). */
export const authModule = defineModule({ name: 'auth', routes: [authRoutes, onlineRoutes, oidcRoutes] });
