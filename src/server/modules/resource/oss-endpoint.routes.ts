import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { attach } from '../../../shared/entities/resource/attach.ts';
import { oss } from '../../../shared/entities/resource/oss.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import * as URL from '../../../shared/contract/api/resource.ts';
import { failWith, ok } from '../../platform/errors.ts';
import { answers, ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import { multipartBody, Param, paramsOf, queryOrBody, UploadFile } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { storageOf, type TenantStore } from './storage/index.ts';
import { extensionOf, isBucketName, isObjectKey, newObjectKey } from './storage/object-names.ts';
import { StoreRefusal } from './storage/object-store.ts';
import { STORAGE_MESSAGES } from './storage/storage-messages.ts';
import { receiveFile, type IncomingFile } from './storage/upload-stream.ts';

const BladeFile = Type.Object({
  link: Type.String(),
  domain: Type.String(),
  name: Type.String(),
  originalName: Type.String(),
  attachId: Type.String(),
});
const ObjectStat = Type.Object({
  link: Type.String(),
  name: Type.String(),
  length: Type.Number(),
  putTime: Type.String(),
  contentType: Type.String(),
});

const text = (value: Param | undefined): string =>
  Array.isArray(value) ? String(value[0] ?? '') : value === undefined || value === null ? '' : String(value);

function objectKey(value: Param | undefined): string {
  const key = text(value);
  if (!isObjectKey(key)) throw failWith(STORAGE_MESSAGES.badName);
  return key;
}

function bucketName(value: Param | undefined): string {
  const name = text(value);
  if (!isBucketName(name)) throw failWith(STORAGE_MESSAGES.badBucket);
  return name;
}

/** What Node and the S3 client say when the store's host is unknown, refuses, drops or does not answer. */
const UNREACHABLE = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH']);
const unreachable = (error: unknown) => {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return (typeof code === 'string' && UNREACHABLE.has(code)) || name === 'TimeoutError';
};

/**
 * A store's refusal in the client's words, and a store the server cannot reach (the enabled config's endpoint: the
 * administrator's to correct); anything else is the server's (a 500 with an error id).
 */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreRefusal) throw failWith(STORAGE_MESSAGES[error.reason]);
    if (unreachable(error)) throw failWith(STORAGE_MESSAGES.storeUnreachable);
    throw error;
  }
}

const sameExtension = (a: string, b: string) => a === b || (a === 'jpeg' && b === 'jpg');

/**
 * The file endpoint (contract resource-desk-log.md §2) over the tenant's enabled store (storage/storage.service.ts).
 * Uploads stream from the request into the store; any signed-in user may upload and read links (avatars, a form's
 * attachments), naming objects and managing buckets is for holders of the 对象存储 screen.
 */
