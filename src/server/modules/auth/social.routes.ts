import { registerSignInLimit } from './tokens-of.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MESSAGES, text } from '../../../shared/i18n/server-messages.ts';
import { SOCIAL_MESSAGES } from '../../../shared/i18n/social-messages.ts';
import * as urls from '../../../shared/contract/api/social.ts';
import { SocialBinding, SocialSources } from '../../../shared/contract/api/social.schemas.ts';
import { bearerToken } from '../../platform/auth-context.ts';
import { ApiError, langOf, ok } from '../../platform/errors.ts';
import { ANSWERS_NO_DATA, answers } from '../../platform/response-schemas.ts';
import { paramsOf, queryOrBody } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { enterTenant } from '../../db/tenant-context.ts';
import { bindingOf, providersOf, SocialLogin, unbind } from './social.service.ts';
import { GrantError } from './token.service.ts';

const Source = Type.Object({ source: Type.String({ maxLength: 16 }) });
const SourceToken = Type.Object({ source: Type.String({ maxLength: 16 }), token: Type.String({ maxLength: 64 }) });
const Text = Type.Optional(Type.String({ maxLength: 255 }));
const TenantQuery = Type.Object({ tenantId: Text });
const Redirect = { response: { 302: Type.Null() } };
const NO_QUERY = Type.Object({});

/** A refusal of the social flow outside the token endpoint: 400 in the envelope. */
const asApiError = (error: unknown) =>
  error instanceof GrantError ? new ApiError(400, error.local, error.vars) : error;

/** This server's address as the browser reached it: the provider sends the browser back there. */
const callbackOf = (request: FastifyRequest, source: string) =>
  `${request.protocol}://${request.host}${urls.SOCIAL_CALLBACK_URL.replace(':source', encodeURIComponent(source))}`;

/**
 * Social login besides the grant (contract auth.md §5-6): render, callback, the login page's list, guest
 * registration.
 */
export async function socialRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const social = new SocialLogin(services.db, services.kv, services.config.jwtSecret, services.config.socialPrivate);
  const signInLimit = await registerSignInLimit(app, services, 'social');
  const open = signInLimit;

  app.get(
    urls.SOCIAL_SOURCES_URL,
    { config: open, schema: { querystring: TenantQuery, ...answers(SocialSources) } },
    async (request) => {
      const tenantId = request.query.tenantId?.trim() || headerTenant(request);
      return ok(request, tenantId ? await providersOf(services.db, tenantId) : []);
    },
  );

  app.get(
    urls.SOCIAL_RENDER_URL,
    { config: open, schema: { params: Source, querystring: TenantQuery, ...Redirect } },
    async (request, reply) => {
      const tenantId = request.query.tenantId?.trim() || headerTenant(request);
      if (!tenantId) throw new ApiError(400, MESSAGES.tenantMissing);
      const { source } = request.params;
      try {
        reply.header('cache-control', 'no-store');
        return reply.redirect(await social.authorizeUrl(tenantId, source, callbackOf(request, source)));
      } catch (error) {
        throw asApiError(error);
      }
    },
  );

  // The provider's redirect: back to the console, which posts the social grant with the code and the state.
  const CallbackQuery = Type.Object({ code: Text, state: Text, error: Text, error_description: Text });
  app.get(
    urls.SOCIAL_CALLBACK_URL,
    { config: { public: true }, schema: { params: Source, querystring: CallbackQuery, ...Redirect } },
    async (request, reply) => {
      const { code, state, error } = request.query;
      const back = new URLSearchParams({ social: request.params.source });
      if (error || !code) back.set('error', error || 'access_denied');
      else back.set('code', code);
      if (state) back.set('state', state);
      reply.header('cache-control', 'no-store');
      return reply.redirect(`${urls.SOCIAL_RETURN_PATH}?${back.toString()}`);
    },
  );

  // The caller's binding at a provider, and its removal (the console's 解除绑定).
  app.get(
    urls.SOCIAL_REFRESH_URL,
    { schema: { params: Source, querystring: NO_QUERY, ...answers(SocialBinding) } },
    async (request) => {
      const { user } = request;
      const row = await bindingOf(services.db, user.tenantId, user.userId, request.params.source);
      if (!row) throw new ApiError(400, SOCIAL_MESSAGES.sourceUnknown, { name: request.params.source });
      return ok(request, row);
    },
  );
  app.get(
    urls.SOCIAL_REVOKE_URL,
    { schema: { params: SourceToken, querystring: NO_QUERY, ...ANSWERS_NO_DATA } },
    async (request) => {
      const { user } = request;
      const { source, token } = request.params;
      if (!(await unbind(services.db, user.tenantId, user.userId, source, token)))
        throw new ApiError(400, SOCIAL_MESSAGES.guestInvalid);
      return ok(request, null);
    },
  );

  // Reached with a guest token alone (auth.md §5): every other route refuses it, and this one takes nothing else.
  const RegisterParams = queryOrBody({
    tenantId: Text,
    name: Text,
    account: Text,
    password: Text,
    password2: Text,
    oauthId: Text,
  });
  app.post(
    urls.REGISTER_GUEST_URL,
    { config: open, schema: { ...RegisterParams, ...ANSWERS_NO_DATA } },
    async (request) => {
      // No guest token (or an expired one, or an access token): no identity to register.
      const guest = await social.guest(bearerToken(request));
      if (!guest) throw new ApiError(400, SOCIAL_MESSAGES.guestInvalid);
      enterTenant(guest.tenant_id);
      try {
        await social.register(guest, paramsOf(request));
      } catch (error) {
        throw asApiError(error);
      }
      return { ...ok(request, null), msg: text(langOf(request), SOCIAL_MESSAGES.registered) };
    },
  );
}

function headerTenant(request: FastifyRequest): string | undefined {
  const value = request.headers['tenant-id'];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
