import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';
import { SUPER_TENANT } from '../../platform/auth-context.ts';
import { ApiError, fail, ok } from '../../platform/errors.ts';
import { requestParams } from '../../platform/http.ts';
import { idList, nextId } from '../../platform/ids.ts';
import type { Services } from '../../services.ts';
import { explainDataScope, SCOPE } from '../../platform/entity/data-scope.ts';
import { findField } from '../../platform/entity/fields.ts';
import { conditionColumns, parseScopeCondition, ScopeConditionError } from '../../platform/entity/scope-condition.ts';
import { dataScope } from '../../../shared/entities/system/scopes.ts';
import { installRoleRules, ROLE_MESSAGES } from './role-power.ts';

const DATA = 1;
const API = 2;

/** Grants: which menus, buttons and scopes each role holds (system.md §3), which menus each top menu groups (§5). */
export async function roleGrantRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db, permissions } = services;
  installRoleRules(services);

  // A custom data scope is saved only when the grammar reads it and its columns exist on the resource's entity.
  services.entities.get(dataScope.name)!.use({
    beforeWrite: async (_trx, _user, values, before) => {
      const rule = { ...before, ...values };
      if (Number(rule.scope_type) !== SCOPE.custom) return;
      let columns: string[];
      try {
        columns = conditionColumns(parseScopeCondition(String(rule.scope_value ?? '')));
      } catch (error) {
        if (error instanceof ScopeConditionError) throw new ApiError(400, error.text);
        throw error;
      }
      const owner = [...services.entities.values()].find((s) => s.entity.code === rule.resource_code && s.entity.dataScope);
      const unknown = owner && columns.find((column) => !findField(owner.entity, column));
      if (unknown) throw new ApiError(400, { zh: `自定义规则的字段${unknown}不存在`, en: `The custom rule names an unknown column: ${unknown}` });
    },
  });

  /** The roles the caller may grant: their own tenant's (the super tenant's administrators: any tenant's). */
  const grantableRoles = async (roleIds: string[], caller: { tenantId: string; isSuperAdmin: boolean }) => {
    let query = db.selectFrom('blade_role').select(['id', 'tenant_id', 'role_power']).where('id', 'in', roleIds).where('is_deleted', '=', 0);
    if (!(caller.tenantId === SUPER_TENANT && caller.isSuperAdmin)) query = query.where('tenant_id', '=', caller.tenantId);
    const rows = await query.execute();
    if (rows.length !== roleIds.length) throw new ApiError(400, MESSAGES.dataNotFound);
    return rows;
  };

  app.post('/api/blade-system/role/grant', { config: { permission: 'role_edit' } }, async (request) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const roleIds = idList(body.roleIds, 'roleIds');
    if (roleIds.length === 0) throw fail('selectOne');
    const menuIds = idList(body.menuIds, 'menuIds');
    const dataScopeIds = idList(body.dataScopeIds, 'dataScopeIds');
    const apiScopeIds = idList(body.apiScopeIds, 'apiScopeIds');
    const roles = await grantableRoles(roleIds, request.user);
    // Nobody hands out more than they hold, to another role or to his own: below the super administrator each
    // role ends up within the caller's rights (power, menus, API scopes, data scopes no wider than his).
    if (roles.some((r) => Number(r.role_power) > request.user.power)) throw new ApiError(403, ROLE_MESSAGES.powerBeyond);
    const proposed = { menuIds: new Set(menuIds), apiScopeIds: new Set(apiScopeIds), dataScopes: await permissions.dataScopeRules(dataScopeIds) };
    for (const r of roles) {
      if (await permissions.exceeds(request.user, { ...proposed, power: Number(r.role_power) })) throw new ApiError(403, MESSAGES.forbidden);
    }
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('blade_role_menu').where('role_id', 'in', roleIds).execute();
      await trx.deleteFrom('blade_role_scope').where('role_id', 'in', roleIds).execute();
      const menuRows = roleIds.flatMap((roleId) => menuIds.map((menuId) => ({ id: nextId(), role_id: roleId, menu_id: menuId })));
      const scopeRows = roleIds.flatMap((roleId) => [
        ...dataScopeIds.map((scopeId) => ({ id: nextId(), role_id: roleId, scope_id: scopeId, scope_category: DATA })),
        ...apiScopeIds.map((scopeId) => ({ id: nextId(), role_id: roleId, scope_id: scopeId, scope_category: API })),
      ]);
      for (let i = 0; i < menuRows.length; i += 1000) await trx.insertInto('blade_role_menu').values(menuRows.slice(i, i + 1000)).execute();
      if (scopeRows.length) await trx.insertInto('blade_role_scope').values(scopeRows).execute();
    });
    await permissions.invalidate();
    return ok(request, null);
  });

  app.get('/api/blade-system/menu/role-tree-keys', { config: { permission: 'role' } }, async (request) => {
    const roleIds = idList(requestParams(request).roleIds, 'roleIds');
    if (roleIds.length === 0) return ok(request, { menu: [], dataScope: [], apiScope: [] });
    await grantableRoles(roleIds, request.user);
    const [menus, scopes] = await Promise.all([
      db.selectFrom('blade_role_menu').select('menu_id').distinct().where('role_id', 'in', roleIds).execute(),
      db.selectFrom('blade_role_scope').select(['scope_id', 'scope_category']).distinct().where('role_id', 'in', roleIds).execute(),
    ]);
    return ok(request, {
      menu: menus.map((r) => String(r.menu_id)).sort(),
      dataScope: scopes.filter((r) => Number(r.scope_category) === DATA).map((r) => String(r.scope_id)).sort(),
      apiScope: scopes.filter((r) => Number(r.scope_category) === API).map((r) => String(r.scope_id)).sort(),
    });
  });

  // Top menus (contract system.md §5): which menus each top menu groups. Top menus belong to the caller's tenant.
  app.post('/api/blade-system/topmenu/grant', { config: { permission: 'topmenu_setting' } }, async (request) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const topMenuIds = idList(body.topMenuIds, 'topMenuIds');
    if (topMenuIds.length === 0) throw fail('selectOne');
    const menuIds = idList(body.menuIds, 'menuIds');
    const owned = await db.selectFrom('blade_top_menu').select('id').where('id', 'in', topMenuIds)
      .where('tenant_id', '=', request.user.tenantId).where('is_deleted', '=', 0).execute();
    if (owned.length !== topMenuIds.length) throw new ApiError(400, MESSAGES.dataNotFound);
    const known = menuIds.length
      ? await db.selectFrom('blade_menu').select('id').where('id', 'in', menuIds).where('is_deleted', '=', 0).execute()
      : [];
    if (known.length !== menuIds.length) throw new ApiError(400, MESSAGES.dataNotFound);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('blade_top_menu_setting').where('top_menu_id', 'in', topMenuIds).execute();
      const rows = topMenuIds.flatMap((topMenuId) => menuIds.map((menuId) => ({ id: nextId(), top_menu_id: topMenuId, menu_id: menuId })));
      if (rows.length) await trx.insertInto('blade_top_menu_setting').values(rows).execute();
    });
    return ok(request, null);
  });

  app.get('/api/blade-system/menu/top-tree-keys', { config: { permission: 'topmenu' } }, async (request) => {
    const topMenuIds = idList(requestParams(request).topMenuIds, 'topMenuIds');
    if (topMenuIds.length === 0) return ok(request, { menu: [] });
    const rows = await db.selectFrom('blade_top_menu_setting as s').innerJoin('blade_top_menu as t', 't.id', 's.top_menu_id')
      .select('s.menu_id').distinct()
      .where('s.top_menu_id', 'in', topMenuIds).where('t.tenant_id', '=', request.user.tenantId).where('t.is_deleted', '=', 0).execute();
    return ok(request, { menu: rows.map((r) => String(r.menu_id)).sort() });
  });

  // The caller's effective data scope on a resource (a menu code with an entity), explained rule by rule.
  app.get('/api/blade-system/data-scope/effective', async (request) => {
    const code = String(requestParams(request).code ?? '');
    const service = [...services.entities.values()].find((s) => s.entity.code === code && s.entity.dataScope);
    if (!service) throw fail('paramType', { name: 'code' });
    return ok(request, explainDataScope(service.entity, request.user, await permissions.dataScopesOf(request.user, code)));
  });
}
