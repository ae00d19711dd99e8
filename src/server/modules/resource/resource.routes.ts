import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import multipart from '@fastify/multipart';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fail, failWith, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import { readMultipart } from '../../platform/multipart.ts';
import { multipartBody, UploadFile } from '../../platform/route-schemas.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import { PUT_FILE_URL } from '../../../shared/contract/api/resource.ts';
import type { Services } from '../../services.ts';
import { answers } from '../../platform/response-schemas.ts';

/** A stored upload (BladeX's BladeFile): the link the web app serves it at and its names. */
const StoredFile = Type.Object({
  link: Type.String(),
  domain: Type.String(),
  name: Type.String(),
  originalName: Type.String(),
  attachId: Type.String(),
});

/** Avatars: spec §5 (jpg/png, at most 500 KB). */
export const MAX_UPLOAD_BYTES = 500 * 1024;
const ALLOWED_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png']);

export const RESOURCE_MESSAGES = {
  tooLarge: { zh: '上传头像图片大小不能超过 500KB!', en: 'The avatar image must not exceed 500KB!' },
  wrongType: { zh: '上传头像图片只能是 JPG/PNG 格式!', en: 'The avatar image must be a JPG/PNG file!' },
  noFile: { zh: '请选择上传文件', en: 'Please choose a file to upload' },
} satisfies Record<string, LocalText>;

/**
 * Stored files: `<tenant>/<yyyyMM>/<id>.<ext>` and nothing else (no dots, slashes or encodings to escape the folder).
 */
const STORED_NAME = /^([A-Za-z0-9_-]{1,32})\/(\d{6})\/(\d{1,19})\.(png|jpg)$/;
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };

/** The file's real type from its first bytes; undefined when it is neither PNG nor JPEG. */
export function sniffImage(buffer: Buffer): 'png' | 'jpg' | undefined {
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpg';
  return undefined;
}

const yyyyMM = (date = new Date()) => `${date.getFullYear()}${String(date.getMonth() + 1).padStart(2, '0')}`;

/**
 * File upload (contract resource-desk-log.md put-file) into `<DATA_DIR>/files`, and read-only serving of that folder at
 * /files.
 */
export async function resourceRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const root = join(services.config.dataDir, 'files');
  await app.register(multipart);

  const putFile = { schema: { ...multipartBody({ file: UploadFile }), ...answers(StoredFile) } };
  app.post(PUT_FILE_URL, putFile, async (request) => {
    const {
      files: [file],
    } = await readMultipart(request, {
      fileField: 'file',
      files: 1,
      fileSize: MAX_UPLOAD_BYTES,
      fieldSize: 1024,
      tooLarge: RESOURCE_MESSAGES.tooLarge,
    });
    if (!file) throw failWith(RESOURCE_MESSAGES.noFile);
    const { data: buffer, name: filename, mimetype } = file;
    if (buffer.length > MAX_UPLOAD_BYTES) throw failWith(RESOURCE_MESSAGES.tooLarge);
    const ext = sniffImage(buffer);
    if (!ALLOWED_TYPES.has(mimetype.toLowerCase()) || !ext) throw failWith(RESOURCE_MESSAGES.wrongType);

    const tenantId = request.user.tenantId;
    const name = `${tenantId}/${yyyyMM()}/${nextId()}.${ext}`;
    if (!STORED_NAME.test(name)) throw fail('unreadable');
    const target = join(root, ...name.split('/'));
    await mkdir(join(target, '..'), { recursive: true });
    await writeFile(target, buffer, { flag: 'wx' });
    return ok(request, {
      link: `/files/${name}`,
      domain: '',
      name,
      originalName: filename.slice(0, 255),
      attachId: '',
    });
  });

  // Public like the web app's files (outside /api); only names of the stored form resolve, so nothing outside the
  // folder can be reached.
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
