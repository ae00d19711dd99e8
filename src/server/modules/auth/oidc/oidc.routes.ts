import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionDetails } from 'oidc-provider';
import { MESSAGES, text } from '../../../../shared/i18n/server-messages.ts';
import { langOf } from '../../../platform/errors.ts';
import type { Services } from '../../../services.ts';
import { GrantError } from '../token.service.ts';
import { consentPage, loginPage, messagePage } from './authorize-page.ts';
import { purgeExpired } from './oidc-adapter.ts';
import { createOidcProvider, OIDC_MOUNT } from './oidc-provider.ts';
import { tokenServiceOf, registerSignInLimit } from '../tokens-of.ts';

const PURGE_MS = 10 * 60_000;

const field = (body: unknown, name: string) => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' && !value.includes('\0') ? value.trim() : '';
};

/**
 * The SSO authorization server on Tenon's origin: oidc-provider's endpoints under /oauth2 (discovery at
 * /oauth2/.well-known/openid-configuration, also answered at /.well-known/openid-configuration), and the authorize
 * page its interactions open (/oauth2/interaction/:uid: sign in with tenant, account and password, then consent).
 */
export async function oidcRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const tokens = tokenServiceOf(services);
  const provider = await createOidcProvider(services, tokens);
  const handle = provider.callback();
  const toProvider = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw;
    // As an Express mount does: the provider sees its own path and finds its mount point in originalUrl.
    Object.assign(raw, { originalUrl: raw.url, url: (raw.url ?? '').slice(OIDC_MOUNT.length) || '/' });
    handle(raw, reply.raw);
  };

  // The provider reads its request bodies itself: no parser of the app's consumes them first.
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${OIDC_MOUNT}/*`, toProvider);
    scope.get('/.well-known/openid-configuration', (request, reply) => {
      Object.assign(request.raw, { url: `${OIDC_MOUNT}/.well-known/openid-configuration` });
      toProvider(request, reply);
    });
  });

  const clientName = async (details: InteractionDetails) => {
    const client = await provider.Client.find(String(details.params.client_id ?? ''));
    return client?.clientName ?? client?.clientId ?? '';
  };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  /** The interaction of the request's cookie; an expired or foreign one gets a page saying to start again. */
  const detailsOf = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid === (request.params as { uid?: string }).uid) return details;
    } catch {
      // SessionNotFound: no interaction cookie, or its row expired.
    }
    const lang = langOf(request);
    html(reply, 400, messagePage(lang, text(lang, MESSAGES.ssoExpired)));
    return undefined;
  };
  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    result: Record<string, unknown>,
    merge: boolean,
  ) =>
    reply.redirect(
      await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: merge }),
      303,
    );

  const signInLimit = await registerSignInLimit(fastify, services, 'sso');
  const page = { config: { public: true } };
  const limited = { config: signInLimit };
  fastify.get(`${OIDC_MOUNT}/interaction/:uid`, page, async (request, reply) => {
    const details = await detailsOf(request, reply);
    if (!details) return reply;
    const lang = langOf(request);
    const client = await clientName(details);
    if (details.prompt.name === 'login') {
      const hint = String(details.params.login_hint ?? '');
      return html(reply, 200, loginPage(lang, { uid: details.uid, client, tenantId: '000000', account: hint }));
    }
    const user = await tokens.liveUser(details.session?.accountId ?? '').catch(() => undefined);
    const missing = details.prompt.details.missingOIDCScope;
    const scopes = Array.isArray(missing) ? missing.map(String) : String(details.params.scope ?? '').split(' ');
    return html(reply, 200, consentPage(lang, { uid: details.uid, client, account: user?.account ?? '', scopes }));
  });

  // Password through the token endpoint's own check: lockout, tenant status and expiry, account status.
  fastify.post(`${OIDC_MOUNT}/interaction/:uid/login`, limited, async (request, reply) => {
    const details = await detailsOf(request, reply);
    if (!details) return reply;
    const tenantId = field(request.body, 'tenantId');
    const account = field(request.body, 'account');
    const password = field(request.body, 'password');
    try {
      const wire = password ? createHash('md5').update(password).digest('hex') : '';
      const user = await tokens.authenticate(tenantId, account, wire);
      await tokens.refuseSecondFactorAccounts(user);
      return await finish(request, reply, { login: { accountId: String(user.id) } }, false);
    } catch (error) {
      if (!(error instanceof GrantError)) throw error;
      const lang = langOf(request);
      const message = text(lang, error.local, error.vars);
      const client = await clientName(details);
      return html(reply, 400, loginPage(lang, { uid: details.uid, client, tenantId, account, error: message }));
    }
  });

  fastify.post(`${OIDC_MOUNT}/interaction/:uid/confirm`, page, async (request, reply) => {
    const details = await detailsOf(request, reply);
    if (!details) return reply;
    const accountId = details.session?.accountId;
    if (details.prompt.name !== 'consent' || !accountId) {
      const lang = langOf(request);
      return html(reply, 400, messagePage(lang, text(lang, MESSAGES.ssoExpired)));
    }
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) return html(reply, 400, messagePage(langOf(request), text(langOf(request), MESSAGES.ssoExpired)));
    const missing = details.prompt.details;
    if (Array.isArray(missing.missingOIDCScope)) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (Array.isArray(missing.missingOIDCClaims)) grant.addOIDCClaims(missing.missingOIDCClaims.map(String));
    const resources = missing.missingResourceScopes as Record<string, string[]> | undefined;
    for (const [indicator, scopes] of Object.entries(resources ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    return finish(request, reply, details.grantId ? {} : { consent: { grantId } }, true);
  });

  fastify.post(`${OIDC_MOUNT}/interaction/:uid/abort`, page, async (request, reply) => {
    if (!(await detailsOf(request, reply))) return reply;
    const result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
    return finish(request, reply, result, false);
  });

  const purging = setInterval(() => {
    purgeExpired(services.db).catch((error: unknown) => fastify.log.warn({ error }, 'purging SSO rows failed'));
  }, PURGE_MS).unref();
  fastify.addHook('onClose', async () => clearInterval(purging));
}
