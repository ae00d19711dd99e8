import type { FastifyRequest } from 'fastify';
import type { LocalText } from '../../shared/i18n/server-messages.ts';
import { ApiError, fail, failWith } from './errors.ts';
import { unsafeInput } from './http.ts';

/** What one upload route takes (`@fastify/multipart` is registered by the module that owns the route). */
export interface UploadRule {
  /** The form field holding the files; files under other names are read and dropped. */
  fileField: string;
  files: number;
  fileSize: number;
  /** The route's message for a file over `fileSize`. */
  tooLarge: LocalText;
  /** Largest text field, in bytes. */
  fieldSize?: number;
}

export interface UploadedFile {
  /** The file name without any folder the browser sent. */
  name: string;
  mimetype: string;
  data: Buffer;
}

export interface Upload {
  /** Text fields by name: a prototype-free object, so `fields.constructor` is nothing a client did not send. */
  fields: Record<string, string>;
  files: UploadedFile[];
}

const MAX_TEXT_FIELDS = 10;

/**
 * A multipart/form-data request read into memory within the rule's limits; a request of another type has no
 * fields and no files (each route says what it misses). Only the request body is read here, so anything the parser
 * refuses (no boundary, a body cut short, too many parts, a prototype field name) is the client's: a 400.
 */
export async function readMultipart(request: FastifyRequest, rule: UploadRule): Promise<Upload> {
  const fields: Record<string, string> = Object.create(null);
  const files: UploadedFile[] = [];
  if (!request.isMultipart()) return { fields, files };
  try {
    const parts = request.parts({
      limits: {
        files: rule.files,
        fileSize: rule.fileSize,
        fields: MAX_TEXT_FIELDS,
        fieldSize: rule.fieldSize ?? 4096,
        parts: rule.files + MAX_TEXT_FIELDS,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === rule.fileField && part.filename) {
          files.push({ name: part.filename.replace(/\\/g, '/').split('/').pop()!, mimetype: part.mimetype, data });
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw failWith(rule.tooLarge);
    throw fail('unreadable');
  }
  const unsafe = unsafeInput([fields, files.map((file) => file.name)]);
  if (unsafe !== undefined) throw fail('paramType', { name: unsafe });
  return { fields, files };
}
