import type { MenuNode } from '../../client/api/system.ts';
import type { Language } from '../../client/i18n.ts';
import { routeOf, type OpenMode } from '../../client/menu-route.ts';

/** Server menus may carry Saber's `meta` (roles); today's server sends none, which means "everyone". */
export type MenuTreeNode = MenuNode & { meta?: { roles?: string[] }; children?: MenuTreeNode[] };

/** A menu node flattened with where it leads. */
export interface MenuEntry {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  /** The menu's own path (a URL for external pages). */
  menuPath: string;
  /** The console route it opens (`/x/y/index`, `/myiframe/<code>`), or the URL for a new window. */
  routePath: string;
  /** External address, with the `${token}` placeholder still in it. */
  url?: string;
  openMode: OpenMode;
  leaf: boolean;
  source: string;
  /** Ids of the ancestors, root first (open keys of the side menu). */
  parentIds: string[];
}

/** Every node of the tree in menu order, parents before their children. */
export function flattenMenus(nodes: MenuTreeNode[], parentIds: string[] = []): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const node of nodes) {
    const leaf = !node.children || node.children.length === 0;
    entries.push({
      id: node.id, code: node.code, name: node.name, nameEn: node.nameEn, menuPath: node.path, source: node.source,
      leaf, parentIds, ...routeOf(node),
    });
    if (!leaf) entries.push(...flattenMenus(node.children ?? [], [...parentIds, node.id]));
  }
  return entries;
}

/** Spec §6: an item is shown when its roles are empty or include one of the current roles. */
export function visibleMenus(nodes: MenuTreeNode[], roles: string[]): MenuTreeNode[] {
  return nodes
    .filter((node) => {
      const wanted = node.meta?.roles ?? [];
      return wanted.length === 0 || wanted.some((role) => roles.includes(role));
    })
    .map((node) => (node.children ? { ...node, children: visibleMenus(node.children, roles) } : node));
}

/** Role aliases of the session (`role_name` is a comma list after a multi-role login). */
export const rolesOf = (roleName: string | undefined) => (roleName ?? '').split(',').map((r) => r.trim()).filter(Boolean);

export function menuLabel(entry: { name: string; nameEn: string }, lang: Language): string {
  return lang === 'en' && entry.nameEn ? entry.nameEn : entry.name;
}

/** The menu search overlay: leaf menus whose name (in the current language) starts with the text. */
export function searchMenus(entries: MenuEntry[], text: string, lang: Language): MenuEntry[] {
  const prefix = text.trim().toLocaleLowerCase();
  if (!prefix) return [];
  return entries.filter((entry) => entry.leaf && menuLabel(entry, lang).toLocaleLowerCase().startsWith(prefix));
}

/** The leaf a console path belongs to (parents route nowhere; new-window links are not console paths). */
export function findByRoute(entries: MenuEntry[], pathname: string): MenuEntry | undefined {
  return entries.find((entry) => entry.leaf && entry.openMode !== 'window' && entry.routePath === pathname);
}

/** External addresses may carry `${token}`: it becomes the current access token when the page is opened. */
export function withToken(url: string, token: string): string {
  return url.split('${token}').join(token);
}
