import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { text } from '../../../shared/i18n/server-messages.ts';
import { bearerToken } from '../../platform/auth-context.ts';
import { langOf, ok } from '../../platform/errors.ts';
import { NO_INPUT, paramsOf, queryOrBody } from '../../platform/route-schemas.ts';
import type { AccessClaims } from '../../platform/token.ts';
import type { Services } from '../../services.ts';
import { clientValidity } from './auth.queries.ts';
import { onlineSessionsOf } from './online.routes.ts';
import { GrantError, refreshValidity, type TokenRequest } from './token.service.ts';
import { answers } from '../../platform/response-schemas.ts';
import * as urls from '../../../shared/contract/api/auth.ts';
import {
  Captcha,
  GrantFailure,
  OAuthSuccess,
  TokenAnswer,
  UserDetail,
} from '../../../shared/contract/api/auth.schemas.ts';
import { tokenServiceOf, registerSignInLimit } from './tokens-of.ts';

// The OAuth server's own answers, outside the envelope (contract auth.md).
const bare = <T extends object>(schema: T) => ({ response: { 200: schema } });

/**
 * One text value, as a servlet's getParameter reads it: the first of repeated values; objects (JSON bodies) are
 * absent. PostgreSQL text cannot hold NUL, so a value containing one matches nothing and counts as absent.
 */
const single = (value: unknown): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && !first.includes('\0') ? first : undefined;
};

const header = (request: FastifyRequest, name: string) => {
  const value = single(request.headers[name])?.trim();
  return value || undefined;
};

// A servlet reads text only: any other value counts as absent (`single`), so the schema takes any value.
const AS_SENT = Type.Optional(Type.Unknown());
const TOKEN_PARAMS = queryOrBody({
  grant_type: AS_SENT,
  tenantId: AS_SENT,
  username: AS_SENT,
  password: AS_SENT,
  refresh_token: AS_SENT,
  code: AS_SENT,
  redirect_uri: AS_SENT,
  code_verifier: AS_SENT,
  mfa_token: AS_SENT,
  otp: AS_SENT,
  source: AS_SENT,
  state: AS_SENT,
});

/** `/api/blade-auth/oauth/*` (contract/auth.md, BladeX generation). */
export async function authRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tokens = tokenServiceOf(services);
  const online = onlineSessionsOf(services);
  const signInLimit = await registerSignInLimit(app, services, 'token');
  const limited = { config: signInLimit };

  const answered = { response: { 200: TokenAnswer, 400: GrantFailure, 401: GrantFailure } };
  const token = { ...limited, schema: { ...TOKEN_PARAMS, ...answered } };
  const tokenRoute = (url: string, forcedGrant?: string) =>
    app.post(url, token, async (request, reply) => {
      const params = paramsOf(request);
      const tokenRequest: TokenRequest = {
        grantType: forcedGrant ?? single(params.grant_type) ?? '',
        tenantId: header(request, 'tenant-id') ?? single(params.tenantId),
        username: single(params.username),
        password: single(params.password),
        refreshToken: single(params.refresh_token),
        deptId: header(request, 'dept-id'),
        roleId: header(request, 'role-id'),
        captchaKey: header(request, 'captcha-key'),
        captchaCode: header(request, 'captcha-code'),
        code: single(params.code),
        redirectUri: single(params.redirect_uri),
        codeVerifier: single(params.code_verifier),
        mfaToken: single(params.mfa_token),
        otp: single(params.otp),
        source: single(params.source),
        state: single(params.state),
      };
      try {
        const client = await tokens.authenticateClient(request.headers.authorization);
        // The grant is built as a plain record; the response schema says what it holds (checked in the tests).
        const answer = (await tokens.grant(client, tokenRequest)) as TokenAnswer;
        await online.granted(answer, request);
        return reply.send(answer);
      } catch (error) {
        if (!(error instanceof GrantError)) throw error;
        const message = text(langOf(request), error.local, error.vars);
        // Both console lines read this: Saber shows error_description, Blade-style clients read code/msg.
        return reply.code(error.status).send({
          error_code: error.status,
          error: error.error,
          error_description: message,
          code: error.status,
          success: false,
          msg: message,
          data: null,
          ...error.extra,
        });
      }
    });

  tokenRoute(urls.TOKEN_URL);
  tokenRoute(urls.TOKEN_REFRESH_URL, 'refresh_token');

  app.get(urls.CAPTCHA_URL, { ...limited, schema: { ...NO_INPUT, ...bare(Captcha) } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return tokens.newCaptcha();
  });

  // Logout answers success even without a valid token: the console clears its session either way.
  const logout = { config: { public: true }, schema: { ...NO_INPUT, ...bare(OAuthSuccess) } };
  app.get(urls.LOGOUT_URL, logout, async (request) => {
    const token = bearerToken(request);
    const claims = token ? await services.signer.verify<AccessClaims>(token, 'access_token') : undefined;
    if (claims) {
      await services.sessions.revoke(claims.sid, refreshValidity(await clientValidity(services.db, claims.client_id)));
      await online.ended(claims.sid);
      return { success: 'true', msg: 'success', account: claims.account };
    }
    return { success: 'true', msg: 'success' };
  });

  app.get(urls.USER_INFO_URL, { schema: { ...NO_INPUT, ...answers(UserDetail) } }, async (request) => {
    const user = request.user;
    return ok(request, {
      userId: user.userId,
      tenantId: user.tenantId,
      account: user.account,
      userName: user.userName,
      realName: user.realName,
      roleId: user.roleIds.join(','),
      roleName: user.roleAliases.join(','),
      deptId: user.deptIds.join(','),
      postId: user.postIds.join(','),
      roles: user.roleAliases,
      permissions: [...(await services.permissions.buttonCodesOf(user))].sort(),
    });
  });

  // It flushes the caches of every process (Redis publish): the platform's to call, not every signed-in user's.
  const clearCache = { schema: { ...NO_INPUT, ...bare(OAuthSuccess) }, config: { superAdmin: true } };
  app.get(urls.CLEAR_CACHE_URL, clearCache, async () => {
    await Promise.all([services.permissions.invalidate(), services.dictionaries.invalidate()]);
    return { success: 'true', msg: 'success' };
  });
}
