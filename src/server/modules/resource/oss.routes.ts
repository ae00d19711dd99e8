import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { OSS_CATEGORY, OSS_ENABLE, oss } from '../../../shared/entities/resource/oss.ts';
import { OSS_ENABLE_URL } from '../../../shared/contract/api/resource.ts';
import { fail, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import { ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import { paramsOf, Param, queryOrBody } from '../../platform/route-schemas.ts';
import { sealedFieldHooks } from '../../platform/sealed-text.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';
import { enableConfig } from './oss.queries.ts';
import { storageOf } from './storage/index.ts';
import { OSS_SECRET_PURPOSE } from './storage/storage.service.ts';

/** The secret key is sealed before it is written, and an edit with it blank keeps the stored one. */
export const ossHooks = (services: Services): EntityHooks =>
  sealedFieldHooks('secretKey', services.config.jwtSecret, OSS_SECRET_PURPOSE, 'secret_key');

/** `POST enable?id=` (启用): the tenant's one enabled config (oss.queries.ts enableConfig). */
export async function ossRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const rows = services.entities.get(oss.name)!;
  app.post(
    OSS_ENABLE_URL,
    { config: { permission: OSS_ENABLE }, schema: { ...queryOrBody({ id: Param }), ...ANSWERS_NO_DATA } },
    async (request) => {
      const id = String(paramsOf(request).id ?? '');
      if (!isId(id)) throw fail('dataNotFound');
      const visible = await rows.visibleRows(request.user);
      const found = await enableConfig(services.db, visible, request.user.tenantId, id, ({ category }) => {
        if (category === OSS_CATEGORY.local) storageOf(services).checkLocalAllowed();
      });
      if (!found) throw fail('dataNotFound');
      return ok(request, null);
    },
  );
}
