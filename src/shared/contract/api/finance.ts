/** The finance module's own routes beside the engine's (modules/finance); what they answer: finance.schemas.ts. */

/** 计提折旧: records a period's depreciation of a company's assets (fixed-asset.routes.ts). */
export const FIXEDLEDGER_DEPRECIATE_URL = '/api/blade-system/fixedledger/depreciate';
/** One asset card's depreciation records, newest first. */
export const FIXEDLEDGER_DEPRECIATIONS_URL = '/api/blade-system/fixedledger/depreciations';
/** The cards the list's filters match, summed by category as read this month (the screen's chart). */
export const FIXEDLEDGER_CATEGORY_STAT_URL = '/api/blade-system/fixedledger/category-stat';
