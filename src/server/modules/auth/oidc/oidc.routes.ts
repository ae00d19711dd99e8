import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionDetails } from 'oidc-provider';
import { MESSAGES, text } from '../../../../shared/i18n/server-messages.ts';
import { langOf } from '../../../platform/errors.ts';
import type { Services } from '../../../services.ts';
import { SUPER_TENANT } from '../../../platform/auth-context.ts';
import { captchaRequired } from '../captcha-mode.ts';
import { md5Hex } from '../password.ts';
import { GrantError } from '../token.service.ts';
import { readTicket } from '../totp.service.ts';
import { consentPage, loginPage, messagePage, secondFactorPage } from './authorize-page.ts';
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

  const clientOf = (details: InteractionDetails) => provider.Client.find(String(details.params.client_id ?? ''));
  const clientName = async (details: InteractionDetails) => {
    const client = await clientOf(details);
    return client?.clientName ?? client?.clientId ?? '';
  };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  const expired = (request: FastifyRequest, reply: FastifyReply) => {
    const lang = langOf(request);
    return html(reply, 400, messagePage(lang, text(lang, MESSAGES.ssoExpired)));
  };
  /** The interaction of the request's cookie; an expired or foreign one gets a page saying to start again. */
  const detailsOf = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid === (request.params as { uid?: string }).uid) return details;
    } catch {
      // SessionNotFound: no interaction cookie, or its row expired.
    }
    expired(request, reply);
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
  /** The sign-in form, with a captcha to answer when the tenant typed (or the default one) is in captcha mode. */
  const signInForm = async (
    request: FastifyRequest,
    details: InteractionDetails,
    form: { tenantId: string; account: string; error?: string },
  ) => {
    const captcha = (await captchaRequired(services.db, form.tenantId)) ? await tokens.newCaptcha() : undefined;
    return loginPage(langOf(request), { uid: details.uid, client: await clientName(details), captcha, ...form });
  };
  /** The consent asked (the scopes and claims the prompt misses), granted and saved; the interaction finishes. */
  const grantAsked = async (request: FastifyRequest, reply: FastifyReply, details: InteractionDetails) => {
    const accountId = details.session?.accountId;
    if (details.prompt.name !== 'consent' || !accountId) return expired(request, reply);
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) return expired(request, reply);
    const missing = details.prompt.details;
    if (Array.isArray(missing.missingOIDCScope)) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (Array.isArray(missing.missingOIDCClaims)) grant.addOIDCClaims(missing.missingOIDCClaims.map(String));
    const resources = missing.missingResourceScopes as Record<string, string[]> | undefined;
    for (const [indicator, scopes] of Object.entries(resources ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    return finish(request, reply, details.grantId ? {} : { consent: { grantId } }, true);
  };

  const signInLimit = await registerSignInLimit(fastify, services, 'sso');
  const page = { config: { public: true } };
  const limited = { config: signInLimit };
  fastify.get(`${OIDC_MOUNT}/interaction/:uid`, page, async (request, reply) => {
    const details = await detailsOf(request, reply);
    if (!details) return reply;
    if (details.prompt.name === 'login') {
      const form = { tenantId: SUPER_TENANT, account: String(details.params.login_hint ?? '') };
      return html(reply, 200, await signInForm(request, details, form));
    }
    // A client the administrator marked 自动授权 gets the scopes it asks for without the consent screen.
    if ((await clientOf(details))?.autoapprove) return grantAsked(request, reply, details);
    const user = await tokens.liveUser(details.session?.accountId ?? '').catch(() => undefined);
    const missing = details.prompt.details.missingOIDCScope;
    const scopes = Array.isArray(missing) ? missing.map(String) : String(details.params.scope ?? '').split(' ');
    const client = await clientName(details);
    return html(
      reply,
      200,
      consentPage(langOf(request), { uid: details.uid, client, account: user?.account ?? '', scopes }),
    );
  });

  /**
   * The token endpoint's own checks: a captcha answered once (the tenant's captcha mode), then the password with
   * lockout, tenant status and expiry, account status; an account with TOTP on then gets the second step.
   */
  fastify.post(`${OIDC_MOUNT}/interaction/:uid/login`, limited, async (request, reply) => {
    const details = await detailsOf(request, reply);
    if (!details) return reply;
    const tenantId = field(request.body, 'tenantId');
    const account = field(request.body, 'account');
    const password = field(request.body, 'password');
    const captchaKey = field(request.body, 'captchaKey');
    try {
      if (captchaKey) await tokens.checkCaptcha(captchaKey, field(request.body, 'captchaCode'));
      const wire = password ? md5Hex(password) : '';
      const user = await tokens.authenticate(tenantId, account, wire, { captchaChecked: Boolean(captchaKey) });
      const ticket = await tokens.secondFactorTicket(user, String(details.params.client_id), details.uid);
      if (ticket) {
        const client = await clientName(details);
        return html(reply, 200, secondFactorPage(langOf(request), { uid: details.uid, client, account, ticket }));
      }
      return await finish(request, reply, { login: { accountId: String(user.id) } }, false);
    } catch (error) {
      if (!(error instanceof GrantError)) throw error;
      const message = text(langOf(request), error.local, error.vars);
      return html(reply, 400, await signInForm(request, details, { tenantId, account, error: message }));
    }
  });

  // The mfa_otp grant's check (TokenService.passSecondFactor) of a ticket this interaction's sign-in issued.
  fastify.post(`${OIDC_MOUNT}/interaction/:uid/otp`, limited, async (request, reply) => {
    const details = await detailsOf(request, reply);
    if (!details) return reply;
    const ticket = field(request.body, 'mfaToken');
    try {
      const { user } = await tokens.passSecondFactor(
        ticket,
        field(request.body, 'otp'),
        (issued) => issued.interaction === details.uid,
      );
      return await finish(request, reply, { login: { accountId: String(user.id) } }, false);
    } catch (error) {
      if (!(error instanceof GrantError)) throw error;
      const lang = langOf(request);
      const message = text(lang, error.local, error.vars);
      const issued = await readTicket(services.kv, ticket);
      if (!issued || issued.interaction !== details.uid) {
        const form = { tenantId: SUPER_TENANT, account: '', error: message };
        return html(reply, 400, await signInForm(request, details, form));
      }
      const client = await clientName(details);
      const input = { uid: details.uid, client, account: issued.account, ticket, error: message };
      return html(reply, 400, secondFactorPage(lang, input));
    }
  });

  fastify.post(`${OIDC_MOUNT}/interaction/:uid/confirm`, page, async (request, reply) => {
    const details = await detailsOf(request, reply);
    if (!details) return reply;
    return grantAsked(request, reply, details);
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
