import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { Readable } from 'node:stream';
import { fail, failWith } from '../../../platform/errors.ts';
import { extensionOf } from './object-names.ts';
import { contentTypeOf } from './object-store.ts';
import { STORAGE_MESSAGES } from './storage-messages.ts';
import type { TenantStore } from './storage.service.ts';

/** Bytes read before the rest streams on: what file-type needs to tell a type by its content. */
const HEAD_BYTES = 4100;
/** Extensions of text files, which have no magic number: taken from the name when the content is text. */
const TEXT_TYPES = new Set(['txt', 'csv']);
/** OLE2 compound files: the legacy Office formats file-type reports as `cfb`. */
const CFB_TYPES = new Set(['doc', 'xls', 'ppt']);

export interface IncomingFile {
  originalName: string;
  /** The extension of the content as sniffed (`jpg` for a JPEG named .jpeg). */
  extension: string;
  contentType: string;
  /** The file's bytes, the head included; fails with a 400 past the size limit. */
  body: Readable;
  /** Text fields sent before the file part (`fileName`). */
  fields: Record<string, string>;
}

/** Text: valid UTF-8 without NUL or other control characters than tab, line feed, carriage return, form feed. */
function looksLikeText(head: Buffer, complete: boolean): boolean {
  // A multi-byte character cut at the end of the head is not an error.
  const sample = complete ? head : head.subarray(0, Math.max(0, head.length - 3));
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(sample);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** The content's extension if it is one the tenant takes; a 400 otherwise (a disguised file says so). */
async function checkType(head: Buffer, complete: boolean, originalName: string, allowed: ReadonlySet<string>) {
  const named = extensionOf(originalName);
  const sniffed = await fileTypeFromBuffer(head);
  let extension: string | undefined;
  if (sniffed) extension = sniffed.ext === 'cfb' && CFB_TYPES.has(named) ? named : sniffed.ext;
  else if (TEXT_TYPES.has(named) && looksLikeText(head, complete)) extension = named;
  if (extension && allowed.has(extension)) return extension;
  throw failWith(named && allowed.has(named) ? STORAGE_MESSAGES.disguised : STORAGE_MESSAGES.wrongType);
}

/**
 * The request's `file` part as a stream checked on the way: its first bytes sniffed against the tenant's types before
 * anything is stored, its length counted against the tenant's limit while it streams into the store.
 */
export async function receiveFile(request: FastifyRequest, target: TenantStore): Promise<IncomingFile> {
  if (!request.isMultipart()) throw failWith(STORAGE_MESSAGES.noFile);
  const limitMb = Math.round(target.maxBytes / 1024 / 1024);
  const tooLarge = () => failWith(STORAGE_MESSAGES.tooLarge, { name: limitMb });
  let part;
  try {
    part = await request.file({
      limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6, fileSize: target.maxBytes + 1 },
      throwFileSizeLimit: false,
    });
  } catch {
    throw fail('unreadable');
  }
  if (!part || part.fieldname !== 'file' || !part.filename) throw failWith(STORAGE_MESSAGES.noFile);
  const fields: Record<string, string> = Object.create(null);
  for (const [name, field] of Object.entries(part.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
  }
  const originalName = part.filename
    .replace(/\\/g, '/')
    .split('/')
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .slice(0, 255);
  const source = part.file;
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  // A body cut short or malformed fails while it is read: the client's (消息不能读取), not the server's.
  const chunks = {
    next: () =>
      iterator.next().catch(() => {
        throw fail('unreadable');
      }),
  };
  const head: Buffer[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const first = Buffer.concat(head);
  if (first.length === 0) throw failWith(STORAGE_MESSAGES.empty);
  if (first.length > target.maxBytes) throw tooLarge();
  let extension: string;
  try {
    extension = await checkType(first, done, originalName, target.allowedTypes);
  } catch (error) {
    source.resume(); // drain the rest so the answer reaches the client
    throw error;
  }
  let length = first.length;
  async function* bytes() {
    yield first;
    if (done) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      length += next.value.length;
      if (length > target.maxBytes || source.truncated) throw tooLarge();
      yield next.value;
    }
    if (source.truncated) throw tooLarge();
  }
  return {
    originalName,
    extension,
    contentType: contentTypeOf(`x.${extension}`),
    body: Readable.from(bytes()),
    fields,
  };
}
