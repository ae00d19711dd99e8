import type { FastifyInstance } from 'fastify';
import { datasource } from '../../../shared/entities/develop/datasource.ts';
import { ok } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { sealDatasourcePassword } from './datasource-password.ts';

const BASE = `/api/${datasource.service}/${datasource.name}`;

/**
 * Data sources beyond the engine's CRUD (contract develop-report.md §1): the password is sealed before it is
 * written, and an edit with a blank password keeps the stored one; `select` lists `{id, name}` for pickers (this
 * screen and the tenant screen's 数据源 dialog).
 */
export async function datasourceRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const rows = services.entities.get(datasource.name)!;
  const secret = services.config.jwtSecret;
  rows.use({
    prepare: async (_user, input, inserting) => {
      const { password, ...rest } = input;
      const blank = password === undefined || password === null || (typeof password === 'string' && password.trim() === '');
      // On insert a blank password reaches the engine, which answers with the definition's required message.
      return blank && !inserting ? rest : input;
    },
    // The engine validated the typed password (required, 50 characters); what it writes is the sealed value.
    beforeWrite: async (_trx, _user, values) => {
      if (typeof values.password === 'string' && values.password !== '') values.password = sealDatasourcePassword(values.password, secret);
    },
  });

  app.get(`${BASE}/select`, { config: { platform: true, permission: [datasource.code, 'tenant_datasource'] } }, async (request) => {
    const visible = await rows.visibleRows(request.user);
    const found = await visible(services.db).select(['id', 'name']).orderBy('id').execute();
    return ok(request, found.map((r) => ({ id: String(r.id), name: String(r.name) })));
  });
}
