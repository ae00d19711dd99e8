import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { asSystem } from '../../db/tenant-context.ts';
import type { Services } from '../../services.ts';
import { storageOf } from './storage/index.ts';
import { isObjectKey } from './storage/object-names.ts';

/** Types a browser may show inline; anything else downloads, so no uploaded file ever runs as a page of ours. */
const INLINE = /^(image\/(png|jpeg|gif|webp|bmp)|application\/pdf|text\/plain|video\/mp4|audio\/mpeg)\b/;

/**
 * Links to objects (storage.service.ts), public like the web app's files because <img> and downloads send no token:
 * `?sign=` (the lasting link) answers with a redirect to a short-lived link; `?expires=&signature=` (the local store's
 * short-lived link) streams the object. A link whose signature does not hold is a 404, as is a missing object.
 */
export async function objectLinkRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const storage = storageOf(services);
  const schema = {
    params: Type.Object({ tenantId: Type.String(), ossId: Type.String(), '*': Type.String() }),
    querystring: Type.Object({
      sign: Type.Optional(Type.String()),
      expires: Type.Optional(Type.String()),
      signature: Type.Optional(Type.String()),
      name: Type.Optional(Type.String()),
    }),
  };
  app.get('/oss/:tenantId/:ossId/*', { schema }, async (request, reply) => {
    const { tenantId, ossId, '*': key } = request.params;
    const { sign, expires, signature, name } = request.query;
    if (!/^[A-Za-z0-9_-]{1,12}$/.test(tenantId) || !isObjectKey(key)) return reply.callNotFound();
    const lasting = sign !== undefined && storage.verifyLasting(tenantId, ossId, key, sign);
    const short =
      expires !== undefined && signature !== undefined && storage.verifyShort(tenantId, ossId, key, expires, signature);
    if (!lasting && !short) return reply.callNotFound();
    // The signature names the tenant: its config is read as the system, as no token comes with the link.
    const target = await asSystem(() => storage.byId(tenantId, ossId));
    if (!target) return reply.callNotFound();
    if (lasting) {
      return reply.header('cache-control', 'private, no-store').redirect(await storage.shortLink(target, key), 302);
    }
    const found = await target.store.read(key);
    if (!found) return reply.callNotFound();
    const { contentType, length } = found.info;
    const fileName = name ?? key.slice(key.lastIndexOf('/') + 1);
    return reply
      .header('content-type', contentType)
      .header('content-length', length)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
      .header('cache-control', 'private, max-age=300')
      .header(
        'content-disposition',
        `${INLINE.test(contentType) && name === undefined ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      )
      .send(found.body);
  });
}
