import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';
import { role } from '../../../shared/entities/system/role.ts';
import { TOPMENU_SETTING } from '../../../shared/entities/system/top-menu.ts';
import { SUPER_TENANT } from '../../platform/auth-context.ts';
import { ApiError, fail, ok } from '../../platform/errors.ts';
import { bodyOf, bodyParams, Param, queryParams } from '../../platform/route-schemas.ts';
import { idList } from '../../platform/ids.ts';
import type { Services } from '../../services.ts';
import { explainDataScope } from '../../platform/entity/data-scope.ts';
import { ROLE_MESSAGES } from './role-power.ts';
import {
  API_SCOPE,
  countLiveMenus,
  countOwnTopMenus,
  DATA_SCOPE,
  liveRoles,
  replaceRoleGrants,
  replaceTopMenuSettings,
  roleGrants,
  topMenuSettings,
} from './role-grant.queries.ts';
import { answers, ANSWERS_NO_DATA, OpenObject } from '../../platform/response-schemas.ts';
import * as urls from '../../../shared/contract/api/system.ts';
import { GrantKeys, TopMenuKeys } from '../../../shared/contract/api/system.schemas.ts';
import { Type } from 'typebox';

/** Grants: which menus, buttons and scopes each role holds (system.md §3), which menus each top menu groups (§5). */
export async function roleGrantRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, permissions } = services;

  /** The roles the caller may grant: their own tenant's (the super tenant's administrators: any tenant's). */
  const grantableRoles = async (roleIds: string[], caller: { tenantId: string; isSuperAdmin: boolean }) => {
    const anyTenant = caller.tenantId === SUPER_TENANT && caller.isSuperAdmin;
    const rows = await liveRoles(db, roleIds, anyTenant ? undefined : caller.tenantId);
    if (rows.length !== roleIds.length) throw new ApiError(400, MESSAGES.dataNotFound);
    return rows;
  };

  const roleGrant = {
    config: { permission: `${role.code}_edit` },
    schema: {
      ...bodyParams({ roleIds: Param, menuIds: Param, dataScopeIds: Param, apiScopeIds: Param }),
      ...ANSWERS_NO_DATA,
    },
  };
  app.post(urls.ROLE_GRANT_URL, roleGrant, async (request) => {
    const body = bodyOf(request.body);
    const roleIds = idList(body.roleIds, 'roleIds');
    if (roleIds.length === 0) throw fail('selectOne');
    const menuIds = idList(body.menuIds, 'menuIds');
    const dataScopeIds = idList(body.dataScopeIds, 'dataScopeIds');
    const apiScopeIds = idList(body.apiScopeIds, 'apiScopeIds');
    const roles = await grantableRoles(roleIds, request.user);
    // Nobody hands out more than they hold, to another role or to his own: below the super administrator each
    // role ends up within the caller's rights (power, menus, API scopes, data scopes no wider than his).
    if (roles.some((r) => Number(r.role_power) > request.user.power))
      throw new ApiError(403, ROLE_MESSAGES.powerBeyond);
    const proposed = {
      menuIds: new Set(menuIds),
      apiScopeIds: new Set(apiScopeIds),
      dataScopes: await permissions.dataScopeRules(dataScopeIds),
    };
    for (const r of roles) {
      if (await permissions.exceeds(request.user, { ...proposed, power: Number(r.role_power) }))
        throw new ApiError(403, MESSAGES.forbidden);
    }
    await replaceRoleGrants(db, roleIds, { menuIds, dataScopeIds, apiScopeIds });
    await permissions.invalidate();
    return ok(request, null);
  });

  const roleTreeKeys = {
    config: { permission: 'role' },
    schema: { ...queryParams({ roleIds: Param }), ...answers(GrantKeys) },
  };
  app.get(urls.ROLE_TREE_KEYS_URL, roleTreeKeys, async (request) => {
    const roleIds = idList(request.query.roleIds, 'roleIds');
    if (roleIds.length === 0) return ok(request, { menu: [], dataScope: [], apiScope: [] });
    await grantableRoles(roleIds, request.user);
    const [menus, scopes] = await roleGrants(db, roleIds);
    return ok(request, {
      menu: menus.map((r) => String(r.menu_id)).sort(),
      dataScope: scopes
        .filter((r) => Number(r.scope_category) === DATA_SCOPE)
        .map((r) => String(r.scope_id))
        .sort(),
      apiScope: scopes
        .filter((r) => Number(r.scope_category) === API_SCOPE)
        .map((r) => String(r.scope_id))
        .sort(),
    });
  });

  // Top menus (contract system.md §5): which menus each top menu groups. Top menus belong to the caller's tenant.
  const topMenuGrant = {
    config: { permission: TOPMENU_SETTING },
    schema: { ...bodyParams({ topMenuIds: Param, menuIds: Param }), ...ANSWERS_NO_DATA },
  };
  app.post(urls.TOP_MENU_GRANT_URL, topMenuGrant, async (request) => {
    const body = bodyOf(request.body);
    const topMenuIds = idList(body.topMenuIds, 'topMenuIds');
    if (topMenuIds.length === 0) throw fail('selectOne');
    const menuIds = idList(body.menuIds, 'menuIds');
    if ((await countOwnTopMenus(db, topMenuIds, request.user.tenantId)) !== topMenuIds.length) {
      throw new ApiError(400, MESSAGES.dataNotFound);
    }
    if ((await countLiveMenus(db, menuIds)) !== menuIds.length) throw new ApiError(400, MESSAGES.dataNotFound);
    await replaceTopMenuSettings(db, topMenuIds, menuIds);
    return ok(request, null);
  });

  const topTreeKeys = {
    config: { permission: 'topmenu' },
    schema: { ...queryParams({ topMenuIds: Param }), ...answers(TopMenuKeys) },
  };
  app.get(urls.TOP_TREE_KEYS_URL, topTreeKeys, async (request) => {
    const topMenuIds = idList(request.query.topMenuIds, 'topMenuIds');
    if (topMenuIds.length === 0) return ok(request, { menu: [] });
    const rows = await topMenuSettings(db, topMenuIds, request.user.tenantId);
    return ok(request, { menu: rows.map((r) => String(r.menu_id)).sort() });
  });

  // The caller's effective data scope on a resource (a menu code with an entity), explained rule by rule.
  // The rules explained (platform/entity/data-scope.ts ScopeExplanation).
  const explained = OpenObject({
    resourceCode: Type.String(),
    effective: Type.String(),
    reason: Type.String(),
    rules: Type.Array(OpenObject({ usable: Type.Boolean() })),
  });
  const effective = { schema: { ...queryParams({ code: Param }), ...answers(explained) } };
  app.get(urls.DATA_SCOPE_EFFECTIVE_URL, effective, async (request) => {
    const code = String(request.query.code ?? '');
    const service = [...services.entities.values()].find((s) => s.entity.code === code && s.entity.dataScope);
    if (!service) throw fail('paramType', { name: 'code' });
    return ok(
      request,
      explainDataScope(service.entity, request.user, await permissions.dataScopesOf(request.user, code)),
    );
  });
}
