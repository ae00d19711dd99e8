import { inventoryLog } from '../../entities/warehouse/inventory-log.ts';

/** The warehouse module's own routes (modules/warehouse); what they answer: warehouse.schemas.ts. */

/** 过账: posts the pending movements named by `ids`. */
export const INVENTORY_LOG_HANDLE_URL = `/api/${inventoryLog.service}/${inventoryLog.name}/handle`;
