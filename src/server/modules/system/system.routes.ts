import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { post } from '../../../shared/entities/system/post.ts';
import { TENANT_PACKAGE } from '../../../shared/entities/system/tenant.ts';
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
import { answers, rowOf } from '../../platform/response-schemas.ts';
import * as urls from '../../../shared/contract/api/system.ts';
import {
  DemoAccounts,
  DeptOption,
  DictItem,
  GrantTopTree,
  GrantTree,
  MenuNodes,
  PackageOption,
  RoleOption,
  TenantInfo,
  TopMenu,
} from '../../../shared/contract/api/system.schemas.ts';
import { Type } from 'typebox';

/** `/api/blade-system/*` beyond plain entity CRUD: what the console shell needs at start. */
export async function systemRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const menus = new MenuService(services.db, services.permissions);
  const tenants = new TenantService(services.db, services.setUpTenant, services.userMenuCodes, services.placing);

  // Read on every login and reload: a reload that holds the same menus gets a 304 (platform/revalidate.ts).
  const routes = { schema: { ...queryParams({ topMenuId: Param }), ...answers(MenuNodes) } };
  app.get(urls.MENU_ROUTES_URL, routes, async (request, reply) => {
    const { topMenuId } = request.query;
    const routes = await menus.routes(request.user, isId(topMenuId) ? String(topMenuId) : undefined);
    return sendRevalidated(request, reply, ok(request, routes));
  });
  // The caller's own menus and buttons: nothing to read from the request.
  const mine = <T extends object>(answer: T) => ({ schema: { ...NO_INPUT, ...answer } });
  app.get(urls.MENU_BUTTONS_URL, mine(answers(MenuNodes)), async (request, reply) =>
    sendRevalidated(request, reply, ok(request, await menus.buttons(request.user))),
  );
  app.get(urls.MENU_GRANT_TREE_URL, mine(answers(GrantTree)), async (request) =>
    ok(request, await menus.grantTree(request.user)),
  );
  app.get(urls.MENU_GRANT_TOP_TREE_URL, mine(answers(GrantTopTree)), async (request) =>
    ok(request, await menus.grantTopTree(request.user)),
  );
  app.get(urls.MENU_TOP_URL, mine(answers(Type.Array(TopMenu))), async (request) =>
    ok(request, await menus.topMenus(request.user)),
  );

  treeRoutes(app, services);

  const tenantInfo = {
    config: { public: true },
    schema: { ...queryParams({ domain: Param }), ...answers(TenantInfo) },
  };
  app.get(urls.TENANT_INFO_URL, tenantInfo, async (request) =>
    ok(request, await tenants.infoByDomain(String(request.query.domain ?? ''))),
  );
  // The login page's hint where `npm run demo` filled the database: its accounts of tenant 000000, else none.
  const demo = { config: { public: true }, schema: { ...NO_INPUT, ...answers(DemoAccounts) } };
  app.get(urls.TENANT_DEMO_ACCOUNTS_URL, demo, async (request) =>
    ok(request, { tenantId: '000000', accounts: await demoAccounts(services.db) }),
  );

  const dictionary = { schema: { ...queryParams({ code: Param }), ...answers(Type.Array(DictItem)) } };
  app.get(urls.DICT_URL, dictionary, async (request) =>
    ok(request, await dictionaryItems(services, 'blade_dict', String(request.query.code ?? ''))),
  );
  app.get(urls.DICT_BIZ_URL, dictionary, async (request) =>
    ok(
      request,
      await dictionaryItems(services, 'blade_dict_biz', String(request.query.code ?? ''), request.user.tenantId),
    ),
  );

  // The identity-switch dialog (switchMode): the depts and roles the caller holds (token lists are narrowed by a
  // switch, so read the user's row).
  app.get(urls.DEPT_SELECT_URL, mine(answers(Type.Array(DeptOption))), async (request) => {
    const ids = await heldIds(services.db, request.user.userId, request.user.tenantId, 'dept_id');
    if (!ids.length) return ok(request, []);
    const rows = await deptNames(services.db, ids, request.user.tenantId);
    return ok(
      request,
      rows.map((r) => ({ id: String(r.id), deptName: r.dept_name })),
    );
  });
  const roleSelect = { schema: { ...queryParams({ userId: Param }), ...answers(Type.Array(RoleOption)) } };
  app.get(urls.ROLE_SELECT_URL, roleSelect, async (request) => {
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
    urls.TENANT_PACKAGE_SELECT_URL,
    {
      config: { permission: TENANT_PACKAGE, platform: true },
      schema: { ...NO_INPUT, ...answers(Type.Array(PackageOption)) },
    },
    async (request) => {
      const packages = await services.entities.get('tenant-package')!.list(request.user, {});
      return ok(
        request,
        packages.map((p) => ({ id: p.id, packageName: p.packageName })),
      );
    },
  );

  const postSelect = { schema: { ...queryParams({ tenantId: Param }), ...answers(Type.Array(rowOf(post))) } };
  app.get(urls.POST_SELECT_URL, postSelect, async (request) =>
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
