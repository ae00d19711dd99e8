import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tenant } from '../../../shared/entities/system/tenant.ts';
import { tenantPackage } from '../../../shared/entities/system/tenant-package.ts';
import { SUPER_TENANT } from '../../platform/auth-context.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { ok, okOrEmpty } from '../../platform/errors.ts';
import { requestParams, requireParam } from '../../platform/http.ts';
import { isId } from '../../platform/ids.ts';
import type { Services } from '../../services.ts';
import { TenantService } from './tenant.service.ts';

const BASE = '/api/blade-system/tenant';
type Query = Record<string, unknown>;

const hasId = (request: FastifyRequest) => {
  const id = (request.body as Record<string, unknown> | null)?.id;
  return id !== undefined && id !== null && id !== '' && id !== 0 && id !== '0';
};

/**
 * Tenant administration (contract system.md §10). Reads (guard A + code `tenant`): a caller outside 000000 sees
 * only its own tenant's row. Writes: the platform super administrator only, with the screen's button codes.
 * `tenant/info` (public, login form) stays in system.routes.ts.
 */
export async function tenantRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const rows = services.entities.get(tenant.name)!;
  const packages = services.entities.get(tenantPackage.name)!;
  const tenants = new TenantService(services.db);
  const read = { config: { permission: tenant.code, admin: true } };
  const sa = (permission: string | ((request: FastifyRequest) => string)) => ({ config: { superAdmin: true, permission } });
  /** The fixed filter of every read: none for the platform tenant, the caller's own tenant otherwise. */
  const own = (request: FastifyRequest) => (request.user.tenantId === SUPER_TENANT ? undefined : { tenantId: request.user.tenantId });

  const page = async (request: FastifyRequest) => ok(request, await rows.page(request.user, request.query as Query, own(request)));
  app.get(`${BASE}/list`, read, page);
  app.get(`${BASE}/page`, read, page);
  app.get(`${BASE}/select`, read, async (request) => ok(request, await rows.list(request.user, request.query as Query, own(request))));
  app.get(`${BASE}/detail`, read, async (request) => {
    const record = await rows.detail(request.user, (request.query as Query).id);
    const mine = own(request);
    return okOrEmpty(request, record && (!mine || record.tenantId === mine.tenantId) ? record : undefined);
  });

  app.post(`${BASE}/submit`, sa((request) => `${tenant.code}_${hasId(request) ? 'edit' : 'add'}`), async (request) => {
    const body = request.body;
    const packageId = (body as Query | null)?.packageId;
    if (hasId(request) && packageId !== undefined) await tenants.livePackage(packageId);
    const saved = hasId(request)
      ? await rows.submit(request.user, body, 'update')
      : (await rows.wire([await tenants.create(request.user, (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Query)]))[0];
    await services.permissions.invalidate(); // a changed package or a new admin role
    await services.timeZones.invalidate();
    return ok(request, saved);
  });
  app.post(`${BASE}/remove`, sa(`${tenant.code}_delete`), async (request) => {
    const codes = await tenants.remove(request.user, parseIds(requestParams(request).ids));
    await Promise.all(codes.map((code) => services.sessions.closeTenant(code)));
    await services.permissions.invalidate();
    return ok(request, null);
  });
  app.post(`${BASE}/setting`, sa('tenant_setting'), async (request) => {
    const params = requestParams(request);
    await tenants.setting(request.user, parseIds(params.ids), params.accountNumber, params.expireTime);
    return ok(request, null);
  });
  app.post(`${BASE}/datasource`, sa('tenant_datasource'), async (request) => {
    await tenants.datasource(request.user, requireParam(request, 'tenantId'), requestParams(request).datasourceId);
    return ok(request, null);
  });
  app.get(`${BASE}/package-detail`, sa('tenant_package'), async (request) => {
    const id = requireParam(request, 'tenantId');
    const packageId = isId(id) ? await tenants.packageIdOf(id) : undefined;
    return okOrEmpty(request, packageId ? await packages.detail(request.user, packageId) : undefined);
  });
  app.post(`${BASE}/package-setting`, sa('tenant_package'), async (request) => {
    await tenants.packageSetting(request.user, requireParam(request, 'tenantId'), requestParams(request).packageId);
    await services.permissions.invalidate();
    return ok(request, null);
  });
}
