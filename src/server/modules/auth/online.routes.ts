import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  LOGIN_OPTIONS_URL,
  ONLINE_USER_FORCE_LOGOUT,
  ONLINE_USER_LOGOUT_URL,
  ONLINE_USER_MENU,
  ONLINE_USER_PAGE_URL,
} from '../../../shared/contract/api/online-user.ts';
import { LoginOptions, OnlineSessionPage } from '../../../shared/contract/api/online-user.schemas.ts';
import { pagingOf } from '../../platform/entity/conditions.ts';
import { PAGING } from '../../platform/entity/schemas.ts';
import { fail, ok } from '../../platform/errors.ts';
import { requiredParam } from '../../platform/http.ts';
import { textParam } from '../../platform/params.ts';
import { mapQuery, Param, paramsOf, queryOrBody, queryParams } from '../../platform/route-schemas.ts';
import { answers, ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import type { Services } from '../../services.ts';
import { captchaRequired } from './captcha-mode.ts';
import { OnlineSessions } from './online-sessions.ts';

const onlineOf = new WeakMap<Services, OnlineSessions>();
/** One 在线用户 service per server (the token routes record logins, these routes read and end them). */
export function onlineSessionsOf(services: Services): OnlineSessions {
  let online = onlineOf.get(services);
  if (!online) {
    online = new OnlineSessions(services.db, services.signer, services.sessions, services.accounts, services.timeZones);
    onlineOf.set(services, online);
  }
  return online;
}

/** A login's id as the tokens carry it (a UUID). */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 在线用户 and 强制退出 (系统监控), and the login form's question whether a tenant demands the captcha. */
export async function onlineRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const online = onlineSessionsOf(services);

  const options = {
    config: { public: true },
    schema: { ...queryParams({ tenantId: Param }), ...answers(LoginOptions) },
  };
  app.get(LOGIN_OPTIONS_URL, options, async (request) => {
    const tenantId = textParam(request.query.tenantId, 12);
    return ok(request, { captchaMode: tenantId ? await captchaRequired(services.db, tenantId) : false });
  });

  const page = mapQuery({
    ...PAGING,
    tenantId: Type.String({ description: '租户ID (platform administrators only; others see their own tenant)' }),
    account: Type.String({ description: '账号 LIKE %v% (account)' }),
  });
  app.get(
    ONLINE_USER_PAGE_URL,
    { config: { permission: ONLINE_USER_MENU }, schema: { ...page, ...answers(OnlineSessionPage) } },
    async (request) => {
      const { query } = request;
      return ok(
        request,
        await online.page(request.user, {
          ...pagingOf(query),
          tenantId: textParam(query.tenantId, 12),
          account: textParam(query.account, 45),
        }),
      );
    },
  );

  app.post(
    ONLINE_USER_LOGOUT_URL,
    {
      config: { permission: ONLINE_USER_FORCE_LOGOUT },
      schema: { ...queryOrBody({ sessionIds: Param }), ...ANSWERS_NO_DATA },
    },
    async (request) => {
      const ids = requiredParam(paramsOf(request), 'sessionIds')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
      if (!ids.length || ids.length > 1000 || ids.some((id) => !SESSION_ID.test(id)))
        throw fail('paramType', { name: 'sessionIds' });
      await online.forceLogout(request.user, ids);
      return ok(request, null);
    },
  );
}
