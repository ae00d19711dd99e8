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
  /** External address, as configured. */
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
      id: node.id,
      code: node.code,
      name: node.name,
      nameEn: node.nameEn,
      menuPath: node.path,
      source: node.source,
      leaf,
      parentIds,
      ...routeOf(node),
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
export const rolesOf = (roleName: string | undefined) =>
  (roleName ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);

export function menuLabel(entry: { name: string; nameEn: string }, lang: Language): string {
  return lang === 'en' && entry.nameEn ? entry.nameEn : entry.name;
}

/** The indexes of the label's characters the search text matches, or null when it does not match. */
export type LabelMatcher = (label: string, text: string) => number[] | null;

/** The text anywhere in the label, ignoring case. */
export const matchSubstring: LabelMatcher = (label, text) => {
  const at = label.toLocaleLowerCase().indexOf(text.toLocaleLowerCase());
  return at < 0 ? null : Array.from(text, (_, i) => at + i);
};

/**
 * A menu the search found: its label in the current language and the characters to highlight; `also` is its name in
 * the other language when only that one matched (an English name typed in Chinese mode).
 */
export interface MenuHit {
  entry: MenuEntry;
  label: string;
  matched: number[];
  also?: { label: string; matched: number[] };
}

/** The menu's name in the other language, when it has one that differs. */
function otherLabel(entry: MenuEntry, lang: Language): string | undefined {
  const other = lang === 'en' ? entry.name : entry.nameEn;
  return other && other !== menuLabel(entry, lang) ? other : undefined;
}

/**
 * The menu search overlay: leaf menus whose name (in the current language) the text matches, anywhere (the spec's
 * prefix matches come first, then menu order), or by pinyin when the search passes a pinyin matcher; then those
 * whose name in the other language holds the text, so a screen is found by either name.
 */
export function searchMenus(
  entries: MenuEntry[],
  text: string,
  lang: Language,
  match: LabelMatcher = matchSubstring,
): MenuHit[] {
  const wanted = text.trim();
  if (!wanted) return [];
  const leaves = entries.filter((entry) => entry.leaf);
  const rank = (hits: MenuHit[], at: (hit: MenuHit) => number) => hits.sort((a, b) => at(a) - at(b));
  const direct = leaves.flatMap((entry): MenuHit[] => {
    const label = menuLabel(entry, lang);
    const matched = match(label, wanted);
    return matched ? [{ entry, label, matched }] : [];
  });
  const found = new Set(direct.map((hit) => hit.entry));
  const byOtherName = leaves.flatMap((entry): MenuHit[] => {
    const other = found.has(entry) ? undefined : otherLabel(entry, lang);
    const matched = other === undefined ? null : matchSubstring(other, wanted);
    return other !== undefined && matched
      ? [{ entry, label: menuLabel(entry, lang), matched: [], also: { label: other, matched } }]
      : [];
  });
  return [...rank(direct, (hit) => hit.matched[0]), ...rank(byOtherName, (hit) => hit.also?.matched[0] ?? 0)];
}

/** The leaf a console path belongs to (parents route nowhere; new-window links are not console paths). */
export function findByRoute(entries: MenuEntry[], pathname: string): MenuEntry | undefined {
  return entries.find((entry) => entry.leaf && entry.openMode !== 'window' && entry.routePath === pathname);
}
