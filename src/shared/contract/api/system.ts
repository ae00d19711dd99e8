/** The system module's own routes (modules/system) the clients call; what they answer: system.schemas.ts. */

const SYSTEM = '/api/blade-system';

export const MENU_ROUTES_URL = `${SYSTEM}/menu/routes`;
export const MENU_BUTTONS_URL = `${SYSTEM}/menu/buttons`;
export const MENU_TOP_URL = `${SYSTEM}/menu/top-menu`;
export const MENU_GRANT_TREE_URL = `${SYSTEM}/menu/grant-tree`;
export const MENU_GRANT_TOP_TREE_URL = `${SYSTEM}/menu/grant-top-tree`;
export const TENANT_INFO_URL = `${SYSTEM}/tenant/info`;
export const TENANT_DEMO_ACCOUNTS_URL = `${SYSTEM}/tenant/demo-accounts`;
export const TENANT_PACKAGE_SELECT_URL = `${SYSTEM}/tenant-package/select`;
export const DICT_URL = `${SYSTEM}/dict/dictionary`;
export const DICT_BIZ_URL = `${SYSTEM}/dict-biz/dictionary`;
export const DEPT_SELECT_URL = `${SYSTEM}/dept/select`;
export const ROLE_SELECT_URL = `${SYSTEM}/role/select`;
export const POST_SELECT_URL = `${SYSTEM}/post/select`;
export const ROLE_GRANT_URL = `${SYSTEM}/role/grant`;
export const ROLE_TREE_KEYS_URL = `${SYSTEM}/menu/role-tree-keys`;
export const TOP_MENU_GRANT_URL = `${SYSTEM}/topmenu/grant`;
export const TOP_TREE_KEYS_URL = `${SYSTEM}/menu/top-tree-keys`;
export const DATA_SCOPE_EFFECTIVE_URL = `${SYSTEM}/data-scope/effective`;
export const WORK_CALENDAR_YEAR_URL = `${SYSTEM}/work-calendar/year`;
