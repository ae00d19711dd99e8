import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';
import { ApiError } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { TokenService } from './token.service.ts';
import { SocialLogin } from './social.service.ts';
import { TotpService } from './totp.service.ts';

/** The token endpoint's service over the app's shared parts: one construction for every sign-in route. */
export function tokenServiceOf(services: Services): TokenService {
  return new TokenService(
    services.db,
    services.kv,
    services.signer,
    services.sessions,
    services.timeZones,
    services.accounts,
    new TotpService(services.db, services.kv, services.config.jwtSecret, services.accounts),
    new SocialLogin(services.db, services.kv, services.config.jwtSecret, services.config.socialPrivate),
  );
}

/**
 * The per-client-IP limit of the sign-in routes (`name`: their counters' namespace), shared through Redis when
 * configured: a guesser can neither lock every account of a tenant (five failures lock an account for 30 minutes)
 * nor flood the captcha or state stores. Limits only the routes whose config asks for it: the returned config.
 */
export async function registerSignInLimit(app: FastifyInstance, services: Services, name: string) {
  await app.register(rateLimit, {
    global: false,
    redis: services.kv.redis,
    nameSpace: `${services.config.kvPrefix}${name}-rate:`,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, MESSAGES.tooManyRequests, { name: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  return { public: true, rateLimit: { max: services.config.tokenRateLimit, timeWindow: 60_000 } };
}
