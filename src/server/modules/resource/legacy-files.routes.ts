import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Services } from '../../services.ts';

/** Avatars stored before object storage (`<tenant>/<yyyyMM>/<id>.<png|jpg>`): nothing else resolves. */
const STORED_NAME = /^([A-Za-z0-9_-]{1,32})\/(\d{6})\/(\d{1,19})\.(png|jpg)$/;
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };

/**
 * Read-only serving of the avatars earlier versions wrote to `<DATA_DIR>/files` and linked as `/files/<name>`, so
 * profiles saved then keep their pictures; uploads now go through the object store (oss-endpoint.routes.ts).
 */
export async function legacyFilesRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const root = join(services.config.dataDir, 'files');
  app.get('/files/*', { schema: { params: Type.Object({ '*': Type.String() }) } }, async (request, reply) => {
    const rest = request.params['*'];
    const match = STORED_NAME.exec(rest);
    if (!match) return reply.callNotFound();
    const file = join(root, ...rest.split('/'));
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return reply.callNotFound();
    return reply
      .header('content-type', CONTENT_TYPES[match[4]])
      .header('content-length', info.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(createReadStream(file));
  });
}
