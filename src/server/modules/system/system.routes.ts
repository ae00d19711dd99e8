import type { FastifyInstance } from 'fastify';
import { post } from '../../../shared/entities/system/post.ts';
import { SUPER_TENANT } from '../../platform/auth-context.ts';
import { ok } from '../../platform/errors.ts';
import { requestParams } from '../../platform/http.ts';
import { isId } from '../../platform/ids.ts';
import type { Services } from '../../services.ts';
import { MenuService } from './menu.service.ts';
import { TenantService } from './tenant.service.ts';

/** `/api/blade-system/*` beyond plain entity CRUD: what the console shell needs at start. */
export async function systemRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const menus = new MenuService(services.db, services.permissions);
  const tenants = new TenantService(services.db);

  app.get('/api/blade-system/menu/routes', async (request) => {
    const topMenuId = requestParams(request).topMenuId;
    return ok(request, await menus.routes(request.user, isId(topMenuId) ? String(topMenuId) : undefined));
  });
  app.get('/api/blade-system/menu/buttons', async (request) => ok(request, await menus.buttons(request.user)));
  app.get('/api/blade-system/menu/top-menu', async (request) => ok(request, await menus.topMenus(request.user)));

  app.get('/api/blade-system/tenant/info', { config: { public: true } }, async (request) =>
    ok(request, await tenants.infoByDomain(String(requestParams(request).domain ?? ''))));

  app.get('/api/blade-system/dict/dictionary', async (request) =>
    ok(request, await dictionaryItems(services, 'blade_dict', String(requestParams(request).code ?? ''))));
  app.get('/api/blade-system/dict-biz/dictionary', async (request) =>
    ok(request, await dictionaryItems(services, 'blade_dict_biz', String(requestParams(request).code ?? ''), request.user.tenantId)));

  // Picker for forms in any screen (user form): any signed-in user; only the super tenant may name another tenant.
  const posts = services.entities.get(post.name)!;
  app.get('/api/blade-system/post/select', async (request) => {
    const { tenantId } = requestParams(request);
    const target = request.user.tenantId === SUPER_TENANT && request.user.isAdmin && typeof tenantId === 'string' && tenantId ? tenantId : request.user.tenantId;
    return ok(request, await posts.list({ ...request.user, tenantId: target }, {}));
  });
}

async function dictionaryItems(services: Services, table: 'blade_dict' | 'blade_dict_biz', code: string, tenantId?: string) {
  if (!code) return [];
  let query = services.db.selectFrom(table)
    .select(['id', 'parent_id', 'code', 'dict_key', 'dict_value', 'sort', 'remark', 'is_sealed'])
    .where('code', '=', code).where('parent_id', '<>', 0).where('is_deleted', '=', 0);
  if (tenantId) query = query.where('tenant_id', '=', tenantId);
  const rows = await query.orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({
    id: String(r.id), parentId: String(r.parent_id), code: r.code, dictKey: r.dict_key, dictValue: r.dict_value,
    sort: Number(r.sort), remark: r.remark, isSealed: Number(r.is_sealed),
  }));
}
