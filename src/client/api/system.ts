import type { MenuNode } from '../../shared/contract/menu.ts';
import { getData } from '../http.ts';
import { MENU_ROUTES_URL } from './first-screen.ts';
import {
  DEPT_SELECT_URL,
  DICT_BIZ_URL,
  DICT_URL,
  MENU_BUTTONS_URL,
  MENU_TOP_URL,
  ROLE_SELECT_URL,
  TENANT_DEMO_ACCOUNTS_URL,
  TENANT_INFO_URL,
} from '../../shared/contract/api/system.ts';
import type {
  DemoAccounts,
  DeptOption,
  DictItem,
  RoleOption,
  TenantInfo,
  TopMenu,
} from '../../shared/contract/api/system.schemas.ts';

export type { DemoAccounts, DeptOption, DictItem, MenuNode, RoleOption, TenantInfo, TopMenu };

export const fetchRoutes = (topMenuId?: string) =>
  getData<MenuNode[]>(MENU_ROUTES_URL, topMenuId ? { topMenuId } : undefined);
export const fetchButtons = () => getData<MenuNode[]>(MENU_BUTTONS_URL);
export const fetchTopMenus = () => getData<TopMenu[]>(MENU_TOP_URL);
export const fetchTenantInfo = (domain: string) => getData<TenantInfo>(TENANT_INFO_URL, { domain });
/** The accounts the demo command left with known passwords (none outside a demo database). */
export const fetchDemoAccounts = () => getData<DemoAccounts>(TENANT_DEMO_ACCOUNTS_URL, undefined, { silent: true });
/** The identity-switch dialog: the caller's own depts and roles. */
export const fetchDeptSelect = () => getData<DeptOption[]>(DEPT_SELECT_URL);
export const fetchRoleSelect = () => getData<RoleOption[]>(ROLE_SELECT_URL);

export const fetchDictionary = (code: string) => getData<DictItem[]>(DICT_URL, { code });
/** The caller's tenant's business dictionary (dict-biz) of `code`. */
export const fetchBizDictionary = (code: string) => getData<DictItem[]>(DICT_BIZ_URL, { code });

/** Spec §6: the button tree flattened to a `{code: true}` map. */
export function permissionMap(buttons: MenuNode[]): Record<string, true> {
  const map: Record<string, true> = {};
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.category === 2) map[node.code] = true;
      if (node.children) walk(node.children);
    }
  };
  walk(buttons);
  return map;
}
