import type { MenuNode } from '../../shared/contract/menu.ts';
import { getData } from '../http.ts';
import { MENU_ROUTES_URL } from './first-screen.ts';

export type { MenuNode };

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  source: string;
  path: string;
  sort: number;
}
export interface TenantInfo {
  tenantId?: string;
  tenantName?: string;
  domain?: string;
  backgroundUrl?: string;
}
export interface DictItem {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string;
  isSealed: number;
}

export const fetchRoutes = (topMenuId?: string) =>
  getData<MenuNode[]>(MENU_ROUTES_URL, topMenuId ? { topMenuId } : undefined);
export const fetchButtons = () => getData<MenuNode[]>('/api/blade-system/menu/buttons');
export const fetchTopMenus = () => getData<TopMenu[]>('/api/blade-system/menu/top-menu');
export const fetchTenantInfo = (domain: string) => getData<TenantInfo>('/api/blade-system/tenant/info', { domain });
/** The accounts the demo command left with known passwords (none outside a demo database). */
export interface DemoAccounts {
  tenantId: string;
  accounts: Array<{ account: string; realName: string; password: string }>;
}
export const fetchDemoAccounts = () =>
  getData<DemoAccounts>('/api/blade-system/tenant/demo-accounts', undefined, { silent: true });
export interface DeptOption {
  id: string;
  deptName: string;
}
export interface RoleOption {
  id: string;
  roleName: string;
}
/** The identity-switch dialog: the caller's own depts and roles. */
export const fetchDeptSelect = () => getData<DeptOption[]>('/api/blade-system/dept/select');
export const fetchRoleSelect = () => getData<RoleOption[]>('/api/blade-system/role/select');

export const fetchDictionary = (code: string) => getData<DictItem[]>('/api/blade-system/dict/dictionary', { code });
/** The caller's tenant's business dictionary (dict-biz) of `code`. */
export const fetchBizDictionary = (code: string) =>
  getData<DictItem[]>('/api/blade-system/dict-biz/dictionary', { code });

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
