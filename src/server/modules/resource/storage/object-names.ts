import { randomUUID } from 'node:crypto';

/**
 * Object keys and bucket names a client may name. A key is `/`-separated segments of letters, digits and `._-()`
 * and spaces, none of them `.` or `..`: no absolute paths, backslashes, NUL or control characters, so a key never
 * leaves its bucket or folder whatever the store does with it.
 */
const SEGMENT = /^[\p{L}\p{N}._\- ()]{1,200}$/u;
const MAX_KEY = 500;

export function isObjectKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY) return false;
  return key.split('/').every((part) => SEGMENT.test(part) && part !== '.' && part !== '..' && part.trim() === part);
}

/** S3's bucket naming rules (also the local store's folder names). */
const BUCKET = /^(?!.*\.\.)(?!\d+\.\d+\.\d+\.\d+$)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
export const isBucketName = (name: unknown): name is string => typeof name === 'string' && BUCKET.test(name);

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A new upload's key (contract): `upload/yyyyMMdd/<uuid>.<ext>`, never derived from the client's file name. */
export function newObjectKey(extension: string, now = new Date()): string {
  const day = `${now.getFullYear()}${twoDigits(now.getMonth() + 1)}${twoDigits(now.getDate())}`;
  return `upload/${day}/${randomUUID().replace(/-/g, '')}.${extension}`;
}

export { extensionOf } from '../../../../shared/contract/api/attachments.ts';
