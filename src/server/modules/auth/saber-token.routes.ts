import { onlineSessionsOf } from './online.routes.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MESSAGES, text, type LocalText } from '../../../shared/i18n/server-messages.ts';
import { bearerToken } from '../../platform/auth-context.ts';
import { langOf, ok } from '../../platform/errors.ts';
import { NO_INPUT, paramsOf, queryOrBody } from '../../platform/route-schemas.ts';
import type { AccessClaims } from '../../platform/token.ts';
import type { Services } from '../../services.ts';
import * as urls from '../../../shared/contract/api/saber.ts';
import { AuthInfo, SaberCaptcha, SaberFailure, SaberLogout } from '../../../shared/contract/api/saber.schemas.ts';
import { Envelope } from '../../../shared/contract/wire.ts';
import { clientValidity } from './auth.queries.ts';
import { md5Hex } from './password.ts';
import { decryptSm2Password } from './sm2-password.ts';
import { DEFAULT_AVATAR, GrantError, refreshValidity, type TokenRequest } from './token.service.ts';
import { tokenServiceOf, registerSignInLimit } from './tokens-of.ts';

const SM2_NOT_CONFIGURED: LocalText = {
  zh: '服务器未配置SM2密钥,不能读取加密的密码',
  en: 'The server has no SM2 key pair configured: the encrypted password cannot be read',
};
const SM2_UNREADABLE: LocalText = {
  zh: '密码密文无效,请刷新页面后重新登录',
  en: 'The encrypted password is not valid: reload the page and sign in again',
};

/** Saber older builds send md5(plain) as hex; the SM2 form is longer (C1 + C3 + C2, hex). */
const MD5_HEX = /^[0-9a-fA-F]{32}$/;

/** One text value of a parameter or header (the first of repeated ones); anything else counts as absent. */
const single = (value: unknown): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && !first.includes('\0') ? first.trim() || undefined : undefined;
};
const header = (request: FastifyRequest, name: string) => single(request.headers[name]);

const AS_SENT = Type.Optional(Type.Unknown());
const TOKEN_PARAMS = queryOrBody({
  grantType: AS_SENT,
  tenantId: AS_SENT,
  account: AS_SENT,
  password: AS_SENT,
  refreshToken: AS_SENT,
  // The social grant (contract auth.md §6): Saber posts what the provider sent back to its login page.
  source: AS_SENT,
  code: AS_SENT,
  state: AS_SENT,
});

/**
 * `/blade-auth/token`, `captcha` and `logout` as SpringBlade answers them (contract auth.md [SB]), for the open-source
 * Saber 4.x console: a thin adapter of the BladeX grants (TokenService), which count and lock failures the same way.
 */
