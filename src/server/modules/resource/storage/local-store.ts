import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeOf, StoreRefusal, type ObjectInfo, type ObjectStore } from './object-store.ts';

/**
 * The local disk store: `<root>/<bucket>/<key>`, where root is the tenant's own folder under the server's files
 * folder. Writes go to a temporary file renamed into place, so a reader never sees half an object.
 */
export class LocalStore implements ObjectStore {
  readonly kind = 'local';

  constructor(
    private readonly root: string,
    readonly bucket: string,
  ) {}

  /** The file of `key` in `bucket`; the names were checked (object-names.ts), this is the second wall. */
  private pathOf(key: string, bucket = this.bucket): string {
    const base = resolve(this.root, bucket);
    const path = resolve(base, ...key.split('/'));
    if (!path.startsWith(base + sep)) throw new Error(`object key outside its bucket: ${key}`);
    return path;
  }

  async put(key: string, body: Readable, _contentType: string): Promise<number> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const part = `${path}.${randomUUID()}.part`;
    let written = 0;
    body.on('data', (chunk: Buffer) => (written += chunk.length));
    try {
      await pipeline(body, createWriteStream(part, { flags: 'wx' }));
      await rename(part, path);
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
    return written;
  }

  async stat(key: string, bucket?: string): Promise<ObjectInfo | undefined> {
    const info = await stat(this.pathOf(key, bucket)).catch(() => undefined);
    return info?.isFile() ? { length: info.size, putTime: info.mtime, contentType: contentTypeOf(key) } : undefined;
  }

  async read(key: string) {
    const info = await this.stat(key);
    return info ? { body: createReadStream(this.pathOf(key)), info } : undefined;
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) await unlink(this.pathOf(key)).catch(() => undefined);
  }

  async copy(key: string, destBucket: string, destKey: string): Promise<void> {
    if (!(await this.stat(key))) throw new StoreRefusal('noObject');
    if (!(await stat(join(this.root, destBucket)).catch(() => undefined))?.isDirectory())
      throw new StoreRefusal('noBucket');
    const target = this.pathOf(destKey, destBucket);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(this.pathOf(key), target);
  }

  async makeBucket(name: string): Promise<void> {
    const path = resolve(this.root, name);
    if ((await stat(path).catch(() => undefined))?.isDirectory()) throw new StoreRefusal('bucketExists');
    await mkdir(path, { recursive: true });
  }

  async removeBucket(name: string): Promise<void> {
    const path = resolve(this.root, name);
    const entries = await readdir(path, { recursive: true, withFileTypes: true }).catch(() => undefined);
    if (!entries) throw new StoreRefusal('noBucket');
    // Empty day folders left by removed objects do not count, as S3 has no folders.
    if (entries.some((entry) => !entry.isDirectory())) throw new StoreRefusal('bucketNotEmpty');
    await rm(path, { recursive: true });
  }
}
