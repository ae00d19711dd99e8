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
    new SocialLogin(services.db, services.kv, services.config.jwtSecret),
  );
}
