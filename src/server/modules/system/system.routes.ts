import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { post } from '../../../shared/entities/system/post.ts';
import { asTenant } from '../../platform/entity/routes.ts';
import { ok } from '../../platform/errors.ts';
import { sendRevalidated } from '../../platform/revalidate.ts';
import { NO_INPUT, Param, queryParams } from '../../platform/route-schemas.ts';
import { isId } from '../../platform/ids.ts';
import type { Services } from '../../services.ts';
import { MenuService } from './menu.service.ts';
import { TenantService } from './tenant.service.ts';
import { deptNames, dictionaryEntries, heldIds, roleNames } from './system.queries.ts';
import { treeRoutes } from './tree.routes.ts';
import { demoAccounts } from './demo/login-accounts.ts';

/** `/api/blade-system/*` beyond plain entity CRUD: what the console shell needs at start. */
export async function systemRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const menus = new MenuService(services.db, services.permissions);
  const tenants = new TenantService(services.db, services.setUpTenant, services.userMenuCodes);

  // Read on every login and reload: a reload that holds the same menus gets a 304 (platform/revalidate.ts).
  app.get('/api/blade-system/menu/routes', { schema: queryParams({ topMenuId: Param }) }, async (request, reply) => {
    const { topMenuId } = request.query;
    const routes = await menus.routes(request.user, isId(topMenuId) ? String(topMenuId) : undefined);
    return sendRevalidated(request, reply, ok(request, routes));
  });
  // The caller's own menus and buttons: nothing to read from the request.
  const mine = { schema: NO_INPUT };
  app.get('/api/blade-system/menu/buttons', mine, async (request, reply) =>
    sendRevalidated(request, reply, ok(request, await menus.buttons(request.user))),
  );
  app.get('/api/blade-system/menu/grant-tree', mine, async (request) =>
    ok(request, await menus.grantTree(request.user)),
  );
  app.get('/api/blade-system/menu/grant-top-tree', mine, async (request) =>
    ok(request, await menus.grantTopTree(request.user)),
  );
  app.get('/api/blade-system/menu/top-menu', mine, async (request) => ok(request, await menus.topMenus(request.user)));

  treeRoutes(app, services);

  const tenantInfo = { config: { public: true }, schema: queryParams({ domain: Param }) };
  app.get('/api/blade-system/tenant/info', tenantInfo, async (request) =>
    ok(request, await tenants.infoByDomain(String(request.query.domain ?? ''))),
  );
  // The login page's hint where `npm run demo` filled the database: its accounts of tenant 000000, else none.
  app.get('/api/blade-system/tenant/demo-accounts', { config: { public: true }, schema: NO_INPUT }, async (request) =>
    ok(request, { tenantId: '000000', accounts: await demoAccounts(services.db) }),
  );

  const dictionary = { schema: queryParams({ code: Param }) };
  app.get('/api/blade-system/dict/dictionary', dictionary, async (request) =>
    ok(request, await dictionaryItems(services, 'blade_dict', String(request.query.code ?? ''))),
  );
  app.get('/api/blade-system/dict-biz/dictionary', dictionary, async (request) =>
    ok(
      request,
      await dictionaryItems(services, 'blade_dict_biz', String(request.query.code ?? ''), request.user.tenantId),
    ),
  );

  // The identity-switch dialog (switchMode): the depts and roles the caller holds (token lists are narrowed by a
  // switch, so read the user's row).
  app.get('/api/blade-system/dept/select', { schema: NO_INPUT }, async (request) => {
    const ids = await heldIds(services.db, request.user.userId, request.user.tenantId, 'dept_id');
    if (!ids.length) return ok(request, []);
    const rows = await deptNames(services.db, ids, request.user.tenantId);
    return ok(
      request,
      rows.map((r) => ({ id: String(r.id), deptName: r.dept_name })),
    );
  });
  app.get('/api/blade-system/role/select', { schema: queryParams({ userId: Param }) }, async (request) => {
    const { userId } = request.query;
    // Another user's roles only for administrators; everyone else gets their own.
    const target = request.user.isAdmin && isId(userId) ? String(userId) : request.user.userId;
    const ids = await heldIds(services.db, target, request.user.tenantId, 'role_id');
    if (!ids.length) return ok(request, []);
    const rows = await roleNames(services.db, ids, request.user.tenantId);
    return ok(
      request,
      rows.map((r) => ({ id: String(r.id), roleName: r.role_name })),
    );
  });

  // Picker for forms in any screen (user form): any signed-in user; only the super tenant may name another tenant.
  const posts = services.entities.get(post.name)!;
  // The tenant screen's 产品包 dialog: every live package (platform rows, so only the platform tenant reads them).
  app.get(
    '/api/blade-system/tenant-package/select',
    { config: { permission: 'tenant_package', platform: true }, schema: NO_INPUT },
    async (request) => {
      const packages = await services.entities.get('tenant-package')!.list(request.user, {});
      return ok(
        request,
        packages.map((p) => ({ id: p.id, packageName: p.packageName })),
      );
    },
  );

  app.get('/api/blade-system/post/select', { schema: queryParams({ tenantId: Param }) }, async (request) =>
    ok(request, await posts.list(asTenant(request.user, request.query.tenantId), {})),
  );
}

async function dictionaryItems(
  services: Services,
  table: 'blade_dict' | 'blade_dict_biz',
  code: string,
  tenantId?: string,
) {
  if (!code) return [];
  const rows = await dictionaryEntries(services.db, table, code, tenantId);
  return rows.map((r) => ({
    id: String(r.id),
    parentId: String(r.parent_id),
    code: r.code,
    dictKey: r.dict_key,
    dictValue: r.dict_value,
    sort: Number(r.sort),
    remark: r.remark,
    isSealed: Number(r.is_sealed),
  }));
}
