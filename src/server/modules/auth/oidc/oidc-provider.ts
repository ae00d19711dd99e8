import Provider, { type ClaimsAccount } from 'oidc-provider';
import type { Services } from '../../../services.ts';
import { DEFAULT_AVATAR, GrantError, type TokenService } from '../token.service.ts';
import { BladeClientAdapter, PostgresOidcAdapter } from './oidc-adapter.ts';
import { cookieKeys, signingKey } from './oidc-keys.ts';

/** Where the authorization server lives on Tenon's origin; its issuer is `<TENON_PUBLIC_URL>/oauth2`. */
export const OIDC_MOUNT = '/oauth2';
export const interactionPath = (uid: string) => `${OIDC_MOUNT}/interaction/${uid}`;

/** Seconds: a code is exchanged by a server right after the redirect, or never. */
const CODE_TTL = 60;

/**
 * Tenon as an OAuth 2.0 / OpenID Connect authorization server (oidc-provider): its clients are blade_client rows
 * listing `authorization_code`, its accounts Tenon's users (subject = user id), its state rows of
 * blade_oidc_payload, its ID-token key sealed there too.
 */
export async function createOidcProvider(services: Services, tokens: TokenService): Promise<Provider> {
  const { config, db } = services;
  const key = await signingKey(db, config.jwtSecret);
  const provider = new Provider(`${config.publicUrl}${OIDC_MOUNT}`, {
    adapter: (name: string) => (name === 'Client' ? new BladeClientAdapter(db) : new PostgresOidcAdapter(db, name)),
    clients: [],
    jwks: { keys: [key] },
    cookies: { keys: cookieKeys(config.jwtSecret) },
    findAccount: async (_ctx: unknown, sub: string): Promise<ClaimsAccount | undefined> => {
      const user = await tokens.liveUser(sub).catch((error: unknown) => {
        if (error instanceof GrantError) return undefined;
        throw error;
      });
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: user.real_name || user.account,
          preferred_username: user.account,
          tenant_id: user.tenant_id,
          picture: user.avatar || `${config.publicUrl}${DEFAULT_AVATAR}`,
          email: user.email || undefined,
          phone_number: user.phone || undefined,
        }),
      };
    },
    scopes: ['openid', 'profile', 'email', 'phone', 'offline_access'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'picture', 'tenant_id'],
      email: ['email'],
      phone: ['phone_number'],
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => interactionPath(interaction.uid) },
    // S256 only; required of public clients (client type public: no secret), allowed for confidential ones.
    pkce: {
      methods: ['S256'],
      required: (_ctx: unknown, client: { clientAuthMethod: string }) => client.clientAuthMethod === 'none',
    },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    // blade_client.autoapprove, read by the authorize page (oidc-adapter.ts).
    extraClientMetadata: { properties: ['autoapprove'] },
    responseTypes: ['code'],
    ttl: {
      AuthorizationCode: CODE_TTL,
      AccessToken: 3600,
      IdToken: 3600,
      RefreshToken: 7 * 24 * 3600,
      Interaction: 10 * 60,
      Session: 8 * 3600,
      Grant: 7 * 24 * 3600,
    },
    features: {
      // Tenon's own authorize page (oidc.routes.ts), never the library's development one.
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    // Browsers outside the console (the relying parties' pages) fetch discovery and JWKS; tokens are server to server.
    clientBasedCORS: () => false,
    renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = JSON.stringify(out);
    },
  });
  // Behind an https proxy, its forwarded protocol makes the cookies secure and the URLs https.
  provider.proxy = config.publicUrl.startsWith('https:');
  return provider;
}
