import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { attach } from '../../../shared/entities/resource/attach.ts';
import { ATTACH_REMOVE_URL } from '../../../shared/contract/api/resource.ts';
import { ok } from '../../platform/errors.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import { paramsOf, Param, queryOrBody } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { attachmentObjects } from './oss.queries.ts';
import { storageOf } from './storage/index.ts';

/** `/oss/<tenant>/<config>`: the store a row's object lives in. */
const DOMAIN = /^\/oss\/([A-Za-z0-9_-]{1,12})\/(\d{1,19})$/;

/**
 * `POST attach/remove?ids=`: the rows go (the engine's remove), then their objects. An object that cannot be removed
 * (its store unreachable or its config deleted) is left behind rather than keeping the row the user deleted.
 */
export async function attachRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const rows = services.entities.get(attach.name)!;
  const storage = storageOf(services);
  app.post(
    ATTACH_REMOVE_URL,
    {
      config: { permission: `${attach.code}_delete` },
      schema: { ...queryOrBody({ ids: Param }), ...ANSWERS_NO_DATA },
    },
    async (request) => {
      const ids = parseIds(paramsOf(request).ids);
      const visible = await rows.visibleRows(request.user);
      const found = await attachmentObjects(services.db, visible, ids);
      await rows.remove(request.user, ids);
      for (const { domain, name } of found) {
        const [, tenantId, ossId] = DOMAIN.exec(domain) ?? [];
        if (tenantId !== request.user.tenantId) continue;
        const target = await storage.byId(tenantId, ossId).catch(() => undefined);
        await target?.store.remove([name]).catch((error: unknown) => {
          request.log.warn({ err: error, name }, 'attach: the object could not be removed');
        });
      }
      return ok(request, null);
    },
  );
}
