import { getData } from '../http.ts';

/** A menu node of `menu/routes` / `menu/buttons` (contract system.md §4). */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string;
  hasChildren: boolean;
  children?: MenuNode[];
}

export interface TopMenu { id: string; code: string; name: string; source: string; path: string; sort: number }
export interface TenantInfo { tenantId?: string; tenantName?: string; domain?: string; backgroundUrl?: string }
export interface DictItem { id: string; parentId: string; code: string; dictKey: string; dictValue: string; sort: number; remark: string; isSealed: number }

export const fetchRoutes = (topMenuId?: string) => getData<MenuNode[]>('/api/blade-system/menu/routes', topMenuId ? { topMenuId } : undefined);
export const fetchButtons = () => getData<MenuNode[]>('/api/blade-system/menu/buttons');
export const fetchTopMenus = () => getData<TopMenu[]>('/api/blade-system/menu/top-menu');
export const fetchTenantInfo = (domain: string) => getData<TenantInfo>('/api/blade-system/tenant/info', { domain });
export const fetchDictionary = (code: string) => getData<DictItem[]>('/api/blade-system/dict/dictionary', { code });

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
