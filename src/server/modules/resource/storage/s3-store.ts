import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  AbortMultipartUploadCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { StoreRefusal, type ObjectInfo, type ObjectStore } from './object-store.ts';

export interface S3Settings {
  endpoint: string;
  region: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** Keys live under this prefix (the server's shared store: `<tenantId>/`); '' for a tenant's own store. */
  prefix: string;
}

/** S3's smallest part but the last: an upload is sent in parts of this size, so memory holds one part at most. */
const PART_BYTES = 5 * 1024 * 1024;

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/** Any S3-compatible store (MinIO, Ali OSS, Tencent COS, Qiniu, AWS) through the AWS SDK v3, path-style. */
export class S3Store implements ObjectStore {
  readonly kind = 's3';
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region || 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
    });
  }

  private keyOf = (key: string) => this.settings.prefix + key;

  async put(key: string, body: Readable, contentType: string): Promise<number> {
    const Key = this.keyOf(key);
    const Bucket = this.bucket;
    let buffered: Buffer[] = [];
    let size = 0;
    let total = 0;
    let uploadId: string | undefined;
    const parts: { ETag?: string; PartNumber: number }[] = [];
    const sendPart = async () => {
      uploadId ??= (await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType })))
        .UploadId;
      const PartNumber = parts.length + 1;
      const answer = await this.client.send(
        new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: Buffer.concat(buffered) }),
      );
      parts.push({ ETag: answer.ETag, PartNumber });
      buffered = [];
      size = 0;
    };
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        buffered.push(chunk);
        size += chunk.length;
        total += chunk.length;
        if (size >= PART_BYTES) await sendPart();
      }
      if (uploadId === undefined) {
        await this.client.send(
          new PutObjectCommand({ Bucket, Key, Body: Buffer.concat(buffered), ContentType: contentType }),
        );
        return total;
      }
      if (size > 0) await sendPart();
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
      return total;
    } catch (error) {
      if (uploadId !== undefined)
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
          .catch(() => undefined);
      throw error;
    }
  }

  async stat(key: string, bucket = this.bucket): Promise<ObjectInfo | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: bucket, Key: this.keyOf(key) }));
      return {
        length: Number(head.ContentLength ?? 0),
        putTime: head.LastModified ?? new Date(0),
        contentType: head.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async read(key: string) {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      const info = {
        length: Number(object.ContentLength ?? 0),
        putTime: object.LastModified ?? new Date(0),
        contentType: object.ContentType ?? 'application/octet-stream',
      };
      return { body: object.Body as Readable, info };
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map((key) => ({ Key: this.keyOf(key) }));
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects, Quiet: true } }));
    }
  }

  async copy(key: string, destBucket: string, destKey: string): Promise<void> {
    if (!(await this.stat(key))) throw new StoreRefusal('noObject');
    if (!(await this.bucketExists(destBucket))) throw new StoreRefusal('noBucket');
    const source = `${this.bucket}/${this.keyOf(key).split('/').map(encodeURIComponent).join('/')}`;
    await this.client.send(new CopyObjectCommand({ Bucket: destBucket, Key: this.keyOf(destKey), CopySource: source }));
  }

  private async bucketExists(name: string): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: name }));
      return true;
    } catch (error) {
      if (notFound(error)) return false;
      throw error;
    }
  }

  async makeBucket(name: string): Promise<void> {
    if (await this.bucketExists(name)) throw new StoreRefusal('bucketExists');
    await this.client.send(new CreateBucketCommand({ Bucket: name }));
  }

  async removeBucket(name: string): Promise<void> {
    if (!(await this.bucketExists(name))) throw new StoreRefusal('noBucket');
    try {
      await this.client.send(new DeleteBucketCommand({ Bucket: name }));
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'BucketNotEmpty')
        throw new StoreRefusal('bucketNotEmpty');
      throw error;
    }
  }

  presign(key: string, seconds: number, fileName?: string): Promise<string> {
    const disposition = fileName ? `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}` : undefined;
    return getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key), ResponseContentDisposition: disposition }),
      { expiresIn: seconds },
    );
  }
}
