import type { FastifyInstance } from 'fastify';
import { datasource } from '../../../shared/entities/develop/datasource.ts';
import { TENANT_DATASOURCE } from '../../../shared/entities/system/tenant.ts';
import { ok } from '../../platform/errors.ts';
import { NO_INPUT } from '../../platform/route-schemas.ts';
import { DATASOURCE_SELECT_URL } from '../../../shared/contract/api/develop.ts';
import type { Services } from '../../services.ts';
import { answers } from '../../platform/response-schemas.ts';
import { Type } from 'typebox';

/**
 * Data sources beyond the engine's CRUD (contract develop-report.md §1; datasourceHooks seal the password): `select`
 * lists `{id, name}` for pickers (this screen and the tenant screen's 数据源 dialog).
 */
export async function datasourceRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const rows = services.entities.get(datasource.name)!;
  app.get(
    DATASOURCE_SELECT_URL,
    {
      config: { platform: true, permission: [datasource.code, TENANT_DATASOURCE] },
      schema: { ...NO_INPUT, ...answers(Type.Array(Type.Object({ id: Type.String(), name: Type.String() }))) },
    },
    async (request) => {
      const visible = await rows.visibleRows(request.user);
      const found = await visible(services.db).select(['id', 'name']).orderBy('id').execute();
      return ok(
        request,
        found.map((r) => ({ id: String(r.id), name: String(r.name) })),
      );
    },
  );
}
