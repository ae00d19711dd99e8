import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { attach } from '../../../shared/entities/resource/attach.ts';
import { ATTACH_REMOVE_URL } from '../../../shared/contract/api/resource.ts';
import { failWith, ok } from '../../platform/errors.ts';
import { heldAttachments } from '../../platform/entity/attachments.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import { paramsOf, Param, queryOrBody } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { removeAttachmentObjects } from './attachment-files.ts';
import { attachmentObjects } from './oss.queries.ts';
import { storageOf } from './storage/index.ts';
import { STORAGE_MESSAGES } from './storage/storage-messages.ts';

/**
 * `POST attach/remove?ids=`: the rows go (the engine's remove), then their objects. A file a live document still holds
 * in its attachments field stays: the document goes first, or drops it, and takes the file with it.
 */
export async function attachRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const rows = services.entities.get(attach.name)!;
  const storage = storageOf(services);
  const documents = () => [...services.entities.values()].map((service) => service.entity);
  app.post(
    ATTACH_REMOVE_URL,
    {
      config: { permission: `${attach.code}_delete` },
      schema: { ...queryOrBody({ ids: Param }), ...ANSWERS_NO_DATA },
    },
    async (request) => {
      const ids = parseIds(paramsOf(request).ids);
      const { tenantId } = request.user;
      if ((await heldAttachments(services.db, documents(), tenantId, ids)).size)
        throw failWith(STORAGE_MESSAGES.attachInUse);
      const visible = await rows.visibleRows(request.user);
      const found = await attachmentObjects(services.db, visible, ids);
      await rows.remove(request.user, ids);
      await removeAttachmentObjects(storage, tenantId, found, (error, name) =>
        request.log.warn({ err: error, name }, 'attach: the object could not be removed'),
      );
      return ok(request, null);
    },
  );
}
