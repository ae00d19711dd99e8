import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { text } from '../../../shared/i18n/server-messages.ts';
import { bearerToken } from '../../platform/auth-context.ts';
import { langOf, ok } from '../../platform/errors.ts';
import { requestParams } from '../../platform/http.ts';
import type { AccessClaims } from '../../platform/token.ts';
import type { Services } from '../../services.ts';
import { randomCaptchaText, renderCaptchaPng } from './captcha-image.ts';
import { GrantError, TokenService, type TokenRequest } from './token.service.ts';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/** `/api/blade-auth/oauth/*` (contract/auth.md, BladeX generation). */
export async function authRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const tokens = new TokenService(services.db, services.kv, services.signer, services.sessions);

  const tokenHandler = (forcedGrant?: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const params = requestParams(request) as Record<string, string | undefined>;
    const tokenRequest: TokenRequest = {
      grantType: forcedGrant ?? String(params.grant_type ?? ''),
      tenantId: header(request, 'tenant-id') ?? params.tenantId,
      username: params.username,
      password: params.password,
      refreshToken: params.refresh_token,
      deptId: header(request, 'dept-id'),
      roleId: header(request, 'role-id'),
      captchaKey: header(request, 'captcha-key'),
      captchaCode: header(request, 'captcha-code'),
    };
    try {
      const client = await tokens.authenticateClient(request.headers.authorization);
      return reply.send(await tokens.grant(client, tokenRequest));
    } catch (error) {
      if (!(error instanceof GrantError)) throw error;
      const message = text(langOf(request), error.local, error.vars);
      // Both console lines read this: Saber shows error_description, Blade-style clients read code/msg.
      return reply.code(error.status).send({
        error_code: error.status, error: error.error, error_description: message,
        code: error.status, success: false, msg: message, data: null,
      });
    }
  };

  app.post('/api/blade-auth/oauth/token', { config: { public: true } }, tokenHandler());
  app.post('/api/blade-auth/oauth/token/refresh', { config: { public: true } }, tokenHandler('refresh_token'));

  app.get('/api/blade-auth/oauth/captcha', { config: { public: true } }, async (_request, reply) => {
    const key = randomUUID();
    const code = randomCaptchaText();
    await tokens.storeCaptcha(key, code);
    reply.header('cache-control', 'no-store');
    return { key, image: `data:image/png;base64,${renderCaptchaPng(code).toString('base64')}` };
  });

  // Logout answers success even without a valid token: the console clears its session either way.
  app.get('/api/blade-auth/oauth/logout', { config: { public: true } }, async (request) => {
    const token = bearerToken(request);
    const claims = token ? await services.signer.verify<AccessClaims>(token, 'access_token') : undefined;
    if (claims) {
      const client = await services.db.selectFrom('blade_client').select('refresh_token_validity')
        .where('client_id', '=', claims.client_id).executeTakeFirst();
      await services.sessions.revoke(claims.sid, Number(client?.refresh_token_validity) || 604_800);
      return { success: 'true', msg: 'success', account: claims.account };
    }
    return { success: 'true', msg: 'success' };
  });

  app.get('/api/blade-auth/oauth/user-info', async (request) => {
    const user = request.user;
    return ok(request, {
      userId: user.userId, tenantId: user.tenantId, account: user.account, userName: user.userName,
      realName: user.realName, roleId: user.roleIds.join(','), roleName: user.roleAliases.join(','),
      deptId: user.deptIds.join(','), postId: user.postIds.join(','), roles: user.roleAliases,
      permissions: [...await services.permissions.buttonCodesOf(user)].sort(),
    });
  });

  app.get('/api/blade-auth/oauth/clear-cache', async () => {
    await Promise.all([services.permissions.invalidate(), services.dictionaries.invalidate()]);
    return { success: 'true', msg: 'success' };
  });
}
