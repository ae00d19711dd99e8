import type { FastifyInstance } from 'fastify';
import { post } from '../../../shared/entities/system/post.ts';
import { splitList } from '../../platform/auth-context.ts';
import { asTenant } from '../../platform/entity/routes.ts';
import { ok } from '../../platform/errors.ts';
import { requestParams } from '../../platform/http.ts';
import { isId } from '../../platform/ids.ts';
import type { Services } from '../../services.ts';
import { MenuService } from './menu.service.ts';
import { TenantService } from './tenant.service.ts';
import { treeRoutes } from './tree.routes.ts';

/** `/api/blade-system/*` beyond plain entity CRUD: what the console shell needs at start. */
export async function systemRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const menus = new MenuService(services.db, services.permissions);
  const tenants = new TenantService(services.db);

  app.get('/api/blade-system/menu/routes', async (request) => {
    const topMenuId = requestParams(request).topMenuId;
    return ok(request, await menus.routes(request.user, isId(topMenuId) ? String(topMenuId) : undefined));
  });
  app.get('/api/blade-system/menu/buttons', async (request) => ok(request, await menus.buttons(request.user)));
  app.get('/api/blade-system/menu/grant-tree', async (request) => ok(request, await menus.grantTree(request.user)));
  app.get('/api/blade-system/menu/grant-top-tree', async (request) => ok(request, await menus.grantTopTree(request.user)));
  app.get('/api/blade-system/menu/top-menu', async (request) => ok(request, await menus.topMenus(request.user)));

  treeRoutes(app, services);

  app.get('/api/blade-system/tenant/info', { config: { public: true } }, async (request) =>
    ok(request, await tenants.infoByDomain(String(requestParams(request).domain ?? ''))));

  app.get('/api/blade-system/dict/dictionary', async (request) =>
    ok(request, await dictionaryItems(services, 'blade_dict', String(requestParams(request).code ?? ''))));
  app.get('/api/blade-system/dict-biz/dictionary', async (request) =>
    ok(request, await dictionaryItems(services, 'blade_dict_biz', String(requestParams(request).code ?? ''), request.user.tenantId)));

  // The identity-switch dialog (switchMode): the depts and roles the caller holds (token lists are narrowed by a
  // switch, so read the user's row).
  app.get('/api/blade-system/dept/select', async (request) => {
    const ids = await heldIds(services, request.user.userId, request.user.tenantId, 'dept_id');
    if (!ids.length) return ok(request, []);
    const rows = await services.db.selectFrom('blade_dept').select(['id', 'dept_name'])
      .where('id', 'in', ids).where('tenant_id', '=', request.user.tenantId).where('is_deleted', '=', 0).orderBy('sort').execute();
    return ok(request, rows.map((r) => ({ id: String(r.id), deptName: r.dept_name })));
  });
  app.get('/api/blade-system/role/select', async (request) => {
    const { userId } = requestParams(request);
    // Another user's roles only for administrators; everyone else gets their own.
    const target = request.user.isAdmin && isId(userId) ? String(userId) : request.user.userId;
    const ids = await heldIds(services, target, request.user.tenantId, 'role_id');
    if (!ids.length) return ok(request, []);
    const rows = await services.db.selectFrom('blade_role').select(['id', 'role_name'])
      .where('id', 'in', ids).where('tenant_id', '=', request.user.tenantId).where('is_deleted', '=', 0).orderBy('sort').execute();
    return ok(request, rows.map((r) => ({ id: String(r.id), roleName: r.role_name })));
  });

  // Picker for forms in any screen (user form): any signed-in user; only the super tenant may name another tenant.
  const posts = services.entities.get(post.name)!;
  // The tenant screen's 产品包 dialog: every live package (platform rows, so only the platform tenant reads them).
  app.get('/api/blade-system/tenant-package/select', { config: { permission: 'tenant_package', platform: true } }, async (request) => {
    const packages = await services.entities.get('tenant-package')!.list(request.user, {});
    return ok(request, packages.map((p) => ({ id: p.id, packageName: p.packageName })));
  });

  app.get('/api/blade-system/post/select', async (request) => {
    return ok(request, await posts.list(asTenant(request.user, requestParams(request).tenantId), {}));
  });
}

async function dictionaryItems(services: Services, table: 'blade_dict' | 'blade_dict_biz', code: string, tenantId?: string) {
  if (!code) return [];
  let query = services.db.selectFrom(table)
    .select(['id', 'parent_id', 'code', 'dict_key', 'dict_value', 'sort', 'remark', 'is_sealed'])
    .where('code', '=', code).where('parent_id', '<>', '0').where('is_deleted', '=', 0);
  if (tenantId) query = query.where('tenant_id', '=', tenantId);
  const rows = await query.orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({
    id: String(r.id), parentId: String(r.parent_id), code: r.code, dictKey: r.dict_key, dictValue: r.dict_value,
    sort: Number(r.sort), remark: r.remark, isSealed: Number(r.is_sealed),
  }));
}

async function heldIds(services: Services, userId: string, tenantId: string, column: 'dept_id' | 'role_id'): Promise<string[]> {
  const row = await services.db.selectFrom('blade_user').select(column)
    .where('id', '=', userId).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst();
  return splitList(row?.[column]).filter(isId);
}
