import { inventoryLog } from '../../entities/warehouse/inventory-log.ts';

/** The warehouse module's own routes (modules/warehouse); what they answer: warehouse.schemas.ts. */

/** 过账: posts the pending movements named by `ids`. */
export const INVENTORY_LOG_HANDLE_URL = `/api/${inventoryLog.service}/${inventoryLog.name}/handle`;

/**
 * The engine's list of the inventory entity, written out: the phone asks it without loading that definition (and
 * what it brings) into its warehouse chunk. The desktop, which has the definition, derives it.
 */
export const INVENTORY_LIST_URL = '/api/blade-system/inventory/list';
