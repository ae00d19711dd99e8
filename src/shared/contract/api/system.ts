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
/** The company and business-unit selects of forms with an `orgId` / `businessUnit` (tree.routes.ts). */
export const DEPT_COMPANY_SELECT_URL = '/api/blade-system/dept/company-select';
export const DEPT_BUSINESS_UNIT_SELECT_URL = '/api/blade-system/dept/business-unit-select';
export const DEPT_LAZY_TREE_URL = '/api/blade-system/dept/lazy-tree';
/** The user module's own routes beside the engine's (user.routes.ts). */
export const USER_PROFILE_URL = '/api/blade-system/user/info';
export const USER_UPDATE_INFO_URL = '/api/blade-system/user/update-info';
export const USER_UPDATE_PASSWORD_URL = '/api/blade-system/user/update-password';
export const USER_GRANT_URL = '/api/blade-system/user/grant';
export const USER_RESET_PASSWORD_URL = '/api/blade-system/user/reset-password';
export const USER_UNLOCK_URL = '/api/blade-system/user/unlock';
/** Tenant administration (tenant.routes.ts). */
export const TENANT_SELECT_URL = '/api/blade-system/tenant/select';
export const TENANT_DETAIL_URL = '/api/blade-system/tenant/detail';
export const TENANT_SETTING_URL = '/api/blade-system/tenant/setting';
export const TENANT_DATASOURCE_URL = '/api/blade-system/tenant/datasource';
export const TENANT_PACKAGE_DETAIL_URL = '/api/blade-system/tenant/package-detail';
export const TENANT_PACKAGE_SETTING_URL = '/api/blade-system/tenant/package-setting';
/** Moving a tenant's rows to another database of the placement (迁移租户), and the state of its last move. */
export const TENANT_MOVE_URL = '/api/blade-system/tenant/move';
export const TENANT_MOVE_STATUS_URL = '/api/blade-system/tenant/move-status';
/** Regions, keyed by code: the module serves their detail and writes (region.routes.ts). */
export const REGION_LAZY_TREE_URL = '/api/blade-system/region/lazy-tree';
export const REGION_DETAIL_URL = '/api/blade-system/region/detail';
export const REGION_SUBMIT_URL = '/api/blade-system/region/submit';
export const REGION_REMOVE_URL = '/api/blade-system/region/remove';
