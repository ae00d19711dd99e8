/** The system module's own routes (modules/system) the clients call; what they answer: system.schemas.ts. */

/** The phone's first screen asks it as early as the token answers (client/api/first-screen.ts checks its copy). */
export const MENU_ROUTES_URL = '/api/blade-system/menu/routes';
export const MENU_BUTTONS_URL = '/api/blade-system/menu/buttons';
export const MENU_TOP_URL = '/api/blade-system/menu/top-menu';
export const MENU_GRANT_TREE_URL = '/api/blade-system/menu/grant-tree';
export const MENU_GRANT_TOP_TREE_URL = '/api/blade-system/menu/grant-top-tree';
export const TENANT_INFO_URL = '/api/blade-system/tenant/info';
export const TENANT_DEMO_ACCOUNTS_URL = '/api/blade-system/tenant/demo-accounts';
export const TENANT_PACKAGE_SELECT_URL = '/api/blade-system/tenant-package/select';
export const DICT_URL = '/api/blade-system/dict/dictionary';
export const DICT_BIZ_URL = '/api/blade-system/dict-biz/dictionary';
export const DEPT_SELECT_URL = '/api/blade-system/dept/select';
export const ROLE_SELECT_URL = '/api/blade-system/role/select';
export const POST_SELECT_URL = '/api/blade-system/post/select';
export const ROLE_GRANT_URL = '/api/blade-system/role/grant';
export const ROLE_TREE_KEYS_URL = '/api/blade-system/menu/role-tree-keys';
export const TOP_MENU_GRANT_URL = '/api/blade-system/topmenu/grant';
export const TOP_TREE_KEYS_URL = '/api/blade-system/menu/top-tree-keys';
export const DATA_SCOPE_EFFECTIVE_URL = '/api/blade-system/data-scope/effective';
export const WORK_CALENDAR_YEAR_URL = '/api/blade-system/work-calendar/year';
