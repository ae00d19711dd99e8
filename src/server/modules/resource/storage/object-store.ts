import type { Readable } from 'node:stream';

/** What a store tells about one object (contract stat-file). */
export interface ObjectInfo {
  length: number;
  putTime: Date;
  contentType: string;
}

/**
 * One place objects live: a bucket (a folder of the local store, an S3 bucket) and the buckets beside it. Keys are
 * checked by the caller (object-names.ts) before they reach a store.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** The bucket new objects go to (the config's `bucketName`). */
  readonly bucket: string;
  /** Writes the stream under `key`, never holding it whole in memory; the bytes written. */
  put(key: string, body: Readable, contentType: string): Promise<number>;
  stat(key: string, bucket?: string): Promise<ObjectInfo | undefined>;
  /** A readable of the object (local serving), undefined when there is none. */
  read(key: string): Promise<{ body: Readable; info: ObjectInfo } | undefined>;
  remove(keys: readonly string[]): Promise<void>;
  copy(key: string, destBucket: string, destKey: string): Promise<void>;
  makeBucket(name: string): Promise<void>;
  removeBucket(name: string): Promise<void>;
  /** S3: a presigned GET link valid `seconds`; the local store is served by the server's signed route instead. */
  presign?(key: string, seconds: number, fileName?: string): Promise<string>;
}

/** A failure the caller answers as the client's (a missing bucket, a bucket not empty). */
export class StoreRefusal extends Error {
  constructor(readonly reason: 'noBucket' | 'bucketNotEmpty' | 'noObject' | 'bucketExists') {
    super(reason);
  }
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** The content type served for a key, from its extension (which uploads take from the sniffed content). */
export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf('.');
  return (dot >= 0 && CONTENT_TYPES[key.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}
