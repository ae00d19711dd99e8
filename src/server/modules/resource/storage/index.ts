import type { Services } from '../../../services.ts';
import { StorageService } from './storage.service.ts';

const services = new WeakMap<Services, StorageService>();

/** The resource module's storage service, one per app: what other modules use to keep and link files. */
export function storageOf(app: Services): StorageService {
  let storage = services.get(app);
  if (!storage) {
    storage = new StorageService(app.db, app.config.files, app.config.jwtSecret);
    services.set(app, storage);
  }
  return storage;
}

export type { StorageService, TenantStore } from './storage.service.ts';
export { receiptPdf, receiptPng, storeDemoAttachments, type DemoFile } from './demo-receipts.ts';