export async function saberAuthRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tokens = tokenServiceOf(services);
  const online = onlineSessionsOf(services);
  const signInLimit = await registerSignInLimit(app, services, 'token');
  const limited = { config: signInLimit };

  const tokenSchema = { ...TOKEN_PARAMS, response: { 200: Envelope(AuthInfo), 400: SaberFailure, 401: SaberFailure } };
  app.post(urls.SABER_TOKEN_URL, { ...limited, schema: tokenSchema }, async (request, reply) => {
    const params = paramsOf(request);
    const grantType = single(params.grantType) ?? 'password';
    const tokenRequest: TokenRequest = {
      grantType,
      tenantId: header(request, 'tenant-id') ?? single(params.tenantId),
      username: single(params.account),
      refreshToken: single(params.refreshToken),
      deptId: header(request, 'dept-id'),
      roleId: header(request, 'role-id'),
      captchaKey: header(request, 'captcha-key'),
      captchaCode: header(request, 'captcha-code'),
      source: single(params.source),
      code: single(params.code),
      state: single(params.state),
    };
    try {
      const client = await tokens.authenticateClient(request.headers.authorization);
      const password = single(params.password);
      if (password && grantType !== 'refresh_token') Object.assign(tokenRequest, wirePassword(password, services));
      const granted = await tokens.grant(client, tokenRequest);
      await online.granted(granted as { access_token: string; refresh_token: string }, request);
      return reply.send(ok(request, authInfoOf(granted, request)));
    } catch (error) {
      if (!(error instanceof GrantError)) throw error;
      const msg = text(langOf(request), error.local, error.vars);
      return reply.code(error.status).send({ code: error.status, success: false, data: null, msg });
    }
  });

  app.get(
    urls.SABER_CAPTCHA_URL,
    { ...limited, schema: { ...NO_INPUT, response: { 200: SaberCaptcha } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(request, await tokens.newCaptcha());
    },
  );

  // As the BladeX logout: the session ends when the token is valid, and the answer is success either way.
  const logout = { config: { public: true }, schema: { ...NO_INPUT, response: { 200: SaberLogout } } };
  app.post(urls.SABER_LOGOUT_URL, logout, async (request) => {
    const token = bearerToken(request);
    const claims = token ? await services.signer.verify<AccessClaims>(token, 'access_token') : undefined;
    if (claims) {
      await services.sessions.revoke(claims.sid, refreshValidity(await clientValidity(services.db, claims.client_id)));
      await online.ended(claims.sid);
    }
    const msg = text(langOf(request), MESSAGES.success);
    return ok(request, { code: '200', msg });
  });
}

/**
 * The password as the grant takes it (md5 hex of the plain text): Saber 4.x sends the plain text SM2-encrypted with
 * the operator's public key, older builds its md5. A ciphertext that does not decrypt counts as a wrong password.
 */
function wirePassword(sent: string, services: Services): Pick<TokenRequest, 'password' | 'passwordRefusal'> {
  if (MD5_HEX.test(sent)) return { password: sent.toLowerCase() };
  const keys = services.config.sm2;
  if (!keys) throw new GrantError(400, 'invalid_request', SM2_NOT_CONFIGURED);
  const plain = decryptSm2Password(sent, keys);
  return plain === undefined ? { password: sent, passwordRefusal: SM2_UNREADABLE } : { password: md5Hex(plain) };
}

/**
 * The default avatar as Saber shows it: a data URI (public/avatar.svg). Saber runs on another origin, and the proxy in
 * front of it sends only the API's paths (`/blade-*`) to Tenon, so no address of Tenon's own files reaches it.
 */
const SABER_DEFAULT_AVATAR = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#dcdfe6"/>' +
    '<circle cx="32" cy="24" r="12" fill="#fff"/><path d="M10 60c2-14 12-20 22-20s20 6 22 20z" fill="#fff"/></svg>',
).toString('base64')}`;

/**
 * An avatar Saber can show: absolute, as Saber runs on another origin, and an uploaded one's address by the API path
 * without `/api` (what the proxy in front of Saber sends to Tenon).
 */
function saberAvatar(avatar: string, request: FastifyRequest) {
  if (!avatar || avatar === DEFAULT_AVATAR) return SABER_DEFAULT_AVATAR;
  if (!avatar.startsWith('/')) return avatar;
  return `${request.protocol}://${request.host}${avatar.replace(/^\/api(?=\/blade-)/, '')}`;
}

/** The BladeX grant's answer as SpringBlade's AuthInfo. */
function authInfoOf(granted: Record<string, unknown>, request: FastifyRequest): AuthInfo {
  const textOf = (key: string) => String(granted[key] ?? '');
  return {
    accessToken: textOf('access_token'),
    tokenType: textOf('token_type'),
    refreshToken: textOf('refresh_token'),
    expiresIn: Number(granted.expires_in),
    tenantId: textOf('tenant_id'),
    userId: textOf('user_id'),
    oauthId: textOf('oauth_id'),
    account: textOf('account'),
    userName: textOf('real_name'),
    avatar: saberAvatar(textOf('avatar'), request),
    authority: textOf('authority'),
    license: textOf('license'),
  };
}