export async function ossEndpointRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const storage = storageOf(services);
  const attachRows = services.entities.get(attach.name)!;
  await app.register(multipart);

  const bladeFile = (target: TenantStore, key: string, originalName: string, attachId = '') => ({
    link: storage.linkOf(target.tenantId, target.ossId, key),
    domain: storage.domainOf(target.tenantId, target.ossId),
    name: key,
    originalName,
    attachId,
  });

  /** Receives the request's file into the key `keyOf` names; the object's key, its size and the file. */
  async function store(request: FastifyRequest, target: TenantStore, keyOf: (file: IncomingFile) => string) {
    const file = await receiveFile(request, target);
    let key: string;
    try {
      key = keyOf(file);
    } catch (error) {
      file.body.destroy();
      throw error;
    }
    const size = await refusing(() => target.store.put(key, file.body, file.contentType));
    return { key, size, file };
  }

  const upload = { schema: { ...multipartBody({ file: UploadFile }), ...answers(BladeFile) } };
  app.post(URL.PUT_FILE_URL, upload, async (request) => {
    const target = await storage.enabled(request.user.tenantId);
    const { key, file } = await store(request, target, (f) => newObjectKey(f.extension));
    return ok(request, bladeFile(target, key, file.originalName));
  });

  // The name comes in the query or as a form field before the file; its extension must be the content's.
  app.post(
    URL.PUT_FILE_BY_NAME_URL,
    {
      config: { permission: oss.code },
      schema: {
        querystring: Type.Object({ fileName: Param }),
        ...multipartBody({ fileName: Type.String(), file: UploadFile }),
        ...answers(BladeFile),
      },
    },
    async (request) => {
      const given = request.query.fileName;
      if (given !== undefined) objectKey(given);
      const target = await storage.enabled(request.user.tenantId);
      const { key, file } = await store(request, target, (f) => {
        const name = objectKey(given ?? f.fields.fileName);
        if (!sameExtension(extensionOf(name), f.extension)) throw failWith(STORAGE_MESSAGES.disguised);
        return name;
      });
      return ok(request, bladeFile(target, key, file.originalName));
    },
  );

  app.post(URL.PUT_FILE_ATTACH_URL, upload, async (request) => {
    const target = await storage.enabled(request.user.tenantId);
    const { key, size, file } = await store(request, target, (f) => newObjectKey(f.extension));
    const stored = bladeFile(target, key, file.originalName);
    try {
      const row = await attachRows.submit(request.user, {
        link: stored.link,
        domain: stored.domain,
        name: key,
        originalName: file.originalName,
        extension: file.extension,
        attachSize: size,
      });
      return ok(request, { ...stored, attachId: String(row.id) });
    } catch (error) {
      await target.store.remove([key]).catch(() => undefined);
      throw error;
    }
  });

  const byName = { ...queryOrBody({ fileName: Param }), ...ANSWERS_NO_DATA };
  app.post(URL.REMOVE_FILE_URL, { config: { permission: oss.code }, schema: byName }, async (request) => {
    const key = objectKey(paramsOf(request).fileName);
    const { store } = await storage.enabled(request.user.tenantId);
    await refusing(() => store.remove([key]));
    return ok(request, null);
  });

  app.post(
    URL.REMOVE_FILES_URL,
    { config: { permission: oss.code }, schema: { ...queryOrBody({ fileNames: Param }), ...ANSWERS_NO_DATA } },
    async (request) => {
      const given = paramsOf(request).fileNames;
      const keys = (Array.isArray(given) ? given.map(String) : text(given).split(',')).map((k) => objectKey(k));
      if (keys.length > 1000) throw failWith(STORAGE_MESSAGES.badName);
      const { store } = await storage.enabled(request.user.tenantId);
      await refusing(() => store.remove(keys));
      return ok(request, null);
    },
  );

  app.get(
    URL.STAT_FILE_URL,
    { schema: { querystring: Type.Object({ fileName: Param }), ...answers(ObjectStat) } },
    async (request) => {
      const key = objectKey(request.query.fileName);
      const target = await storage.enabled(request.user.tenantId);
      const info = await refusing(() => target.store.stat(key));
      if (!info) throw failWith(STORAGE_MESSAGES.noObject);
      return ok(request, {
        link: storage.linkOf(target.tenantId, target.ossId, key),
        name: key,
        length: info.length,
        putTime: formatDateTime(info.putTime),
        contentType: info.contentType,
      });
    },
  );

  const linkQuery = { querystring: Type.Object({ fileName: Param }), ...answers(Type.String()) };
  app.get(URL.FILE_PATH_URL, { schema: linkQuery }, async (request) => {
    const key = objectKey(request.query.fileName);
    const target = await storage.enabled(request.user.tenantId);
    return ok(request, `${target.store.bucket}/${key}`);
  });

  app.get(URL.FILE_LINK_URL, { schema: linkQuery }, async (request) => {
    const key = objectKey(request.query.fileName);
    const target = await storage.enabled(request.user.tenantId);
    return ok(request, await storage.shortLink(target, key));
  });

  /** The tenant's own store: the server's shared S3 store has no buckets of a tenant's. */
  const ownStore = async (request: FastifyRequest) => {
    const target = await storage.enabled(request.user.tenantId);
    if (target.shared) throw failWith(STORAGE_MESSAGES.sharedStore);
    return target;
  };
  const bucketQuery = { ...queryOrBody({ bucketName: Param }), ...ANSWERS_NO_DATA };
  app.post(URL.MAKE_BUCKET_URL, { config: { permission: oss.code }, schema: bucketQuery }, async (request) => {
    const name = bucketName(paramsOf(request).bucketName);
    const { store } = await ownStore(request);
    await refusing(() => store.makeBucket(name));
    return ok(request, null);
  });

  app.post(URL.REMOVE_BUCKET_URL, { config: { permission: oss.code }, schema: bucketQuery }, async (request) => {
    const name = bucketName(paramsOf(request).bucketName);
    const { store } = await ownStore(request);
    await refusing(() => store.removeBucket(name));
    return ok(request, null);
  });

  app.post(
    URL.COPY_FILE_URL,
    {
      config: { permission: oss.code },
      schema: { ...queryOrBody({ fileName: Param, destBucketName: Param, destFileName: Param }), ...ANSWERS_NO_DATA },
    },
    async (request) => {
      const params = paramsOf(request);
      const key = objectKey(params.fileName);
      const destBucket = bucketName(params.destBucketName);
      const destKey =
        params.destFileName === undefined || text(params.destFileName) === '' ? key : objectKey(params.destFileName);
      const target = await storage.enabled(request.user.tenantId);
      if (target.shared && destBucket !== target.store.bucket) throw failWith(STORAGE_MESSAGES.sharedStore);
      await refusing(() => target.store.copy(key, destBucket, destKey));
      return ok(request, null);
    },
  );
}
