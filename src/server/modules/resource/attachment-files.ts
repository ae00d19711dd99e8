import { attach } from '../../../shared/entities/resource/attach.ts';
import { isImage, type AttachedFile } from '../../../shared/contract/api/attachments.ts';
import { usualLog } from '../../platform/audit/usual-log.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import type { AttachmentFiles } from '../../platform/entity/attachments.ts';
import type { Services } from '../../services.ts';
import { storageOf, type StorageService, type TenantStore } from './storage/index.ts';

/** `/oss/<tenant>/<config>`: the store a row's object lives in. */
const DOMAIN = /^\/oss\/([A-Za-z0-9_-]{1,12})\/(\d{1,19})$/;

/** A store's config by the domain an attachment row keeps, read once per call; undefined when it is gone. */
function storesOf(storage: StorageService) {
  const found = new Map<string, Promise<TenantStore | undefined>>();
  return (tenantId: string, domain: string) => {
    const [, owner, ossId] = DOMAIN.exec(domain) ?? [];
    if (owner !== tenantId) return Promise.resolve(undefined);
    if (!found.has(ossId))
      found.set(
        ossId,
        storage.byId(tenantId, ossId).catch(() => undefined),
      );
    return found.get(ossId)!;
  };
}

/**
 * Removes the objects of attachment rows already deleted. An object that cannot be removed (its store unreachable or
 * its config deleted) is left behind rather than keeping the row the user deleted; `warn` says which.
 */
export async function removeAttachmentObjects(
  storage: StorageService,
  tenantId: string,
  rows: ReadonlyArray<{ domain: string; name: string }>,
  warn: (error: unknown, name: string) => void,
): Promise<void> {
  const storeOf = storesOf(storage);
  for (const { domain, name } of rows) {
    const target = await storeOf(tenantId, domain);
    await target?.store.remove([name]).catch((error: unknown) => warn(error, name));
  }
}

/**
 * The resource module's side of attachments fields (platform/entity/attachments.ts): the files with short-lived
 * links the browser shows inline (an image is its own thumbnail: the stack has no image scaler, and a receipt photo
 * is what the phone shows scaled), and their deletion through the attachment entity (its 操作记录), then the store.
 */
export function attachmentFiles(services: Services): AttachmentFiles {
  const storage = storageOf(services);
  const log = usualLog(services);
  return {
    async filesOf(tenantId, ids) {
      if (!ids.length) return [];
      const rows = await services.db
        .selectFrom('blade_attach')
        .select(['id', 'domain', 'name', 'original_name', 'extension', 'attach_size'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', [...ids])
        .where('is_deleted', '=', 0)
        .execute();
      const storeOf = storesOf(storage);
      const files: AttachedFile[] = [];
      for (const row of rows) {
        const target = await storeOf(tenantId, String(row.domain));
        const link = target ? await storage.shortLink(target, String(row.name)) : '';
        const extension = String(row.extension ?? '');
        files.push({
          id: String(row.id),
          name: String(row.original_name ?? ''),
          size: Number(row.attach_size ?? 0),
          extension,
          link,
          thumbnail: isImage(extension) ? link : '',
        });
      }
      return files;
    },

    async discard(user: AuthUser, ids) {
      const rows = services.entities.get(attach.name)!;
      try {
        const visible = await rows.visibleRows(user);
        const found = await visible(services.db)
          .select(['id', 'domain', 'name'])
          .where('id', 'in', [...ids])
          .execute();
        if (!found.length) return;
        await rows.remove(
          user,
          found.map((row) => String(row.id)),
        );
        const objects = found.map((row) => ({ domain: String(row.domain), name: String(row.name) }));
        await removeAttachmentObjects(storage, user.tenantId, objects, (error, name) =>
          log.warn('attach-cleanup', { name, error: String(error) }, { tenantId: user.tenantId }),
        );
      } catch (error) {
        // The document's write has committed: a failure here leaves files behind, never fails the write.
        log.warn('attach-cleanup', { ids, error: String(error) }, { tenantId: user.tenantId });
      }
    },
  };
}
