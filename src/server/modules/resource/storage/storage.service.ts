import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { OSS_CATEGORY, OSS_STATUS } from '../../../../shared/entities/resource/oss.ts';
import type { FileStoreConfig } from '../../../config.ts';
import type { Db } from '../../../db/connect.ts';
import { failWith } from '../../../platform/errors.ts';
import { isId } from '../../../platform/ids.ts';
import { unsealText } from '../../../platform/sealed-text.ts';
import { LocalStore } from './local-store.ts';
import type { ObjectStore } from './object-store.ts';
import { S3Store } from './s3-store.ts';
import { STORAGE_MESSAGES } from './storage-messages.ts';

/** The purpose the secret keys of blade_oss are sealed under (platform/sealed-text.ts). */
export const OSS_SECRET_PURPOSE = 'tenon oss secret key';
/** How long a link to a private object stays valid. */
export const LINK_SECONDS = 600;
/** The config id of the server's default store in domains and links. */
export const DEFAULT_STORE = '0';

/** Upload types where the tenant's config names none (images, PDF, Office files, archives, text, media). */
const DEFAULT_TYPES = 'jpg,png,gif,webp,bmp,pdf,doc,docx,xls,xlsx,ppt,pptx,zip,rar,7z,txt,csv,mp4,mp3';

export interface OssRow {
  id: string | number;
  category: number;
  endpoint: string;
  access_key: string;
  secret_key: string;
  bucket_name: string;
  region: string;
  max_size: number;
  allowed_types: string;
}

/** A tenant's store as its uploads use it: where objects go and the limits they meet. */
export interface TenantStore {
  tenantId: string;
  ossId: string;
  store: ObjectStore;
  /** The server's S3 store shared by tenants (keys under `<tenantId>/`): it has no buckets of the tenant's own. */
  shared: boolean;
  maxBytes: number;
  allowedTypes: ReadonlySet<string>;
}

const ROW_COLUMNS = [
  'id',
  'category',
  'endpoint',
  'access_key',
  'secret_key',
  'bucket_name',
  'region',
  'max_size',
  'allowed_types',
] as const;

/**
 * Which store serves a tenant (its enabled blade_oss config, else the server's default), and the links to objects:
 * a lasting link `/oss/<tenant>/<config>/<key>?sign=` (what BladeFile.link and attachments keep, usable in an <img>)
 * that answers with a redirect to a short-lived one (an S3 presigned URL; for the local store the same path with
 * `expires` and `signature`), both HMAC-signed under a key derived from the server's signing secret.
 */
export class StorageService {
  private readonly linkKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly files: FileStoreConfig,
    private readonly secret: Uint8Array,
  ) {
    this.linkKey = Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), 'tenon object link', 32));
  }

  /** The tenant's enabled store, else the server's default. */
  async enabled(tenantId: string): Promise<TenantStore> {
    const row = await this.db
      .selectFrom('blade_oss')
      .select(ROW_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('status', '=', OSS_STATUS.enabled)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return this.storeOf(tenantId, row as OssRow | undefined);
  }

  /** The store of a domain's config (links, removals), undefined when the config is gone. */
  async byId(tenantId: string, ossId: string): Promise<TenantStore | undefined> {
    if (ossId === DEFAULT_STORE) return this.storeOf(tenantId, undefined);
    if (!isId(ossId)) return undefined;
    const row = await this.db
      .selectFrom('blade_oss')
      .select(ROW_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', ossId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row ? this.storeOf(tenantId, row as OssRow) : undefined;
  }

  /** Refuses a local store where several processes would each write their own disk. */
  checkLocalAllowed(): void {
    if (this.files.severalProcesses && !this.files.sharedDir) throw failWith(STORAGE_MESSAGES.localNeedsSharedFolder);
  }

  private storeOf(tenantId: string, row: OssRow | undefined): TenantStore {
    const limits = {
      maxBytes: (row?.max_size || this.files.maxUploadMb) * 1024 * 1024,
      allowedTypes: new Set((row?.allowed_types || DEFAULT_TYPES).split(',')),
    };
    const tenantDir = join(this.files.dir, tenantId);
    if (!row) {
      const s3 = this.files.s3;
      if (s3)
        return {
          tenantId,
          ossId: DEFAULT_STORE,
          shared: true,
          store: new S3Store({ ...s3, prefix: `${tenantId}/` }),
          ...limits,
        };
      this.checkLocalAllowed();
      return { tenantId, ossId: DEFAULT_STORE, shared: false, store: new LocalStore(tenantDir, 'default'), ...limits };
    }
    const ossId = String(row.id);
    if (Number(row.category) === OSS_CATEGORY.local) {
      this.checkLocalAllowed();
      return { tenantId, ossId, shared: false, store: new LocalStore(tenantDir, row.bucket_name), ...limits };
    }
    const store = new S3Store({
      endpoint: row.endpoint,
      region: row.region,
      accessKey: row.access_key,
      secretKey: unsealText(row.secret_key, this.secret, OSS_SECRET_PURPOSE),
      bucket: row.bucket_name,
      prefix: '',
    });
    return { tenantId, ossId, shared: false, store, ...limits };
  }

  domainOf = (tenantId: string, ossId: string) => `/oss/${tenantId}/${ossId}`;

  private mac(text: string): string {
    return createHmac('sha256', this.linkKey).update(text).digest('base64url');
  }

  /** The lasting link (BladeFile.link): domain + "/" + key, signed. */
  linkOf(tenantId: string, ossId: string, key: string): string {
    const path = `${this.domainOf(tenantId, ossId)}/${encodeKey(key)}`;
    return `${path}?sign=${this.mac(`${tenantId}/${ossId}/${key}`)}`;
  }

  /** A link valid LINK_SECONDS: S3's presigned URL, or the local store's signed route. */
  async shortLink(target: TenantStore, key: string, fileName?: string): Promise<string> {
    if (target.store.presign) return target.store.presign(key, LINK_SECONDS, fileName);
    const expires = Math.floor(Date.now() / 1000) + LINK_SECONDS;
    const path = `${this.domainOf(target.tenantId, target.ossId)}/${encodeKey(key)}`;
    const signature = this.mac(`${target.tenantId}/${target.ossId}/${key}\n${expires}`);
    const name = fileName ? `&name=${encodeURIComponent(fileName)}` : '';
    return `${path}?expires=${expires}&signature=${signature}${name}`;
  }

  verifyLasting(tenantId: string, ossId: string, key: string, sign: string): boolean {
    return same(sign, this.mac(`${tenantId}/${ossId}/${key}`));
  }

  verifyShort(tenantId: string, ossId: string, key: string, expires: string, signature: string): boolean {
    if (!/^\d{1,12}$/.test(expires) || Number(expires) < Date.now() / 1000) return false;
    return same(signature, this.mac(`${tenantId}/${ossId}/${key}\n${expires}`));
  }
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
