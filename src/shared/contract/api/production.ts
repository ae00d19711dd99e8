/**
 * The production module's own routes beside the engine's (modules/production); what they answer:
 * production.schemas.ts.
 */

/** The BOM screen's reads: a page of BOMs, a version's explosion, the BOMs using a part (bom.routes.ts). */
export const BOM_GROUPS_URL = '/api/blade-system/productbom/groups';
export const BOM_EXPLODE_URL = '/api/blade-system/productbom/explode';
export const BOM_WHERE_USED_URL = '/api/blade-system/productbom/where-used';
/** A cost row with its roll-up, and the year's recalculation and its progress (bom-cost.routes.ts). */
export const BOMCOST_DETAIL_URL = '/api/blade-system/bomcost/detail';
export const BOMCOST_CALCULATE_URL = '/api/blade-system/bomcost/calculate';
export const BOMCOST_CALCULATE_PROGRESS_URL = '/api/blade-system/bomcost/calculate-progress';
