import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { TENANT_DATASOURCE, TENANT_PACKAGE, TENANT_SETTING, tenant } from '../../../shared/entities/system/tenant.ts';
import { tenantPackage } from '../../../shared/entities/system/tenant-package.ts';
import { SUPER_TENANT } from '../../platform/auth-context.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { fail, ok, okOrEmpty } from '../../platform/errors.ts';
import { TenantMove } from '../../../shared/contract/api/system.schemas.ts';
import { requiredParam } from '../../platform/http.ts';
import { hasId } from '../../platform/entity/routes.ts';
import { listQuery } from '../../platform/entity/schemas.ts';
import { BodyMap, IdQuery, Param, paramsOf, queryOrBody, queryParams } from '../../platform/route-schemas.ts';
import { isId } from '../../platform/ids.ts';
import * as urls from '../../../shared/contract/api/system.ts';
import type { Services } from '../../services.ts';
import { TenantService } from './tenant.service.ts';
import { answers, ANSWERS_NO_DATA, pageOf, rowOf } from '../../platform/response-schemas.ts';
import { Type } from 'typebox';

const BASE = '/api/blade-system/tenant';

/**
 * Tenant administration (contract system.md §10). Reads (guard A + code `tenant`): a caller outside 000000 sees
 * only its own tenant's row. Writes: the platform super administrator only, with the screen's button codes.
 * `tenant/info` (public, login form) stays in system.routes.ts.
 */
export async function tenantRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const rows = services.entities.get(tenant.name)!;
  const packages = services.entities.get(tenantPackage.name)!;
  const tenants = new TenantService(services.db, services.setUpTenant, services.userMenuCodes, services.placing);
  const config = { permission: tenant.code, admin: true };
  const row = rows.wireRow;
  const read = (paged: boolean) => ({
    config,
    schema: { ...listQuery(tenant, { paged }), ...answers(paged ? pageOf(tenant, row) : Type.Array(row)) },
  });
  const orNull = answers(Type.Union([row, Type.Null()]));
  const sa = (permission: string | ((request: FastifyRequest) => string)) => ({ superAdmin: true, permission });
  /** The fixed filter of every read: none for the platform tenant, the caller's own tenant otherwise. */
  const own = (request: FastifyRequest) =>
    request.user.tenantId === SUPER_TENANT ? undefined : { tenantId: request.user.tenantId };

  for (const url of [`${BASE}/list`, `${BASE}/page`]) {
    app.get(url, read(true), async (request) =>
      ok(request, await rows.page(request.user, request.query, own(request))),
    );
  }
  app.get(urls.TENANT_SELECT_URL, read(false), async (request) =>
    ok(request, await rows.list(request.user, request.query, own(request))),
  );
  app.get(urls.TENANT_DETAIL_URL, { config, schema: { querystring: IdQuery, ...orNull } }, async (request) => {
    const record = await rows.detail(request.user, request.query.id);
    const mine = own(request);
    return okOrEmpty(request, record && (!mine || record.tenantId === mine.tenantId) ? record : undefined);
  });

  const submit = {
    config: sa((request) => `${tenant.code}_${hasId(request) ? 'edit' : 'add'}`),
    schema: { body: BodyMap, ...answers(row) },
  };
  app.post(`${BASE}/submit`, submit, async (request) => {
    const { body } = request;
    if (hasId(request) && body.packageId !== undefined) await tenants.livePackage(body.packageId);
    const saved = hasId(request)
      ? await rows.submit(request.user, body, 'update')
      : (await rows.wire([await tenants.create(request.user, body)]))[0];
    await services.permissions.invalidate(); // a changed package or a new admin role
    await services.timeZones.invalidate();
    return ok(request, saved);
  });
  const remove = {
    config: sa(`${tenant.code}_delete`),
    schema: { ...queryOrBody({ ids: Param }), ...ANSWERS_NO_DATA },
  };
  app.post(`${BASE}/remove`, remove, async (request) => {
    const codes = await tenants.remove(request.user, parseIds(paramsOf(request).ids));
    await Promise.all(codes.map((code) => services.sessions.closeTenant(code)));
    await services.permissions.invalidate();
    return ok(request, null);
  });
  const setting = {
    config: sa(TENANT_SETTING),
    schema: { ...queryOrBody({ ids: Param, accountNumber: Param, expireTime: Param }), ...ANSWERS_NO_DATA },
  };
  app.post(urls.TENANT_SETTING_URL, setting, async (request) => {
    const params = paramsOf(request);
    await tenants.setting(request.user, parseIds(params.ids), params.accountNumber, params.expireTime);
    await services.permissions.invalidate(); // an expiry applies to the tenants' signed-in users at once
    return ok(request, null);
  });
  const datasource = {
    config: sa(TENANT_DATASOURCE),
    schema: { ...queryOrBody({ tenantId: Param, datasourceId: Param }), ...ANSWERS_NO_DATA },
  };
  app.post(urls.TENANT_DATASOURCE_URL, datasource, async (request) => {
    const params = paramsOf(request);
    await tenants.datasource(request.user, requiredParam(params, 'tenantId'), params.datasourceId);
    return ok(request, null);
  });
  // 迁移租户: the tenant's rows copied to another database of the placement while it works (tenant-move.service.ts).
  app.post(
    urls.TENANT_MOVE_URL,
    {
      config: sa(TENANT_DATASOURCE),
      schema: { ...queryOrBody({ tenantId: Param, datasourceId: Param }), ...answers(TenantMove) },
    },
    async (request) => {
      const params = paramsOf(request);
      const target = typeof params.datasourceId === 'string' && params.datasourceId !== '' ? params.datasourceId : null;
      if (target !== null && !isId(target)) throw fail('paramType', { name: 'datasourceId' });
      return ok(request, await services.moves.move(requiredParam(params, 'tenantId'), target, request.user.userId));
    },
  );
  app.get(
    urls.TENANT_MOVE_STATUS_URL,
    {
      config: sa(TENANT_DATASOURCE),
      schema: { ...queryParams({ tenantId: Param }), ...answers(Type.Union([TenantMove, Type.Null()])) },
    },
    async (request) => ok(request, (await services.moves.status(requiredParam(request.query, 'tenantId'))) ?? null),
  );
  const packageDetail = {
    config: sa(TENANT_PACKAGE),
    schema: { ...queryParams({ tenantId: Param }), ...answers(Type.Union([rowOf(tenantPackage), Type.Null()])) },
  };
  app.get(urls.TENANT_PACKAGE_DETAIL_URL, packageDetail, async (request) => {
    const id = requiredParam(request.query, 'tenantId');
    const packageId = isId(id) ? await tenants.packageIdOf(id) : undefined;
    return okOrEmpty(request, packageId ? await packages.detail(request.user, packageId) : undefined);
  });
  const packageSetting = {
    config: sa(TENANT_PACKAGE),
    schema: { ...queryOrBody({ tenantId: Param, packageId: Param }), ...ANSWERS_NO_DATA },
  };
  app.post(urls.TENANT_PACKAGE_SETTING_URL, packageSetting, async (request) => {
    const params = paramsOf(request);
    await tenants.packageSetting(request.user, requiredParam(params, 'tenantId'), params.packageId);
    await services.permissions.invalidate();
    return ok(request, null);
  });
}
