/** The masterdata module's own routes (modules/masterdata); what they answer: masterdata.schemas.ts. */

/** The part picker of every form that selects one. */
export const PRODUCT_LISTPAGE_URL = '/api/blade-system/product/listpage';
/** The employee linked to the caller's account (a new expense claim is his by default). */
export const EMPLOYEE_MINE_URL = '/api/blade-system/employee/mine';
